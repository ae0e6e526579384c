"""The score pad through its views: the documents' games replayed deal by deal, as a scorer
would enter them, must give the documents' figures (rules §8.1, §8.4 and §8.6).

Who is who: `client` is Ann's browser, which starts the games; `other_client` is Bob's
browser, which must never see them.
"""

import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client

from lessons import deals
from scorepad.models import ScorePad
from scoring import Contract, Rubber, draw_partnerships, five_player_rotation, score_board

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


# -- helpers: what a scorer types ---------------------------------------------------------


def _input(html: str, name: str) -> str:
    """The <input> tag named `name` on the page."""
    match = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', html)
    assert match, f"no input named {name}"
    return match.group(0)


def start(client, kind, **fields) -> str:
    """Start a game from the list page; returns the game's address."""
    data = {"kind": kind, **{f"{kind}-{name}": value for name, value in fields.items()}}
    response = client.post("/scorepad/", data)
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


def pad_of(url) -> ScorePad:
    return ScorePad.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[-1])


def deal_fields(deal, seat=None) -> dict:
    """The deal form's fields for a deal of lessons/deals.py (or a seat at duplicate)."""
    contract = Contract.parse(deal.contract)
    data = {
        "declarer": seat or deal.declarer,
        "level": str(contract.level),
        "strain": contract.strain.value,
        "tricks": str(deal.tricks),
    }
    if contract.doubling.value:
        data["doubling"] = contract.doubling.value
    if deal.honors:
        data["honors"] = deal.honors
    if deal.honors_side:
        data["honors_side"] = deal.honors_side
    return data


def enter(client, url, fields, *, htmx=False, expect=None):
    """Post one deal with the revision the page shows, as the form would."""
    data = {"revision": pad_of(url).revision, **fields}
    response = client.post(f"{url}deals/", data, **(HTMX if htmx else {}))
    assert response.status_code == (expect or (200 if htmx else 302)), response.content.decode()
    return response


def act(client, url, action, **extra):
    response = client.post(f"{url}{action}/", {"revision": pad_of(url).revision}, **extra)
    assert response.status_code in (200, 302), response.content.decode()
    return response


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def sheet_totals(html) -> tuple[int, int]:
    label = r'<span class="sheet-table__total-label">total </span>'
    we = re.search(rf'data-total="we"><span class="visually-hidden">WE </span>{label}(\d+)<', html)
    they = re.search(
        rf'data-total="they"><span class="visually-hidden">THEY </span>{label}(\d+)<', html
    )
    return int(we[1]), int(they[1])


def deal_points(html) -> list[tuple[str, str]]:
    """(WE, THEY) of each row of the deal-by-deal table."""
    return re.findall(
        r'data-deal-points="we" data-points="(\d*)">.*?data-deal-points="they" data-points="(\d*)"',
        html,
        re.S,
    )


def result(html, name) -> str:
    return re.search(rf'data-result="{name}">([^<]*)<', html)[1]


VULNERABLE_WORDS = {
    frozenset(): "Neither side",
    frozenset({"we"}): "WE",
    frozenset({"they"}): "THEY",
    frozenset({"we", "they"}): "Both sides",
}


def deal_list(html) -> dict[int, tuple[str, str, list[tuple[str, str, int]]]]:
    """Deals entered, as listed: number -> (title, vulnerable, [(item, side, points)])."""
    listed = {}
    for number, body in re.findall(
        r'<li id="deal-(\d+)" class="pad-deals__item[^"]*">(.*?)</li>', html, re.S
    ):
        items = re.findall(r'data-item="(\w+)" data-side="(\w+)" data-points="(\d+)"', body)
        listed[int(number)] = (
            re.search(r"<strong>([^<]+)</strong>", body)[1],
            re.search(r"vulnerable: ([^.]+)\.", body)[1],
            [(item, side, int(points)) for item, side, points in items],
        )
    return listed


def item_points(listed, number, item, side) -> int | None:
    """The points of one item of deal `number` in `deal_list`, or None when it has none."""
    found = [points for key, who, points in listed[number][2] if (key, who) == (item, side)]
    assert len(found) <= 1
    return found[0] if found else None


def rubber_row_totals(html, number) -> tuple[int, int]:
    """(WE, THEY) of a finished rubber in the table of rubbers played."""
    row = re.search(rf'<tr data-rubber="{number}">(.*?)</tr>', html, re.S)[1]
    totals = dict(re.findall(r'data-total="(we|they)">(\d+)<', row))
    return int(totals["we"]), int(totals["they"])


