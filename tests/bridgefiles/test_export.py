"""The score pad's traveller, pairs session and duplicate boards written as PBN, and read back:
by endplay's reader (another program's) and by ours, with every board, result and score."""

from urllib.parse import urlencode

import pytest
from endplay.parsers import pbn as endplay_pbn

from bridgefiles.export import boards_of_session, pbn_of_boards
from bridgefiles.services import bridge_file_read
from scoring import PairsSession, board_conditions
from tests.scorepad.scorer import enter, start
from tests.scorepad.test_pairs import MITCHELL, session_data

pytestmark = pytest.mark.django_db
VULNERABLE = {"none": 0, "NS": 2, "EW": 3, "both": 1}  # endplay's Vul values: none, both, ns, ew
DEALERS = "NESW"


def the_mitchell() -> PairsSession:
    """tests/scorepad/test_pairs.py's worked Mitchell, entered in the engine directly."""
    session = PairsSession()
    for board, rows in MITCHELL.items():
        traveller = session.traveller(board)
        for ns, ew, contract, declarer, tricks in rows:
            traveller.record(f"N-S {ns}", declarer, contract, tricks, ew_pair=f"E-W {ew}")
    return session


def rows_of(text: str) -> dict[int, list[list[str]]]:
    """endplay's reading of each board's ScoreTable rows."""
    return {b.board_num: b.info["ScoreTable"]["rows"] for b in endplay_pbn.loads(text)}


def test_a_pairs_session_reads_back_through_endplay_board_by_board():
    session = the_mitchell()
    text = pbn_of_boards(boards_of_session(session), event="Worked Mitchell")
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [1, 2]
    for board in boards:
        dealer, vulnerable = board_conditions(board.board_num)
        assert board.dealer.value == DEALERS.index(dealer)
        assert board.vul.value == VULNERABLE[vulnerable]
    rows = rows_of(text)
    # Board 1, as worked by hand: +420, +450, +420 give N-S ½, 2, ½ and E-W 1½, 0, 1½.
    headers = [h["name"] for h in endplay_pbn.loads(text)[0].info["ScoreTable"]["headers"]]
    assert headers[:3] == ["Table", "PairId_NS", "PairId_EW"]
    column = {name: i for i, name in enumerate(headers)}
    assert [r[column["Score_NS"]] for r in rows[1]] == ["420", "450", "420"]
    assert [r[column["MP_NS"]] for r in rows[1]] == ["0.5", "2", "0.5"]
    assert [r[column["MP_EW"]] for r in rows[1]] == ["1.5", "0", "1.5"]
    assert [r[column["PairId_EW"]] for r in rows[2]] == ["2", "3", "1"]


def test_a_pairs_session_reads_back_through_our_reader_with_every_figure_agreeing():
    session = the_mitchell()
    text = pbn_of_boards(boards_of_session(session))
    read = bridge_file_read(name="session.pbn", data=text.encode())
    assert read.contents.problems == []
    assert read.checked.disagreements == []
    # 6 scores, and 6 rows' MP and percentage both ways.
    assert read.checked.compared == 6 + 6 * 4
    scores = [row.ns_score for b in read.checked.boards for row in b.rows]
    assert scores == [r.ns_score for t in session.travellers.values() for r in t.rows]


def test_the_traveller_page_saves_its_results_as_pbn(client):
    query = urlencode(
        {
            "board": 3,
            "tables": 2,
            "table-0-contract": "4S",
            "table-0-declarer": "S",
            "table-0-tricks": 10,
        }
        | {"table-1-contract": "5DX", "table-1-declarer": "E", "table-1-tricks": 9}
    )
    response = client.get(f"/files/export/traveller/?{query}")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="board-3.pbn"'
    text = response.content.decode()
    [board] = endplay_pbn.loads(text)
    assert board.board_num == 3
    # The engine's docstring example: +420 for 4S by S, and 500 to N-S for 5DX two down.
    assert [row[4:6] for row in board.info["ScoreTable"]["rows"]] == [["420", "-"], ["500", "-"]]
    assert (
        'href="/files/export/traveller/?'
        in client.get(f"/scorepad/traveller/?{query}").content.decode()
    )


def test_the_pairs_page_saves_its_session_as_pbn(client):
    query = urlencode(session_data(MITCHELL))
    response = client.get(f"/files/export/pairs/?{query}")
    assert response.status_code == 200
    assert sorted(rows_of(response.content.decode())) == [1, 2]


def test_an_address_with_errors_is_refused_with_a_clear_message(client):
    response = client.get("/files/export/traveller/?board=3&table-0-contract=9Z")
    assert response.status_code == 422
    assert "correct what it marks" in response.content.decode()


def test_a_duplicate_game_on_the_score_pad_saves_its_boards(client):
    url = start(client, "duplicate")
    enter(
        client,
        url,
        {
            "board": "2",
            "declarer": "N",
            "level": "4",
            "strain": "H",
            "tricks": "11",
            "doubling": "X",
        },
    )
    public_id = url.rstrip("/").rsplit("/", 1)[-1]
    assert f'href="/files/export/pad/{public_id}/"' in client.get(url).content.decode()
    response = client.get(f"/files/export/pad/{public_id}/")
    assert response.status_code == 200
    [board] = endplay_pbn.loads(response.content.decode())
    # rules §8.4 (2): 4HX+1 by North, N-S vulnerable: 990.
    assert (board.board_num, str(board.contract)) == (2, "4♥Nx+1")  # endplay: 4HX by N, +1
    assert board.info["Score"] == "NS 990"
    read = bridge_file_read(name="pad.pbn", data=response.content)
    assert read.checked.compared == 1 and read.checked.disagreements == []


def test_another_browsers_game_is_not_found(client):
    from django.test import Client

    url = start(client, "duplicate")
    public_id = url.rstrip("/").rsplit("/", 1)[-1]
    assert Client().get(f"/files/export/pad/{public_id}/").status_code == 404
