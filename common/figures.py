"""Figures as the reader's language writes them: 1 100 in French (a no-break space, Django's
French format), 1.100 in Dutch, and in English as the site always wrote them, 1100 (English
groups nothing: config/formats/en/formats.py).

Only for what a person reads. A data-* attribute, a form's value, a file (CSV, PBN) and an
address keep the bare figure: tests, scripts, the browser and the engine read those.

>>> figure("4♠")
'4♠'
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import pgettext


def figure(value):
    """A whole or decimal number written in the active language; anything else unchanged."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return value
    return number_format(value, force_grouping=True)


def percent(value) -> str:
    """A percentage a person reads: 62% in English and Dutch, 62 % in French (a no-break
    space before the sign, as French writes it)."""
    return pgettext("a percentage a person reads", "{value}%").format(value=figure(value))
