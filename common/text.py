"""Sentences that end with a name or a label: one full stop, never two.

A name can end in a full stop of its own ("Ann B.") and a label in a question mark
("What goes above the line?"); the sentence's own full stop then is not added.

>>> end_sentence("Welcome back, Ann B.")
'Welcome back, Ann B.'
>>> end_sentence("Welcome back, Ann")
'Welcome back, Ann.'
>>> end_sentence("Doubled and made: what goes above the line?")
'Doubled and made: what goes above the line?'
"""

from __future__ import annotations

ENDINGS = (".", "?", "!", "…")


def end_sentence(text) -> str:
    """The text with a full stop after it, unless it already ends a sentence."""
    text = str(text)
    return text if text.rstrip().endswith(ENDINGS) else f"{text}."
