"""Saying the engine's Words in the reader's language.

The engine (`scoring/`, no Django) writes its reasons, labels and slips in English as
`scoring.words.Words`, each keeping its template and figures. `say` looks the template up
in the active language's catalogue (`scoring/locale/`) and fills the figures in again;
with English active, or no translation, it gives back the English exactly. Its whole
numbers and Decimals are written as the language writes them (common/figures.py: 1 100 and
13,52 in French).
"""

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from common.figures import figure
from scoring.words import Words


def say(value):
    """`value` in the active language: Words are translated, anything else passes through.

    >>> say("4♠ made")
    '4♠ made'
    """
    if isinstance(value, Words):
        return value.said(gettext, ngettext, figure)
    return value


said_lazily = lazy(say, str)
"""`say`, put off until the text is read: for words set at import, such as a form's choices."""


def said_error(error: Exception) -> str:
    """An engine error's message in the reader's language, where the engine wrote it as Words
    (scoring.contract.check_tricks); any other error as it reads."""
    message = error.args[0] if error.args else ""
    return say(message) if isinstance(message, Words) else str(error)
