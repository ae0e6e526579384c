"""Words and small tables for the score pad. No arithmetic: every figure comes from a replay."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, ngettext

from drawing.templatetags.cards import side_name
from drawing.templatetags.sheets import rubber_words

register = template.Library()


@register.filter
def pair(names) -> str:
    """Two partners: "Mr Smith & Mr Jones"."""
    return " & ".join(names) if names else ""


@register.filter
def tricks_words(result) -> str:
    """How a contract went, from the engine's result: "made", "made, 2 over", "3 down"."""
    if result is None:
        return ""
    if not result.made:
        count = result.undertricks
        return ngettext("{count} down", "{count} down", count).format(count=count)
    if result.overtricks:
        count = result.overtricks
        return ngettext("made, {count} over", "made, {count} over", count).format(count=count)
    return gettext("made")


@register.simple_tag
def back_score_rows(back_score, rubbers):
    """Each player's standing after each finished rubber, as a back score is written."""
    if back_score is None:
        return []
    sitting = [r.sitting_out for r in rubbers if r.sheet.is_finished]
    return [
        {
            "player": player,
            "running": list(zip(back_score.running(player), sitting, strict=True)),
            "total": back_score.total(player),
        }
        for player in back_score.players
    ]


@register.filter
def highlight_in(lines, sheet) -> int | None:
    """The number on `sheet` of the last deal entered, if it was written on that sheet."""
    if not lines or sheet is None:
        return None
    record = lines[-1].record
    if record is not None and sheet.deals and sheet.deals[-1] is record:
        return record.number
    return None


@register.filter
def outcome_words(outcome, kind="rubber") -> str:
    """A finished sheet in words: "WE win by 1830: an 18 rubber"."""
    if outcome is None:
        return ""
    if outcome.winner is None:
        return gettext("The sides are level.")
    words = {"side": side_name(outcome.winner), "margin": outcome.margin}
    hundreds = outcome.hundreds
    if hundreds == 0:
        return gettext("{side} ahead by {margin}, which rounds to nothing.").format(**words)
    if kind == "rubber":
        return gettext("{side} win by {margin}: {rubber}.").format(
            **words, rubber=rubber_words(hundreds)
        )
    return gettext("{side} win by {margin}: +{hundreds} in hundreds.").format(
        **words, hundreds=hundreds
    )
