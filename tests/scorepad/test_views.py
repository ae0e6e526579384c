"""The score pad through its views: the documents' games replayed deal by deal, as a scorer
would enter them, must give the documents' figures (rules §8.1, §8.4 and §8.6).
"""

import re

import pytest

from lessons import deals
from scoring import Rubber, draw_partnerships, five_player_rotation, score_board
from tests.scorepad.scorer import (
    act,
    deal_fields,
    deal_points,
    enter,
    page,
    play_chicago_round,
    result,
    sheet_totals,
    start,
)

pytestmark = pytest.mark.django_db


# -- rules §8.1: the sample rubber ------------------------------------------------------------


def start_sample_rubber(client) -> str:
    # Five players and the cards they drew; Mr Smith keeps the score, so the men are WE.
    players = {}
    for n, (name, card) in enumerate(deals.DRAWN_CARDS.items()):
        players.update({f"player-{n}-name": name, f"player-{n}-card": card})
    scorer = list(deals.DRAWN_CARDS).index("Mr Smith") + 1
    return start(client, "rubber", fifty="up", scorer=str(scorer), **players)


def test_sample_rubber_of_seed_000_is_an_18_rubber_for_we(client):
    url = start_sample_rubber(client)
    for deal in deals.SAMPLE_RUBBER:
        enter(client, url, deal_fields(deal))
    html = page(client, url)
    # rules §8.1: WE 2380, THEY 550, net 1830, an 18 rubber
    assert sheet_totals(html) == (2380, 550)
    assert "WE win by 1830: an 18 rubber." in html
    assert "Rubber 2, deal 1" in html  # the next rubber begins


def test_sample_rubber_back_score_matches_seed_000(client):
    url = start_sample_rubber(client)
    for deal in deals.SAMPLE_RUBBER:
        enter(client, url, deal_fields(deal))
    html = page(client, url)
    back = dict(re.findall(r'data-player="([^"]+)">.*?data-back-score="(-?\d+)"', html, re.S))
    # rules §8.1: +18 / -18 / +18 / -18 / 0
    assert back == {
        "Mr Smith": "18",
        "Mrs Smith": "-18",
        "Mr Jones": "18",
        "Mrs Jones": "-18",
        "Charlie": "0",
    }


def test_five_players_change_seats_for_the_next_rubber_as_the_engine_says(client):
    url = start_sample_rubber(client)
    for deal in deals.SAMPLE_RUBBER:
        enter(client, url, deal_fields(deal))
    second = five_player_rotation(draw_partnerships(deals.DRAWN_CARDS), 2)[1]
    html = page(client, url)
    assert f"{second.sitting_out} sits out" in html


def test_sample_rubber_deal_by_deal_with_htmx_redraws_the_pad_with_running_totals(client):
    url = start_sample_rubber(client)
    for upto, deal in enumerate(deals.SAMPLE_RUBBER, 1):
        html = enter(client, url, deal_fields(deal), htmx=True).content.decode()
        assert "<html" not in html and 'id="pad"' in html
        expected = deals.sample_rubber(upto)
        assert sheet_totals(html) == (expected.total("we"), expected.total("they"))


def test_sheet_entries_explain_themselves(client):
    url = start_sample_rubber(client)
    enter(client, url, deal_fields(deals.SAMPLE_RUBBER[0]))
    html = page(client, url)
    # rules §8.1, deal 1: 4DX by THEY, three down, not vulnerable
    assert '<details class="sheet-explain"><summary>500</summary>' in html
    assert "3 down, doubled, not vulnerable: 100 + 200 + 200 = 500" in html


def _explained(html, attribute, points) -> str:
    """The explanation that opens from the cell showing `points` (board or deal tables)."""
    cell = re.search(
        rf'{attribute} data-points="{points}"><details class="sheet-explain"><summary>{points}'
        r'</summary><span class="sheet-explain__text">(.*?)</span></details>',
        html,
    )
    assert cell, f"no explained cell of {points} for {attribute}"
    return cell[1]


