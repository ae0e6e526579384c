"""Par questions name their slips from the same machinery as every other kind (issue 28,
point 10): a slip is named only when replaying it gives the learner's figures, told with the
question's own figures; par follows from the learner's own game and sacrifice; a guess no
slip gives says so.

Figures by hand from docs/rules.md §1 and §5 (duplicate): 4♠ made by a vulnerable N-S is
120 + 500 = 620 (420 not vulnerable); 5♦ doubled 3 down, not vulnerable, costs
100 + 200 + 200 = 500 (vulnerable 200 + 300 + 300 = 800; undoubled 3 × 50 = 150).
"""

from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from scoring import MISTAKES

PAR = KINDS["par_score"]
S = {
    "pair": "NS",
    "saver": "EW",
    "game": "4S",
    "game_tricks": 10,
    "save": "5DX",
    "save_tricks": 8,
    "down": 3,
    "vulnerable": "NS",
}
RIGHT = {"game": 620, "save": 500, "par": 500}


def test_the_engine_agrees_with_the_figures_worked_by_hand():
    assert PAR.solve(S).answer == RIGHT
    assert grade(PAR, S, RIGHT).correct


def test_the_vulnerability_read_the_other_way_round_is_named():
    # N-S read as not vulnerable (420), E-W as vulnerable (800): par 420.
    result = grade(PAR, S, {"game": 420, "save": 800, "par": 420})
    assert result.mistake_keys == ["vulnerability_reversed"]
    sentences = slip_figures(PAR, S, MISTAKES["vulnerability_reversed"], PAR.solve(S))
    assert "The game's score: 620, not 420." in sentences
    assert "What the sacrifice doubled gives them: 500, not 800." in sentences


def test_the_game_bonus_left_out_is_named():
    result = grade(PAR, S, {"game": 120, "save": 500, "par": 120})
    assert result.mistake_keys == ["game_bonus_forgotten"]


def test_the_sacrifice_charged_at_the_undoubled_scale_is_named():
    result = grade(PAR, S, {"game": 620, "save": 150, "par": 150})
    assert result.mistake_keys == ["undoubled_scale_when_doubled"]


def test_the_fourth_doubled_undertrick_at_200_is_named():
    # 4 down doubled, not vulnerable: 100 + 200 + 200 + 300 = 800, not 700.
    s = {**S, "save_tricks": 7, "down": 4}
    assert PAR.solve(s).answer == {"game": 620, "save": 800, "par": 620}
    result = grade(PAR, s, {"game": 620, "save": 700, "par": 620})
    assert result.mistake_keys == ["fourth_doubled_undertrick_200"]


def test_par_follows_from_the_learners_own_figures():
    # The game scored 420 (a slip of its own), par the smaller of 420 and 500: one mistake.
    result = grade(PAR, S, {"game": 420, "save": 500, "par": 420})
    marks = {mark.name: mark for mark in result.marks}
    assert not marks["game"].right
    assert marks["par"].right and marks["par"].follows
    assert not result.correct


def test_a_guess_no_slip_gives_borrows_none():
    # Par taken as the larger figure: no known slip gives it, and the feedback says so.
    result = grade(PAR, S, {"game": 620, "save": 500, "par": 620})
    assert result.mistake_keys == []
    assert result.unexplained
