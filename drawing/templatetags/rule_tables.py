"""Tables of the rules, each worked out by the engine (scoring/tables.py), drawn as HTML."""

from __future__ import annotations

from django import template

from scoring import tables

register = template.Library()


@register.inclusion_tag("drawing/rule_tables/trick_score.html")
def trick_score_table(form="rubber", caption="Trick score for each odd trick bid and made"):
    return {
        "rows": tables.trick_score_rows(form),
        "notrump_other": tables.notrump_other_trick(form),
        "caption": caption,
    }


@register.inclusion_tag("drawing/rule_tables/overtricks.html")
def overtrick_table(form="rubber", caption="Each overtrick"):
    return {"rows": tables.overtrick_rows(form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/undertricks.html")
def undertrick_table(down_to=5, form="duplicate", caption="Undertricks: what the defenders score"):
    return {"rows": tables.undertrick_rows(int(down_to), form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/bonuses.html")
def bonus_table(form="duplicate", caption="Bonuses"):
    return {"rows": tables.bonus_rows(form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/pairs.html")
def rubber_bonus_table(caption="Rubber bonuses"):
    return {
        "rows": tables.rubber_bonus_rows(),
        "caption": caption,
        "heading": "Points",
        "name": "rubber-bonuses",
    }


@register.inclusion_tag("drawing/rule_tables/pairs.html")
def honors_table(caption="Honors (in one hand)"):
    return {"rows": tables.honors_rows(), "caption": caption, "heading": "Points", "name": "honors"}


@register.inclusion_tag("drawing/rule_tables/victory_points.html")
def victory_point_table(caption="Victory points for a round"):
    return {"rows": tables.victory_point_rows(), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/boards.html")
def board_table(caption="Dealer and vulnerability by board number"):
    return {"rows": tables.board_rows(), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/imps.html")
def imp_table(caption="The IMP scale"):
    return {"rows": tables.imp_scale_rows(), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/wbf_scale.html")
def wbf_scale_table(boards, caption=""):
    boards = int(boards)
    rows = tables.wbf_scale_rows(boards)
    return {
        "rows": rows,
        "boards": boards,
        "last": rows[-1][-1][0],
        # How to read the grid, on its third row's fourth cell: (margin, row, column).
        "example": (rows[2][3][0], rows[2][0][0], 3),
        "caption": caption or f"Winners' victory points by IMP margin, {boards} boards",
    }
