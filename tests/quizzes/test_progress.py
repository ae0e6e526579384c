"""A learner's standing on each skill, as the database keeps it."""

import random
from collections import Counter

import pytest

from quizzes import progress
from quizzes.models import Learner, SkillProgress
from quizzes.services import REVIEW_CHANCE, progress_record, weakest_skill
from quizzes.skills import SKILLS

pytestmark = pytest.mark.django_db


def test_recorded_answers_keep_the_last_eight_results_newest_last():
    learner = Learner.objects.create()
    results = [True, False, True, True, False, True, True, True, True, False, True]
    expected = ""
    for right in results:
        progress_record(learner_id=learner.pk, skills=["trick_score"], right=right)
        expected = progress.push(expected, right)
    row = SkillProgress.objects.get(learner=learner, skill="trick_score")
    assert row.recent == expected == "10111101"
    assert (row.answered, row.right) == (len(results), sum(results))


def test_a_skill_named_twice_in_one_question_counts_once():
    learner = Learner.objects.create()
    progress_record(learner_id=learner.pk, skills=["slams", "slams", "games"], right=False)
    rows = {r.skill: r for r in SkillProgress.objects.filter(learner=learner)}
    assert set(rows) == {"slams", "games"}
    assert all((r.recent, r.answered, r.right) == ("0", 1, 0) for r in rows.values())


def test_another_learners_progress_is_untouched():
    one, other = Learner.objects.create(), Learner.objects.create()
    progress_record(learner_id=other.pk, skills=["games"], right=True)
    progress_record(learner_id=one.pk, skills=["games"], right=False)
    assert SkillProgress.objects.get(learner=other, skill="games").recent == "1"


def test_a_mastered_skill_comes_back_now_and_then_and_the_weakest_otherwise():
    learner = Learner.objects.create()
    first, second, *_ = SKILLS  # course order
    for _ in range(progress.MASTERED_RUN):
        progress_record(learner_id=learner.pk, skills=[first], right=True)
    progress_record(learner_id=learner.pk, skills=[second], right=False)  # now learning it
    rng = random.Random(7)
    picks = Counter(weakest_skill(learner=learner, rng=rng) for _ in range(2000))
    assert set(picks) == {first, second}
    # About REVIEW_CHANCE of the picks review the mastered skill; the rest go to the skill
    # being learned, the weakest.
    assert abs(picks[first] / 2000 - REVIEW_CHANCE) < 0.03
