"""Template tags that draw what the engine computes: suits, contracts, breakdowns, sheets.

Templates never do arithmetic: every number comes from a scoring object passed in, or
from `deal_example`, which asks the engine.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from scoring import Card, Contract, Place, ScoreSheet, Strain, score_deal, tables
from scoring.players import RANKS
from scoring.sheet import PASSED_OUT, SIDES, PlayedDeal

register = template.Library()

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "notrump"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _strain_key(strain) -> str:
    if isinstance(strain, Strain):
        return strain.value
    key = str(strain).strip().upper()
    return {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}.get(key, key)


@register.filter
def suit(strain) -> str:
    """A suit symbol, coloured, with its name for screen readers: {{ "H"|suit }}."""
    key = _strain_key(strain)
    if key == "NT":
        return "NT"
    colour = "red" if key in "DH" else "black"
    return format_html(
        '<span class="suit suit--{}" aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span>',
        colour,
        SUIT_SYMBOLS[key],
        " " + SUIT_NAMES[key],
    )


@register.filter
def contract(value) -> str:
    """A contract with its suit symbol: {{ "4HX"|contract }} shows 4♥X, read "4 hearts doubled"."""
    if value is None or value == "":
        return ""
    c = Contract.parse(value)
    key = c.strain.value
    if key == "NT":
        shown = format_html("{}NT{}", c.level, c.doubling.value)
    else:
        colour = "red" if c.strain.is_red else "black"
        shown = format_html(
            '{}<span class="suit suit--{}">{}</span>{}',
            c.level,
            colour,
            SUIT_SYMBOLS[key],
            c.doubling.value,
        )
    return format_html(
        '<span class="contract"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        shown,
        c.words,
    )


@register.filter
def card(value) -> str:
    """A playing card such as ♦9, its suit coloured, read as "9 of diamonds"."""
    drawn = value if isinstance(value, Card) else Card.parse(str(value))
    suit_key = "CDHS"[drawn.suit]
    rank = RANKS[drawn.rank].replace("T", "10")
    colour = "red" if suit_key in "DH" else "black"
    return format_html(
        '<span class="playing-card"><span aria-hidden="true">'
        '<span class="suit suit--{}">{}</span>{}</span>'
        '<span class="visually-hidden">{} of {}</span></span>',
        colour,
        SUIT_SYMBOLS[suit_key],
        rank,
        RANK_NAMES.get(rank, rank),
        SUIT_NAMES[suit_key],
    )


RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


@register.filter
def signed(points) -> str:
    """+420, -100, 0."""
    points = int(points)
    return f"+{points}" if points > 0 else f"−{abs(points)}" if points < 0 else "0"


@register.filter
def side_name(side) -> str:
    return {"we": "WE", "they": "THEY", "declarer": "Declaring side", "defenders": "Defenders"}.get(
        side, side
    )


@register.filter
def items_for(source, side):
    """What a deal on a sheet (side "we"/"they") or a board (pair "NS"/"EW") gave that side."""
    return source.items_for(side)


@register.inclusion_tag("scoring/breakdown.html")
def breakdown(source, caption=""):
    """The items of a score as a table: what, who, where, how much, why.

    `source` is a deal's result (sides "declarer"/"defenders"), a deal written on a
    sheet (sides WE/THEY), or a plain list of items.
    """
    if hasattr(source, "entries"):  # a deal written on a sheet
        items = [entry.item for entry in source.entries]
        totals = [(side, source.points(side)) for side in SIDES if source.points(side)]
        return {"items": items, "caption": caption, "show_place": True, "side_totals": totals}
    if hasattr(source, "items") and hasattr(source, "total"):  # one deal's result
        return {
            "items": list(source.items),
            "caption": caption,
            "show_place": source.form.has_line,
            "result": source,
        }
    return {"items": list(source), "caption": caption, "show_place": True}


@register.inclusion_tag("scoring/breakdown.html")
def deal_example(
    contract_text,
    tricks,
    vulnerable=False,
    form="duplicate",
    honors=None,
    honors_side="declarer",
    caption="",
):
    """Score a deal with the engine and show its breakdown, for lesson examples."""
    result = score_deal(
        contract_text,
        int(tricks),
        bool(vulnerable),
        form=form,
        honors=honors or None,
        honors_side=honors_side,
    )
    return {
        "items": list(result.items),
        "caption": caption,
        "show_place": result.form.has_line,
        "result": result,
    }


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
    result = score_deal(
        contract_text,
        int(tricks),
        bool(vulnerable),
        form=form,
        honors=honors or None,
        honors_side=honors_side,
    )
    return result.total if side is None else result.points(side)


@register.simple_tag
def vp_for(difference):
    """Victory points for a difference: {% vp_for 580 as vp %} then {{ vp.0 }} to {{ vp.1 }}."""
    from scoring import victory_points

    return victory_points(abs(int(difference)))


@register.simple_tag
def rounded(points, fifty="up"):
    """A difference in hundreds under either rounding rule: {% rounded 550 "down" %} is 5."""
    from scoring import round_to_hundreds

    return round_to_hundreds(int(points), fifty=fifty)


def sheet_view(sheet: ScoreSheet, highlight: int | None = None, hide: str = "") -> dict:
    """Rows of a WE/THEY sheet for a template: above the line bottom-up, below game by game.

    `hide` names item kinds left off (a question's answer, say: "rubber_bonus").
    """
    hidden = set(hide.split())

    def cell(entry):
        if entry is None:
            return None
        return {
            "points": entry.points,
            "label": entry.item.label,
            "reason": entry.item.reason,
            "deal": entry.deal,
            "new": highlight is not None and entry.deal == highlight,
            "kind": entry.item.key,
        }

    we_above = [cell(e) for e in sheet.above("we") if e.item.key not in hidden]
    they_above = [cell(e) for e in sheet.above("they") if e.item.key not in hidden]
    height = max(len(we_above), len(they_above))
    # Above the line the first entry sits next to the line, so columns grow upward.
    we_col = [None] * (height - len(we_above)) + list(reversed(we_above))
    they_col = [None] * (height - len(they_above)) + list(reversed(they_above))
    above_rows = list(zip(we_col, they_col, strict=True))

    segments = []
    for segment in sheet.segments():
        rows = max(len(segment.we), len(segment.they), 1)
        we = [cell(e) for e in segment.we] + [None] * (rows - len(segment.we))
        they = [cell(e) for e in segment.they] + [None] * (rows - len(segment.they))
        segments.append({"rows": list(zip(we, they, strict=True)), "closed_by": segment.closed_by})
    return {
        "above_rows": above_rows,
        "segments": segments,
        "totals": {side: sheet.total(side) for side in SIDES},
        "games": {side: sheet.games(side) for side in SIDES},
    }


@register.inclusion_tag("scoring/sheet.html")
def score_sheet(sheet, highlight=None, caption="Score sheet", totals=True, explain=False, hide=""):
    """Draw a WE/THEY score sheet; entries of deal `highlight` are marked as new."""
    view = sheet_view(sheet, highlight=highlight, hide=hide)
    view.update({"caption": caption, "show_totals": totals, "explain": explain})
    return view


@register.simple_tag
def sides_text(sides) -> str:
    """'Neither side', 'WE', 'THEY' or 'Both sides' for a set of vulnerable sides."""
    sides = set(sides)
    if not sides:
        return "Neither side"
    if sides == set(SIDES):
        return "Both sides"
    return mark_safe(format_html_join(", ", "{}", ((side_name(s),) for s in sorted(sides))))


@register.filter
def games(sheet, side) -> int:
    return sheet.games(side)


@register.filter
def total(sheet, side) -> int:
    return sheet.total(side)


@register.filter
def place_name(place) -> str:
    if isinstance(place, Place):
        place = place.value
    return {"above": "above the line", "below": "below the line"}.get(place, place)


# -- Tables of the rules, computed by the engine (scoring/tables.py) -----------------------


@register.inclusion_tag("scoring/tables/trick_score.html")
def trick_score_table(form="rubber", caption="Trick score for each odd trick bid and made"):
    return {
        "rows": tables.trick_score_rows(form),
        "notrump_other": tables.notrump_other_trick(form),
        "caption": caption,
    }


@register.inclusion_tag("scoring/tables/overtricks.html")
def overtrick_table(form="rubber", caption="Each overtrick"):
    return {"rows": tables.overtrick_rows(form), "caption": caption}


@register.inclusion_tag("scoring/tables/undertricks.html")
def undertrick_table(down_to=5, form="duplicate", caption="Undertricks: what the defenders score"):
    return {"rows": tables.undertrick_rows(int(down_to), form), "caption": caption}


@register.inclusion_tag("scoring/tables/bonuses.html")
def bonus_table(form="duplicate", caption="Bonuses"):
    return {"rows": tables.bonus_rows(form), "caption": caption}


@register.inclusion_tag("scoring/tables/pairs.html")
def rubber_bonus_table(caption="Rubber bonuses"):
    return {
        "rows": tables.rubber_bonus_rows(),
        "caption": caption,
        "heading": "Points",
        "name": "rubber-bonuses",
    }


@register.inclusion_tag("scoring/tables/pairs.html")
def honors_table(caption="Honors (in one hand)"):
    return {"rows": tables.honors_rows(), "caption": caption, "heading": "Points", "name": "honors"}


@register.inclusion_tag("scoring/tables/victory_points.html")
def victory_point_table(caption="Victory points for a round"):
    return {"rows": tables.victory_point_rows(), "caption": caption}


@register.inclusion_tag("scoring/tables/boards.html")
def board_table(caption="Dealer and vulnerability by board number"):
    return {"rows": tables.board_rows(), "caption": caption}


@register.inclusion_tag("scoring/tables/deals.html")
def deal_table(sheet, caption="Deal by deal", highlight=None, explain=False, table_class=""):
    """A chukker (or any sheet) as one row per deal: dealer, vulnerability, points each side.

    With explain=True each side's points open to the items that make them up. Every cell
    carries a data-label, so a page can stack the rows on a narrow screen (`table_class`
    is added to the table's own classes for that).
    """
    rows = []
    for record in sheet.deals:
        rows.append(
            {
                "record": record,
                "we": record.points("we"),
                "they": record.points("they"),
                "new": highlight is not None and record.number == highlight,
            }
        )
    return {
        "rows": rows,
        "caption": caption,
        "sheet": sheet,
        "totals": {side: sheet.total(side) for side in SIDES},
        "show_dealer": any(r["record"].dealer for r in rows),
        "explain": explain,
        "table_class": table_class,
    }


def _parse_deals(text: str) -> list[PlayedDeal]:
    """Read "we 5C 12; they 4S 7 four_trumps; we 3NT 9 four_aces@they; passed" into deals."""
    played = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        if words[0] == "passed":
            played.append(PASSED_OUT)
            continue
        side, contract_text, tricks, *rest = words
        honors, honors_side = None, None
        if rest:
            honors, _, holder = rest[0].partition("@")
            honors_side = holder or None
        played.append(PlayedDeal(side, contract_text, int(tricks), honors, honors_side))
    return played


def _play(sheet, deals):
    """Record deals given as text ("we 2C 8; they 4H 10") or as stored deal objects."""
    sheet.record_all(_parse_deals(deals) if isinstance(deals, str) else deals)
    return sheet


@register.inclusion_tag("scoring/sheet.html")
def rubber_sheet(deals_text, caption="Score sheet", finish=False, highlight=None, fifty="up"):
    """Score a few deals as rubber bridge and draw the sheet: "we 2C 8; they 4H 10".

    Stored deals work too: {% rubber_sheet deals.SAMPLE_RUBBER|slice:":3" %}.
    """
    from scoring import Rubber

    rubber = _play(Rubber(fifty=fifty), deals_text)
    if finish:
        rubber.finish()
    view = sheet_view(rubber, highlight=int(highlight) if highlight else None)
    view.update({"caption": caption, "show_totals": True, "explain": False})
    return view


@register.inclusion_tag("scoring/tables/deals.html")
def chukker_table(form, first_dealer, deals_text, caption="Deal by deal"):
    """Score a chukker and show it deal by deal: {% chukker_table "chicago" "we" "we 3S 10" %}."""
    from scoring import FourDeal

    return deal_table(_play(FourDeal(form=form, first_dealer=first_dealer), deals_text), caption)


SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
HAND_NAMES = {
    "declarer": "Declarer",
    "dummy": "Dummy",
    "left": "Left-hand opponent",
    "right": "Right-hand opponent",
}
HONORS_WORDS = {
    "four_trumps": "four of the five top trumps",
    "five_trumps": "all five top trumps",
    "four_aces": "all four aces",
}


PAIR_VULNERABLE = {
    "none": "Neither pair",
    "NS": "North–South",
    "EW": "East–West",
    "both": "Both pairs",
}


@register.filter
def seat_name(seat) -> str:
    return SEAT_NAMES.get(str(seat).upper(), seat)


@register.filter
def pair_vulnerable(code) -> str:
    """A duplicate board's vulnerability in words: "NS" is "North–South"."""
    return PAIR_VULNERABLE.get(code, code)


@register.filter
def rubber_words(hundreds) -> str:
    """A rubber's result in hundreds as it is said: 18 is "an 18 rubber", 6 "a 6 rubber"."""
    size = abs(int(hundreds))
    # The article follows the spoken number: "an eighteen", "an eighty", "an eleven".
    spoken_with_vowel = size in (11, 18) or str(size).startswith("8")
    return f"{'an' if spoken_with_vowel else 'a'} {size} rubber"


@register.filter
def hand_name(hand) -> str:
    return HAND_NAMES.get(hand, hand)


@register.filter
def other_side(side) -> str:
    return "they" if side == "we" else "we"


@register.filter
def tricks_needed(value) -> int:
    return Contract.parse(value).tricks_needed


@register.filter
def is_notrump(value) -> bool:
    return Contract.parse(value).strain is Strain.NOTRUMP


@register.filter
def trump_suit(value) -> str:
    return Contract.parse(value).strain.noun


@register.filter
def honors_words(honors) -> str:
    return HONORS_WORDS.get(honors, honors)


@register.filter
def item_label(key) -> str:
    from scoring.items import LABELS, Kind

    try:
        return LABELS[Kind(key)]
    except ValueError:
        return key


@register.filter
def holding(cards, contract_text) -> str:
    """A hand's honors as cards: trumps in the contract's suit, or aces at notrump."""
    c = Contract.parse(contract_text)
    if c.strain is Strain.NOTRUMP:
        shown = [card(text) for text in cards]
    else:
        shown = [card(f"{rank}{c.strain.value}") for rank in cards]
    return mark_safe(" ".join(shown))
