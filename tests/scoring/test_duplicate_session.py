"""A duplicate session at one table: each board scored on its own, each pair's total."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import DuplicateSession, ScoringError, board_conditions, score_board, score_deal


def test_a_made_contract_scores_for_the_declaring_pair_only():
    board = score_board(1, "S", "4H", tricks=10)  # board 1: nobody vulnerable
    assert (board.ns, board.ew) == (420, 0)


def test_a_defeated_contract_scores_for_the_defending_pair():
    board = score_board(2, "W", "3NTX", tricks=7)  # board 2: NS vulnerable, EW not
    assert (board.ns, board.ew) == (300, 0)


def test_the_declarers_vulnerability_comes_from_the_board_number():
    # Board 3: EW vulnerable. The same game is worth 620 to them, 420 to NS.
    assert score_board(3, "E", "4S", tricks=10).ew == 620
    assert score_board(3, "N", "4S", tricks=10).ns == 420


def test_honors_at_duplicate_are_refused_with_a_reason():
    with pytest.raises(ScoringError, match="not scored in duplicate"):
        score_board(1, "N", "4H", tricks=10, honors="five_trumps")


def test_totals_difference_and_winner_over_a_session():
    session = DuplicateSession()
    session.record(1, "S", "4H", tricks=10)  # NS 420
    session.record(2, "W", "3NTX", tricks=7)  # NS 300
    session.record(3, "E", "4S", tricks=11)  # EW 650
    session.record_passed_out(4)
    assert (session.total("NS"), session.total("EW")) == (720, 650)
    assert (session.difference, session.winner) == (70, "NS")
    assert session.next_board == 5


def test_a_tied_session_has_no_winner():
    session = DuplicateSession()
    session.record(1, "N", "2S", tricks=8)
    session.record(5, "E", "2S", tricks=8)  # board 5: NS vulnerable; EW's 110 all the same
    assert session.difference == 0 and session.winner is None


def test_a_board_played_twice_is_refused():
    session = DuplicateSession()
    session.record(7, "N", "1NT", tricks=7)
    with pytest.raises(ScoringError, match="Board 7 is already"):
        session.record_passed_out(7)
    assert len(session.boards) == 1


@pytest.mark.parametrize("seat", ["X", "NS", "", None])
def test_a_declarer_who_is_not_a_seat_is_refused(seat):
    with pytest.raises(ScoringError, match="N, E, S or W"):
        score_board(1, seat, "1NT", tricks=7)


@given(
    board=st.integers(1, 64),
    seat=st.sampled_from("NESW"),
    level=st.integers(1, 7),
    strain=st.sampled_from(["C", "D", "H", "S", "NT"]),
    doubling=st.sampled_from(["", "X", "XX"]),
    tricks=st.integers(0, 13),
)
def test_a_board_gives_the_declarers_score_to_one_pair_and_nothing_to_the_other(
    board, seat, level, strain, doubling, tricks
):
    contract = f"{level}{strain}{doubling}"
    played = score_board(board, seat, contract, tricks)
    vulnerable = board_conditions(board)[1]
    pair = "NS" if seat in "NS" else "EW"
    alone = score_deal(contract, tricks, vulnerable in (pair, "both")).total
    mine, theirs = (played.ns, played.ew) if pair == "NS" else (played.ew, played.ns)
    assert (mine, theirs) == ((alone, 0) if alone >= 0 else (0, -alone))
