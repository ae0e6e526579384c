"""A pairs session: several boards, moving pairs, each pair's total and place."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparisons import InvalidComparison, PairsSession

# -- a pairs session: several boards, moving pairs ------------------------------------


def test_a_pairs_session_totals_each_pairs_matchpoints_over_the_boards_it_played():
    # Board 1 (nobody vulnerable), top 2:
    #   1 v A: 3NT by N, 9 tricks, N-S +400    N-S 1: 1   E-W A: 1
    #   2 v B: 3NT by N, 10 tricks, N-S +430   N-S 2: 2   E-W B: 0
    #   3 v C: 4♠ by E, 10 tricks, N-S -420    N-S 3: 0   E-W C: 2
    # Board 2 (N-S vulnerable), top 1; pairs 3 and C sit it out:
    #   1 v B: 2♥ by S, 8 tricks, N-S +110     N-S 1: 0   E-W B: 1
    #   2 v A: 2♥ by S, 9 tricks, N-S +140     N-S 2: 1   E-W A: 0
    # Totals: 1: 1 of 3, 33.33%; 2: 3 of 3, 100%; 3: 0 of 2; A: 1 of 3; B: 1 of 3; C: 2 of 2.
    session = PairsSession()
    first = session.traveller(1)
    first.record("1", "N", "3NT", tricks=9, ew_pair="A")
    first.record("2", "N", "3NT", tricks=10, ew_pair="B")
    first.record("3", "E", "4S", tricks=10, ew_pair="C")
    second = session.traveller(2)
    second.record("1", "S", "2H", tricks=8, ew_pair="B")
    second.record("2", "S", "2H", tricks=9, ew_pair="A")

    standings = session.standings()
    assert [(s.pair, s.boards, s.matchpoints, s.top, s.percentage) for s in standings] == [
        ("2", 2, 3, 3, 100.0),
        ("C", 1, 2, 2, 100.0),
        ("1", 2, 1, 3, 33.33),
        ("A", 2, 1, 3, 33.33),
        ("B", 2, 1, 3, 33.33),
        ("3", 1, 0, 2, 0.0),
    ]
    assert standings[0].reason == "2: 2 + 1 = 3 of 3 over 2 boards: 100.00%"


def test_a_pairs_session_needs_both_pairs_named():
    session = PairsSession()
    board = session.traveller(1)
    board.record("1", "N", "3NT", tricks=9, ew_pair="A")
    board.record("2", "N", "3NT", tricks=10)
    with pytest.raises(InvalidComparison, match="name the E-W pair"):
        session.standings()


def test_a_pairs_session_refuses_a_board_played_at_one_table():
    session = PairsSession()
    session.traveller(4).record("1", "N", "3NT", tricks=9, ew_pair="A")
    with pytest.raises(InvalidComparison, match="at least 2 tables"):
        session.standings()


def a_mitchell_of_three_tables_and_two_boards() -> PairsSession:
    """Worked by hand. N-S pairs stay at their tables; E-W pairs move up one each round.

    Board 1 (nobody vulnerable), top 2:
      N-S 1 v E-W 1: 4♠ by S, 10 tricks, +420   N-S ½ (ties +420, loses to +450)  E-W 1½
      N-S 2 v E-W 2: 4♠ by S, 11 tricks, +450   N-S 2                              E-W 0
      N-S 3 v E-W 3: 4♠ by N, 10 tricks, +420   N-S ½                              E-W 1½
    Board 2 (N-S vulnerable), top 2:
      N-S 1 v E-W 2: 3NT by N, 9 tricks, +600   N-S 2   E-W 0
      N-S 2 v E-W 3: 3NT by N, 8 tricks, -100   N-S 1   E-W 1
      N-S 3 v E-W 1: 2♥ by E, 8 tricks, -110    N-S 0   E-W 2
    Totals of 4: N-S 1 2½ (62.50%), N-S 2 3 (75%), N-S 3 ½ (12.50%);
                 E-W 1 3½ (87.50%), E-W 2 0 (0%), E-W 3 2½ (62.50%).
    """
    session = PairsSession()
    first = session.traveller(1)
    first.record("N-S 1", "S", "4S", tricks=10, ew_pair="E-W 1")
    first.record("N-S 2", "S", "4S", tricks=11, ew_pair="E-W 2")
    first.record("N-S 3", "N", "4S", tricks=10, ew_pair="E-W 3")
    second = session.traveller(2)
    second.record("N-S 1", "N", "3NT", tricks=9, ew_pair="E-W 2")
    second.record("N-S 2", "N", "3NT", tricks=8, ew_pair="E-W 3")
    second.record("N-S 3", "E", "2H", tricks=8, ew_pair="E-W 1")
    return session


def test_a_mitchell_ranks_each_direction_as_a_field_of_its_own():
    session = a_mitchell_of_three_tables_and_two_boards()
    ns = session.standings("NS")
    ew = session.standings("EW")
    assert [(s.place, s.pair, s.matchpoints, s.top, s.percentage) for s in ns] == [
        (1, "N-S 2", 3, 4, 75.0),
        (2, "N-S 1", Fraction(5, 2), 4, 62.5),
        (3, "N-S 3", Fraction(1, 2), 4, 12.5),
    ]
    assert [(s.place, s.pair, s.matchpoints, s.percentage) for s in ew] == [
        (1, "E-W 1", Fraction(7, 2), 87.5),
        (2, "E-W 3", Fraction(5, 2), 62.5),
        (3, "E-W 2", 0, 0.0),
    ]
    assert {s.direction for s in ns} == {"NS"} and {s.direction for s in ew} == {"EW"}
    assert ns[1].reason == "N-S 1: ½ + 2 = 2½ of 4 over 2 boards: 62.50%"


def test_pairs_with_the_same_share_of_their_tops_share_a_place():
    # All six together: 87.5, 75, 62.5 twice, 12.5, 0. The two on 62.5 are both third.
    standings = a_mitchell_of_three_tables_and_two_boards().standings()
    assert [(s.place, s.shared, s.pair) for s in standings] == [
        (1, False, "E-W 1"),
        (2, False, "N-S 2"),
        (3, True, "E-W 3"),  # a shared place: in the order of the labels
        (3, True, "N-S 1"),
        (5, False, "N-S 3"),
        (6, False, "E-W 2"),
    ]


def test_a_ranking_puts_pair_10_after_pair_2_when_they_tie():
    session = PairsSession()
    board = session.traveller(1)
    board.record("10", "N", "3NT", tricks=9, ew_pair="A")
    board.record("2", "N", "3NT", tricks=9, ew_pair="B")
    assert [s.pair for s in session.standings("NS")] == ["2", "10"]


def test_a_pair_that_sat_both_ways_belongs_to_no_one_field():
    # A Howell: pair 1 sits N-S on board 1 and E-W on board 2.
    session = PairsSession()
    session.traveller(1).record("1", "N", "3NT", tricks=9, ew_pair="2")
    session.traveller(1).record("3", "N", "3NT", tricks=10, ew_pair="4")
    session.traveller(2).record("2", "N", "3NT", tricks=9, ew_pair="1")
    session.traveller(2).record("4", "N", "3NT", tricks=10, ew_pair="3")
    assert all(s.direction is None for s in session.standings())
    with pytest.raises(InvalidComparison, match="'1' sat both N-S and E-W"):
        session.standings("NS")
    with pytest.raises(InvalidComparison, match="A direction is NS or EW"):
        session.standings("N")


def test_a_pair_cannot_play_one_board_twice_in_a_session():
    session = a_mitchell_of_three_tables_and_two_boards()
    with pytest.raises(InvalidComparison, match="'E-W 3' already has a result on board 2"):
        session.traveller(2).record("N-S 4", "S", "1NT", tricks=7, ew_pair="E-W 3")


results_at_a_table = st.tuples(
    st.sampled_from(["1NT", "2H", "3NT", "4S", "4SX", "6D", "7NTXX"]),
    st.sampled_from(["N", "E", "S", "W"]),
    st.integers(min_value=0, max_value=13),
)


@st.composite
def full_mitchells(draw):
    """Every N-S pair plays every board, against E-W pairs moving up one a round."""
    tables = draw(st.integers(min_value=2, max_value=6))
    boards = draw(st.integers(min_value=1, max_value=4))
    session = PairsSession()
    for board in range(1, boards + 1):
        traveller = session.traveller(board)
        for table in range(1, tables + 1):
            contract, declarer, tricks = draw(results_at_a_table)
            ew = (table + board) % tables + 1
            traveller.record(f"N-S {table}", declarer, contract, tricks, ew_pair=f"E-W {ew}")
    return session, tables, boards


@given(full_mitchells())
def test_a_full_mitchell_shares_out_every_matchpoint_and_each_field_averages_half(mitchell):
    session, tables, boards = mitchell
    every_pair = session.standings()
    # Each board gives n(n - 1) / 2 to the N-S pairs and as many to the E-W pairs.
    assert sum(s.matchpoints for s in every_pair) == boards * tables * (tables - 1)
    for direction in ("NS", "EW"):
        field = session.standings(direction)
        assert len(field) == tables
        shares = [Fraction(s.matchpoints) / s.top for s in field]
        assert sum(shares) / tables == Fraction(1, 2)
        assert all(0 <= s.percentage <= 100 for s in field)


@given(full_mitchells())
def test_a_place_is_one_more_than_the_pairs_with_a_better_share(mitchell):
    session, _, _ = mitchell
    for standings in (session.standings(), session.standings("NS"), session.standings("EW")):
        shares = [Fraction(s.matchpoints) / s.top for s in standings]
        assert shares == sorted(shares, reverse=True)
        for standing, share in zip(standings, shares, strict=True):
            assert standing.place == 1 + sum(other > share for other in shares)
            assert standing.shared == (shares.count(share) > 1)
