"""How the bridge-file page writes the engine's figures."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django import template

from common.figures import figure
from drawing.templatetags.travellers import halves

register = template.Library()


@register.filter
def matchpoints_text(value) -> str:
    """Exact matchpoints as a player reads them: 3, 2½, or 28.33 for a factored-up 85/3
    (28,33 in French and Dutch)."""
    value = Fraction(value)
    if (value * 2).denominator == 1:
        return halves(value)
    return figure(Decimal(f"{float(value):.2f}"))
