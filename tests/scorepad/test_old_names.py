"""The score pad's boxes under their names up to 1.0.0 (each numbered by hand from 1:
contract_2, board_1, ns_1_2, rubber-player_2). A traveller's and a pairs session's old address
still opens the same results: it is sent on for good (301) to the address with the formsets'
names. Junk in an old address gets the page's usual answer, never an error of the server. A
rubber game's start form drawn before the upgrade still names its players."""

from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from django.utils.html import escape

from lessons import deals
from scorepad.forms import CARD_WITHOUT_NAME
from scorepad.old_names import (
    PAIRS_RENAMES,
    START_RENAMES,
    TRAVELLER_RENAMES,
    new_name,
    pairs_query,
    traveller_query,
)
from tests.scorepad.scorer import pad_of, page
from tests.scorepad.test_pairs import MITCHELL, session_data, standing
from tests.scorepad.test_traveller import FOUR_TABLES
from tests.scorepad.test_worked_session import RANKING, _boards, _pairs_data

TRAVELLER = "/scorepad/traveller/"
PAIRS = "/scorepad/pairs/"


# -- the old names, as the old forms wrote them (scorepad/forms.py at v1.0.0) ---------------


def old_traveller_data(new: dict) -> dict:
    """The traveller's boxes under their old names: table-0-contract was contract_1."""
    old = {}
    for key, value in new.items():
        if key.startswith("table-"):
            _, row, box = key.split("-")
            key = f"{box}_{int(row) + 1}"
        old[key] = value
    return old


def old_box_name(board: int, table: int, box: str) -> str:
    """A box's old name: board_2 for the second traveller, ns_2_3 for its third row's N-S."""
    return f"board_{board}" if box == "board" else f"{box}_{board}_{table}"


def old_session_data(boards: dict, tables: int = 3) -> dict:
    """What the old pairs form sent for these boards (session_data, under the old names)."""
    return session_data(boards, tables, name=old_box_name)


def old_worked_session() -> dict:
    """The session of docs/rules.md §9.6 (three travellers of four tables), old names."""
    boards = _boards()
    data = {"boards": str(len(boards)), "tables": str(max(map(len, boards.values())))}
    for i, (board, rows) in enumerate(boards.items(), 1):
        data[f"board_{i}"] = board
        for row in rows:
            key = f"{i}_{row['table']}"
            data |= {f"ns_{key}": row["N-S pair"], f"ew_{key}": row["E-W pair"]}
            if row["contract"] == "passed out":
                data[f"passed_{key}"] = "on"
            else:
                data |= {
                    f"contract_{key}": row["contract"],
                    f"declarer_{key}": row["declarer"],
                    f"tricks_{key}": row["tricks"],
                }
    return data


# -- the renames, without a request ----------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("contract_1", "table-0-contract"),
        ("declarer_2", "table-1-declarer"),
        ("tricks_6", "table-5-tricks"),
        ("passed_20", "table-19-passed"),  # the old traveller's last table
        # Names that kept their name, or were never a box's: left as they are.
        ("board", None),
        ("tables", None),
        ("add", None),
        ("table-0-contract", None),
        ("contract_0", None),  # the old boxes were counted from 1
        ("contract_01", None),  # never a box's name: no leading zero
        ("contract_", None),
        ("contract_1_1", None),  # a pairs session's box, not a traveller's
        ("ns_1", None),
        ("Contract_1", None),
        ("contract_\u0661", None),  # an Arabic-Indic one is not a box's number
        ("contract_" + "9" * 5000, None),  # far too long to be a number of a table
    ],
)
def test_a_travellers_old_box_names_become_its_tables_rows(old, new):
    assert new_name(old, TRAVELLER_RENAMES) == new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("board_1", "traveller-0-board"),
        ("board_10", "traveller-9-board"),  # the old form's last traveller
        ("ns_1_1", "t0-0-ns"),
        ("ew_2_3", "t1-2-ew"),
        ("contract_3_1", "t2-0-contract"),
        ("declarer_1_2", "t0-1-declarer"),
        ("tricks_10_3", "t9-2-tricks"),
        ("passed_3_10", "t2-9-passed"),
        ("boards", None),
        ("tables", None),
        ("board", None),
        ("traveller-0-board", None),
        ("t0-0-ns", None),
        ("board_0", None),
        ("ns_0_1", None),
        ("ns_1_0", None),
        ("contract_1", None),  # a traveller's box, not a pairs session's
        ("ns_1_1_1", None),
        ("board_" + "1" * 5000, None),
    ],
)
def test_a_pairs_sessions_old_box_names_become_its_travellers_rows(old, new):
    assert new_name(old, PAIRS_RENAMES) == new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("rubber-player_1", "rubber-player-0-name"),
        ("rubber-card_1", "rubber-player-0-card"),
        ("rubber-player_5", "rubber-player-4-name"),  # the fifth player, the last
        ("rubber-card_5", "rubber-player-4-card"),
        ("rubber-scorer", None),  # kept its name: still "1" to "5"
        ("rubber-fifty", None),
        ("rubber-player-0-name", None),
        ("rubber-player_0", None),
        ("player_1", None),  # the form's prefix, rubber-, is part of the name
        ("chicago-player_1", None),
    ],
)
def test_a_rubber_games_old_player_boxes_become_its_players_rows(old, new):
    assert new_name(old, START_RENAMES) == new


