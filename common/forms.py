"""Form pieces every app shares: the points field, one-line text, errors beside their field.

>>> parse_points("1,100", signed=False), parse_points("+420", signed=False)
(1100, 420)
>>> parse_points("−100", signed=True), parse_points("４２０", signed=False)
(-100, 420)
>>> parse_points("1.100", signed=False, language="nl")
1100
>>> parse_points("−1 100", signed=True, language="fr")
-1100
"""

from __future__ import annotations

import re
import unicodedata

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy

from common.ids import new_form_key
from common.typed import language_of

# -- points --------------------------------------------------------------------------------

BLANK_NUMBER = "Enter a number here (0 if nothing is scored)."
NOT_A_NUMBER = "Enter a whole number, like 420."
NOT_A_SIGNED_NUMBER = "Enter a whole number, like 420, or -100 for a minus score."
NEGATIVE = "This can't be negative: enter 0 or more."
TOO_LARGE = "That is far more than any bridge score: enter a number up to 99999."
DECIMAL_COMMA_IN_POINTS = gettext_lazy(
    "A score is a whole number, with no decimal comma: write it like 1100 or %(grouped)s."
)
LIMIT = 99_999
LONGEST = 20  # characters: more than any way of writing a score up to LIMIT

_NUMBER = re.compile(r"^[+-]?\d+$")
# Minus signs a phone or a word processor may type in place of "-".
_MINUSES = dict.fromkeys(map(ord, "−‒–—"), "-")
# Thousands separators, and the spaces phones put in numbers.
_SEPARATORS = re.compile(r"[,_'\s]")
# French and Dutch write a comma before decimals, so points never hold one there; their
# thousands are a space ("1 100", U+00A0 and U+202F too, which \s covers) or a point
# between groups of three digits ("1.100", also Belgian French).
_LOCAL_SEPARATORS = re.compile(r"[_'\s]")
_GROUPED_BY_POINTS = re.compile(r"^[+-]?\d{1,3}(?:\.\d{3})+$")
# How a learner writes 1100 with its thousands marked, in the languages that refuse a comma.
_GROUPED_EXAMPLE = {"fr": "1\u00a0100", "nl": "1.100"}


SIGNED_PATTERN = r"\s*[+\-−‒–—＋－]?\s*[0-9０-９,，_'\s]+"
"""What a signed points box may hold, as an HTML pattern (the whole value must match): a
sign of any kind, then digits (full-width too), separators and spaces. Wider than what
parse_points reads, never narrower, so the browser never refuses a score the site takes."""


def signed_pattern(language: str | None = None) -> str:
    """SIGNED_PATTERN in `language` (else the active one): with a point ("1.100") in French
    and Dutch, whose thousands it marks."""
    if language_of(language) in _GROUPED_EXAMPLE:
        return SIGNED_PATTERN.replace("\\s]+", "\\s.．]+")
    return SIGNED_PATTERN


def parse_points(text: str, *, signed: bool, language: str | None = None) -> int:
    """Read a score as a learner types it: "1,100", "+420", "−100", full-width "４２０";
    in French "1 100", in Dutch "1.100" (`language`, else the active one).

    Raises ValidationError with a message that says what to type instead.
    """
    # NFKC turns full-width digits, signs and commas into plain ones.
    cleaned = unicodedata.normalize("NFKC", text or "").translate(_MINUSES)
    cleaned = _without_separators(cleaned, language_of(language))
    if cleaned == "":
        raise forms.ValidationError(BLANK_NUMBER, code="required")
    if not _NUMBER.match(cleaned):
        raise forms.ValidationError(NOT_A_SIGNED_NUMBER if signed else NOT_A_NUMBER, code="invalid")
    value = int(cleaned)
    if value < 0 and not signed:
        raise forms.ValidationError(NEGATIVE, code="min_value")
    if abs(value) > LIMIT:
        raise forms.ValidationError(TOO_LARGE, code="max_value")
    return value