def rubbers_by_engine(played) -> tuple[list[Rubber], dict]:
    """The deals scored by the engine alone, rubber after rubber, and their `deal_list`."""
    rubbers, listed = [], {}
    for number, deal in enumerate(played, 1):
        if not rubbers or rubbers[-1].is_finished:
            rubbers.append(Rubber(fifty="up"))
        record = rubbers[-1].record(
            deal.declarer, deal.contract, deal.tricks, deal.honors, deal.honors_side
        )
        listed[number] = (
            f"Rubber {len(rubbers)}, deal {record.number}",
            VULNERABLE_WORDS[record.vulnerable],
            [(entry.item.key, entry.side, entry.points) for entry in record.entries],
        )
    return rubbers, listed


def play_chicago_round(client, form="chicago", upto=None) -> str:
    """Start a chukker, WE dealing first, and enter the first `upto` deals of rules §8.6."""
    url = start(client, "chukker", form=form, first_dealer="we", fifty="up")
    for deal in deals.CHICAGO_ROUND[:upto]:
        enter(client, url, deal_fields(deal))
    return url


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
    assert 'value="3"' in _input(html, "level")
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


def test_a_signed_in_players_games_follow_them_and_no_one_else(client, django_user_model):
    # Ann signs in on two devices; Bob is another user.
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
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


# -- bad entries: the engine's message beside the field, nothing changes -------------------------


BAD_ENTRIES = [
    # (what was typed, the field it is about, the engine's message, the value kept)
    ({"tricks": "14"}, "tricks", "13 tricks is the most a side can take, got 14", "14"),
    ({"level": "8"}, "level", "Level must be 1 to 7, got 8", "8"),
    ({"honors": "four_aces"}, "honors", "Four aces count only at notrump", None),
]


@pytest.mark.parametrize(("typed", "field", "message", "kept"), BAD_ENTRIES)
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_entry_shows_the_engines_message_beside_the_field_and_changes_nothing(
    client, typed, field, message, kept, htmx
):
    url = start(client, "rubber", fifty="up")
    enter(client, url, deal_fields(deals.SAMPLE_RUBBER[0]))
    before = pad_of(url)
    fields = {"declarer": "we", "level": "4", "strain": "H", "tricks": "10", **typed}
    response = enter(client, url, fields, htmx=htmx, expect=422)
    html = response.content.decode()
    assert f'<p class="field__error" id="id_{field}-error">{message}</p>' in html
    if kept is not None:
        assert f'value="{kept}"' in _input(html, field)
    # The keyboard lands on the field to fix.
    assert re.search(rf'<input [^>]*name="{field}"[^>]* autofocus data-autofocus', html)
    after = pad_of(url)
    assert (after.deals, after.revision) == (before.deals, before.revision)
    assert sheet_totals(html) == (500, 0)  # the sheet as it was, rules §8.1, deal 1


@pytest.mark.parametrize(
    "typed",
    [
        {"level": "four"},
        {"tricks": ""},
        {"strain": "Z"},
        {"declarer": "nobody"},
        {"honors": "six_aces"},
        {"level": "-1", "tricks": "-3"},
        {"revision": "x"},
    ],
)
def test_nonsense_in_the_deal_form_is_refused_without_a_server_error(client, typed):
    url = start(client, "rubber", fifty="up")
    data = {
        "revision": pad_of(url).revision,
        "declarer": "we",
        "level": "4",
        "strain": "H",
        "tricks": "10",
        **typed,
    }
    response = client.post(f"{url}deals/", data)
    assert response.status_code == 422
    assert 'class="field__error"' in response.content.decode()
    assert pad_of(url).deals == []


def test_a_deal_after_the_chukker_is_over_gets_the_engines_message(client):
    url = play_chicago_round(client)
    response = enter(client, url, deal_fields(deals.CHICAGO_ROUND[0]), expect=422)
    assert "This chukker has had its four deals" in response.content.decode()
    assert len(pad_of(url).deals) == 4


def test_a_board_already_scored_cannot_be_entered_twice(client):
    url = start(client, "duplicate")
    fields = {"board": "3", "declarer": "S", "level": "2", "strain": "S", "tricks": "8"}
    enter(client, url, fields)
    response = enter(client, url, fields, expect=422)
    assert "Board 3 is already on this sheet: edit it instead" in response.content.decode()