def test_an_address_without_an_old_name_is_left_alone():
    assert traveller_query(QueryDict(urlencode(FOUR_TABLES))) is None
    assert traveller_query(QueryDict("")) is None
    assert pairs_query(QueryDict(urlencode(session_data(MITCHELL)))) is None


def test_a_renamed_address_keeps_the_order_and_every_value_of_each_box():
    query = QueryDict("board=5&contract_1=4S&x=1&x=2&tricks_1=10&add=")
    assert traveller_query(query) == ("board=5&table-0-contract=4S&x=1&x=2&table-0-tricks=10&add=")


def test_a_box_under_both_names_keeps_its_new_name_s_value():
    query = QueryDict("board=5&contract_1=4S&table-0-contract=3NT&tricks_1=10")
    assert traveller_query(query) == "board=5&table-0-contract=3NT&table-0-tricks=10"


# -- the pages ------------------------------------------------------------------------------


def _lands(client, url: str, old: dict, new: dict) -> str:
    """The old address answers 301 to the new one, which opens as the new address does."""
    response = client.get(url, old)
    assert response.status_code == 301
    assert response["Location"] == f"{url}?{urlencode(new)}"
    followed = client.get(url, old, follow=True)
    direct = client.get(url, new)
    assert followed.status_code == direct.status_code
    assert followed.content == direct.content
    return followed.content.decode()


@pytest.mark.django_db
def test_an_old_travellers_address_opens_the_same_results(client):
    html = _lands(client, TRAVELLER, old_traveller_data(FOUR_TABLES), FOUR_TABLES)
    assert 'data-datum="290"' in html and "Passed out" in html  # the worked traveller


@pytest.mark.django_db
def test_an_old_pairs_sessions_address_opens_the_same_results(client):
    html = _lands(client, PAIRS, old_session_data(MITCHELL), session_data(MITCHELL))
    assert standing(html, "E-W 1") == {
        "place": "1",
        "total": "3½",
        "top": "4",
        "percentage": "87.50",
    }


@pytest.mark.django_db
def test_the_worked_session_under_its_old_address_ranks_as_the_document_does(client):
    html = _lands(client, PAIRS, old_worked_session(), _pairs_data())
    for row in RANKING:
        assert standing(html, row["pair"])["percentage"] == row["%"], row["pair"]


@pytest.mark.django_db
def test_a_page_drawn_before_adding_a_table_keeps_what_was_typed(client):
    old = {**old_session_data(MITCHELL), "add": "table"}
    new = {**session_data(MITCHELL), "add": "table"}
    response = client.get(PAIRS, old, follow=True)
    assert response.redirect_chain == [(f"{PAIRS}?{urlencode(new)}", 301)]
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="t1-2-contract" value="2H"' in html and 'name="t1-3-contract"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "old", "new"),
    [
        ("/files/export/traveller/", old_traveller_data(FOUR_TABLES), FOUR_TABLES),
        ("/files/export/pairs/", old_session_data(MITCHELL), session_data(MITCHELL)),
    ],
)
def test_an_old_pages_link_to_its_pbn_file_saves_the_same_file(client, url, old, new):
    response = client.get(url, old)
    assert response.status_code == 301
    assert response["Location"] == f"{url}?{urlencode(new)}"
    followed = client.get(url, old, follow=True)
    assert followed.status_code == 200
    assert followed.content == client.get(url, new).content
    assert b"[ScoreTable " in followed.content


