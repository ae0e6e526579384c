"""How much one teacher or one class holds: each limit, when a script reaches it, refuses
with a message that says what to do, and nothing is made.

The real limits take hundreds of rows to reach; each test makes its limit small, the rule
being the same (classes/limits.py, assignments/limits.py).
"""

import pytest
from django.test import Client

from assignments import limits as assignment_limits
from assignments import services
from assignments.models import Assignment, Attempt
from classes import limits as class_limits
from classes import services as class_services
from classes.models import Classroom, Membership
from tests.control import set_assignment
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return response.content.decode()


def test_a_full_class_refuses_a_new_student_beside_the_code(monkeypatch):
    monkeypatch.setattr(class_limits, "STUDENTS_PER_CLASS", 2)
    classroom = ClassroomFactory()
    MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Ben")
    class_services.preview_membership(classroom=classroom)  # the teacher's preview is no student

    response = Client().post("/join/", {"code": classroom.join_code, "display_name": "Cy"})
    assert response.status_code == 422
    assert "This class has 2 students, as many as a class can have" in _text(response)
    assert Membership.objects.filter(classroom=classroom, is_preview=False).count() == 2

    # A student the teacher took off makes room again.
    class_services.membership_remove(membership=Membership.objects.get(display_name="Ben"))
    response = Client().post("/join/", {"code": classroom.join_code, "display_name": "Cy"})
    assert response.status_code == 302


def test_a_teacher_with_as_many_classes_as_allowed_is_told_and_nothing_is_made(alice, monkeypatch):
    monkeypatch.setattr(class_limits, "CLASSES_PER_TEACHER", 1)
    teacher, client = alice
    made = client.post("/teachers/classes/new/", {"name": "Tuesday", "form_key": "a" * 32})
    assert made.status_code == 302

    refused = client.post("/teachers/classes/new/", {"name": "Friday", "form_key": "b" * 32})
    assert refused.status_code == 422
    assert "as many as an account can have" in _text(refused)
    assert Classroom.all_objects.filter(teacher=teacher).count() == 1
    # The form that made the last class, sent again, still finds it.
    again = client.post("/teachers/classes/new/", {"name": "Tuesday", "form_key": "a" * 32})
    assert again.status_code == 302 and again["Location"] == made["Location"]


def test_a_class_with_as_many_assignments_as_allowed_takes_no_new_one_nor_a_copy(
    alice, monkeypatch
):
    monkeypatch.setattr(assignment_limits, "ASSIGNMENTS_PER_CLASS", 1)
    teacher, client = alice
    classroom = ClassroomFactory(teacher=teacher)
    assert set_assignment(client, classroom, "a" * 32).status_code == 302
    first = Assignment.objects.get()
    services.assignment_delete(assignment=first)  # deleted, it counts until purged

    refused = set_assignment(client, classroom, "b" * 32)
    assert refused.status_code == 422
    page = _text(refused)
    assert "as many as a class can have. Delete one it no longer needs" in page
    assert "Please correct the" not in page  # no field is wrong
    copy = client.post(
        f"/teachers/assignments/{first.public_id}/copy/",
        {"classroom": classroom.public_id, "form_key": "c" * 32},
    )
    assert copy.status_code in (404, 422)  # the deleted one is not the teacher's to copy
    assert Assignment.all_objects.count() == 1


def test_a_copy_into_a_full_class_is_refused_on_the_copy_page(alice, monkeypatch):
    teacher, client = alice
    full = ClassroomFactory(teacher=teacher, name="Full")
    assignment = AssignmentFactory(classroom=ClassroomFactory(teacher=teacher, name="Other"))
    AssignmentFactory(classroom=full)
    monkeypatch.setattr(assignment_limits, "ASSIGNMENTS_PER_CLASS", 1)
    response = client.post(
        f"/teachers/assignments/{assignment.public_id}/copy/",
        {"classroom": full.public_id, "form_key": "c" * 32},
    )
    assert response.status_code == 422
    assert "as many as a class can have" in _text(response)
    assert Assignment.objects.filter(classroom=full).count() == 1


def test_a_teacher_with_as_many_assignments_as_allowed_across_classes_is_told(alice, monkeypatch):
    monkeypatch.setattr(assignment_limits, "ASSIGNMENTS_PER_TEACHER", 1)
    teacher, client = alice
    AssignmentFactory(classroom=ClassroomFactory(teacher=teacher, name="Tuesday"))
    other = ClassroomFactory(teacher=teacher, name="Friday")
    refused = set_assignment(client, other, "b" * 32)
    assert refused.status_code == 422
    assert "as many as an account can have" in _text(refused)
    assert not Assignment.objects.filter(classroom=other).exists()


def test_a_live_classs_results_are_kept_whatever_the_limit(monkeypatch):
    classroom = ClassroomFactory()
    monkeypatch.setattr(assignment_limits, "ASSIGNMENTS_PER_CLASS", 0)
    assignment = services.assignment_create(
        classroom=classroom,
        title="Live",
        preset=Assignment.Preset.LIVE,
        question_count=1,
        same_for_everyone=True,
    )
    assert assignment.pk is not None
    with pytest.raises(class_services.LimitReached):
        services.assignment_create(
            classroom=classroom, title="Set", question_count=1, same_for_everyone=True
        )


def test_a_student_reset_again_and_again_stops_at_the_attempts_kept(monkeypatch):
    monkeypatch.setattr(assignment_limits, "ATTEMPTS_PER_STUDENT", 2)
    assignment = AssignmentFactory(attempts_allowed=1)
    sam = MembershipFactory(classroom=assignment.classroom)
    for _ in range(2):
        attempt = services.attempt_start(assignment=assignment, membership=sam)
        services.attempt_submit(attempt=attempt)
        services.attempt_reset(attempt=attempt)  # the teacher lets Sam start again
    with pytest.raises(services.AnswersClosed, match="started this assignment 2 times"):
        services.attempt_start(assignment=assignment, membership=sam)
    assert Attempt.objects.filter(membership=sam).count() == 2
