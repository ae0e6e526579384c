"""Score pad writes and reads: every write is replayed by the engine before it is saved."""

import pytest

from scorepad import selectors, services
from scorepad.models import ScorePad
from scoring import PlayedDeal, ScoringError

pytestmark = pytest.mark.django_db
GAME = {"declarer": "we", "contract": "4S", "tricks": 10}


class AnonymousUser:
    is_authenticated = False


def new_pad(session=None, **settings) -> ScorePad:
    settings = {"kind": "rubber", **settings}
    session = session if session is not None else {}
    return services.scorepad_start(user=AnonymousUser(), session=session, **settings)


def test_a_visitors_game_is_remembered_by_their_session_newest_first():
    session = {}
    first, second = new_pad(session), new_pad(session)
    assert session[selectors.SESSION_KEY] == [second.public_id, first.public_id]
    mine = selectors.scorepads_for_owner(user=AnonymousUser(), session=session)
    assert list(mine) == [second, first]
    assert not selectors.scorepads_for_owner(user=AnonymousUser(), session={}).exists()


def test_a_setup_the_engine_cannot_score_is_not_saved():
    with pytest.raises(ScoringError, match="A chukker is scored as"):
        new_pad(kind="chukker", form="rubber", first_dealer="we")
    assert not ScorePad.objects.exists()


def test_each_write_moves_the_revision_on_and_a_stale_one_changes_nothing():
    pad = new_pad()
    pad = services.scorepad_deal_add(pad=pad, deal=PlayedDeal.from_data(GAME), revision=0)
    assert pad.revision == 1
    with pytest.raises(services.StaleForm):
        services.scorepad_deal_add(pad=pad, deal=PlayedDeal.from_data(GAME), revision=0)
    with pytest.raises(services.StaleForm):
        services.scorepad_undo(pad=pad, revision=0)
    pad.refresh_from_db()
    assert (pad.deals, pad.revision) == ([GAME], 1)


def test_a_deal_the_engine_refuses_is_never_written():
    pad = new_pad()
    with pytest.raises(ScoringError, match="13 tricks is the most"):
        services.scorepad_deal_add(
            pad=pad, deal=PlayedDeal.from_data({**GAME, "tricks": 14}), revision=0
        )
    pad.refresh_from_db()
    assert (pad.deals, pad.revision) == ([], 0)


def test_changing_a_deal_that_does_not_exist_is_refused():
    pad = new_pad()
    with pytest.raises(ScoringError, match="There is no deal 3 to change"):
        services.scorepad_deal_replace(
            pad=pad, number=3, deal=PlayedDeal.from_data(GAME), revision=0
        )


def test_ending_a_game_that_is_over_is_refused():
    pad = new_pad(kind="chukker", form="chicago", first_dealer="we")
    for revision in range(4):
        pad = services.scorepad_deal_add(
            pad=pad, deal=PlayedDeal.from_data(GAME), revision=revision
        )
    with pytest.raises(ScoringError, match="already over"):
        services.scorepad_end(pad=pad, revision=pad.revision)


def test_no_deal_is_added_to_a_game_that_is_over():
    pad = new_pad()
    pad = services.scorepad_deal_add(pad=pad, deal=PlayedDeal.from_data(GAME), revision=0)
    pad = services.scorepad_end(pad=pad, revision=1)
    with pytest.raises(ScoringError, match="This game is over"):
        services.scorepad_deal_add(pad=pad, deal=PlayedDeal.from_data(GAME), revision=pad.revision)
    pad.refresh_from_db()
    assert (pad.deals, pad.ended, pad.revision) == ([GAME], True, 2)


def test_ending_then_undoing_reopens_the_game():
    pad = new_pad()
    pad = services.scorepad_deal_add(pad=pad, deal=PlayedDeal.from_data(GAME), revision=0)
    pad = services.scorepad_end(pad=pad, revision=1)
    played, _ = selectors.scorepad_play(pad=pad)
    assert played.finished and played.sheet.total("we") == 120 + 300  # the only game: 300
    pad = services.scorepad_undo(pad=pad, revision=2)
    played, _ = selectors.scorepad_play(pad=pad)
    assert not played.finished and played.sheet.total("we") == 120


def test_a_stored_deal_the_engine_no_longer_accepts_is_shown_as_a_problem(client):
    # As if the engine's rules had changed under a stored game: it still opens.
    pad = new_pad(client.session)
    ScorePad.objects.filter(pk=pad.pk).update(deals=[GAME, {**GAME, "tricks": 15}])
    pad.refresh_from_db()
    played, problem = selectors.scorepad_play(pad=pad)
    assert problem.position == 2 and "13 tricks is the most" in problem.message
    assert len(played.lines) == 1
    session = client.session
    session[selectors.SESSION_KEY] = [pad.public_id]
    session.save()
    response = client.get(f"/scorepad/{pad.public_id}/")
    assert response.status_code == 200
    assert "Deal 2 can no longer be scored" in response.content.decode()
