"""The score pad's pairs session: several boards of a Mitchell, each a traveller scored with
its board's vulnerability and matchpointed, then each direction's pairs ranked by their share
of the tops; a GET form whose address keeps every result."""

import re
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.utils.html import escape

from scorepad.traveller_forms import (
    MAX_PAIRS_RESULTS,
    PAIR_INVALID,
    PAIRS_BOARD_ONE_TABLE,
    PAIRS_BOARD_TWICE,
    PAIRS_BOARDS,
    PAIRS_TABLES,
    PAIRS_TOO_FEW,
    ROW_CONTRACT_REQUIRED,
    ROW_PASSED_WITH_RESULT,
    can_add,
    pairs_size,
)

pytestmark = pytest.mark.django_db
URL = "/scorepad/pairs/"

# Worked by hand (the engine's own test has the same Mitchell: tests/scoring/test_pairs_session).
# Board 1, nobody vulnerable, top 2: +420, +450, +420 give N-S ½, 2, ½ and E-W 1½, 0, 1½.
# Board 2, N-S vulnerable: +600, -100 (3NT one down), -110 (2♥ by E) give N-S 2, 1, 0.
# N-S 1: ½ + 2 = 2½ of 4, 62.50%; N-S 2: 2 + 1 = 3, 75%; N-S 3: ½ + 0, 12.50%.
# E-W 1: 1½ + 2 = 3½, 87.50%; E-W 2: 0 + 0, 0%; E-W 3: 1½ + 1 = 2½, 62.50%.
MITCHELL = {
    1: [(1, 1, "4S", "S", 10), (2, 2, "4S", "S", 11), (3, 3, "4S", "N", 10)],
    2: [(1, 2, "3NT", "N", 9), (2, 3, "3NT", "N", 8), (3, 1, "2H", "E", 8)],
}


def box_name(board: int, table: int, box: str) -> str:
    """A box's name in the form: the `board`-th traveller's, its `table`-th row's (from 1)."""
    if box == "board":
        return f"traveller-{board - 1}-board"
    return f"t{board - 1}-{table - 1}-{box}"


def session_data(boards: dict, tables: int = 3, name=box_name) -> dict:
    """What the form sends for these boards: one traveller a board, a row a table (each box
    named by `name`)."""
    data = {"boards": str(len(boards)), "tables": str(tables)}
    for i, (board, rows) in enumerate(boards.items(), 1):
        data[name(i, 0, "board")] = str(board)
        for n, (ns, ew, contract, declarer, tricks) in enumerate(rows, 1):
            data |= {name(i, n, "ns"): str(ns), name(i, n, "ew"): str(ew)}
            if contract is None:
                data[name(i, n, "passed")] = "on"
            else:
                data |= {
                    name(i, n, "contract"): contract,
                    name(i, n, "declarer"): declarer,
                    name(i, n, "tricks"): str(tricks),
                }
    return data


def _between(html: str, start: str, end: str) -> str:
    at = html.index(start)
    return html[at : html.index(end, at)]


def standing(html: str, pair: str) -> dict:
    row = _between(html, f'<tr data-standing="{pair}"', "</tr>")
    return dict(re.findall(r"data-(place|total|top|percentage)[^>]*>([^<]*)<", row))


def board_row(html: str, board: int, pair: str) -> str:
    section = _between(html, f'data-pairs-board="{board}"', "</section>")
    return _between(section, f'<tr data-table-row="{pair}"', "</tr>")


def cell(row: str, name: str) -> str:
    (found,) = re.findall(rf"data-{name}[^>]*>([^<]*)<", row)
    return found


def field_error(html: str, field: str) -> str:
    found = re.search(rf'<p class="field__error" id="id_{field}-error">([^<]*)</p>', html)
    assert found, f"no message beside {field}"
    return found.group(1)


