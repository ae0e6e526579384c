"""The reader on small files of our own: the shapes the real files lack."""

from pathlib import Path

import pytest

from bridgefiles.boards import contract_text, hands_of
from bridgefiles.services import NOT_BRIDGE, TOO_BIG, UnreadableFile, bridge_file_read

OURS = Path(__file__).parent / "files"


def read(name):
    return bridge_file_read(name=name, data=(OURS / name).read_bytes())


def test_a_byte_order_mark_and_crlf_are_read():
    imported = read("bom_crlf.pbn")
    assert imported.contents.event == "Club night"
    [board] = imported.checked.boards
    assert [row.ns_score for row in board.rows] == [430, -50]
    assert imported.checked.compared == 2 + 2 * 2  # scores, then MP both ways
    assert imported.checked.disagreements == []


def test_a_broken_file_keeps_its_sound_parts_and_names_the_lines_of_the_rest():
    imported = read("broken.pbn")
    lines = {p.line: p.message for p in imported.contents.problems}
    assert "9Z" in lines[8]  # not a contract
    assert "tricks" in lines[9] or "columns" in lines[9]  # a short row
    assert "card" in lines[15]  # board 2: one hand given twice
    assert "not a board number" in lines[17]
    assert "never closed" in lines[24]
    assert [b.number for b in imported.contents.boards] == [1, 4]
    [board_1, _] = imported.checked.boards
    assert [r.result.line for r in board_1.rows] == [7, 10]


def test_a_wrong_figure_in_the_file_is_listed_with_the_engines():
    [wrong] = read("broken.pbn").checked.disagreements
    assert (wrong.board, wrong.line, wrong.file_figure, wrong.engine_figure) == (
        1,
        10,
        "450",
        "400",
    )
    assert "3NT by S, 9 tricks, not vulnerable" in wrong.why


def test_a_dealer_or_vulnerability_not_the_board_numbers_is_noted_and_the_files_used():
    imported = read("broken.pbn")
    [note] = imported.contents.notes
    assert note.line == 20 and "normally dealt by W" in note.message
    board_4 = imported.contents.boards[1]
    assert (board_4.dealer, board_4.vulnerable) == ("N", "both")


def test_a_file_that_is_not_pbn_is_refused_with_a_clear_message():
    with pytest.raises(UnreadableFile, match="not a PBN file"):
        read("not_pbn.csv")
    assert "PBN" in NOT_BRIDGE


def test_a_binary_file_and_a_file_too_big_are_refused():
    with pytest.raises(UnreadableFile, match="not a text file"):
        bridge_file_read(name="x.pbn", data=b'\x00\x01[Board "1"]')
    with pytest.raises(UnreadableFile, match=TOO_BIG):
        bridge_file_read(name="x.pbn", data=b" " * (5 * 1024 * 1024 + 1))


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("3N", ("played", "3NT")),
        ("3D*", ("played", "3DX")),
        ("4Hx", ("played", "4HX")),
        ("6S**", ("played", "6SXX")),
        ("Pass", ("passed", None)),
        ("PO", ("passed", None)),
        ("?", ("none", None)),
        ("-", ("none", None)),
        ("A", ("artificial", "A")),
    ],
)
def test_contracts_as_programs_write_them(text, read):
    assert contract_text(text) == read


def test_a_deal_from_easts_seat_is_turned_to_norths():
    hands = hands_of("E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    assert hands["E"] == "AKQJ.T98.765.432"
    assert hands["N"] == "432.AKQJ.T98.765"


def test_why_our_own_reader_endplays_stops_at_a_broken_file_and_says_no_line():
    """The reason for bridgefiles.pbn (see its docstring): endplay reads a file whole."""
    from endplay.parsers import pbn as endplay_pbn

    with pytest.raises(ValueError, match="three"):
        endplay_pbn.loads((OURS / "broken.pbn").read_text())
    assert [b.number for b in read("broken.pbn").contents.boards] == [1, 4]


def test_a_row_with_no_declarer_is_reported_not_scored():
    text = (
        b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
        b'432.AKQJ.T98.765"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        b'1 2 4S "" 10\n3 4 4S N 10\n'
    )
    imported = bridge_file_read(name="x.pbn", data=text)
    [problem] = imported.contents.problems
    assert problem.line == 4 and "declarer" in problem.message
