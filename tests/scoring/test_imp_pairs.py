"""Pairs in IMPs: against the Butler datum, and cross-IMPs against every other table."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparisons import InvalidComparison, butler, cross_imps
from tests.scoring.strategies import duplicate_scores

# -- Butler -----------------------------------------------------------------------


def test_butler_with_four_scores_takes_the_mean_of_all_of_them():
    # (620 + 420 + 170 - 550) / 4 = 660 / 4 = 165, a half: away from zero, 170.
    #   +620 - 170 = +450: 10 IMPs     +420 - 170 = +250: 6 IMPs
    #   +170 - 170 = 0:     0 IMPs     -550 - 170 = -720: -12 IMPs
    board = butler([620, 420, 170, -550])
    assert board.left_out == ()
    assert (board.mean, board.datum) == (165, 170)
    assert [r.imps for r in board.results] == [10, 6, 0, -12]
    assert board.reason == (
        "The mean of all 4 scores is 660 / 4 = 165; to the nearest 10, halves away from zero: 170"
    )


def test_butler_with_six_scores_leaves_out_one_top_and_one_bottom():
    # Leaving out +650 and -50: (620 + 420 + 420 + 200) / 4 = 1660 / 4 = 415 -> 420.
    #   +620: +200, 5 IMPs; +420: 0; +650: +230, 6; -50: -470, -10; +200: -220, -6
    board = butler([620, 420, 650, 420, -50, 200])
    assert board.left_out == (650, -50)
    assert (board.mean, board.datum) == (415, 420)
    assert [r.imps for r in board.results] == [5, 0, 6, 0, -10, -6]
    assert board.results[4].reason == (
        "-50 against a datum of +420: -470; 470 is at least 430 and under 500: -10 IMPs"
    )


def test_butler_rounds_a_negative_half_away_from_zero_too():
    # The six scores above with the sign turned: mean -415, datum -420.
    board = butler([-620, -420, -650, -420, 50, -200])
    assert board.left_out == (50, -650)
    assert (board.mean, board.datum) == (-415, -420)
    assert [r.imps for r in board.results] == [-5, 0, -6, 0, 10, 6]
    assert butler([-620, -420, -170, 550]).datum == -170


@pytest.mark.parametrize(
    "scores, datum",
    [
        ([400, 428, 414], 410),  # mean 414: down to 410
        ([-400, -428, -414], -410),
        ([410, 420, 420], 420),  # mean 416.67: up to 420
        ([420, 420, 410, 400], 410),  # mean 412.5: down to 410
    ],
)
def test_the_datum_is_rounded_to_the_nearest_10(scores, datum):
    assert butler(scores).datum == datum


def test_butler_needs_at_least_two_scores():
    with pytest.raises(InvalidComparison, match="at least 2 scores"):
        butler([420])


@given(
    st.integers(-300, 300).map(lambda tens: tens * 10),
    st.lists(st.integers(0, 2000), min_size=1, max_size=10),
)
def test_a_score_equal_to_the_datum_earns_no_imps(centre, offsets):
    # Scores set evenly about a multiple of 10 (trimmed or not) average to it exactly.
    scores = [centre] + [centre + o for o in offsets] + [centre - o for o in offsets]
    board = butler(scores)
    assert board.datum == centre
    assert board.results[0].imps == 0


@given(st.lists(duplicate_scores, min_size=2, max_size=20))
def test_butler_from_ew_is_butler_from_ns_with_the_sign_turned(scores):
    ns, ew = butler(scores), butler([-score for score in scores])
    assert ew.datum == -ns.datum
    assert [r.imps for r in ew.results] == [-r.imps for r in ns.results]


# -- cross-IMPs ---------------------------------------------------------------------


def test_cross_imps_sum_each_scores_imps_against_every_other_table():
    # +420 v +420: 0; v +500: -80, -2; v -100: +520, 11.   0 - 2 + 11 = 9
    # +500 v +420 (twice): +80, 2 each; v -100: +600, 12.   2 + 2 + 12 = 16
    # -100 v +420 (twice): -520, -11 each; v +500: -600, -12.  -34
    results = cross_imps([420, 420, 500, -100])
    assert [r.imps for r in results] == [9, 9, 16, -34]
    assert {r.count for r in results} == {3}
    assert results[2].average == Fraction(16, 3)
    assert results[3].reason == (
        "-100 against the 3 other scores: -11 - 11 - 12 = -34 IMPs over 3 comparisons"
    )
    assert results[0].comparisons[2].reason == (
        "+420 against -100: +520; 520 is at least 500 and under 600: 11 IMPs"
    )


@given(st.lists(duplicate_scores, min_size=2, max_size=20))
def test_cross_imps_over_a_board_sum_to_zero(scores):
    results = cross_imps(scores)
    assert sum(r.imps for r in results) == 0
    assert all(r.count == len(scores) - 1 for r in results)


# -- slips replayed, for naming a learner's mistake (quizzes) ------------------------------


def test_the_datum_with_the_extremes_left_in_is_the_mean_of_every_score():
    scores = [620, 420, 650, 420, -50, 200]
    assert butler(scores).datum == 420  # 1660 / 4 = 415, to 420
    kept = butler(scores, keep_extremes=True)
    assert kept.left_out == () and kept.mean == Fraction(2260, 6) and kept.datum == 380
    # Under five scores nothing is left out anyway: the slip changes nothing there.
    assert butler([620, 420, -50, 200], keep_extremes=True) == butler([620, 420, -50, 200])