@pytest.mark.django_db
def test_a_head_request_at_an_old_address_is_sent_on_too(client):
    response = client.head(TRAVELLER, old_traveller_data(FOUR_TABLES))
    assert response.status_code == 301
    assert response["Location"].startswith(f"{TRAVELLER}?board=5&tables=6&table-0-contract=4S")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "query", "status"),
    [
        # Partial: one table only, or no board, or an old name for the page that is not its own.
        (TRAVELLER, "board=5&contract_1=4S&declarer_1=S&tricks_1=10", 422),
        (TRAVELLER, "contract_1=4S&declarer_1=S", 200),  # not yet sent: kept, nothing judged
        (TRAVELLER, "board=5&contract_1=4Z&declarer_1=Q&tricks_1=ten&passed_2=yes", 422),
        (TRAVELLER, "board=abc&tables=-4&contract_20=4S&tricks_99=14", 422),
        (TRAVELLER, "board=5&contract_1_1=4S", 422),  # a pairs box on the traveller
        (PAIRS, "boards=2&board_1=1&ns_1_1=1&ew_1_1=1&contract_1_1=4S", 422),
        (PAIRS, "boards=x&tables=y&board_1=zz&ns_1_1=-1&ew_1_1=abc&tricks_1_1=99", 422),
        (PAIRS, "board_1=1&ns_1_1=1&contract_1_1=4S", 200),
        (PAIRS, "boards=1&board_99=1&ns_99_99=1&ew_99_99=2", 422),  # beyond the page's grid
        (PAIRS, "boards=1&contract_1=4S", 422),  # a traveller box on the pairs page
        (PAIRS, "add=zz&board_1=1&ns_1_1=1", 200),
    ],
)
def test_junk_or_part_of_an_old_address_gets_the_pages_usual_answer(client, url, query, status):
    response = client.get(f"{url}?{query}", follow=True)
    assert response.status_code == status
    assert len(response.redirect_chain) <= 1  # sent on once at most, never round in a loop


# -- a rubber game's start form, drawn before the upgrade ---------------------------------------


def _start_rubber(client, players: dict) -> str:
    scorer = list(deals.DRAWN_CARDS).index("Mr Smith") + 1
    data = {"kind": "rubber", "rubber-fifty": "up", "rubber-scorer": str(scorer), **players}
    response = client.post("/scorepad/", data)
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


@pytest.mark.django_db
def test_a_rubber_started_from_a_page_drawn_before_the_upgrade_keeps_its_players(client):
    # rules §8.1: five players and the cards they drew; Mr Smith keeps the score.
    old, new = {}, {}
    for n, (name, card) in enumerate(deals.DRAWN_CARDS.items()):
        old |= {f"rubber-player_{n + 1}": name, f"rubber-card_{n + 1}": card}
        new |= {f"rubber-player-{n}-name": name, f"rubber-player-{n}-card": card}
    url = _start_rubber(client, old)
    from_old, from_new = pad_of(url), pad_of(_start_rubber(client, new))
    assert len(from_old.players) == 5 and from_old.scorer == "Mr Smith"
    assert (from_old.players, from_old.scorer) == (from_new.players, from_new.scorer)
    assert "Mr Smith" in page(client, url)


@pytest.mark.django_db
def test_an_old_rubber_start_with_a_card_and_no_name_says_so_beside_the_card(client):
    data = {"kind": "rubber", "rubber-fifty": "up", "rubber-card_2": "SA"}
    response = client.post("/scorepad/", data)
    assert response.status_code == 422
    assert escape(CARD_WITHOUT_NAME) in response.content.decode()
