"""The reads every teacher's page starts from: whose class, whose assignment, and the
gradebook's students, on a class that has every kind of row those pages read: a student
with their own terms and one without, attempts handed in, in progress and reset, the
teacher's preview, a student taken off the class, answers right, wrong and missing."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from assignments import selectors, services
from assignments.models import Assignment
from classes import selectors as class_selectors
from classes import services as class_services
from reports.gradebook import gradebook_report
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
    wrong_answer,
)

pytestmark = pytest.mark.django_db

DUE = datetime(2040, 1, 1, 9, 0, tzinfo=UTC)


def _answer(attempt, *, right: bool, count: int):
    for item in attempt.items.select_related("question", "attempt__assignment")[:count]:
        data = right_answer(item.question) if right else wrong_answer(item.question)
        given = cleaned_answer(item.question, data)
        services.attempt_answer(item=item, given=given)


@pytest.fixture
def busy_class():
    """A class whose gradebook reads every kind of row (see the module's docstring)."""
    classroom = ClassroomFactory()
    assignment = AssignmentFactory(classroom=classroom, question_count=3, attempts_allowed=3)
    ann, bo, cy, dee = (
        MembershipFactory(classroom=classroom, display_name=name)
        for name in ("Ann", "bo", "Cy", "Dee")
    )
    first = services.attempt_start(assignment=assignment, membership=ann)
    _answer(first, right=False, count=3)
    services.attempt_submit(attempt=first)
    second = services.attempt_start(assignment=assignment, membership=ann)
    _answer(second, right=True, count=2)
    reset = services.attempt_start(assignment=assignment, membership=bo)
    services.attempt_reset(attempt=reset)
    _answer(services.attempt_start(assignment=assignment, membership=bo), right=True, count=1)
    services.allowance_set(
        assignment=assignment, membership=bo, due_at=DUE + timedelta(days=3), excused=True
    )
    _answer(services.attempt_start(assignment=assignment, membership=dee), right=True, count=3)
    class_services.membership_remove(membership=dee)
    preview = services.attempt_start(
        assignment=assignment,
        membership=class_services.preview_membership(classroom=classroom),
        preview=True,
    )
    _answer(preview, right=True, count=1)
    return classroom, assignment


def test_the_gradebook_reads_students_own_terms_and_leaves_out_resets_and_the_preview(
    busy_class,
):
    _, assignment = busy_class
    book = gradebook_report(assignment=assignment, now=timezone.now())
    # Ann's two attempts; bo's attempt after the reset; Cy never started; Dee was taken off
    # the class and the teacher's preview is no student.
    assert [row.membership.display_name for row in book.rows] == ["Ann", "bo", "Cy"]
    ann, bo, cy = book.rows
    assert [a.number for a in ann.membership.attempts] == [1, 2]
    assert (ann.status, ann.right, ann.attempts_used) == ("submitted", 0, 2)
    allowance = bo.membership.allowance
    assert (allowance.due_at, allowance.extra_attempts, allowance.excused) == (
        DUE + timedelta(days=3),
        0,
        True,
    )
    assert [a.number for a in bo.membership.attempts] == [2]  # numbered on from the reset
    assert (bo.status, bo.answered, bo.right, bo.excused) == ("in_progress", 1, 1, True)
    assert (cy.status, cy.membership.allowance, cy.membership.attempts) == ("not_started", None, [])


def test_another_teachers_or_a_deleted_class_is_not_found(busy_class):
    classroom, _ = busy_class
    found = class_selectors.classroom_for_teacher(
        user=classroom.teacher, public_id=classroom.public_id
    )
    assert found == classroom and found.name == classroom.name
    other = UserFactory()
    assert class_selectors.classroom_for_teacher(user=other, public_id=classroom.public_id) is None
    class_services.classroom_delete(classroom=classroom)
    gone = class_selectors.classroom_for_teacher(
        user=classroom.teacher, public_id=classroom.public_id
    )
    assert gone is None


def test_another_teachers_or_a_deleted_class_assignment_is_not_found(busy_class):
    classroom, assignment = busy_class
    found = selectors.assignment_for_teacher(user=classroom.teacher, public_id=assignment.public_id)
    assert (found.pk, found.classroom.name) == (assignment.pk, classroom.name)
    assert found == Assignment.objects.select_related("classroom").get(pk=assignment.pk)
    other = UserFactory()
    assert selectors.assignment_for_teacher(user=other, public_id=assignment.public_id) is None
    class_services.classroom_delete(classroom=classroom)
    gone = selectors.assignment_for_teacher(user=classroom.teacher, public_id=assignment.public_id)
    assert gone is None


def test_the_teachers_assignment_comes_with_its_class_in_one_query(
    busy_class, django_assert_num_queries
):
    classroom, assignment = busy_class
    with django_assert_num_queries(1):
        found = selectors.assignment_for_teacher(
            user=classroom.teacher, public_id=assignment.public_id
        )
        assert found.classroom.teacher_id == classroom.teacher_id
        assert found.kinds == assignment.kinds