def test_a_boards_points_open_to_the_engines_items(client):
    url = start(client, "duplicate")
    deal = deals.FOUR_HANDS[1]  # rules §8.4 (2): 4HX+1 by WE, sitting North, NS vulnerable
    enter(client, url, {"board": "2", **deal_fields(deal, seat="N")})
    text = _explained(page(client, url), 'data-board-points="NS"', 990)
    items = score_board(2, "N", deal.contract, deal.tricks).items_for("NS")
    kinds = [item.kind.value for item in items]
    assert kinds == ["trick_score", "overtricks", "insult", "game_bonus"]
    assert text == "<br>".join(f"{i.label}, {i.points}: {i.reason}" for i in items)


def test_a_chukker_deals_points_open_to_the_engines_items(client):
    url = play_chicago_round(client)
    text = _explained(page(client, url), 'data-deal-points="we"', 1530)
    # rules §8.6, deal 4: 6H by WE, both vulnerable, four trump honors in dummy
    for label in ("Trick score, 180", "Game bonus, 500", "Slam bonus, 750", "Honors, 100"):
        assert label in text


# -- rules §8.4: four hands, three ways ------------------------------------------------------


def test_four_hands_of_seed_001_as_an_unfinished_rubber_fifty_down_is_plus_16(client):
    url = start(client, "rubber", fifty="down")
    for deal in deals.FOUR_HANDS:
        enter(client, url, deal_fields(deal))
    act(client, url, "end")
    html = page(client, url)
    # rules §8.4, rubber: WE 1690, THEY 120, net 1570, +16 (fifty rounds down)
    assert sheet_totals(html) == (1690, 120)
    assert "WE win by 1570: a 16 rubber." in html
    # Stopped early, the rubber is scored as it stood: WE have the only game, 300 (rules §2).
    assert "the last one stopped before it was won and is scored as it stood" in html
    assert 'data-side="we" data-points="300" data-kind="unfinished_game"' in html
    assert "Game in an unfinished rubber: " in html
    assert 'data-kind="unfinished_part_score"' not in html  # no part-score since WE's game


def test_four_hands_of_seed_001_as_chicago_without_carry_over(client):
    url = start(client, "chukker", form="chicago_no_carry", first_dealer="they", fifty="up")
    for deal in deals.FOUR_HANDS:
        enter(client, url, deal_fields(deal))
    html = page(client, url)
    # rules §8.4, Chicago without carry-over: THEY 170; WE 990, 1100, 400; net +2320, +23
    assert deal_points(html) == [("", "170"), ("990", ""), ("1100", ""), ("400", "")]
    assert result(html, "difference") == "2320"
    assert result(html, "hundreds") == "WE +23"


@pytest.mark.parametrize(
    ("board", "seat", "pair", "points"),
    [
        # rules §8.4 at duplicate, each hand with the chukker's vulnerability: WE sit NS.
        (1, "E", "EW", "170"),  # THEY 3S+1, neither vulnerable
        (2, "N", "NS", "990"),  # WE 4HX+1, NS vulnerable
        (3, "E", "NS", "1100"),  # THEY 5DX-4, EW vulnerable
        (4, "W", "NS", "400"),  # THEY 1NTXX-1, both vulnerable
    ],
)
def test_four_hands_of_seed_001_at_duplicate_on_boards_with_the_same_vulnerability(
    client, board, seat, pair, points
):
    url = start(client, "duplicate")
    for number, (deal, declarer) in enumerate(zip(deals.FOUR_HANDS, "ENEW", strict=True), 1):
        enter(client, url, {"board": str(number), **deal_fields(deal, seat=declarer)})
    html = page(client, url)
    row = re.search(rf'data-board="{board}">(.*?)</tr>', html, re.S)[1]
    assert re.search(rf'data-board-points="{pair}" data-points="{points}"', row)


def test_duplicate_session_totals_each_pairs_boards(client):
    url = start(client, "duplicate")
    for number, (deal, declarer) in enumerate(zip(deals.FOUR_HANDS, "ENEW", strict=True), 1):
        enter(client, url, {"board": str(number), **deal_fields(deal, seat=declarer)})
    act(client, url, "end")
    html = page(client, url)
    # 990 + 1100 + 400 to NS, 170 to EW
    assert (result(html, "NS"), result(html, "EW"), result(html, "difference")) == (
        "2490",
        "170",
        "2320",
    )


