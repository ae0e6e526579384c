"""What one visitor can grow in the score pad is bounded (issue #27): deals per game, and
board and pair numbers. A game at its limit says so and stays usable; its pages stay small.

Who is who: `client` is Ann's browser, signed in as Ann, who owns every game here.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from scorepad import services
from scorepad.forms import BOARD_TOO_HIGH, MAX_BOARD
from scorepad.models import ScorePad
from scorepad.play import DEAL_LIMITS
from scorepad.selectors import GAMES_PER_PAGE
from scorepad.traveller_forms import PAIR_TOO_HIGH
from scoring import PlayedDeal
from tests.factories import ScorePadFactory, UserFactory
from tests.scorepad.test_pairs import MITCHELL, field_error, session_data
from tests.scorepad.test_traveller import FOUR_TABLES

pytestmark = pytest.mark.django_db

GAME = {"declarer": "we", "contract": "4S", "tricks": 10}
PASSED = {"passed_out": True}
# Each kind's fullest game: fifty rubbers of two games each, with a five-player back score;
# a chukker of deals passed out again and again; a session of 150 boards.
FULL = {
    "rubber": {"players": ["Ann", "Bob", "Cy", "Di", "Ed"], "scorer": "Ann", "deals": [GAME] * 100},
    "chukker": {"form": "chicago", "first_dealer": "we", "deals": [PASSED] * 100},
    "duplicate": {
        "deals": [
            {"declarer": "N", "contract": "4S", "tricks": 10, "board": n} for n in range(1, 151)
        ]
    },
}
NEXT_DEAL = {
    "rubber": {"declarer": "we", "level": "4", "strain": "S", "tricks": "10"},
    "chukker": {"declarer": "we", "level": "4", "strain": "S", "tricks": "10"},
    "duplicate": {"board": "151", "declarer": "N", "level": "4", "strain": "S", "tricks": "10"},
}
PAGE_MOST_BYTES = 300_000
PAGE_MOST_QUERIES = 3  # the session, the user, the game: none per deal


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


def full_game(user, kind, *, less=0) -> ScorePad:
    settings = dict(FULL[kind])
    deals = settings.pop("deals")
    return ScorePadFactory(user=user, kind=kind, deals=deals[: len(deals) - less], **settings)


def url_of(pad) -> str:
    return f"/scorepad/{pad.public_id}/"


def test_the_limits_are_more_deals_than_an_evening_ever_has():
    assert DEAL_LIMITS == {"rubber": 100, "chukker": 100, "duplicate": 150}
    assert all(len(FULL[kind]["deals"]) == limit for kind, limit in DEAL_LIMITS.items())


@pytest.mark.parametrize("kind", DEAL_LIMITS)
def test_the_last_deal_a_game_keeps_is_added_and_the_next_is_refused(ann, kind):
    pad = full_game(ann, kind, less=1)
    deal = PlayedDeal.from_data(FULL[kind]["deals"][-1])
    pad = services.scorepad_deal_add(pad=pad, deal=deal, revision=pad.revision)
    assert len(pad.deals) == DEAL_LIMITS[kind]
    with pytest.raises(services.GameFull, match="as many as one game keeps"):
        services.scorepad_deal_add(pad=pad, deal=deal, revision=pad.revision)
    pad.refresh_from_db()
    assert len(pad.deals) == DEAL_LIMITS[kind]


@pytest.mark.parametrize("kind", DEAL_LIMITS)
def test_a_game_at_its_limit_says_so_and_refuses_another_deal(client, ann, kind):
    pad = full_game(ann, kind)
    message = escape(services.GAME_FULL.format(limit=DEAL_LIMITS[kind]))
    html = client.get(url_of(pad)).content.decode()
    assert message in html and 'id="deal-form"' not in html
    data = {"revision": pad.revision, **NEXT_DEAL[kind]}
    refused = client.post(f"{url_of(pad)}deals/", data)
    assert refused.status_code == 422 and message in refused.content.decode()
    pad.refresh_from_db()
    assert len(pad.deals) == DEAL_LIMITS[kind]


@pytest.mark.parametrize("kind", DEAL_LIMITS)
def test_a_game_at_its_limit_can_still_be_changed_undone_and_printed(client, ann, kind):
    pad = full_game(ann, kind)
    url = url_of(pad)
    html = client.get(url).content.decode()
    assert f'href="{url}deals/1/"' in html and f'action="{url}undo/"' in html
    assert 'id="deal-form"' in client.get(f"{url}deals/1/").content.decode()
    # Deal 1 changed to the same deal: the game is scored again, nothing refused.
    first = {**NEXT_DEAL[kind], "board": "1"} if kind == "duplicate" else NEXT_DEAL[kind]
    if kind == "chukker":
        first = {"passed_out": "1"}
    changed = client.post(f"{url}deals/1/", {"revision": pad.revision, **first})
    assert changed.status_code == 302
    pad.refresh_from_db()
    undone = client.post(f"{url}undo/", {"revision": pad.revision})
    assert undone.status_code == 302
    pad.refresh_from_db()
    assert len(pad.deals) == DEAL_LIMITS[kind] - 1
    assert 'id="deal-form"' in client.get(url).content.decode()  # room for one more


@pytest.mark.parametrize("kind", DEAL_LIMITS)
@pytest.mark.parametrize("suffix", ["", "deals/1/"])
def test_a_game_at_its_limit_is_a_small_page_drawn_with_a_few_queries(client, ann, kind, suffix):
    # A game's pages are replayed on every request: at the limit they stay a few hundred KB,
    # and the queries do not grow with the deals (no timer: size and queries say it).
    pad = full_game(ann, kind)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{url_of(pad)}{suffix}")
    assert response.status_code == 200
    assert len(response.content) < PAGE_MOST_BYTES
    assert len(queries) <= PAGE_MOST_QUERIES


def test_a_long_game_explains_its_latest_deals_and_lists_the_earlier_in_a_line(client, ann):
    pad = full_game(ann, "duplicate")
    html = client.get(url_of(pad)).content.decode()
    assert html.count('class="pad-deals__item') == 150
    assert html.count("<details>") == 12 and "tap its number on the sheet" in html


# -- board and pair numbers -------------------------------------------------------------------


def test_a_board_number_beyond_any_session_is_refused_beside_the_box(client, ann):
    pad = ScorePadFactory(user=ann, kind="duplicate")
    data = {"revision": 0, **NEXT_DEAL["duplicate"], "board": str(10**30)}
    response = client.post(f"{url_of(pad)}deals/", data)
    assert response.status_code == 422
    assert escape(BOARD_TOO_HIGH) in response.content.decode()
    accepted = client.post(f"{url_of(pad)}deals/", {**data, "board": str(MAX_BOARD)})
    assert accepted.status_code == 302


@pytest.mark.parametrize("board", [str(10**30), "1" + "0" * 5000])
def test_a_traveller_of_a_board_beyond_any_session_is_refused(client, board):
    response = client.get("/scorepad/traveller/", {**FOUR_TABLES, "board": board})
    assert response.status_code == 422
    assert "field__error" in response.content.decode()


def test_a_pair_number_beyond_any_field_is_refused_beside_the_box(client):
    data = session_data(MITCHELL) | {"t0-0-ns": str(10**300), "traveller-1-board": str(10**30)}
    response = client.get("/scorepad/pairs/", data)
    assert response.status_code == 422
    html = response.content.decode()
    assert field_error(html, "t0-0-ns") == escape(PAIR_TOO_HIGH)
    assert field_error(html, "traveller-1-board") == escape(BOARD_TOO_HIGH)


# -- the list of games ----------------------------------------------------------------------


def test_the_list_of_games_goes_by_pages_of_twenty_newest_first(client, ann):
    pads = [ScorePadFactory(user=ann, title=f"Game {n}") for n in range(45)]
    first = client.get("/scorepad/").content.decode()
    assert first.count('<th scope="row"><a href="/scorepad/') == GAMES_PER_PAGE
    assert url_of(pads[-1]) in first and url_of(pads[0]) not in first
    assert "Games 1 to 20 of 45" in first and 'href="?page=2" rel="next"' in first
    last = client.get("/scorepad/", {"page": "3"}).content.decode()
    assert last.count('<th scope="row"><a href="/scorepad/') == 5 and url_of(pads[0]) in last
    assert client.get("/scorepad/", {"page": "x" * 300}).status_code == 200


def test_a_page_of_full_games_replays_twenty_games_at_most_with_a_few_queries(client, ann):
    for _ in range(GAMES_PER_PAGE + 5):
        full_game(ann, "rubber")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/scorepad/")
    assert response.status_code == 200
    assert response.content.decode().count("(rubber 50)") == GAMES_PER_PAGE
    assert len(queries) <= PAGE_MOST_QUERIES + 1  # and the count of games, for the pages