def _without_separators(text: str, language: str) -> str:
    """The digits of a score with its thousands separators gone, as `language` writes them."""
    if language not in _GROUPED_EXAMPLE:
        return _SEPARATORS.sub("", text)  # English, as it always was: "1.100" stays refused
    if "," in text:
        # "1,100" reads as 1.1 there: never guess which the learner meant.
        grouped = _GROUPED_EXAMPLE[language]
        raise forms.ValidationError(
            DECIMAL_COMMA_IN_POINTS, code="invalid", params={"grouped": grouped}
        )
    text = _LOCAL_SEPARATORS.sub("", text)
    return text.replace(".", "") if _GROUPED_BY_POINTS.match(text) else text


POINT_BEFORE_THREE_DIGITS = gettext_lazy(
    "“%(text)s” could mean thousands or decimals: write the decimals after a comma, like 13,52."
)
_POINT_BEFORE_THREE_DIGITS = re.compile(r"^\s*\d*\.\d{3}\s*$")


def refuse_ambiguous_point(text: str, *, language: str | None = None) -> None:
    """A decimal box's text in French or Dutch, where a point before three digits marks
    thousands: "1.100" may be 1100 or 1.1, so it is refused, never guessed. "13.52" (no
    thousands reads so) and any English text pass."""
    if language_of(language) in _GROUPED_EXAMPLE and _POINT_BEFORE_THREE_DIGITS.match(text):
        raise forms.ValidationError(
            POINT_BEFORE_THREE_DIGITS, code="invalid", params={"text": text.strip()}
        )


class TypedNumberField(forms.Field):
    """A number typed as text, read by the subclass's `parse`: the points box and a quiz's
    decimal answer box refuse the same way. Not required, a blank box is None: the form
    decides what nothing means."""

    too_long = TOO_LARGE  # the message for text longer than any number the box takes

    def parse(self, text: str):
        raise NotImplementedError

    def to_python(self, value):
        text = "" if value is None else str(value)
        if len(text) > LONGEST:
            raise forms.ValidationError(self.too_long, code="max_value")
        if not text.strip() and not self.required:
            return None
        return self.parse(text)

    def validate(self, value):
        pass  # to_python has checked everything, and said what was wrong


class PointsField(TypedNumberField):
    """Points typed by a learner: text in, a whole number out, the same everywhere."""

    widget = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "size": 8})

    def __init__(self, *, signed: bool = False, **kwargs):
        self.signed = signed
        super().__init__(**kwargs)

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        if self.signed:
            # A phone's numeric keypad (an iPhone's above all) has no minus key: a box that
            # may hold -100 opens the ordinary keyboard, and the pattern lets the browser say
            # early what parse_points would refuse, while taking every spelling it reads.
            # The pattern is drawn in the page's language: a form class outlives a request.
            pattern = lazy(signed_pattern, str)()
            attrs.update(inputmode="text", pattern=pattern, autocapitalize="off")
            attrs["spellcheck"] = "false"
        return attrs

    def parse(self, text: str) -> int:
        return parse_points(text, signed=self.signed)


# -- one submission per form shown --------------------------------------------------------


class FormKeyField(forms.CharField):
    """A hidden key drawn each time a form is shown, stored with what the form creates.

    The same form sent twice (a double click, a reload) carries the same key, and the
    database's unique constraint on it turns the second into the first one's result.
    """

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=32, initial=new_form_key, **kwargs)

    def clean(self, value):
        # A form sent without its key (a script) still works: it just gets no protection.
        return super().clean(value) or None


# -- text ----------------------------------------------------------------------------------


# Characters that turn the text after them around or embed it in another direction: in a
# title or a team's name they make it read backwards, or spill into the text beside it.
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


class OneLineField(forms.CharField):
    """Text on one line, each run of spaces made one: "  Tuesday   beginners " is saved as
    "Tuesday beginners". Only spaces is blank, so the field's own "required" message shows.
    Control characters (a NUL, a line break, a tab) and direction overrides are dropped."""

    def to_python(self, value):
        value = super().to_python(value)
        if not isinstance(value, str):
            return value
        value = value.translate(_BIDI_CONTROLS)
        visible = (" " if unicodedata.category(c) == "Cc" else c for c in value)
        return " ".join("".join(visible).split())


