"""Victory-point questions name the slips a beginner makes there (issue 28): a band's top
figure read from the next band, and the row's two shares given the other way round. Each is
named only when replaying it gives the learner's answer, told with the question's own
figures, and linked to the victory-points lesson; any other guess names none.

Figures by hand from docs/rules.md §5, the club's table: 50-140 gives 11 VP to 9, 150-240
12 to 8, 350-540 14 to 6, 550-740 15 to 5, and 1550 or more 19 to 1.
"""

import pytest

from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from quizzes.skills import MISTAKE_SKILLS
from scoring import MISTAKES

VP = KINDS["victory_points"]


def _vp(winner: int, loser: int) -> dict:
    return {"winner_vp": winner, "loser_vp": loser}


def test_the_kind_lists_both_slips_and_each_belongs_to_the_victory_points_lesson():
    assert VP.mistakes == ("vp_band_next_row", "vp_shares_swapped")
    assert all(MISTAKE_SKILLS[key] == "victory_points" for key in VP.mistakes)


@pytest.mark.parametrize(
    ("difference", "answer", "slip"),
    [
        # 140 is the top of 50-140 (11 to 9), read from 150-240: 12 to 8.
        (140, _vp(12, 8), "vp_band_next_row"),
        # 540 is the top of 350-540 (14 to 6), read from 550-740: 15 to 5.
        (540, _vp(15, 5), "vp_band_next_row"),
        # 580 is 15 to 5; the shares the other way round: 5 to 15.
        (580, _vp(5, 15), "vp_shares_swapped"),
        (1600, _vp(1, 19), "vp_shares_swapped"),
    ],
)
def test_a_slip_is_named_when_the_answer_is_exactly_what_it_gives(difference, answer, slip):
    situation = {"difference": difference}
    assert VP.solve(situation, MISTAKES[slip]).answer == answer
    result = grade(VP, situation, answer)
    assert not result.correct
    assert result.mistake_keys == [slip]
    assert result.blamed == ["victory_points"]


@pytest.mark.parametrize(
    ("difference", "answer"),
    [
        (140, _vp(13, 7)),  # two bands up: no slip we know
        (100, _vp(12, 8)),  # inside a band, not on its top figure
        (580, _vp(14, 6)),  # the band below
        (580, _vp(15, 15)),  # shares that do not make 20
    ],
)
def test_an_answer_no_slip_gives_names_none(difference, answer):
    result = grade(VP, {"difference": difference}, answer)
    assert not result.correct
    assert result.mistake_keys == []
    assert result.unexplained


def test_the_band_slip_changes_nothing_inside_a_band_or_in_the_last():
    # 100 is inside 50-140 and 1550 starts the last band: nothing for the slip to misread.
    for difference in (100, 150, 1550, 2000):
        situation = {"difference": difference}
        believed = VP.solve(situation, MISTAKES["vp_band_next_row"]).answer
        assert believed == VP.solve(situation).answer


def test_both_slips_held_at_once_are_both_named():
    # 140 read from 150-240 (12 to 8), and the shares swapped: 8 to 12.
    result = grade(VP, {"difference": 140}, _vp(8, 12))
    assert result.mistake_keys == ["vp_band_next_row", "vp_shares_swapped"]


@pytest.mark.parametrize(
    ("difference", "slip", "sentences"),
    [
        (140, "vp_band_next_row", ["Winners' VP: 11, not 12.", "Losers' VP: 9, not 8."]),
        (580, "vp_shares_swapped", ["Winners' VP: 15, not 5.", "Losers' VP: 5, not 15."]),
    ],
)
def test_a_slip_is_told_with_the_questions_own_figures(difference, slip, sentences):
    situation = VP.load({"difference": difference})
    solution = VP.solve(situation)
    assert slip_figures(VP, situation, MISTAKES[slip], solution) == sentences
