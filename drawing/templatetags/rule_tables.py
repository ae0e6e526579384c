"""Tables of the rules, each worked out by the engine (scoring/tables.py), drawn as HTML."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, gettext_lazy

from scoring import tables

register = template.Library()

# Default captions, in the page's language when it is drawn.
TRICK_SCORE_CAPTION = gettext_lazy("Trick score for each odd trick bid and made")
OVERTRICK_CAPTION = gettext_lazy("Each overtrick")
UNDERTRICK_CAPTION = gettext_lazy("Undertricks: what the defenders score")
BONUS_CAPTION = gettext_lazy("Bonuses")
RUBBER_BONUS_CAPTION = gettext_lazy("Rubber bonuses")
HONORS_CAPTION = gettext_lazy("Honors (in one hand)")
VICTORY_POINT_CAPTION = gettext_lazy("Victory points for a round")
BOARD_CAPTION = gettext_lazy("Dealer and vulnerability by board number")
IMP_CAPTION = gettext_lazy("The IMP scale")


@register.inclusion_tag("drawing/rule_tables/trick_score.html")
def trick_score_table(form="rubber", caption=TRICK_SCORE_CAPTION):
    return {
        "rows": tables.trick_score_rows(form),
        "notrump_other": tables.notrump_other_trick(form),
        "caption": caption,
    }


@register.inclusion_tag("drawing/rule_tables/overtricks.html")
def overtrick_table(form="rubber", caption=OVERTRICK_CAPTION):
    return {"rows": tables.overtrick_rows(form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/undertricks.html")
def undertrick_table(down_to=5, form="duplicate", caption=UNDERTRICK_CAPTION):
    return {"rows": tables.undertrick_rows(int(down_to), form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/bonuses.html")
def bonus_table(form="duplicate", caption=BONUS_CAPTION):
    return {"rows": tables.bonus_rows(form), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/pairs.html")
def rubber_bonus_table(caption=RUBBER_BONUS_CAPTION):
    return {
        "rows": tables.rubber_bonus_rows(),
        "caption": caption,
        "heading": gettext_lazy("Points"),
        "name": "rubber-bonuses",
    }


@register.inclusion_tag("drawing/rule_tables/pairs.html")
def honors_table(caption=HONORS_CAPTION):
    return {
        "rows": tables.honors_rows(),
        "caption": caption,
        "heading": gettext_lazy("Points"),
        "name": "honors",
    }


@register.inclusion_tag("drawing/rule_tables/victory_points.html")
def victory_point_table(caption=VICTORY_POINT_CAPTION):
    return {"rows": tables.victory_point_rows(), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/boards.html")
def board_table(caption=BOARD_CAPTION):
    return {"rows": tables.board_rows(), "caption": caption}


@register.inclusion_tag("drawing/rule_tables/imps.html")
def imp_table(caption=IMP_CAPTION):
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
        "caption": caption
        or gettext("Winners' victory points by IMP margin, %(boards)s boards") % {"boards": boards},
    }