MIXED_SCRIPTS = (
    "Write your name in one alphabet: it mixes letters that look alike from different "
    "alphabets (Latin and Cyrillic, say)."
)


# Scripts written together in one name: Japanese mixes kanji with kana.
_WRITTEN_TOGETHER = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HALFWIDTH": "CJK"}


def _script(char: str) -> str:
    """A letter's alphabet, from its Unicode name: LATIN, CYRILLIC, GREEK, CJK ..."""
    script = unicodedata.name(char, "UNKNOWN").split(" ")[0]
    return _WRITTEN_TOGETHER.get(script, script)


class NameField(OneLineField):
    """A person's name as others will see it: one line, in its composed Unicode form, with
    no invisible characters (zero-width spaces, right-to-left overrides: they make two names
    look the same, or a name read backwards), and in one alphabet, so that "Sаm" with a
    Cyrillic "а" cannot pass for "Sam"."""

    def to_python(self, value):
        value = super().to_python(value)
        if not isinstance(value, str):
            return value
        value = unicodedata.normalize("NFC", value)
        visible = "".join(c for c in value if unicodedata.category(c) != "Cf")
        return " ".join(visible.split())

    def validate(self, value):
        super().validate(value)
        scripts = {_script(c) for c in value or "" if c.isalpha()}
        if len(scripts) > 1:
            raise forms.ValidationError(MIXED_SCRIPTS, code="mixed_scripts")


# -- dates and times ---------------------------------------------------------------------


FIRST_YEAR, LAST_YEAR = 2000, 2100
OUT_OF_RANGE = f"Give a date between {FIRST_YEAR} and {LAST_YEAR}."
NOT_A_TIME = "Enter a date and time, like 2025-03-14 18:00."
TIME_FORMAT = "%Y-%m-%dT%H:%M"  # what a datetime-local box sends, and shows


class TimeInput(forms.DateTimeInput):
    """The browser's date-and-time box (datetime-local), kept to the years WhenField takes."""

    input_type = "datetime-local"

    def __init__(self, **kwargs):
        bounds = {"min": f"{FIRST_YEAR}-01-01T00:00", "max": f"{LAST_YEAR}-12-31T23:59"}
        attrs = bounds | kwargs.pop("attrs", {})
        super().__init__(format=TIME_FORMAT, attrs=attrs, **kwargs)


class WhenField(forms.DateTimeField):
    """A date and time a person types, read in the current time zone: every date field of
    the site is one, so they all refuse the same things with the same messages.

    Only years FIRST_YEAR to LAST_YEAR are taken, with a message beside the box: at the
    ends of the calendar a time may have no UTC equivalent Python can hold (9999-12-31 23:59
    in a zone behind UTC), and saving it was a 500; no work is set or due so far away.
    """

    widget = TimeInput
    input_formats = [TIME_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"]
    default_error_messages = {"invalid": NOT_A_TIME, "out_of_range": OUT_OF_RANGE}

    def to_python(self, value):
        when = super().to_python(value)
        # Its own year, in the zone it was typed in: no conversion that could overflow.
        if when is not None and not FIRST_YEAR <= when.year <= LAST_YEAR:
            raise forms.ValidationError(self.error_messages["out_of_range"], code="out_of_range")
        return when


# -- counts and choices --------------------------------------------------------------------

NUMBER_ERRORS = ("required", "invalid", "min_value", "max_value")


def count_field(
    label: str, *, high: int, initial: int, message: str, low: int = 1
) -> forms.IntegerField:
    """A whole number from `low` to `high`; anything else, or nothing, gets the one `message`."""
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=initial,
        error_messages=dict.fromkeys(NUMBER_ERRORS, message),
    )


def radio_field(label: str, choices, initial, **kwargs) -> forms.ChoiceField:
    """One of a model's choices, each shown as a radio button."""
    return forms.ChoiceField(
        label=label, choices=choices, initial=initial, widget=forms.RadioSelect, **kwargs
    )


# -- errors --------------------------------------------------------------------------------


class ErrorsBesideFields:
    """Mix into a form: errors are shown beside their field and announced with it."""

    template_name = "common/_form_fields.html"
