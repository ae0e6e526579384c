"""Scores drawn: breakdowns item by item, WE/THEY sheets, chukkers deal by deal.

Templates never do arithmetic: every number comes from a scoring object passed in, or
from a tag that asks the engine (`deal_example`, `deal_total`, `vp_for`, `rounded`).
"""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

from scoring import (
    SIDES,
    FourDeal,
    Kind,
    Place,
    Rubber,
    ScoreSheet,
    parse_deals,
    round_to_hundreds,
    score_deal,
    sheet_layout,
    victory_points,
)

register = template.Library()

# Default captions, in the page's language when it is drawn.
SHEET_CAPTION = gettext_lazy("Score sheet")
DEAL_TABLE_CAPTION = gettext_lazy("Deal by deal")


@register.filter
def signed(points) -> str:
    """+420, −100, 0: a true minus sign, and the figure as the page's language writes it
    (+1 100 in French, +1.100 in Dutch; config/formats/ keeps English's 1100)."""
    points = int(points)
    written = number_format(abs(points), force_grouping=True)
    return f"+{written}" if points > 0 else f"−{written}" if points < 0 else "0"


@register.filter
def rubber_words(hundreds) -> str:
    """A rubber's result in hundreds as it is said: 18 is "an 18 rubber", 6 "a 6 rubber"."""
    size = abs(int(hundreds))
    # The article follows the spoken number: "an eighteen", "an eighty", "an eleven".
    spoken_with_vowel = size in (11, 18) or str(size).startswith("8")
    if spoken_with_vowel:
        return gettext("an %(size)s rubber") % {"size": size}
    return gettext("a %(size)s rubber") % {"size": size}


@register.filter
def place_name(place) -> str:
    if isinstance(place, Place):
        place = place.value
    return str(PLACE_NAMES.get(place, place))


PLACE_NAMES = {"above": gettext_lazy("above the line"), "below": gettext_lazy("below the line")}


@register.filter
def items_for(source, side):
    """What a deal on a sheet (side "we"/"they") or a board (pair "NS"/"EW") gave that side."""
    return source.items_for(side)


@register.filter
def games(sheet, side) -> int:
    return sheet.games(side)


@register.filter
def total(sheet, side) -> int:
    return sheet.total(side)


# -- one deal, item by item ------------------------------------------------------------------


def _score(contract_text, tricks, vulnerable, form, honors, honors_side):
    return score_deal(
        contract_text,
        int(tricks),
        bool(vulnerable),
        form=form,
        honors=honors or None,
        honors_side=honors_side,
    )


@register.inclusion_tag("drawing/breakdown.html")
def breakdown(source, caption="", show_place=None):
    """The items of a score as a table: what, who, where, how much, why.

    `source` is a deal's result (sides "declarer"/"defenders"), a deal written on a
    sheet (sides WE/THEY), or a plain list of items. `show_place=False` leaves out
    above and below the line, for forms that have no line (duplicate).
    """
    if hasattr(source, "entries"):  # a deal written on a sheet
        items = [entry.item for entry in source.entries]
        totals = [(side, source.points(side)) for side in SIDES if source.points(side)]
        context = {"items": items, "caption": caption, "show_place": True, "side_totals": totals}
    elif hasattr(source, "items") and hasattr(source, "total"):  # one deal's result
        context = _result_breakdown(source, caption)
    else:
        context = {"items": list(source), "caption": caption, "show_place": True}
    if show_place is not None:
        context["show_place"] = show_place
    return context


def _result_breakdown(result, caption) -> dict:
    return {
        "items": list(result.items),
        "caption": caption,
        "show_place": result.form.has_line,
        "result": result,
    }


@register.inclusion_tag("drawing/worked_sheet.html")
def deal_example(
    contract_text,
    tricks,
    vulnerable=False,
    form="duplicate",
    honors=None,
    honors_side="declarer",
    caption="",
):
    """Score a deal with the engine and draw it as the paper sheet, for lesson examples:
    the declaring side's and the defenders' columns, above and below the line where the
    form has one, and why each item is there beneath (drawing/worked_sheet.html)."""
    result = _score(contract_text, tricks, vulnerable, form, honors, honors_side)
    return {**_worked(result.items, caption, result.form.has_line), "result": result}


@register.inclusion_tag("drawing/worked_sheet.html")
def worked_items(source, caption="", show_place=True):
    """What one deal adds, drawn as the paper sheet: a deal written on a sheet (WE and
    THEY, with each side's points in all), one deal's result, or a plain list of items.
    The lessons' worked deals use it where practice's feedback uses `breakdown`."""
    if hasattr(source, "entries"):  # a deal written on a sheet
        context = _worked([entry.item for entry in source.entries], caption, True)
        context["side_totals"] = [
            (side, source.points(side)) for side in SIDES if source.points(side)
        ]
        return context
    if hasattr(source, "items") and hasattr(source, "total"):  # one deal's result
        return {**_worked(source.items, caption, source.form.has_line), "result": source}
    return _worked(list(source), caption, show_place)


ROLES = ("declarer", "defenders")


def _worked(items, caption, show_place) -> dict:
    items = list(items)
    columns = SIDES if any(str(item.side) in SIDES for item in items) else ROLES
    context = {
        "items": items,
        "caption": caption,
        "columns": columns,
        "show_place": show_place,
    }
    if show_place:
        context["above"] = _side_rows([i for i in items if _place(i) == "above"], columns)
        context["below"] = _side_rows([i for i in items if _place(i) == "below"], columns)
    else:
        context["rows"] = _side_rows(items, columns)
    return context


