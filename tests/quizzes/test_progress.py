"""A learner's standing on each skill, as the database keeps it."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from quizzes import progress
from quizzes.kinds import kind_for
from quizzes.models import Answer, Question, SkillProgress
from quizzes.services import (
    answer_submit,
    progress_record,
    question_new,
    review_record,
    weakest_skill,
)
from quizzes.skills import SKILLS
from tests.factories import LearnerFactory

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_recorded_answers_keep_the_last_eight_results_newest_last():
    learner = LearnerFactory()
    results = [True, False, True, True, False, True, True, True, True, False, True]
    expected = ""
    for right in results:
        progress_record(learner_id=learner.pk, skills=["trick_score"], right=right)
        expected = progress.push(expected, right)
    row = SkillProgress.objects.get(learner=learner, skill="trick_score")
    assert row.recent == expected == "10111101"
    assert (row.answered, row.right) == (len(results), sum(results))


def test_a_skill_named_twice_in_one_question_counts_once():
    learner = LearnerFactory()
    progress_record(learner_id=learner.pk, skills=["slams", "slams", "games"], right=False)
    rows = {r.skill: r for r in SkillProgress.objects.filter(learner=learner)}
    assert set(rows) == {"slams", "games"}
    assert all((r.recent, r.answered, r.right) == ("0", 1, 0) for r in rows.values())


def test_another_learners_progress_is_untouched():
    one, other = LearnerFactory(), LearnerFactory()
    progress_record(learner_id=other.pk, skills=["games"], right=True)
    progress_record(learner_id=one.pk, skills=["games"], right=False)
    assert SkillProgress.objects.get(learner=other, skill="games").recent == "1"


def test_an_answer_saved_after_the_question_was_loaded_leaves_the_first_grade_standing():
    # A double click that two workers take at once: both load the question unanswered, as
    # the view does (select_related("answer")), and the second reaches the one-answer
    # constraint. (The Question that was answered learns of its answer as it is created,
    # so a second call with that very object never gets that far; hence two copies.)
    learner = LearnerFactory()
    question = question_new(learner=learner, kind="duplicate_deal", seed=4)
    one, two = (Question.objects.select_related("answer").get(pk=question.pk) for _ in "12")
    right = kind_for(question.kind).solve(question.situation).answer
    wrong = {"answer": right["answer"] + 10}

    first, first_is_new = answer_submit(question=one, given=right)
    second, second_is_new = answer_submit(question=two, given=wrong)

    assert (first_is_new, second_is_new) == (True, False)
    assert Answer.objects.filter(question=question).count() == 1
    assert second.pk == first.pk
    stored = Answer.objects.get(question=question)
    assert (stored.correct, stored.given) == (True, right)
    assert (second.correct, second.given) == (True, right)
    rows = SkillProgress.objects.filter(learner=learner)
    assert {r.skill for r in rows} == set(question.skills)
    assert {(r.recent, r.answered, r.right) for r in rows} == {("1", 1, 1)}


def test_the_weakest_skill_is_picked_when_nothing_is_due():
    learner = LearnerFactory()
    first, second, *_ = SKILLS  # course order
    for _ in range(progress.MASTERED_RUN):
        progress_record(learner_id=learner.pk, skills=[first], right=True)
    progress_record(learner_id=learner.pk, skills=[second], right=False)  # now learning it
    assert weakest_skill(learner=learner) == second


def test_a_skill_due_for_review_is_picked_before_the_weakest():
    learner = LearnerFactory()
    first, second, *_ = SKILLS
    with time_machine.travel(START, tick=False):
        review_record(learner_id=learner.pk, right=[first], wrong=[])
        progress_record(learner_id=learner.pk, skills=[second], right=False)
    with time_machine.travel(START + timedelta(days=30), tick=False):
        assert weakest_skill(learner=learner) == first
