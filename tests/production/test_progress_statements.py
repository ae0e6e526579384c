"""Progress is counted by the database: one statement on skills practised before, and
exactly once a skill whichever path an answer takes, as progress.push() would count it
(see quizzes/services/skill_progress.py: _progress_marks)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quizzes import progress, services
from quizzes.models import SkillProgress
from tests.factories import LearnerFactory, SkillProgressFactory

pytestmark = pytest.mark.django_db


def _standing(learner) -> dict[str, tuple[str, int, int]]:
    rows = SkillProgress.objects.filter(learner=learner)
    return {r.skill: (r.recent, r.answered, r.right) for r in rows}


def _record_all(learner, answers):
    for skills, right in answers:
        services.progress_record(learner_id=learner.pk, skills=skills, right=right)


ANSWERS = [
    (["games"], True),
    (["games", "slams"], False),
    *[(["games", "slams", "slams"], n % 3 != 0) for n in range(10)],
    (["honors"], True),
]


def _expected(answers) -> dict[str, tuple[str, int, int]]:
    """What progress.push() and plain counting say, skill by skill."""
    expected = {}
    for skills, right in answers:
        for skill in dict.fromkeys(skills):
            recent, answered, rights = expected.get(skill, ("", 0, 0))
            expected[skill] = (progress.push(recent, right), answered + 1, rights + right)
    return expected


def test_a_practised_skill_is_counted_by_one_statement_a_new_one_by_three():
    learner = LearnerFactory()
    services.progress_record(learner_id=learner.pk, skills=["games", "slams"], right=True)
    with CaptureQueriesContext(connection) as queries:
        services.progress_record(learner_id=learner.pk, skills=["games", "slams"], right=False)
    assert len(queries) == 1
    with CaptureQueriesContext(connection) as queries:
        services.progress_record(learner_id=learner.pk, skills=["games", "honors"], right=True)
    # honors is new: the first UPDATE counts nothing, the missing row is made, all counted
    assert len(queries) == 3
    assert _standing(learner) == {
        "games": ("101", 3, 2),
        "slams": ("10", 2, 1),
        "honors": ("1", 1, 1),
    }


def test_an_answer_right_on_some_skills_and_wrong_on_others_is_counted_by_one_statement():
    learner = LearnerFactory()
    services.progress_record(learner_id=learner.pk, skills=["games", "slams", "honors"], right=True)
    with CaptureQueriesContext(connection) as queries:
        services.progress_record_answer(
            learner_id=learner.pk, right=["games", "honors"], wrong=["slams"]
        )
    assert len(queries) == 1
    assert _standing(learner) == {
        "games": ("11", 2, 2),
        "slams": ("10", 2, 1),
        "honors": ("11", 2, 2),
    }


@pytest.mark.parametrize(
    "right, wrong",
    [
        (["games", "slams"], ["honors"]),  # honors new, the others practised
        (["honors"], ["games", "partners"]),  # partners new
        ([], ["games", "slams"]),
        (["games", "slams"], []),
        (["games", "slams"], ["games", "slams"]),  # a wrong answer that blames no skill
    ],
)
def test_an_answers_credit_keeps_the_same_standing_as_progress_push(right, wrong):
    learner = LearnerFactory()
    history = [(["games", "slams"], True), (["slams"], False)]
    _record_all(learner, history)
    services.progress_record_answer(learner_id=learner.pk, right=right, wrong=wrong)
    assert _standing(learner) == _expected([*history, (right, True), (wrong, False)])


def test_every_path_keeps_the_same_standing_as_progress_push():
    learner = LearnerFactory()
    _record_all(learner, ANSWERS)
    assert _standing(learner) == _expected(ANSWERS)


def test_a_row_created_by_another_answer_in_between_is_counted_not_replaced(monkeypatch):
    # Two first answers on one skill at the same moment (PostgreSQL): the other answer makes
    # the row just before this one's INSERT, which then leaves it alone; both count.
    learner = LearnerFactory()
    make_rows = SkillProgress.objects.bulk_create
    calls = []

    def let_the_other_answer_in_first(rows, **options):
        SkillProgressFactory(learner=learner, skill="games", recent="1", answered=1, right=1)
        calls.append([row.skill for row in rows])
        return make_rows(rows, **options)

    monkeypatch.setattr(SkillProgress.objects, "bulk_create", let_the_other_answer_in_first)
    services.progress_record(learner_id=learner.pk, skills=["games"], right=False)
    assert calls == [["games"]]
    assert _standing(learner) == {"games": ("10", 2, 1)}


def test_recent_keeps_only_the_last_answers_of_a_long_run():
    learner = LearnerFactory()
    for n in range(progress.RECENT + 3):
        services.progress_record(learner_id=learner.pk, skills=["games"], right=n % 2 == 0)
    recent, answered, right = _standing(learner)["games"]
    assert (recent, answered, right) == ("01010101", progress.RECENT + 3, 6)
