"""Credit where it is due: a wrong box counts against its own skills, and no others."""

from __future__ import annotations

import pytest

from quizzes import services
from quizzes.generator import generate
from quizzes.grading import grade
from quizzes.kinds import KINDS, kind_for
from quizzes.models import SkillProgress
from quizzes.skills import MISTAKE_SKILLS, SKILLS
from scoring import MISTAKES
from tests.factories import LearnerFactory


def _one_box_wrong(field, right_value):
    """A wrong answer in one box: another choice, or a figure 10 off."""
    if field.type == "choice":
        return next(value for value, _ in field.choices if value != right_value)
    return right_value + 10


def test_every_named_misunderstanding_belongs_to_a_skill():
    assert set(MISTAKE_SKILLS) == set(MISTAKES)
    assert set(MISTAKE_SKILLS.values()) <= set(SKILLS)


@pytest.mark.parametrize("kind_key", sorted(KINDS))
def test_an_answer_wrong_in_one_box_counts_against_that_box_alone(kind_key):
    kind = kind_for(kind_key)
    for seed in range(60):
        _, situation = generate(kind_key, seed)
        solution = kind.solve(situation)
        for field in kind.fields(situation):
            given = dict(solution.answer)
            given[field.name] = _one_box_wrong(field, given[field.name])
            result = grade(kind, situation, given)
            assert not result.correct
            named = [MISTAKE_SKILLS[m.key] for m in result.mistakes]
            expected = named or kind.box_skills(situation, field.name)
            assert set(result.blamed) == set(expected), (seed, field.name, situation)
            right, wrong = result.credit(kind.skills(situation))
            assert set(wrong) <= set(expected)
            assert not set(right) & set(result.blamed)


def test_a_right_answer_blames_nothing():
    kind = kind_for("rubber_deal")
    _, situation = generate("rubber_deal", 3)
    result = grade(kind, situation, kind.solve(situation).answer)
    assert result.blamed == []
    assert result.credit(kind.skills(situation)) == (kind.skills(situation), [])


FOUR_HEARTS = {"history": [], "deal": {"declarer": "we", "contract": "4H", "tricks": 11}}


def _rubber_answer(**wrong):
    kind = kind_for("rubber_deal")
    answer = {**kind.solve(FOUR_HEARTS).answer, **wrong}
    return grade(kind, FOUR_HEARTS, answer)


def test_a_wrong_they_above_box_does_not_count_against_trick_score():
    result = _rubber_answer(they_above=30)
    assert result.blamed == ["sheet"]
    right, wrong = result.credit(kind_for("rubber_deal").skills(FOUR_HEARTS))
    assert "trick_score" in right and wrong == ["sheet"]


def test_a_wrong_trick_score_below_the_line_counts_against_trick_score():
    assert set(_rubber_answer(we_below=100).blamed) == {"sheet", "trick_score"}


def test_a_wrong_overtrick_figure_counts_against_overtricks():
    assert set(_rubber_answer(we_above=40).blamed) == {"sheet", "overtricks"}


def test_figures_on_the_wrong_side_of_the_line_are_a_slip_of_the_line_alone():
    # 4H making 11: 120 below and 30 above; written the other way round.
    assert _rubber_answer(we_above=120, we_below=30).blamed == ["sheet"]


def test_a_wrong_game_box_counts_against_games_alone():
    assert _rubber_answer(game="no").blamed == ["games"]


def test_a_named_misunderstanding_counts_against_its_own_skill():
    kind = kind_for("rubber_deal")
    situation = {"history": [], "deal": {"declarer": "we", "contract": "4HX", "tricks": 10}}
    answer = kind.solve(situation).answer
    result = grade(kind, situation, {**answer, "we_above": answer["we_above"] - 50})
    assert [m.key for m in result.mistakes] == ["insult_forgotten"]
    assert result.blamed == ["doubles"]


def test_a_wrong_penalty_box_counts_against_undertricks():
    kind = kind_for("rubber_deal")
    situation = {"history": [], "deal": {"declarer": "we", "contract": "3NT", "tricks": 7}}
    result = grade(kind, situation, {**kind.solve(situation).answer, "they_above": 150})
    assert set(result.blamed) == {"sheet", "undertricks", "vulnerability"}


def test_a_wrong_dealer_on_a_board_counts_against_duplicate_not_vulnerability():
    kind = kind_for("vulnerability")
    situation = {"variant": "board", "board": 11}
    result = grade(kind, situation, {**kind.solve(situation).answer, "dealer": "N"})
    assert result.blamed == ["duplicate"]


@pytest.mark.django_db
def test_progress_counts_only_the_wrong_boxes_skills_as_wrong():
    learner = LearnerFactory()
    question = services.question_fixed(
        learner=learner, kind="rubber_deal", situation=FOUR_HEARTS, source="practice"
    )
    answer = kind_for("rubber_deal").solve(FOUR_HEARTS).answer
    services.answer_submit(question=question, given={**answer, "they_above": 30})
    recent = dict(SkillProgress.objects.filter(learner=learner).values_list("skill", "recent"))
    assert recent["sheet"] == "0"
    assert recent["trick_score"] == "1"
    assert recent["overtricks"] == "1"
