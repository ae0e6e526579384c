"""What a learner types, read in the learner's language before the engine reads it.

The engine (scoring) reads one notation, "4HX" or "3NT"; a French learner writes "4 Pique
contré" or "3SA", a Dutch one "4♠X" or "3 sans atout". This module turns the local words and
letters into the engine's notation, so a contract typed in any language is graded by the
same engine, the same way. English text goes to the engine exactly as typed.

>>> str(contract_from_typed("4 Pique contré", "fr")), str(contract_from_typed("3SA", "nl"))
('4SX', '3NT')
>>> str(contract_from_typed("2 Klaveren geredoubleerd", "nl")), str(contract_from_typed("1C", "fr"))
('2CXX', '1H')
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.functional import lazy
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring import Contract, InvalidContract

ENGLISH = "en"

# -- contracts -----------------------------------------------------------------------------

# How each language writes a strain or a double, as normalise() leaves it (lower case, no
# accents, one space between words), under the engine's letters. Suit symbols and the
# English letters that mean the same there are added below; a letter means one thing only.
_SPELLINGS = {
    # French letters: Pique, Cœur, Carreau (K, as French score sheets write it), Trèfle.
    "fr": {
        "S": ("p", "pique", "piques"),
        "H": ("c", "coeur", "coeurs"),
        "D": ("k", "carreau", "carreaux"),
        "C": ("t", "trefle", "trefles"),
        "NT": ("sa", "sans atout", "sans atouts"),
        "X": ("contre", "contree"),
        "XX": ("surcontre", "surcontree"),
    },
    # Dutch letters: Schoppen, Harten, Ruiten, Klaveren.
    "nl": {
        "S": ("s", "schoppen", "schop"),
        "H": ("h", "harten", "hart"),
        "D": ("r", "ruiten", "ruit"),
        "C": ("k", "klaveren", "klaver"),
        "NT": ("sa", "sans", "sans atout"),
        "X": ("gedoubleerd", "doublet"),
        "XX": ("geredoubleerd", "redoublet"),
    },
}
_STRAINS = {
    language: {word: key for key, words in spellings.items() if "X" not in key for word in words}
    for language, spellings in _SPELLINGS.items()
}
_DOUBLINGS = {
    language: {word: key for key, words in spellings.items() if "X" in key for word in words}
    for language, spellings in _SPELLINGS.items()
}
_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
# The engine's letters, and its X and * for a double: kept in every language unless the
# language gives the letter another meaning (French C is cœur, so English C is not clubs).
_ENGINE_STRAINS = {"s": "S", "h": "H", "d": "D", "c": "C", "nt": "NT", "n": "NT"}
_ENGINE_DOUBLINGS = {"x": "X", "xx": "XX", "*": "X", "**": "XX"}

# Variation selectors a phone adds after a symbol to draw it as an emoji (♥️).
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


def _spaced(word: str) -> str:
    # A space may come where the words break ("sans atout") and between the letters of a
    # short one ("N T", "X X"), never inside a word: "carreau x" is doubled, "carreaux" not.
    parts = list(word) if len(word) <= 2 else word.split(" ")
    return " ?".join(re.escape(part) for part in parts)


def _alternation(words) -> str:
    # Longest first, so "sa" is tried before "s", "xx" before "x", "carreaux" before "carreau".
    return "|".join(_spaced(w) for w in sorted(words, key=len, reverse=True))


def _key(word: str) -> str:
    return word.replace(" ", "")


def _pattern(language: str) -> tuple[re.Pattern, dict, dict]:
    strains = _ENGINE_STRAINS | _STRAINS[language] | _SYMBOLS
    doublings = _ENGINE_DOUBLINGS | _DOUBLINGS[language]
    pattern = re.compile(
        rf"^(?P<level>\d+) ?(?P<strain>{_alternation(strains)})"
        rf" ?(?P<doubling>{_alternation(doublings)})?$"
    )
    keyed = {_key(word): letter for word, letter in strains.items()}
    return pattern, keyed, {_key(word): x for word, x in doublings.items()}


_PATTERNS = {language: _pattern(language) for language in _STRAINS}


def language_of(language: str | None = None) -> str:
    """The language a text is read in: the one given, else the active one ("fr-be" is fr)."""
    code = (language or get_language() or ENGLISH).lower()
    return code.split("-")[0].split("_")[0]


def normalise(text: str) -> str:
    """Lower case, no accents, one space at most: " 4  Pique Contré" is "4 pique contre"."""
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE).casefold()
    text = text.replace("œ", "oe")
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Spaces of any kind, and the hyphen of "sans-atout" or "4-♥", make one space.
    return " ".join(re.sub(r"[\-‐‑.]", " ", bare).split())


CONTRACT_UNREADABLE = gettext_lazy(
    "Can't read “%(text)s” as a contract: write a level 1 to 7, a strain (%(letters)s) and X "
    "or XX if doubled or redoubled, like %(example)s"
)
LEVEL_OUT_OF_RANGE = gettext_lazy("Level must be 1 to 7, got %(level)s")


def _strain_letters(language: str) -> str:
    # The symbols say which suit a letter is in any language, so only notrump needs words.
    if language == "fr":
        return "P ♠, C ♥, K ♦, T ♣, " + _("SA for notrump")
    if language == "nl":
        return "S ♠, H ♥, R ♦, K ♣, " + _("SA for notrump")
    return "S ♠, H ♥, D ♦, C ♣, " + _("NT for notrump")


_EXAMPLES = {"fr": "4PX, 3SA", "nl": "4SX, 3SA", ENGLISH: "4SX, 3NT"}


def contract_from_typed(text: str, language: str | None = None) -> Contract:
    """The engine's contract for what a learner typed in `language` (else the active one).

    Raises InvalidContract with a message in words the learner can act on.
    """
    language = language_of(language)
    if language not in _PATTERNS:
        return Contract.parse(text)  # English, and any language with no words of its own
    pattern, strains, doublings = _PATTERNS[language]
    match = pattern.match(normalise(text or ""))
    if not match:
        raise InvalidContract(
            CONTRACT_UNREADABLE
            % {
                "text": (text or "").strip(),
                "letters": _strain_letters(language),
                "example": _EXAMPLES[language],
            }
        )
    level = int(match["level"])
    if not 1 <= level <= 7:
        raise InvalidContract(LEVEL_OUT_OF_RANGE % {"level": level})
    doubling = doublings[_key(match["doubling"])] if match["doubling"] else ""
    return Contract.parse(f"{level}{strains[_key(match['strain'])]}{doubling}")


def contract_help_text(language: str | None = None) -> str:
    """What a contract box takes, with what each letter means in the learner's language."""
    language = language_of(language)
    if language not in _PATTERNS:
        return _("Its level and strain, then X if doubled or XX if redoubled: 4S, 3NT, 5DX.")
    return _(
        "Its level and strain, then X if doubled or XX if redoubled, like %(example)s. "
        "Strains: %(letters)s; the symbols ♠ ♥ ♦ ♣ and the words work too."
    ) % {"example": _EXAMPLES[language], "letters": _strain_letters(language)}


CONTRACT_HINT = lazy(contract_help_text, str)()
"""The help text of a contract box, in the language of the page it is drawn on."""
