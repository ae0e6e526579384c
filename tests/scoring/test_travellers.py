"""A traveller: one board at four tables, scored from N-S's side and compared."""

from fractions import Fraction

import pytest

from scoring.comparisons import InvalidComparison, Traveller
from scoring.duplicate import board_conditions
from scoring.errors import InvalidForm, ScoringError

# -- a traveller: one board at four tables ------------------------------------------


def four_tables_on_board_3():
    """Board 3: dealer S, E-W vulnerable, N-S not.

    1 v A: 4♠ by S, 10 tricks: 4 × 30 + 300 (game, not vulnerable)  N-S +420
    2 v B: 4♠ by N, 10 tricks: the same                             N-S +420
    3 v C: 5♦X by E, 9 tricks: two down doubled vulnerable, 200 + 300   N-S +500
    4 v D: 4♠X by S, 9 tricks: one down doubled not vulnerable, 100     N-S -100
    """
    board = Traveller(3)
    board.record("1", "S", "4S", tricks=10, ew_pair="A")
    board.record("2", "N", "4S", tricks=10, ew_pair="B")
    board.record("3", "E", "5DX", tricks=9, ew_pair="C")
    board.record("4", "S", "4SX", tricks=9, ew_pair="D")
    return board


def test_a_traveller_takes_dealer_and_vulnerability_from_the_board_number():
    board = four_tables_on_board_3()
    assert board_conditions(3) == ("S", "EW")
    assert (board.dealer, board.vulnerable) == ("S", "EW")


def test_a_traveller_scores_each_table_from_ns_side():
    board = four_tables_on_board_3()
    assert board.scores("NS") == (420, 420, 500, -100)
    assert board.scores("EW") == (-420, -420, -500, 100)
    assert board.row("3").reason == ("3 v C: 5♦X by E, 9 tricks, vulnerable: E-W -500, so N-S +500")


def test_a_traveller_matchpoints_both_directions():
    # N-S, top 3: +420 beats -100, ties +420, loses to +500: 1½ (twice); +500: 3; -100: 0.
    # E-W earn the top less their opponents': 1½, 1½, 0, 3.
    board = four_tables_on_board_3()
    ns = board.matchpoints("NS")
    ew = board.matchpoints("EW")
    assert [r.matchpoints for r in ns] == [Fraction(3, 2), Fraction(3, 2), 3, 0]
    assert [r.percentage for r in ns] == [50.0, 50.0, 100.0, 0.0]
    assert [r.matchpoints for r in ew] == [Fraction(3, 2), Fraction(3, 2), 0, 3]


def test_a_traveller_butler_imps_against_the_mean_of_four_tables():
    # Datum (420 + 420 + 500 - 100) / 4 = 1240 / 4 = 310, a multiple of 10 already.
    # +420: +110, 3 IMPs (twice); +500: +190, 5 IMPs; -100: -410, -9 IMPs.
    board = four_tables_on_board_3()
    ns = board.butler()
    assert ns.datum == 310
    assert [r.imps for r in ns.results] == [3, 3, 5, -9]
    assert [r.imps for r in board.butler("EW").results] == [-3, -3, -5, 9]
    assert "already a multiple of 10: 310" in ns.reason


def test_a_traveller_compares_two_tables_as_a_teams_match():
    # N-S +420 at table 1, -100 at table 4: the team N-S at table 1 gains 520, 11 IMPs.
    assert four_tables_on_board_3().teams("1", "4").imps == 11


def test_a_passed_out_board_scores_nothing_to_either_side():
    board = Traveller(5)
    row = board.record_passed_out("1", ew_pair="A")
    assert (row.ns_score, row.ew_score, row.passed_out) == (0, 0, True)
    assert row.reason == "1 v A: passed out, 0 to each side"


def test_a_table_recorded_twice_on_one_board_is_refused():
    board = four_tables_on_board_3()
    with pytest.raises(InvalidComparison, match="'2' already has a result on board 3"):
        board.record("2", "S", "3NT", tricks=9)
    with pytest.raises(InvalidComparison, match="'A' already has a result"):
        board.record_passed_out("5", ew_pair="A")
    assert len(board.rows) == 4


@pytest.mark.parametrize("seat", ["X", "NS", None])
def test_a_declarer_who_is_not_a_seat_is_refused(seat):
    with pytest.raises(ScoringError, match="N, E, S or W"):
        Traveller(1).record("1", seat, "1NT", tricks=7)


def test_a_board_number_that_does_not_exist_is_refused():
    with pytest.raises(InvalidForm, match="Board numbers start at 1"):
        Traveller(0)
