"""Follow-through marking on the kinds that compare results: the IMPs against the learner's
own datum, the board's winner and IMPs from the learner's own two rooms, the other team's VP
from the learner's own figure. One slip is one mistake; a box wrong even from the learner's
own figures is still wrong."""

import random

import pytest

from quizzes.grading import grade
from quizzes.kinds import kind_for
from scoring import InvalidComparison, against_datum, butler, opponents_vp

BUTLER = kind_for("butler_datum")
# Board 1, nobody vulnerable: N-S +420, +450, +420, +400 and -50. The top (+450) and the
# bottom (-50) are left out: (420 + 420 + 400) / 3 = 413.33, so the datum is 410. The table
# asked (+450) is 40 above it: 1 IMP. With the extremes kept the mean is 1640 / 5 = 328,
# a datum of 330, and +450 is 120 above that: 3 IMPs.
DATUM_BOARD = {
    "board": 1,
    "rows": [
        {"declarer": "N", "contract": "4S", "tricks": 10},
        {"declarer": "N", "contract": "4S", "tricks": 11},
        {"declarer": "S", "contract": "4S", "tricks": 10},
        {"declarer": "N", "contract": "3NT", "tricks": 9},
        {"declarer": "N", "contract": "4S", "tricks": 9},
    ],
    "asked": 1,
}
TEAMS = kind_for("team_board")
# Board 1, nobody vulnerable: 4S made in room 1 (N-S +420), 4S one down in room 2 (N-S -50).
# The team nets 420 + 50 = 470: 10 IMPs.
TEAM_BOARD = {
    "board": 1,
    "rooms": [
        {"declarer": "N", "contract": "4S", "tricks": 10},
        {"declarer": "N", "contract": "4S", "tricks": 9},
    ],
}
MATCH = kind_for("match_vp")
# 47 IMPs to 34 over 20 boards: won by 13, 13.20 VP to 6.80 on the WBF scale.
MATCH_SITUATION = {"boards": 20, "ours": 47, "theirs": 34}


def _marks(result):
    return {mark.name: (mark.right, mark.follows) for mark in result.marks}


def test_the_example_board_has_a_datum_of_410_and_1_imp_for_the_table_asked():
    assert BUTLER.solve(DATUM_BOARD).answer == {"datum": 410, "imps": 1}


def test_imps_worked_from_a_datum_with_the_extremes_kept_are_one_slip_not_two():
    result = grade(BUTLER, DATUM_BOARD, {"datum": 330, "imps": 3})
    assert not result.correct
    assert _marks(result) == {"datum": (False, False), "imps": (True, True)}
    assert result.mistake_keys == ["datum_extremes_kept"]


def test_imps_against_any_datum_the_learner_wrote_follow_from_it():
    # A datum of 400: +450 is 50 above it, 2 IMPs.
    result = grade(BUTLER, DATUM_BOARD, {"datum": 400, "imps": 2})
    assert _marks(result) == {"datum": (False, False), "imps": (True, True)}


def test_imps_wrong_even_against_the_learners_own_datum_are_wrong():
    # Against 400 the table is 2 IMPs up, not 3.
    result = grade(BUTLER, DATUM_BOARD, {"datum": 400, "imps": 3})
    assert _marks(result) == {"datum": (False, False), "imps": (False, False)}


def test_a_blank_datum_gives_the_imps_nothing_to_follow_from():
    result = grade(BUTLER, DATUM_BOARD, {"datum": None, "imps": 3})
    assert _marks(result)["imps"] == (False, False)


def test_the_example_team_board_is_won_by_10_imps():
    assert TEAMS.solve(TEAM_BOARD).answer == {
        "ns_room1": 420,
        "ns_room2": -50,
        "winner": "us",
        "imps": 10,
    }


def test_a_room_scored_with_the_wrong_sign_leaves_the_imps_from_it_right():
    # Room 2 as +50: a swing of 370, 9 IMPs to the team.
    result = grade(TEAMS, TEAM_BOARD, {"ns_room1": 420, "ns_room2": 50, "winner": "us", "imps": 9})
    assert _marks(result) == {
        "ns_room1": (True, False),
        "ns_room2": (False, False),
        "winner": (True, False),
        "imps": (True, True),
    }
    assert result.mistake_keys == ["room2_ns_sign_reversed"]
    assert "imps" not in result.blamed, "comparing the rooms was done right"


def test_a_room_scored_wrong_can_turn_the_winner_and_both_follow_from_it():
    # Room 2 as +500: the team loses 80, 2 IMPs to the other team.
    given = {"ns_room1": 420, "ns_room2": 500, "winner": "them", "imps": 2}
    result = grade(TEAMS, TEAM_BOARD, given)
    assert _marks(result)["winner"] == (True, True)
    assert _marks(result)["imps"] == (True, True)
    assert "imps" not in result.blamed
    assert result.blamed == TEAMS.box_skills(TEAM_BOARD, "ns_room2")


def test_a_winner_wrong_even_from_the_learners_own_rooms_is_wrong():
    # From these rooms the other team won; on the right scores the team did; not neither.
    given = {"ns_room1": 420, "ns_room2": 500, "winner": "neither", "imps": 2}
    result = grade(TEAMS, TEAM_BOARD, given)
    assert _marks(result)["winner"] == (False, False)
    assert "imps" in result.blamed


def test_the_other_teams_vp_follow_from_the_learners_own_figure_for_theirs():
    # 13.19 is the formula's figure before the WBF's adjustment: the scale says 13.20.
    result = grade(MATCH, MATCH_SITUATION, {"ours_vp": 13.19, "theirs_vp": 6.81})
    assert _marks(result) == {"ours_vp": (False, False), "theirs_vp": (True, True)}


def test_vp_over_20_give_the_other_team_nothing_to_follow_from():
    result = grade(MATCH, MATCH_SITUATION, {"ours_vp": 25.0, "theirs_vp": -5.0})
    assert _marks(result)["theirs_vp"] == (False, False)


@pytest.mark.parametrize("vp", [20.01, -0.01, 13.555, True, None, "13.2"])
def test_opponents_vp_refuses_what_is_no_teams_vp(vp):
    with pytest.raises(InvalidComparison):
        opponents_vp(vp)


def test_the_two_teams_vp_always_make_20():
    for hundredths in range(0, 2001):
        ours = hundredths / 100
        assert round((ours + opponents_vp(ours)) * 100) == 2000


def test_against_datum_agrees_with_each_tables_imps_on_the_boards_own_datum():
    rng = random.Random(7)
    for _ in range(500):
        scores = [10 * rng.randint(-200, 200) for _ in range(rng.randint(2, 9))]
        board = butler(scores)
        for row in board.results:
            assert against_datum(row.score, board.datum) == row
