"""Travellers drawn: one board's results at every table, with the engine's comparisons."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.translation import gettext, gettext_lazy

register = template.Library()

# Default captions, in the page's language when it is drawn.
ROWS_ARE_TABLES = gettext_lazy("Table")


@register.filter
def halves(value) -> str:
    """Matchpoints as they are written: 2½, ½, 3."""
    value = Fraction(value)
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) or ''}½" if half else str(int(whole))


@register.inclusion_tag("drawing/traveller.html")
def traveller_table(
    traveller,
    caption="",
    both_directions=False,
    butler=False,
    marked=None,
    rows_are=ROWS_ARE_TABLES,
):
    """A traveller with each table's N-S score, matchpoints and percentage (and E-W's too,
    with `both_directions`), and the Butler IMPs against the datum with `butler`. `rows_are`
    heads the first column: "Table", or "Pairs" when each row names its two pairs.

    Every figure is the engine's: `Traveller.matchpoints()` and `Traveller.butler()`.
    """
    rows = traveller.rows
    compared = len(rows) >= 2
    ns = traveller.matchpoints("NS") if compared else [None] * len(rows)
    ew = traveller.matchpoints("EW") if compared and both_directions else [None] * len(rows)
    datum = traveller.butler() if compared and butler else None
    imps = datum.results if datum else [None] * len(rows)
    return {
        "caption": caption
        or gettext("Board %(board)s: the traveller") % {"board": traveller.board},
        "rows": [
            {"row": row, "ns": n, "ew": e, "butler": b, "marked": row.label == marked}
            for row, n, e, b in zip(rows, ns, ew, imps, strict=True)
        ],
        "both_directions": both_directions,
        "datum": datum,
        "compared": compared,
        "rows_are": rows_are,
    }
