"""Writes of the score pad: start a game, add, change or undo a deal, end the game.

Every write replays the whole game through the engine before it is saved, so a stored
game always replays: a deal the engine refuses is never written.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from scorepad import play
from scorepad.models import ScorePad
from scorepad.selectors import SESSION_KEY, scorepad_full, scorepad_setup
from scoring import PlayedDeal, ScoringError

SESSION_LIMIT = 200  # a browser remembers this many games, newest first
# Kept in English (tests compare pages with them), translated where raised: gettext(...).
STALE_MESSAGE = gettext_noop(
    "The sheet changed after this form was shown (a second tap, or another window), "
    "so nothing was changed. Check the sheet, then enter it again if it is missing."
)
NOTHING_TO_UNDO = gettext_noop("There is no deal to undo yet")
ALREADY_OVER = gettext_noop("This game is already over")
GAME_FULL = gettext_noop(
    "This game has {limit} deals, as many as one game keeps: start a new game for the next "
    "ones. You can still change, undo or print these."
)


GAMES_PER_DAY = 50  # new games one browser (or account) starts in 24 hours: a club has a few
TOO_MANY_GAMES = gettext_noop(
    "You have started {limit} games in the last day, as many as we keep for one player in a "
    "day. Carry on with one of them, or start the next one tomorrow."
)


class TooManyGames(ValueError):
    """The browser or account started GAMES_PER_DAY games in the last day: none is started."""


class StaleForm(ValueError):
    """A form drawn for an earlier state of the game: acting on it could repeat a deal."""


class GameFull(ValueError):
    """The game keeps as many deals as a game may (play.DEAL_LIMITS): none is added."""


def scorepad_start(
    *,
    user,
    session,
    kind: str,
    title: str = "",
    form: str = "",
    first_dealer: str = "",
    fifty: str = "up",
    players: list[str] | tuple[str, ...] = (),
    scorer: str = "",
    form_key: str | None = None,
) -> ScorePad:
    """A new, empty game, owned by the signed-in user or else by this browser's session.

    The same start form sent twice (`form_key`) starts one game: the second request is
    given the first one's game.
    """
    pad = ScorePad(
        kind=kind,
        title=title,
        form=form,
        first_dealer=first_dealer,
        fifty=fifty,
        players=list(players),
        scorer=scorer,
        user=user if user is not None and user.is_authenticated else None,
        form_key=form_key,
    )
    play.replay(scorepad_setup(pad=pad), [])  # the engine refuses a setup it cannot score
    if _started_today(user=pad.user, session=session) >= GAMES_PER_DAY and not (
        form_key and ScorePad.objects.filter(form_key=form_key).exists()  # sent again: its game
    ):
        raise TooManyGames(gettext(TOO_MANY_GAMES).format(limit=GAMES_PER_DAY))
    try:
        with transaction.atomic():
            pad.save()
    except IntegrityError:
        if form_key is None:
            raise
        # Only the browser the form was shown to holds its key: the game it started.
        pad = ScorePad.objects.get(form_key=form_key)
    if pad.user is None:
        _remember(session, pad)
    return pad


def _started_today(*, user, session) -> int:
    """Games started in the last 24 hours by the account, else by this browser (its session
    remembers up to SESSION_LIMIT games)."""
    since = timezone.now() - timedelta(days=1)
    mine = ScorePad.objects.filter(created__gte=since)
    if user is not None:
        return mine.filter(user=user).count()
    return mine.filter(user=None, public_id__in=session.get(SESSION_KEY, [])).count()


def _remember(session, pad: ScorePad) -> None:
    known = [pid for pid in session.get(SESSION_KEY, []) if pid != pad.public_id]
    session[SESSION_KEY] = [pad.public_id, *known][:SESSION_LIMIT]


@transaction.atomic
def scorepad_deal_add(*, pad: ScorePad, deal: PlayedDeal, revision: int) -> ScorePad:
    """Write the next deal; the engine refuses it (ScoringError) if it breaks a rule."""
    pad = _locked(pad, revision)
    if pad.ended:
        raise ScoringError(gettext(play.ENDED_MESSAGE))
    if scorepad_full(pad=pad):
        raise GameFull(gettext(GAME_FULL).format(limit=play.DEAL_LIMITS[pad.kind]))
    deals = [*pad.deals, deal.as_data()]
    play.replay(scorepad_setup(pad=pad), deals)
    pad.deals = deals
    return _save(pad)


@transaction.atomic
def scorepad_deal_replace(
    *, pad: ScorePad, number: int, deal: PlayedDeal, revision: int
) -> ScorePad:
    """Change deal `number` (1-based); every deal after it is scored again."""
    pad = _locked(pad, revision)
    if not 1 <= number <= len(pad.deals):
        raise ScoringError(gettext("There is no deal {number} to change").format(number=number))
    deals = [*pad.deals[: number - 1], deal.as_data(), *pad.deals[number:]]
    try:
        play.replay(scorepad_setup(pad=pad), deals, pad.ended)
    except play.DealRejected as error:
        if error.position == number:
            raise
        raise ScoringError(
            gettext(
                "With this change, deal {position} in the list no longer fits: {error}. "
                "Undo the later deals first."
            ).format(position=error.position, error=error)
        ) from error
    pad.deals = deals
    return _save(pad)


@transaction.atomic
def scorepad_undo(*, pad: ScorePad, revision: int) -> ScorePad:
    """Take back the last step: reopen a game ended by hand, or remove the last deal."""
    pad = _locked(pad, revision)
    if pad.ended:
        pad.ended = False
    elif pad.deals:
        pad.deals = pad.deals[:-1]
    else:
        raise ScoringError(gettext(NOTHING_TO_UNDO))
    return _save(pad)


@transaction.atomic
def scorepad_end(*, pad: ScorePad, revision: int) -> ScorePad:
    """Stop now: an unfinished rubber gets its bonuses; a chukker or session just ends."""
    pad = _locked(pad, revision)
    if pad.ended or play.replay(scorepad_setup(pad=pad), pad.deals).finished:
        raise ScoringError(gettext(ALREADY_OVER))
    pad.ended = True
    return _save(pad)


def _locked(pad: ScorePad, revision: int) -> ScorePad:
    # The row lock queues two quick taps; the revision turns the second into a no-op.
    locked = ScorePad.objects.select_for_update().get(pk=pad.pk)
    if locked.revision != revision:
        raise StaleForm(gettext(STALE_MESSAGE))
    return locked


def _save(pad: ScorePad) -> ScorePad:
    pad.revision += 1
    pad.save(update_fields=["deals", "ended", "revision", "updated"])
    return pad
