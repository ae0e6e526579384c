"""How the working of a comparison is written: signed points, halves, plurals."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from scoring.sides import Pair
from scoring.words import Words, gettext_noop, ngettext


def _percent(part: Fraction, whole: int) -> float:
    """A percentage to 2 decimals, halves rounded up (Fraction's round() goes to even)."""
    hundredths = math.floor(Fraction(part) * 100 * 100 / whole + Fraction(1, 2))
    return hundredths / 100


def _exact_figure(value: Fraction) -> int | str | Decimal | Words:
    """3½, ½, 415, 282.5, or about 333.33: exact where the value allows. A whole or decimal
    figure stays a number, so the reader's language writes it (1 100 and 282,5 in French);
    halves are written with ½ in every language.

    >>> [_exact_figure(v) for v in (415, Fraction(7, 2), Fraction(565, 2) * 2, Fraction(5, 4))]
    [415, '3½', 565, Decimal('1.25')]
    """
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    if value.denominator == 2:
        whole = abs(value.numerator) // 2
        sign = "-" if value < 0 else ""
        return f"{sign}{whole or ''}½"
    for places in range(1, 4):
        if (value * 10**places).denominator == 1:
            return _decimal(value, places)
    return Words(gettext_noop("about {value}"), value=_decimal(value, 2))


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _bracketed(points: int) -> str:
    return f"({points})" if points < 0 else str(points)


def _decimal(value: float | Fraction, places: int) -> Decimal:
    """`value` to `places` decimals, as a Decimal: it reads "13.52" in English as the text
    always did, and the reader's language writes its own decimal mark (common/figures.py).

    >>> _decimal(13.52, 2), _decimal(0, 2), _decimal(Fraction(1, 3), 2)
    (Decimal('13.52'), Decimal('0.00'), Decimal('0.33'))
    """
    return Decimal(f"{float(value):.{places}f}")


def _hundredths(value: int) -> Decimal:
    """Whole hundredths as a figure to 2 decimals: 1319 is 13.19."""
    return Decimal(f"{value // 100}.{value % 100:02d}")


def _imps_text(count: int | str, how_many: int | None = None) -> Words:
    """ "10 IMPs", "-1 IMP"; `count` may be written already ("+5"), with `how_many` its size."""
    how_many = abs(count) if how_many is None else abs(how_many)
    return ngettext("{count} IMP", "{count} IMPs", how_many, count=count)


def _side_name(pair: Pair) -> Words:
    return Words(gettext_noop("N-S")) if pair is Pair.NS else Words(gettext_noop("E-W"))


def _who(label: str, ew_pair: str | None) -> str:
    if ew_pair is None:
        return label
    return Words(gettext_noop("{ns_pair} v {ew_pair}"), ns_pair=label, ew_pair=ew_pair)