def test_a_new_session_offers_three_travellers_of_four_tables_numbered_for_a_mitchell(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("data-entry-traveller=") == PAIRS_BOARDS
    assert html.count("data-entry-row=") == PAIRS_BOARDS * PAIRS_TABLES
    # Boards 1, 2, 3 in order, and N-S pair n at table n, ready to be changed.
    assert 'name="traveller-2-board" value="3"' in html and 'name="t1-3-ns" value="4"' in html
    assert "data-pairs-result" not in html and "field__error" not in html


def test_a_mitchell_is_matchpointed_board_by_board_and_each_direction_ranked(client):
    response = client.get(URL, session_data(MITCHELL))
    assert response.status_code == 200
    html = response.content.decode()
    expected = {
        "N-S 2": ("1", "3", "4", "75.00"),
        "N-S 1": ("2", "2½", "4", "62.50"),
        "N-S 3": ("3", "½", "4", "12.50"),
        "E-W 1": ("1", "3½", "4", "87.50"),
        "E-W 3": ("2", "2½", "4", "62.50"),
        "E-W 2": ("3", "0", "4", "0.00"),
    }
    for pair, (place, total, top, percentage) in expected.items():
        assert standing(html, pair) == {
            "place": place,
            "total": total,
            "top": top,
            "percentage": percentage,
        }, pair
    # Each field is its own table, best first.
    ns_field = _between(html, 'data-field="NS"', "</table>")
    assert re.findall(r'data-standing="([^"]+)"', ns_field) == ["N-S 2", "N-S 1", "N-S 3"]
    # Each board's traveller: the score from N-S's side and both directions' matchpoints.
    row = board_row(html, 2, "N-S 3")
    assert 'data-ns-score="-110"' in row and "N-S 3 v E-W 1" in re.sub(r"<[^>]+>", "", row)
    assert (cell(row, 'matchpoints="ns"'), cell(row, 'matchpoints="ew"')) == ("0", "2")
    assert "N-S 1: ½ + 2 = 2½ of 4 over 2 boards: 62.50%" in html
    assert "Dealer East; North–South vulnerable" in html
    # The form below keeps every result, to change one and score again.
    assert 'name="t1-2-contract" value="2H"' in html


def test_pairs_on_the_same_share_of_their_tops_share_a_place(client):
    # Board 1 as above, with table 2 also making ten tricks: three +420s, 1 each way each.
    boards = {1: [(1, 1, "4S", "S", 10), (2, 2, "4S", "S", 10), (3, 3, "4S", "N", 10)]}
    html = client.get(URL, session_data(boards)).content.decode()
    assert [standing(html, f"N-S {n}")["place"] for n in (1, 2, 3)] == ["1=", "1=", "1="]
    assert standing(html, "E-W 2")["percentage"] == "50.00"


def test_a_passed_out_board_scores_nothing_and_is_still_compared(client):
    boards = {5: [(1, 1, "1NT", "N", 6), (2, 2, None, None, None)]}
    html = client.get(URL, session_data(boards, tables=2)).content.decode()
    # Board 5, N-S vulnerable: 1NT one down is -100; the passed-out 0 beats it.
    assert "Passed out" in board_row(html, 5, "N-S 2")
    assert standing(html, "N-S 2")["total"] == "1" and standing(html, "E-W 1")["total"] == "1"


def _with(change: dict) -> dict:
    return {**session_data(MITCHELL), **change}


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"t0-1-contract": "8S"}, "t0-1-contract", "Level must be 1 to 7, got 8"),
        ({"t0-1-contract": "4Z"}, "t0-1-contract", "Can't read '4Z' as a contract"),
        ({"t1-0-tricks": "14"}, "t1-0-tricks", "13 tricks is the most a side can take, got 14"),
        ({"t1-0-tricks": "ten"}, "t1-0-tricks", "Tricks are a whole number, 0 to 13"),
        ({"t1-0-declarer": ""}, "t1-0-declarer", "Choose declarer"),
        ({"t0-0-passed": "on"}, "t0-0-contract", ROW_PASSED_WITH_RESULT),
        ({"t0-2-ew": ""}, "t0-2-ew", "Enter the E-W pair's number"),
        ({"t0-2-ns": "0"}, "t0-2-ns", PAIR_INVALID),
        ({"t0-2-ew": "x"}, "t0-2-ew", PAIR_INVALID),
        # E-W 2 written at two tables of board 1: the engine refuses the second.
        ({"t0-2-ew": "2"}, "t0-2-ew", "'E-W 2' already has a result on board 1: edit it instead"),
        ({"t1-2-ns": "1"}, "t1-2-ns", "'N-S 1' already has a result on board 2: edit it instead"),
        ({"traveller-1-board": "1"}, "traveller-1-board", PAIRS_BOARD_TWICE.format(board=1)),
        ({"traveller-1-board": ""}, "traveller-1-board", "Enter the board number"),
        ({"traveller-1-board": "0"}, "traveller-1-board", "Board numbers start at 1, got 0"),
        (
            {"t1-1-contract": "", "t1-1-declarer": "", "t1-1-tricks": "", "t1-1-ew": ""}
            | {"t1-2-contract": "", "t1-2-declarer": "", "t1-2-tricks": "", "t1-2-ew": ""},
            "traveller-1-board",
            PAIRS_BOARD_ONE_TABLE,
        ),
        # An E-W pair written in with no result: the result is asked for, not left out.
        ({"boards": "2", "tables": "4", "t0-3-ew": "4"}, "t0-3-contract", ROW_CONTRACT_REQUIRED),
    ],
)
def test_a_bad_part_of_a_result_is_refused_beside_its_field_with_nothing_lost(
    client, change, field, message
):
    data = _with(change)
    response = client.get(URL, data)
    assert response.status_code == 422
    html = response.content.decode()
    assert field_error(html, field).startswith(escape(message))
    assert f'aria-invalid="true" aria-describedby="id_{field}-error"' in html
    assert "data-pairs-result" not in html
    # Every other box keeps what was typed.
    assert 'name="t1-2-contract" value="2H"' in html or "t1-2-contract" in change
    assert 'name="t0-1-tricks" value="11"' in html