def _place(item) -> str:
    return item.place.value if isinstance(item.place, Place) else str(item.place)


def _side_rows(items, columns) -> list[tuple]:
    """Items as rows of cells, one per column (side), each column filled from the top."""
    cells = [[i for i in items if str(i.side) == column] for column in columns]
    depth = max((len(column) for column in cells), default=0)
    return [tuple(column[n] if n < len(column) else None for column in cells) for n in range(depth)]


@register.simple_tag
def deal_total(
    contract_text,
    tricks,
    vulnerable=False,
    form="duplicate",
    honors=None,
    honors_side="declarer",
    side=None,
):
    """A deal's score for a sentence in a lesson.

    Without `side`: the signed total from the declarer's side. With side="declarer" or
    side="defenders": the points that side scores (a penalty as a positive number).
    """
    result = _score(contract_text, tricks, vulnerable, form, honors, honors_side)
    return result.total if side is None else result.points(side)


@register.simple_tag
def vp_for(difference):
    """Victory points for a difference: {% vp_for 580 as vp %} then {{ vp.0 }} to {{ vp.1 }}."""
    return victory_points(abs(int(difference)))


@register.simple_tag
def rounded(points, fifty="up"):
    """A difference in hundreds under either rounding rule: {% rounded 550 "down" %} is 5."""
    return round_to_hundreds(int(points), fifty=fifty)


# -- sheets ----------------------------------------------------------------------------------


def _sheet_context(sheet, highlight, caption, totals, explain, hide="") -> dict:
    return {
        "layout": sheet_layout(sheet, highlight=highlight, hide=hide),
        "caption": caption,
        "show_totals": totals,
        "explain": explain,
    }


@register.inclusion_tag("drawing/sheet.html")
def score_sheet(sheet, highlight=None, caption=SHEET_CAPTION, totals=True, explain=False, hide=""):
    """Draw a WE/THEY score sheet; entries of deal `highlight` are marked as new."""
    return _sheet_context(sheet, highlight, caption, totals, explain, hide)


def _play(sheet: ScoreSheet, deals) -> ScoreSheet:
    """Record deals written as text ("we 2C 8; they 4H 10") or as played deals."""
    sheet.record_all(parse_deals(deals) if isinstance(deals, str) else deals)
    return sheet


@register.inclusion_tag("drawing/sheet.html")
def rubber_sheet(deals, caption=SHEET_CAPTION, finish=False, highlight=None, fifty="up"):
    """Score a few deals as rubber bridge and draw the sheet: "we 2C 8; they 4H 10".

    Stored deals work too: {% rubber_sheet deals.SAMPLE_RUBBER|slice:":3" %}.
    """
    rubber = _play(Rubber(fifty=fifty), deals)
    if finish:
        rubber.finish()
    return _sheet_context(rubber, int(highlight) if highlight else None, caption, True, False)


@register.simple_tag
def sheet_rows(sheet):
    """A sheet's rows for a template that draws it its own way (a sheet the learner writes
    on): {% sheet_rows sheet as layout %}, the layout score_sheet draws."""
    return sheet_layout(sheet)


@register.simple_tag
def chukker_rows(chukker):
    """A chukker's four deals, played or still to come: {% chukker_rows chukker as rows %},
    each with its number, dealer, vulnerable sides and, once played, its record and the
    points it gave each side."""
    played = {record.deal_in_chukker: record for record in chukker.deals}
    rows = []
    for number in range(1, 5):
        record = played.get(number)
        points = {side: record.points(side) for side in SIDES} if record else {}
        rows.append(
            {
                "number": number,
                "dealer": chukker.dealer(number),
                "vulnerable": [side for side in SIDES if chukker.vulnerable(side, number)],
                "record": record,
                "points": points,
            }
        )
    return rows


@register.inclusion_tag("drawing/deal_table.html")
def deal_table(sheet, caption=DEAL_TABLE_CAPTION, highlight=None, explain=False):
    """A chukker (or any sheet) as one row per deal: dealer, vulnerability, points each side.

    With explain=True each side's points open to the items that make them up. Every cell
    carries a data-label: on a narrow screen each row stacks as a short labelled block
    (.pad-stack in site.css), in a lesson as on the score pad.
    """
    rows = [
        {
            "record": record,
            "we": record.points("we"),
            "they": record.points("they"),
            "new": highlight is not None and record.number == highlight,
            # Honors are in a side's points for the deal: the row says so, in sight.
            "honors": [
                (side, item.points)
                for side in SIDES
                for item in record.items_for(side)
                if item.kind is Kind.HONORS
            ],
        }
        for record in sheet.deals
    ]
    return {
        "rows": rows,
        "caption": caption,
        "sheet": sheet,
        "totals": {side: sheet.total(side) for side in SIDES},
        "show_dealer": any(r["record"].dealer for r in rows),
        "explain": explain,
    }


@register.inclusion_tag("drawing/deal_table.html")
def chukker_table(form, first_dealer, deals, caption=DEAL_TABLE_CAPTION):
    """Score a chukker and show it deal by deal: {% chukker_table "chicago" "we" "we 3S 10" %}."""
    return deal_table(_play(FourDeal(form=form, first_dealer=first_dealer), deals), caption)
