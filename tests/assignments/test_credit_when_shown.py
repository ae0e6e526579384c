"""An assignment answer counts in the student's progress and review only once its grade is
theirs to see: at once when answers show at once, at hand-in when they show after it, after
the due date when they show then. Before that, the progress page tells nothing of it."""

from datetime import timedelta

import pytest
from django.urls import reverse

from assignments import services
from assignments.models import Assignment
from quizzes import services as practice
from quizzes.models import Answer, ReviewCard, SkillProgress
from tests.clock import NOW
from tests.factories import (
    AssignmentFactory,
    MembershipFactory,
    cleaned_answer,
    student_client,
    wrong_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

SHOW = Assignment.ShowAnswers


def _answer_wrong(item):
    services.attempt_answer(
        item=item, given=cleaned_answer(item.question, wrong_answer(item.question))
    )


def _one_answer(show: str):
    assignment = AssignmentFactory(
        kinds=["undertricks"], question_count=1, show_answers=show, due_at=NOW + timedelta(days=2)
    )
    student = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=student)
    item = attempt.items.select_related("question", "attempt__assignment").get()
    _answer_wrong(item)
    return student, attempt


def _counted(student) -> bool:
    return SkillProgress.objects.filter(learner=student.learner).exists()


def test_an_answer_shown_at_once_counts_at_once():
    student, _ = _one_answer(SHOW.IMMEDIATELY)
    assert _counted(student)
    assert ReviewCard.objects.filter(learner=student.learner).exists()


def test_an_answer_shown_after_hand_in_counts_at_hand_in_and_not_before():
    student, attempt = _one_answer(SHOW.AFTER_SUBMIT)
    assert not _counted(student)
    assert not ReviewCard.objects.filter(learner=student.learner).exists()
    services.attempt_submit(attempt=attempt)
    assert _counted(student)
    assert Answer.objects.get(question__learner=student.learner).credited


def test_an_answer_shown_after_the_due_date_stays_off_the_progress_page_until_then(
    frozen_clock,
):
    student, attempt = _one_answer(SHOW.AFTER_DUE)
    services.attempt_submit(attempt=attempt)
    phone = student_client(student)
    page = phone.get(reverse("quizzes:progress")).content.decode()
    assert 'title="wrong"' not in page and 'title="right"' not in page
    assert not _counted(student)
    frozen_clock.shift(timedelta(days=3))  # past the due date: the answers show
    page = phone.get(reverse("quizzes:progress")).content.decode()
    assert 'title="wrong"' in page
    assert _counted(student)


def test_the_teachers_class_wide_view_counts_what_now_shows(frozen_clock):
    student, attempt = _one_answer(SHOW.AFTER_DUE)
    frozen_clock.shift(timedelta(days=3))
    assert services.answers_settle(classroom=attempt.assignment.classroom) == 1
    assert services.answers_settle(classroom=attempt.assignment.classroom) == 0  # once
    assert _counted(student)


def test_counting_an_answer_twice_counts_it_once():
    student, attempt = _one_answer(SHOW.AFTER_SUBMIT)
    answer = Answer.objects.get(question__learner=student.learner)
    assert practice.answers_credit(answers=[answer]) == 1
    fresh = Answer.objects.get(pk=answer.pk)
    assert practice.answers_credit(answers=[fresh]) == 0
    marks = SkillProgress.objects.filter(learner=student.learner).values_list("recent", flat=True)
    assert all(len(recent) == 1 for recent in marks)
