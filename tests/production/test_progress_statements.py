"""Progress is counted by one statement on a practised skill, and counted exactly once
whichever of progress_record's paths an answer takes (see quizzes/services.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quizzes import progress, services
from quizzes.models import Learner, SkillProgress

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


def test_a_practised_skill_is_counted_by_one_statement():
    learner = Learner.objects.create()
    services.progress_record(learner_id=learner.pk, skills=["games", "slams"], right=True)
    with CaptureQueriesContext(connection) as queries:
        services.progress_record(learner_id=learner.pk, skills=["games", "slams"], right=False)
    assert len(queries) == 1
    with CaptureQueriesContext(connection) as queries:
        services.progress_record(learner_id=learner.pk, skills=["games", "honors"], right=True)
    assert len(queries) == 2  # honors is new: its row is created with this answer in it


def test_an_answer_right_on_some_skills_and_wrong_on_others_is_counted_by_one_statement():
    learner = Learner.objects.create()
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
    learner = Learner.objects.create()
    history = [(["games", "slams"], True), (["slams"], False)]
    _record_all(learner, history)
    services.progress_record_answer(learner_id=learner.pk, right=right, wrong=wrong)
    assert _standing(learner) == _expected([*history, (right, True), (wrong, False)])


def test_every_path_keeps_the_same_standing_as_progress_push():
    learner = Learner.objects.create()
    _record_all(learner, ANSWERS)
    assert _standing(learner) == _expected(ANSWERS)


def test_a_row_created_by_another_answer_in_between_is_still_counted(monkeypatch):
    # Two first answers on one skill at the same moment (PostgreSQL): this one finds no row
    # to count, the other creates it, so this one's INSERT does nothing; it must count then.
    learner = Learner.objects.create()
    count = services._progress_count
    calls = []

    def count_then_let_the_other_answer_in(cursor, learner_id, marks, now):
        counted = count(cursor, learner_id, marks, now)
        if not calls:
            SkillProgress.objects.create(
                learner_id=learner_id, skill="games", recent="1", answered=1, right=1
            )
        calls.append(list(marks))
        return counted

    monkeypatch.setattr(services, "_progress_count", count_then_let_the_other_answer_in)
    services.progress_record(learner_id=learner.pk, skills=["games"], right=False)
    assert calls == [["games"], ["games"]]  # counted, then counted again after the INSERT
    assert _standing(learner) == {"games": ("10", 2, 1)}
