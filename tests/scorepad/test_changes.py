"""The score pad's changes to a game: undo, edit and resume, and whose games they are.

Who is who: `client` is Ann's browser, which starts the games; `other_client` is Bob's
browser, which must never see them.
"""

import re

import pytest
from django.test import Client

from lessons import deals
from tests.factories import UserFactory
from tests.scorepad.scorer import (
    HTMX,
    act,
    deal_fields,
    deal_list,
    enter,
    input_value,
    item_points,
    pad_of,
    page,
    play_chicago_round,
    result,
    rubber_row_totals,
    rubbers_by_engine,
    sheet_totals,
    start,
)

pytestmark = pytest.mark.django_db


# -- undo, edit, resume -------------------------------------------------------------------------


# What making deal 1 of the sample rubber (rules §8.1) a game for WE (4H, ten tricks) changes later:
# (deal, item, side, points before the edit, points after it); None where there is no such item.
# The figures are rules §1 and §2; NV is not vulnerable.
CHANGED_BY_EDITING_DEAL_1 = [
    (2, "overtricks", "we", 100, 200),  # a doubled overtrick: 100 NV, 200 vulnerable
    (4, "undertricks", "they", 100, 200),  # two down undoubled: 100 NV, 200 vulnerable
    (6, "rubber_bonus", "we", None, 500),  # WE's second game; THEY have one: 500
    (7, "undertricks", "they", 300, 150),  # three down: 300 vulnerable; 150 in a new rubber
    (8, "slam_bonus", "we", 750, 500),  # a small slam: 750 vulnerable, 500 NV
    (8, "rubber_bonus", "we", 500, None),  # deal 8 no longer wins a rubber
]


def test_undo_removes_the_last_deal_and_the_sheet_is_scored_again(client):
    url = start(client, "rubber", fifty="up")
    for deal in deals.SAMPLE_RUBBER[:5]:
        enter(client, url, deal_fields(deal))
    act(client, url, "undo")
    expected = deals.sample_rubber(4)
    assert sheet_totals(page(client, url)) == (expected.total("we"), expected.total("they"))
    assert len(pad_of(url).deals) == 4


def test_undo_of_the_deal_that_won_the_rubber_reopens_it(client):
    url = start(client, "rubber", fifty="up")
    for deal in deals.SAMPLE_RUBBER:
        enter(client, url, deal_fields(deal))
    act(client, url, "undo", **HTMX)
    html = page(client, url)
    assert sheet_totals(html) == (890, 550)  # rules §8.1, after deal 7
    assert "Rubber 1, deal 8" in html
    assert "an 18 rubber" not in html


def test_undo_after_stopping_reopens_the_game_without_losing_a_deal(client):
    url = start(client, "rubber", fifty="down")
    for deal in deals.FOUR_HANDS:
        enter(client, url, deal_fields(deal))
    act(client, url, "end")
    act(client, url, "undo")
    pad = pad_of(url)
    assert (pad.ended, len(pad.deals)) == (False, 4)
    html = page(client, url)
    assert "Rubber 1, deal 5" in html
    assert sheet_totals(html) == (1390, 120)  # rules §8.4 before the unfinished-rubber bonuses


def test_editing_an_earlier_deal_scores_every_later_deal_again(client):
    url = start(client, "rubber", fifty="up")
    for deal in deals.SAMPLE_RUBBER:
        enter(client, url, deal_fields(deal))
    before = page(client, url)
    # Deal 1 becomes WE in 4H making ten tricks: a game, so WE are vulnerable from deal 2,
    # and WE's game on deal 6 is now their second: it wins the rubber, deals 7 and 8 begin
    # rubber 2, where nobody is vulnerable.
    game = deals.Deal("we", "4H", 10)
    edited = (game, *deals.SAMPLE_RUBBER[1:])
    response = client.post(
        f"{url}deals/1/", {"revision": pad_of(url).revision, **deal_fields(game)}
    )
    assert response.status_code == 302
    after = page(client, url)

    # Every deal of the list, as the engine scores the whole list before and after the edit.
    (sample,), as_sampled = rubbers_by_engine(deals.SAMPLE_RUBBER)
    (rubber_one, rubber_two), as_edited = rubbers_by_engine(edited)
    listed_before, listed_after = deal_list(before), deal_list(after)
    assert listed_before == as_sampled
    assert listed_after == as_edited
    for number, item, side, was, now in CHANGED_BY_EDITING_DEAL_1:
        assert item_points(listed_before, number, item, side) == was, (number, item)
        assert item_points(listed_after, number, item, side) == now, (number, item)
    # Who was vulnerable on deals 2, 4 and 7, before the edit and after it.
    assert [listed_before[n][1] for n in (2, 4, 7)] == ["Neither side", "THEY", "Both sides"]
    assert [listed_after[n][1] for n in (2, 4, 7)] == ["WE", "Both sides", "Neither side"]

    # The finished rubber's totals, and the sheet now in play.
    assert rubber_row_totals(before, 1) == (sample.total("we"), sample.total("they")) == (2380, 550)
    assert rubber_row_totals(after, 1) == (rubber_one.total("we"), rubber_one.total("they"))
    assert rubber_one.rubber_winner == "we" and not rubber_two.is_finished
    assert sheet_totals(after) == (rubber_two.total("we"), rubber_two.total("they"))
    assert "Rubber 2, deal 3" in after
    stored = pad_of(url).deals
    assert stored[0] == {"declarer": "we", "contract": "4H", "tricks": 10}
    assert len(stored) == len(deals.SAMPLE_RUBBER)