def test_honors_are_not_asked_for_at_duplicate(client):
    url = start(client, "duplicate")
    assert 'name="honors"' not in page(client, url)


def test_undo_with_nothing_to_undo_says_so(client):
    url = start(client, "rubber", fifty="up")
    response = client.post(f"{url}undo/", {"revision": 0})
    assert response.status_code == 422
    assert "There is no deal to undo yet" in response.content.decode()


# -- starting games -----------------------------------------------------------------------------


def test_list_page_offers_the_three_kinds_of_game(client):
    html = page(client, "/scorepad/")
    for heading in ("Rubber bridge", "Four-deal bridge (a chukker)", "Duplicate, by board"):
        assert heading in html
    assert "No games yet" in html


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"player-0-name": "Ann", "player-1-name": "Bob", "player-2-name": "Cy"},
            "Name four or five players",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "A",
                "player-2-name": "C",
                "player-3-name": "D",
            },
            "Two players cannot have the same name",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "B",
                "player-2-name": "C",
                "player-3-name": "D",
                "player-0-card": "ZZ",
            },
            "Give the card each named player drew",
        ),
        (
            {
                **{f"player-{n}-name": name for n, name in enumerate("ABCD")},
                **{f"player-{n}-card": card for n, card in enumerate(["9D", "QC", "6S", "1X"])},
            },
            "Can&#x27;t read &#x27;1X&#x27; as a card",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "B",
                "player-2-name": "C",
                "player-3-name": "D",
                "scorer": "5",
            },
            "The scorer must be one of the players named",
        ),
    ],
)
def test_starting_a_rubber_with_bad_players_says_what_to_fix(client, fields, message):
    data = {"kind": "rubber", "rubber-fifty": "up"}
    data.update({f"rubber-{name}": value for name, value in fields.items()})
    response = client.post("/scorepad/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert ScorePad.objects.count() == 0


def test_starting_an_unknown_kind_of_game_is_a_bad_request(client):
    assert client.post("/scorepad/", {"kind": "poker"}).status_code == 400


def test_four_players_in_draw_order_make_the_scorers_pair_we(client):
    names = {f"player-{n}-name": name for n, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    url = start(client, "rubber", fifty="up", scorer="3", **names)
    html = page(client, url)
    # The two highest play together (Ann & Bob); Cy keeps score, so Cy & Di are WE.
    assert "WE: Cy &amp; Di · THEY: Ann &amp; Bob" in html


class _FormsOnPaper(HTMLParser):
    """Finds each <form> and whether it, or an element around it, has the class no-print."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, bool]] = []
        self.forms: list[bool] = []  # one per form: is it left off the paper?

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        hidden = "no-print" in (dict(attrs).get("class") or "").split()
        hidden = hidden or any(h for _, h in self.open)
        if tag == "form":
            self.forms.append(hidden)
        self.open.append((tag, hidden))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break


def test_a_finished_game_prints_without_its_forms(client):
    url = play_chicago_round(client)
    html = page(client, url)
    assert "css/scorepad" in html
    assert 'id="deal-form"' not in html  # nothing left to enter
    assert 'class="pad__actions no-print"' in html
    assert "The result" in html
    on_paper = _FormsOnPaper()
    on_paper.feed(html)
    assert on_paper.forms, "a finished game still offers undo"
    assert all(on_paper.forms), "every form of a finished game is marked no-print"
    # ... and the print stylesheet, linked for print only, leaves .no-print off the paper.
    assert re.search(r'href="/static/css/print(\.\w+)?\.css" media="print"', html)
    print_rules = (settings.BASE_DIR / "static" / "css" / "print.css").read_text()
    hidden = [
        selector.strip()
        for selectors in re.findall(r"([^{}]+)\{[^}]*display:\s*none\s*!important", print_rules)
        for selector in selectors.split(",")
    ]
    assert ".no-print" in hidden


def test_rubber_bonus_and_totals_come_from_the_engine(client):
    # A quick rubber: two games to none for WE.
    url = start(client, "rubber", fifty="up")
    for _ in range(2):
        enter(client, url, {"declarer": "we", "level": "4", "strain": "S", "tricks": "10"})
    expected = Rubber()
    for _ in range(2):
        expected.record("we", "4S", 10)
    assert sheet_totals(page(client, url)) == (expected.total("we"), expected.total("they"))
