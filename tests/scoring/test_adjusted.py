"""Matchpoints with adjusted scores (scoring.adjusted): Neuberg's formula and A+, A, A-."""

from fractions import Fraction

import pytest

from scoring import InvalidComparison, matchpoints
from scoring.adjusted import adjusted_matchpoints, neuberg, ranked_standings

# The FFB file (ffb_magic_contest_seance1.pbn), board 1: 22 tables, 14 x 4S made (+420),
# 3NT = (+400), 3S+1 (+170), 5 x 4S-1 (-50), and one table A+ A+. Printed: 28.3, 12.6, 10.5,
# 4.2 and 25.2 to N-S, on the international scale (top 42).
BOARD_1 = [420] * 14 + [400, 170] + [-50] * 5 + ["A+"]


def test_the_ffb_board_1_figures_to_the_tenth():
    results = adjusted_matchpoints(BOARD_1, "international")
    printed = [round(float(r.matchpoints), 1) for r in results]
    assert printed[0] == 28.3
    assert printed[14:17] == [12.6, 10.5, 4.2]
    assert printed[-1] == 25.2
    assert {r.top for r in results} == {42}


def test_a_board_without_adjusted_scores_is_plain_matchpoints():
    scores = [420, 420, 450, -100]
    assert adjusted_matchpoints(scores) == matchpoints(scores)


def test_neuberg_leaves_a_full_board_as_it_is():
    assert neuberg(Fraction(5), played=4, tables=4, per_win=2) == 5


@pytest.mark.parametrize(("code", "share"), [("A+", 60), ("A", 50), ("A-", 40)])
def test_adjusted_scores_earn_their_share_of_the_top(code, share):
    result = adjusted_matchpoints([420, 170, code], "acbl")[-1]
    assert result.matchpoints == Fraction(share * 2, 100)
    assert result.percentage == share


def test_factored_matchpoints_still_add_up_to_a_board_of_every_table():
    # With an average to both sides, the played results share what is left of the tops.
    ns = adjusted_matchpoints([420, 170, -50, "A"], "acbl")
    assert sum(r.matchpoints for r in ns[:3]) == Fraction(3 * 3, 2) * 1 + 0  # 3 x top/2
    assert ns[-1].matchpoints == Fraction(3, 2)


def test_an_unknown_adjusted_score_is_refused():
    with pytest.raises(InvalidComparison, match="A\\+, A or A-"):
        adjusted_matchpoints([420, "A5050"])


def test_pairs_are_ranked_by_their_share_of_the_tops():
    standings = ranked_standings({"1": [(1, Fraction(3), 4)], "2": [(1, Fraction(1), 4)]})
    assert [(s.place, s.pair, s.percentage) for s in standings] == [(1, "1", 75.0), (2, "2", 25.0)]
