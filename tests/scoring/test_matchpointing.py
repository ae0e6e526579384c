"""Matchpoints: each score on a board against the other scores of its direction."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparisons import InvalidComparison, matchpoints
from scoring.errors import InvalidForm
from tests.scoring.strategies import duplicate_scores

# -- matchpoints ------------------------------------------------------------------


def test_matchpoints_at_the_acbl_scale_give_one_a_win_and_a_half_a_tie():
    # Five N-S scores, top 4 (one matchpoint for each of the 4 other scores):
    #   +450 beats all four                      4     100%
    #   +420 beats +170 and -100, ties +420: 2 + ½ = 2½   62.5%  (twice)
    #   +170 beats -100                          1      25%
    #   -100 beats none                          0       0%
    results = matchpoints([420, 420, 450, 170, -100])
    assert [r.matchpoints for r in results] == [
        Fraction(5, 2),
        Fraction(5, 2),
        Fraction(4),
        Fraction(1),
        Fraction(0),
    ]
    assert [r.percentage for r in results] == [62.5, 62.5, 100.0, 25.0, 0.0]
    assert [(r.beaten, r.tied, r.lost_to) for r in results][0] == (2, 1, 1)
    assert {r.top for r in results} == {4}
    assert results[0].reason == (
        "+420 beats 2 and ties 1 of the 4 other scores: 2 + ½ = 2½ of a top of 4"
    )
    assert results[4].reason == "-100 beats none of the 4 other scores: 0 of a top of 4"


def test_matchpoints_at_the_international_scale_give_two_a_win_and_one_a_tie():
    # The same five scores, top 8 (two for each of the 4 other scores):
    #   +450: 4 × 2 = 8;  +420: 2 × 2 + 1 = 5;  +170: 1 × 2 = 2;  -100: 0
    results = matchpoints([420, 420, 450, 170, -100], scale="international")
    assert [r.matchpoints for r in results] == [5, 5, 8, 2, 0]
    assert [r.percentage for r in results] == [62.5, 62.5, 100.0, 25.0, 0.0]
    assert results[0].reason == (
        "+420 beats 2 and ties 1 of the 4 other scores: 2 × 2 + 1 = 5 of a top of 8"
    )


def test_three_way_tie_shares_the_matchpoints_it_would_have_won_and_lost():
    # Six scores, top 5. +420 three times: each beats +170 and -100 (2) and ties the
    # other two (2 × ½ = 1): 3, or 60%. At the international scale: 2 × 2 + 2 = 6 of 10.
    scores = [420, 450, 420, 170, -100, 420]
    acbl = matchpoints(scores)
    assert [r.matchpoints for r in acbl] == [3, 5, 3, 1, 0, 3]
    assert acbl[0].reason == (
        "+420 beats 2 and ties 2 of the 5 other scores: 2 + 2 × ½ = 3 of a top of 5"
    )
    assert [r.matchpoints for r in matchpoints(scores, "international")] == [6, 10, 6, 2, 0, 6]


def test_percentages_round_halves_up():
    # 17 scores, top 16: a 0 that ties one other 0 and beats nothing earns ½,
    # 100 × ½ / 16 = 3.125%, shown as 3.13 (rounding to even would give 3.12).
    scores = [0, 0] + [10 * k for k in range(1, 16)]
    assert matchpoints(scores)[0].percentage == 3.13


@pytest.mark.parametrize("scores", [[], [420]])
def test_matchpoints_need_at_least_two_scores(scores):
    with pytest.raises(InvalidComparison, match="at least 2 scores"):
        matchpoints(scores)


def test_an_unknown_matchpoint_scale_is_refused():
    with pytest.raises(InvalidForm, match="'acbl' or 'international'"):
        matchpoints([420, 450], scale="european")


@given(st.lists(duplicate_scores, min_size=2, max_size=30))
def test_a_boards_matchpoints_sum_to_every_pair_of_tables_compared_once(scores):
    n = len(scores)
    assert sum(r.matchpoints for r in matchpoints(scores)) == Fraction(n * (n - 1), 2)
    assert sum(r.matchpoints for r in matchpoints(scores, "international")) == n * (n - 1)


@given(st.lists(duplicate_scores, min_size=2, max_size=30))
def test_each_ew_pair_earns_the_top_less_its_ns_opponents_matchpoints(scores):
    ns = matchpoints(scores)
    ew = matchpoints([-score for score in scores])
    assert [r.matchpoints for r in ew] == [r.top - r.matchpoints for r in ns]


# -- slips replayed, for naming a learner's mistake (quizzes) ------------------------------


def test_ties_counted_as_wins_or_as_losses_move_a_tied_score_by_half_a_point_each_way():
    # Worked by hand: +420 beats -100 and ties the other +420; +450 beats all three.
    right = [r.matchpoints for r in matchpoints([420, 420, 450, -100])]
    as_wins = [r.matchpoints for r in matchpoints([420, 420, 450, -100], ties="won")]
    as_losses = [r.matchpoints for r in matchpoints([420, 420, 450, -100], ties="lost")]
    assert right == [Fraction(3, 2), Fraction(3, 2), 3, 0]
    assert as_wins == [2, 2, 3, 0]
    assert as_losses == [1, 1, 3, 0]


def test_a_tie_counted_any_other_way_is_refused():
    with pytest.raises(InvalidComparison, match="'half', 'won' or 'lost'"):
        matchpoints([420, 420], ties="shared")