def test_duplicate_board_number_sets_dealer_and_vulnerability(client):
    url = start(client, "duplicate")
    enter(client, url, {"board": "1", "declarer": "N", "level": "1", "strain": "NT", "tricks": "7"})
    html = page(client, url)
    # board 2: dealer East, North-South vulnerable
    assert '<h2 id="entry-title">Board 2</h2>' in html
    assert "Dealer <strong>East</strong> · Vulnerable: <strong>North–South</strong>" in html


# -- rules §8.6: a Chicago round ---------------------------------------------------------------


def test_chicago_round_of_seed_004_is_plus_6(client):
    url = play_chicago_round(client)
    html = page(client, url)
    # rules §8.6: 120; 600 to THEY; 470 to THEY; 1530; WE 1650, THEY 1070, +580, +6
    assert deal_points(html) == [("120", ""), ("", "600"), ("", "470"), ("1530", "")]
    assert (result(html, "we"), result(html, "they")) == ("1650", "1070")
    assert result(html, "difference") == "580"
    assert result(html, "hundreds") == "WE +6"
    assert result(html, "vp") == "WE 15, THEY 5"


@pytest.mark.parametrize(
    ("form", "points", "totals"),
    [
        # the Chicago round (rules §8.6), WE dealing first, worked by hand from rules §3 and §6.
        # Cavendish: deals 2 and 3 make the dealer's opponents vulnerable, so THEY's 3NT on
        # deal 2 (THEY dealt) is a game not vulnerable, 100 + 300, and THEY's 3DX on deal 3
        # (WE dealt) a vulnerable one, 120 + 500 + 50.
        (
            "cavendish",
            [("120", ""), ("", "400"), ("", "670"), ("1530", "")],
            ("1650", "1070"),
        ),
        # Simplicity: each deal on its own with the 50 part-score bonus, so deal 1 is
        # 90 + 30 + 50; the non-dealing side is vulnerable on deals 2 and 3, as in
        # Cavendish; honors still count on deal 4 (180 + 500 + 750 + 100).
        (
            "simplicity",
            [("170", ""), ("", "400"), ("", "670"), ("1530", "")],
            ("1700", "1070"),
        ),
    ],
)
def test_the_round_of_seed_004_in_the_other_four_deal_forms(client, form, points, totals):
    url = play_chicago_round(client, form=form)
    html = page(client, url)
    assert deal_points(html) == points
    assert (result(html, "we"), result(html, "they")) == totals


def test_chukker_shows_dealer_and_vulnerability_before_each_deal(client):
    url = start(client, "chukker", form="chicago", first_dealer="we", fifty="up")
    html = page(client, url)
    assert "Dealer <strong>WE</strong> · Vulnerable: <strong>Neither side</strong>" in html
    enter(client, url, deal_fields(deals.CHICAGO_ROUND[0]))
    html = page(client, url)
    # Chicago, deal 2: THEY deal and THEY are vulnerable
    assert "Dealer <strong>THEY</strong> · Vulnerable: <strong>THEY</strong>" in html


def test_passed_out_chukker_deal_is_dealt_again_by_the_same_dealer(client):
    url = start(client, "chukker", form="chicago", first_dealer="we", fifty="up")
    enter(client, url, {"passed_out": "1"})
    html = page(client, url)
    assert "Deal 1 of 4, dealt again" in html
    assert "Dealer <strong>WE</strong>" in html


def test_rubber_bonus_and_totals_come_from_the_engine(client):
    # A quick rubber: two games to none for WE.
    url = start(client, "rubber", fifty="up")
    for _ in range(2):
        enter(client, url, {"declarer": "we", "level": "4", "strain": "S", "tricks": "10"})
    expected = Rubber()
    for _ in range(2):
        expected.record("we", "4S", 10)
    assert sheet_totals(page(client, url)) == (expected.total("we"), expected.total("they"))