def test_a_session_with_nothing_typed_says_what_is_needed(client):
    response = client.get(URL, {"boards": "3", "tables": "4"})
    assert response.status_code == 422
    assert escape(PAIRS_TOO_FEW) in response.content.decode()


@pytest.mark.parametrize(("add", "boards", "tables"), [("board", 3, 3), ("table", 2, 4)])
def test_adding_a_board_or_a_table_keeps_what_was_typed_and_judges_nothing(
    client, add, boards, tables
):
    data = {**session_data(MITCHELL), "t0-1-contract": "4Z", "add": add}
    response = client.get(URL, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("data-entry-traveller=") == boards
    assert html.count("data-entry-row=") == boards * tables
    assert 'value="4Z"' in html and 'name="t1-2-contract" value="2H"' in html
    assert "field__error" not in html
    if add == "board":  # the new traveller is numbered after the others
        assert 'name="traveller-2-board" value="3"' in html


@pytest.mark.parametrize(
    ("asked", "size"),
    [
        ({}, (PAIRS_BOARDS, PAIRS_TABLES)),
        ({"boards": "abc", "tables": "-3"}, (PAIRS_BOARDS, 2)),
        ({"boards": "0", "tables": "1"}, (1, 2)),
        ({"boards": "99", "tables": "99"}, (3, 10)),
        ({"boards": "10", "tables": "3"}, (10, 3)),
        ({"boards": "6", "tables": "5", "add": "board"}, (6, 5)),
        ({"boards": "5", "tables": "5", "add": "board"}, (6, 5)),
        ({"boards": "5", "tables": "6", "add": "table"}, (5, 6)),
    ],
)
def test_the_form_never_grows_past_its_limits(asked, size):
    assert pairs_size(asked, asked.get("add", "")) == size


def test_the_fullest_session_fits_in_an_address_a_server_accepts():
    # The most rows the page offers, every box filled with its longest value.
    most = max(
        ((b, t) for b in range(1, 11) for t in range(2, 11) if can_add(b, t)),
        key=lambda size: size[0] * size[1] * 10 + size[0],
    )
    boards, tables = most
    assert boards * tables == MAX_PAIRS_RESULTS
    data = {"boards": str(boards), "tables": str(tables)}
    for i in range(1, boards + 1):
        data[f"traveller-{i - 1}-board"] = "16"
        for n in range(1, tables + 1):
            key = f"t{i - 1}-{n - 1}"
            data |= {f"{key}-ns": "10", f"{key}-ew": "10", f"{key}-contract": "7NTXX"}
            data |= {f"{key}-declarer": "W", f"{key}-tricks": "13", f"{key}-passed": "on"}
    assert len(data) <= settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    request_line = f"GET {URL}?{urlencode(data)} HTTP/1.1"
    assert len(request_line) < 4094  # gunicorn's default limit_request_line


@pytest.mark.parametrize("page", ["/scorepad/", "/scorepad/traveller/"])
def test_the_score_pad_and_the_traveller_link_to_the_pairs_session(client, page):
    assert f'href="{URL}"' in client.get(page).content.decode()
