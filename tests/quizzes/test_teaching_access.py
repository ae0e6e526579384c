"""Who may see what. Every address of someone else's object answers 404, for GET and POST.

The people:
- Alice teaches class A. She sees class A, its assignments, its students' work, and her
  own preview of A's assignments. Nothing of class B.
- Bob teaches class B: the same for B, nothing of A.
- Carol is a student in class A (no account: her browser session). She sees her own work
  on A's assignments: not Dan's, and no teacher's page.
- Dan is a student in class B: his own work on B's assignments only.
- A visitor who is none of these sees nothing of either class.
"""

from dataclasses import dataclass

import pytest
from django.test import Client

from quizzes.models import Answer, Assignment, Attempt, Classroom, Membership
from quizzes.teaching import services
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
)

pytestmark = pytest.mark.django_db


@dataclass
class Side:
    teacher: Client
    student: Client
    classroom: Classroom
    assignment: Assignment
    membership: Membership
    question_id: str
    preview_question_id: str


def _side(teacher_name, student_name) -> Side:
    user = UserFactory(username=teacher_name)
    classroom = ClassroomFactory(teacher=user, name=f"Class of {teacher_name}")
    assignment = AssignmentFactory(classroom=classroom, question_count=3)
    membership = MembershipFactory(classroom=classroom, display_name=student_name)
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    preview = services.attempt_start(
        assignment=assignment,
        membership=services.preview_membership(classroom=classroom),
        preview=True,
    )
    teacher = Client()
    teacher.force_login(user)
    student = Client()
    session = student.session
    session["learner"] = membership.learner_id
    session.save()
    return Side(
        teacher,
        student,
        classroom,
        assignment,
        membership,
        attempt.items.first().question.public_id,
        preview.items.first().question.public_id,
    )


@pytest.fixture
def world():
    return {"A": _side("alice", "Carol"), "B": _side("bob", "Dan")}


def teacher_urls(side: Side) -> list[str]:
    c, a, m = side.classroom.public_id, side.assignment.public_id, side.membership.public_id
    return [
        f"/teachers/classes/{c}/",
        f"/teachers/classes/{c}/code/",
        f"/teachers/classes/{c}/students/{m}/link/",
        f"/teachers/classes/{c}/assignments/new/",
        f"/teachers/classes/{c}/assignments/review-quiz/",
        f"/teachers/assignments/{a}/",
        f"/teachers/assignments/{a}/edit/",
        f"/teachers/assignments/{a}/gradebook.csv",
        f"/teachers/assignments/{a}/students/{m}/",
        f"/teachers/assignments/{a}/worksheet/",
        f"/teachers/assignments/{a}/worksheet/?for=students",
        f"/teachers/assignments/{a}/answer-key/",
        f"/teachers/assignments/{a}/answer-key/?for=students",
        f"/teachers/assignments/{a}/preview/",
        f"/teachers/assignments/{a}/preview/start/",
        f"/teachers/assignments/{a}/preview/q/{side.preview_question_id}/",
        f"/teachers/assignments/{a}/preview/submit/",
        f"/teachers/assignments/{a}/preview/reset/",
    ]


def student_urls(side: Side) -> list[str]:
    a = side.assignment.public_id
    return [
        f"/join/a/{a}/",
        f"/join/a/{a}/start/",
        f"/join/a/{a}/q/{side.question_id}/",
        f"/join/a/{a}/submit/",
    ]


def _snapshot():
    return (
        sorted(Classroom.objects.values_list("join_code", flat=True)),
        Assignment.objects.count(),
        Attempt.objects.count(),
        Attempt.objects.filter(submitted_at__isnull=False).count(),
        Answer.objects.count(),
        sorted(Membership.objects.values_list("link_hash", flat=True)),
    )


def _answer_data(side):
    question = side.assignment.attempts.get(membership=side.membership).items.first().question
    return right_answer(question)


def _assert_all_404(client, urls, data):
    for url in urls:
        assert client.get(url).status_code == 404, f"GET {url}"
        assert client.post(url, data).status_code == 404, f"POST {url}"


@pytest.mark.parametrize("mine, theirs", [("A", "B"), ("B", "A")])
def test_a_teachers_objects_answer_404_to_the_other_teacher_and_to_every_student(
    world, mine, theirs
):
    owner, other = world[mine], world[theirs]
    before = _snapshot()
    urls = teacher_urls(owner)
    for client in (other.teacher, owner.student, other.student, Client()):
        _assert_all_404(client, urls, _answer_data(owner))
    assert _snapshot() == before


@pytest.mark.parametrize("mine, theirs", [("A", "B"), ("B", "A")])
def test_a_students_work_answers_404_to_the_other_student_and_to_both_teachers(world, mine, theirs):
    owner, other = world[mine], world[theirs]
    before = _snapshot()
    urls = student_urls(owner)
    for client in (other.student, owner.teacher, other.teacher, Client()):
        _assert_all_404(client, urls, _answer_data(owner))
    assert _snapshot() == before


def test_mixing_ones_own_address_with_someone_elses_object_answers_404(world):
    a, b = world["A"], world["B"]
    before = _snapshot()
    data = _answer_data(a)
    mixed = [
        # Dan answers Carol's question through his own assignment's address.
        (b.student, f"/join/a/{b.assignment.public_id}/q/{a.question_id}/"),
        # Alice asks for Dan's work, or a new link for him, under her own class.
        (
            a.teacher,
            f"/teachers/assignments/{a.assignment.public_id}/students/{b.membership.public_id}/",
        ),
        (
            a.teacher,
            f"/teachers/classes/{a.classroom.public_id}/students/{b.membership.public_id}/link/",
        ),
        # Alice answers Carol's own question through her preview.
        (a.teacher, f"/teachers/assignments/{a.assignment.public_id}/preview/q/{a.question_id}/"),
        # Bob answers Alice's preview question through his preview.
        (
            b.teacher,
            f"/teachers/assignments/{b.assignment.public_id}/preview/q/{a.preview_question_id}/",
        ),
    ]
    for client, url in mixed:
        assert client.get(url).status_code == 404, f"GET {url}"
        assert client.post(url, data).status_code == 404, f"POST {url}"
    assert _snapshot() == before


def test_each_owner_does_reach_their_own_objects(world):
    a = world["A"]
    for url in teacher_urls(a):
        if any(
            part in url for part in ("/code/", "/link/", "/start/", "/submit/", "/reset/", "/q/")
        ):
            assert a.teacher.post(url, _answer_data(a)).status_code in (200, 302), url
        else:
            assert a.teacher.get(url).status_code == 200, url
    assert a.student.get(student_urls(a)[0]).status_code == 200
    response = a.student.post(student_urls(a)[2], _answer_data(a))
    assert response.status_code == 302


def test_the_dashboard_lists_only_the_teachers_own_classes(world):
    page = world["A"].teacher.get("/teachers/").content.decode()
    assert "Class of alice" in page and "Class of bob" not in page


def test_a_students_class_list_shows_only_their_own_classes(world):
    page = world["A"].student.get("/join/classes/").content.decode()
    assert "Class of alice" in page and "Class of bob" not in page
    assert world["B"].assignment.title not in page
