"""Sentences with a name or a label in them: one full stop, never two.

A name can end in a full stop of its own ("Ann B.") and a label in a question mark
("What goes above the line?"); the sentence's own full stop then is not added.

>>> end_sentence("Welcome back, Ann B.")
'Welcome back, Ann B.'
>>> end_sentence("Welcome back, Ann")
'Welcome back, Ann.'
>>> end_sentence("Doubled and made: what goes above the line?")
'Doubled and made: what goes above the line?'

A message written with its names in braces is filled in by `fill`, which does the same
wherever a name stands before a full stop, at the end or in the middle:

>>> fill("Copied as a draft to {classroom}. Check its dates.", classroom="Year 7 B.")
'Copied as a draft to Year 7 B. Check its dates.'
>>> fill("Welcome back, {name}.", name="Ann")
'Welcome back, Ann.'

A colon or semicolon written in a template between two figures or names (not inside the
translated words, whose French already has it) is `spaced`: French sets a no-break space
before it ("Donne 3\u00a0: ..."), English and Dutch none.

>>> spaced(":")
':'
"""

from __future__ import annotations

from string import Formatter

from django.utils.translation import get_language

ENDINGS = (".", "?", "!", "…")

# French typography: a no-break space before each of these (the catalogues write U+00A0).
SPACED_IN_FRENCH = frozenset(":;?!%")
NO_BREAK_SPACE = "\u00a0"


def spaced(mark: str) -> str:
    """The punctuation mark as the active language sets it after a word or figure."""
    french = (get_language() or "").startswith("fr")
    return NO_BREAK_SPACE + mark if french and mark in SPACED_IN_FRENCH else mark


def end_sentence(text) -> str:
    """The text with a full stop after it, unless it already ends a sentence."""
    text = str(text)
    return text if text.rstrip().endswith(ENDINGS) else f"{text}."


def fill(message: str, /, **values) -> str:
    """message.format(**values), but a value that ends a sentence of its own ("Ann B.")
    takes the place of the full stop written straight after it."""
    formatter = Formatter()
    parts: list[str] = []
    ended = False  # the value just put in ends with a stop of its own
    for literal, field, spec, conversion in formatter.parse(message):
        if ended and literal.startswith("."):
            literal = literal[1:]
        parts.append(literal)
        ended = False
        if field is None:
            continue
        value, _ = formatter.get_field(field, (), values)
        text = formatter.format_field(formatter.convert_field(value, conversion), spec or "")
        parts.append(text)
        ended = text.rstrip().endswith(ENDINGS)
    return "".join(parts)
