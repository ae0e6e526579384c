"""Names typed on a phone to join a live class: shown on the projector, so each must show.

A name is kept in its compatibility form (NFKC: a full-width "Ａｎａ" is "Ana"), without
invisible fillers, with at most a few accents on one letter, and must keep at least one
letter or digit one can see. Two names are the same name when they fold to one key
(`name_key`: casefold, as "ÉMILE" and "émile" do, in every language, on SQLite as on
PostgreSQL: the key is stored, and compared as it is).
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext_noop

MARKS_PER_LETTER = 3
"""Accents kept on one letter (Vietnamese stacks two); a name with thirty under one letter
draws a smear across the projector."""

# Characters that are letters or symbols to Unicode but draw nothing: the Hangul fillers,
# the blank Braille pattern, Khmer's inherent vowels, Mongolian's vowel separator.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")

NOTHING_TO_SEE = gettext_noop(
    "Give a name with at least one letter or digit that shows, like “Sam P.”."
)


def normalised(name: str) -> str:
    """The name as it is stored and shown."""
    name = unicodedata.normalize("NFKC", name)
    kept, marks = [], 0
    for char in name:
        if char in INVISIBLE or unicodedata.category(char) == "Cf":
            continue
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if marks > MARKS_PER_LETTER:
                continue
        else:
            marks = 0
        kept.append(char)
    return " ".join("".join(kept).split())


def shows(name: str) -> bool:
    """Has the (normalised) name a letter or digit one can see?"""
    return any(unicodedata.category(char)[0] in "LN" for char in name)


def name_key(name: str) -> str:
    """What two names must differ in: their case-folded compatibility form."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