def test_editing_a_deal_through_htmx_shows_its_form_filled_in(client):
    url = play_chicago_round(client, upto=2)
    html = client.get(f"{url}deals/2/", **HTMX).content.decode()
    assert "<html" not in html
    assert "Change deal 2" in html
    assert 'value="3"' in input_value(html, "level")
    assert re.search(r'value="NT" checked', html)
    assert re.search(r'value="they" checked', html)


def test_edit_that_would_break_a_later_deal_changes_nothing(client):
    url = start(client, "chukker", form="chicago", first_dealer="we", fifty="up")
    enter(client, url, deal_fields(deals.CHICAGO_ROUND[0]))
    enter(client, url, {"passed_out": "1"})
    for deal in deals.CHICAGO_ROUND[1:]:
        enter(client, url, deal_fields(deal))
    before = pad_of(url).deals
    # The passed-out deal becomes a played one: the chukker would then have five deals.
    fields = deal_fields(deals.CHICAGO_ROUND[1])
    response = client.post(f"{url}deals/2/", {"revision": pad_of(url).revision, **fields})
    assert response.status_code == 422
    assert "deal 5 in the list no longer fits" in response.content.decode()
    assert pad_of(url).deals == before


def test_a_resumed_game_continues_where_it_stopped(client):
    url = play_chicago_round(client, upto=2)
    # Later: a new request from the same browser (its session cookie), from the list.
    later = Client()
    later.cookies = client.cookies
    assert url in page(later, "/scorepad/")
    assert "Deal 3 of 4" in page(later, url)
    for deal in deals.CHICAGO_ROUND[2:]:
        enter(later, url, deal_fields(deal))
    assert result(page(later, url), "hundreds") == "WE +6"


def test_a_double_tap_records_the_deal_once(client):
    url = start(client, "rubber", fifty="up")
    data = {"revision": pad_of(url).revision, **deal_fields(deals.SAMPLE_RUBBER[0])}
    assert client.post(f"{url}deals/", data).status_code == 302
    again = client.post(f"{url}deals/", data)
    assert again.status_code == 422
    assert "nothing was changed" in again.content.decode()
    assert len(pad_of(url).deals) == 1


# -- owners -------------------------------------------------------------------------------------


@pytest.fixture
def other_client():
    return Client()


@pytest.mark.parametrize(
    ("method", "suffix"),
    [("get", ""), ("post", "deals/"), ("get", "deals/1/"), ("post", "undo/"), ("post", "end/")],
)
def test_another_browsers_game_is_404(client, other_client, method, suffix):
    url = start(client, "rubber", fifty="up")
    enter(client, url, deal_fields(deals.SAMPLE_RUBBER[0]))
    response = getattr(other_client, method)(f"{url}{suffix}", {"revision": 1})
    assert response.status_code == 404
    assert len(pad_of(url).deals) == 1


def test_another_browsers_game_is_not_in_my_list(client, other_client):
    url = start(client, "rubber", fifty="up")
    assert url not in page(other_client, "/scorepad/")


def test_a_signed_in_players_games_follow_them_and_no_one_else(client):
    # Ann signs in on two devices; Bob is another user.
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    client.force_login(ann)
    url = start(client, "duplicate", title="Club night")
    assert pad_of(url).user == ann
    phone = Client()
    phone.force_login(ann)
    assert "Club night" in page(phone, "/scorepad/")
    assert phone.get(url).status_code == 200
    stranger = Client()
    stranger.force_login(bob)
    assert stranger.get(url).status_code == 404


def test_game_addresses_are_unguessable(client):
    first, second = start(client, "duplicate"), start(client, "duplicate")
    ids = [pad_of(u).public_id for u in (first, second)]
    assert all(len(i) >= 16 for i in ids) and ids[0] != ids[1]
