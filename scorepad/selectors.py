"""Reads of the score pad: whose games these are, and each game replayed by the engine."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet

from scorepad.models import ScorePad
from scorepad.play import DEAL_LIMITS, DealRejected, Play, Setup, replay

SESSION_KEY = "scorepad_games"


def scorepad_setup(*, pad: ScorePad) -> Setup:
    return Setup(
        kind=pad.kind,
        form=pad.form,
        first_dealer=pad.first_dealer or "we",
        fifty=pad.fifty,
        players=tuple(pad.players),
        scorer=pad.scorer,
    )


def scorepad_full(*, pad: ScorePad) -> bool:
    """Whether the game keeps as many deals as a game may: no deal is added, and the pad
    says so where the next deal's form would be."""
    return len(pad.deals) >= DEAL_LIMITS[pad.kind]


def _owned(*, user, session) -> Q:
    # A visitor's games are the ids their session holds (and nobody has claimed);
    # a signed-in user's are theirs wherever they sign in.
    mine = Q(user=None, public_id__in=list(session.get(SESSION_KEY, [])))
    if user is not None and user.is_authenticated:
        mine |= Q(user=user)
    return mine


def scorepads_for_owner(*, user, session) -> QuerySet[ScorePad]:
    return ScorePad.objects.filter(_owned(user=user, session=session)).order_by("-updated", "-pk")


def scorepad_for_owner(*, user, session, public_id: str) -> ScorePad | None:
    """The game, if it belongs to this browser or user; another's game is None (a 404)."""
    return scorepads_for_owner(user=user, session=session).filter(public_id=public_id).first()


@dataclass(frozen=True)
class Problem:
    """A stored deal the engine no longer accepts (its rules changed since it was entered)."""

    position: int
    message: str


def scorepad_play(*, pad: ScorePad) -> tuple[Play, Problem | None]:
    """The game replayed through the engine.

    A stored game always replays, since each write is checked first; should the engine's
    rules change under it, the deals before the refused one are shown with the problem.
    """
    setup = scorepad_setup(pad=pad)
    try:
        return replay(setup, pad.deals, pad.ended), None
    except DealRejected as error:
        problem = Problem(error.position, str(error))
        return replay(setup, pad.deals[: error.position - 1], pad.ended), problem


@dataclass(frozen=True)
class Summary:
    """A line of the list of games."""

    pad: ScorePad
    play: Play
    deals: int


GAMES_PER_PAGE = 20
"""Games listed a page, each replayed for its score: an account may keep any number of
games, so the list goes by pages, and each page replays a bounded number of deals."""


def scorepad_summaries(*, user, session, page: str | int | None = None) -> Page:
    """One page of the owner's games, newest first (`page` as asked; a bad one, the first
    or last), each with its replay; the page's `object_list` holds the summaries."""
    games = Paginator(scorepads_for_owner(user=user, session=session), GAMES_PER_PAGE)
    listed = games.get_page(page)
    listed.object_list = [
        Summary(pad, scorepad_play(pad=pad)[0], len(pad.deals)) for pad in listed.object_list
    ]
    return listed
