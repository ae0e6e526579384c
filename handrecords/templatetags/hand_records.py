"""Drawing a hand record: the ranks of a holding, and the strains of a double-dummy table."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.translation import gettext

from drawing.templatetags.cards import rank_letter, seat_letter
from handrecords import services
from handrecords.values import PRINTED_STRAINS, SUITS

register = template.Library()

VOID = "—"


@register.filter
def ranks(holding: str) -> str:
    """A suit's cards as the bridge world prints them: "AKT9" is "A K 10 9" (French "A R 10 9",
    Dutch "A H 10 9"); a void is a dash."""
    if not holding:
        return VOID
    return " ".join("10" if rank == "T" else rank_letter(rank) for rank in holding)


@register.filter
def holdings(hand) -> list[tuple[str, str]]:
    """(suit, ranks) for each suit of a hand, spades first."""
    return list(zip(SUITS, hand.suits, strict=True))


@register.filter
def seat_letters(seats) -> str:
    """Par's declarers as the page writes them: "N or S" (French "N ou S")."""
    letters = [seat_letter(seat) for seat in seats]
    if len(letters) < 2:
        return "".join(letters)
    return gettext("{seats} or {last}").format(seats=", ".join(letters[:-1]), last=letters[-1])


@register.simple_tag
def printed_strains() -> tuple[str, ...]:
    return PRINTED_STRAINS


@register.simple_tag
def hand_record(deal: str, board: int):
    """A board's record (the solver's tricks and par, scored by the engine), for a page that
    works a deal through: {% hand_record "N:..." 5 as record %}."""
    return _worked_board(deal, int(board))


@lru_cache(maxsize=16)
def _worked_board(deal: str, board: int):
    # A lesson's few worked boards, kept in the process: its page asks the database nothing.
    return services.hand_record_make(deal=deal, board=board, cached=False)


@register.simple_tag
def best_contract(record, pair: str):
    """The pair's best contract when no one bids over it: {% best_contract record "NS" as c %}."""
    return services.best_contract(record, pair)
