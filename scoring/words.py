"""English text that remembers how it was made, so the site can say it in another language.

The engine stays free of Django: it writes every reason, label and slip in English, as
`Words`. A `Words` is a str (so it compares, prints and saves as the English it reads), and
it also keeps its template and the figures that filled it in. The presentation layer
(`common.words.say`) looks the template up in the catalogue of the active language and
fills it in again.

`gettext_noop` and `ngettext` only mark templates: they carry the names that Django's
`makemessages` (xgettext) looks for, so the templates written in `scoring/` are collected
into `scoring/locale/`, but nothing is translated here.

>>> w = Words(gettext_noop("{down} down, {vul}: {each}"), down=1, vul=VULNERABLE, each=100)
>>> w
'1 down, vulnerable: 100'
>>> w == "1 down, vulnerable: 100", w.template, w.args["vul"].template
(True, '{down} down, {vul}: {each}', 'vulnerable')
>>> ngettext("{count} overtrick", "{count} overtricks", 2, count=2)
'2 overtricks'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from decimal import Decimal


def gettext_noop(template: str) -> str:
    """Mark a template for the catalogues; returns it unchanged (as Django's does)."""
    return template


class Words(str):
    """An English sentence (or phrase) that keeps its template and its figures.

    The figures may themselves be Words (a doubling, a vulnerability): they are said in the
    reader's language too. Text that only joins other Words ("{0} {1}") needs no catalogue
    entry: see `is_only_joining`.
    """

    template: str
    args: Mapping[str, object]
    singular: str | None
    plural: str | None
    number: int | None
    """For a plural: the figure that chose between `singular` and `plural`."""

    def __new__(cls, template: str, /, **args: object) -> Words:
        return cls._make(template, args, None, None, None)

    @classmethod
    def _make(cls, template, args, singular, plural, number) -> Words:
        self = super().__new__(cls, template.format(**args))
        self.template = template
        self.args = dict(args)
        self.singular, self.plural, self.number = singular, plural, number
        return self

    @classmethod
    def joined(cls, parts: list[str], sep: str = " ") -> Words:
        """Words side by side, each said on its own: "You forgot X. You swapped Y."."""
        template = (
            sep.replace("{", "{{")
            .replace("}", "}}")
            .join(f"{{part{n}}}" for n in range(len(parts)))
        )
        return cls(template, **{f"part{n}": part for n, part in enumerate(parts)})

    @property
    def is_only_joining(self) -> bool:
        """True when the template has no words of its own, only its parts and punctuation."""
        text = "".join(literal for literal, *_ in string.Formatter().parse(self.template))
        return not any(ch.isalpha() for ch in text)

    def said(
        self,
        lookup: Callable[[str], str],
        plural_lookup: Callable[[str, str, int], str],
        number: Callable[[int | Decimal], object] | None = None,
    ):
        """This text in another language: `lookup` (gettext) and `plural_lookup` (ngettext)
        find each template's translation; figures that are Words are said the same way, and
        numbers (whole, or Decimal to their places) are written by `number` if given (1 100
        and 13,52 in French)."""
        if self.singular is not None:
            template = plural_lookup(self.singular, self.plural, self.number)
        else:
            template = lookup(self.template)
        args = {
            name: self._said(value, lookup, plural_lookup, number)
            for name, value in self.args.items()
        }
        return template.format(**args)

    @staticmethod
    def _said(value, lookup, plural_lookup, number):
        if isinstance(value, Words):
            return value.said(lookup, plural_lookup, number)
        if number is not None and isinstance(value, int | Decimal) and not isinstance(value, bool):
            return number(value)
        return value

    def __reduce__(self):
        # A str subclass with attributes: pickle (the cache) rebuilds it from its parts.
        return (Words._make, (self.template, self.args, self.singular, self.plural, self.number))


def ngettext(singular: str, plural: str, count: int, /, **args: object) -> Words:
    """The singular or plural template, chosen for `count` as in English, filled with `args`.

    Marks both for the catalogues (xgettext reads `ngettext(singular, plural, n)`), and keeps
    both so a language with other plural rules can choose again.
    """
    template = singular if count == 1 else plural
    return Words._make(template, args, singular, plural, count)


VULNERABLE = Words(gettext_noop("vulnerable"))
NOT_VULNERABLE = Words(gettext_noop("not vulnerable"))


def vulnerability_word(vulnerable: bool) -> Words:
    """ "vulnerable" or "not vulnerable", to go inside a reason."""
    return VULNERABLE if vulnerable else NOT_VULNERABLE
