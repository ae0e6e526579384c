"""Who may see what. Every address of someone else's object answers 404, for GET and POST.

The people:
- Alice teaches class A. She sees class A, its assignments, its students' work, and her
  own preview of A's assignments. Nothing of class B.
- Bob teaches class B: the same for B, nothing of A.
- Carol is a student in class A (no account: her browser session). She sees her own work
  on A's assignments: not Erin's, not Dan's, and no teacher's page.
- Erin is Carol's classmate in class A and has started the same assignment: she sees her
  own work on it, and none of Carol's (not her questions, her answers or her feedback).
- Dan is a student in class B: his own work on B's assignments only.
- A visitor who is none of these sees nothing of either class.
"""

from dataclasses import dataclass
from urllib.parse import quote

import pytest
from django.test import Client

from assignments import services
from assignments.models import Allowance, Assignment, Attempt
from classes import services as class_services
from classes.models import Classroom, Membership
from quizzes.models import Answer
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    student_client,
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


def _side(teacher_name, student_name, **assignment_fields) -> Side:
    user = UserFactory(username=teacher_name)
    classroom = ClassroomFactory(teacher=user, name=f"Class of {teacher_name}")
    assignment = AssignmentFactory(classroom=classroom, question_count=3, **assignment_fields)
    membership = MembershipFactory(classroom=classroom, display_name=student_name)
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    preview = services.attempt_start(
        assignment=assignment,
        membership=class_services.preview_membership(classroom=classroom),
        preview=True,
    )
    teacher = Client()
    teacher.force_login(user)
    return Side(
        teacher,
        student_client(membership),
        classroom,
        assignment,
        membership,
        attempt.items.first().question.public_id,
        preview.items.first().question.public_id,
    )


@dataclass
class Classmate:
    student: Client
    membership: Membership


def _classmate(side: Side, name: str) -> Classmate:
    """A second student of the side's class, who has started the same assignment."""
    membership = MembershipFactory(classroom=side.classroom, display_name=name)
    services.attempt_start(assignment=side.assignment, membership=membership)
    return Classmate(student_client(membership), membership)


@pytest.fixture
def world():
    return {"A": _side("alice", "Carol"), "B": _side("bob", "Dan")}


def teacher_urls(side: Side) -> list[str]:
    c, a, m = side.classroom.public_id, side.assignment.public_id, side.membership.public_id
    return [
        f"/teachers/classes/{c}/",
        f"/teachers/classes/{c}/code/",
        f"/teachers/classes/{c}/overview/",
        f"/teachers/classes/{c}/overview.csv",
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
        f"/teachers/assignments/{a}/answer-list/",
        f"/teachers/assignments/{a}/answer-list/?for=students",
        f"/teachers/assignments/{a}/preview/",
        f"/teachers/assignments/{a}/preview/start/",
        f"/teachers/assignments/{a}/preview/q/{side.preview_question_id}/",
        f"/teachers/assignments/{a}/preview/submit/",
        f"/teachers/assignments/{a}/preview/reset/",
    ]


def control_urls(side: Side) -> list[str]:
    """A teacher's control of what they made (classes.views, assignments.views)."""
    c, a, m = side.classroom.public_id, side.assignment.public_id, side.membership.public_id
    first = side.assignment.attempts.get(membership=side.membership).number
    return [
        f"/teachers/classes/{c}/archive/",
        f"/teachers/classes/{c}/delete/",
        f"/teachers/classes/{c}/restore/",
        f"/teachers/classes/{c}/students/{m}/remove/",
        f"/teachers/classes/{c}/students/{m}/account/",
        f"/teachers/classes/{c}/students/{m}/restore/",
        f"/teachers/classes/{c}/students/{m}/merge/",
        f"/teachers/classes/{c}/students/{m}/unmerge/",
        f"/teachers/assignments/{a}/publish/",
        f"/teachers/assignments/{a}/withdraw/",
        f"/teachers/assignments/{a}/redraw/",
        f"/teachers/assignments/{a}/replace/1/",
        f"/teachers/assignments/{a}/copy/",
        f"/teachers/assignments/{a}/delete/",
        f"/teachers/assignments/{a}/restore/",
        f"/teachers/assignments/{a}/students/{m}/allowance/",
        f"/teachers/assignments/{a}/students/{m}/attempts/{first}/reset/",
        f"/teachers/assignments/{a}/students/{m}/attempts/{first}/restore/",
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
        sorted(Classroom.all_objects.values_list("join_code", "archived_at", "deleted_at")),
        sorted(Assignment.all_objects.values_list("pk", "published_at", "deleted_at")),
        sorted(Attempt.objects.values_list("pk", "number", "membership", "voided_at")),
        Attempt.objects.filter(submitted_at__isnull=False).count(),
        Answer.objects.count(),
        sorted(Membership.all_objects.values_list("pk", "link_hash", "removed_at")),
        sorted(Allowance.objects.values_list("pk", "due_at", "extra_attempts", "excused")),
    )


def _answer_data(side):
    question = side.assignment.attempts.get(membership=side.membership).items.first().question
    return right_answer(question)


def _refused(response, url) -> bool:
    """A 404 (nobody's business); or, to someone not logged in at all, the same log-in
    page whether the object exists or not."""
    login = f"/accounts/login/?next={quote(url)}"
    return response.status_code == 404 or (
        response.status_code == 302 and response["Location"] == login
    )


def _assert_all_404(client, urls, data):
    for url in urls:
        assert _refused(client.get(url), url), f"GET {url}"
        assert _refused(client.post(url, data), url), f"POST {url}"


@pytest.mark.parametrize("mine, theirs", [("A", "B"), ("B", "A")])
def test_a_teachers_objects_answer_404_to_the_other_teacher_and_to_every_student(
    world, mine, theirs
):
    owner, other = world[mine], world[theirs]
    before = _snapshot()
    urls = teacher_urls(owner) + control_urls(owner)
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
        assert _refused(client.get(url), url), f"GET {url}"
        assert _refused(client.post(url, data), url), f"POST {url}"
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


# -- a classmate on the same assignment -------------------------------------------------------


def _questions(side: Side, membership: Membership):
    """The questions of the student's attempt at the side's assignment, in order."""
    attempt = side.assignment.attempts.get(membership=membership)
    return [item.question for item in attempt.items.order_by("position")]


def _answers(questions) -> list[tuple]:
    rows = Answer.objects.filter(question__in=questions)
    return sorted(rows.values_list("question__public_id", "given", "correct"))


@pytest.fixture(params=[False, True], ids=["a set each", "the same set for everyone"])
def carol_and_erin(request) -> tuple[Side, Classmate]:
    carol = _side("alice", "Carol", same_for_everyone=request.param)
    erin = _classmate(carol, "Erin")
    # Carol answers her first question, so it has her answer and her feedback.
    first = _questions(carol, carol.membership)[0]
    url = f"/join/a/{carol.assignment.public_id}/q/{first.public_id}/"
    assert carol.student.post(url, right_answer(first)).status_code == 302
    return carol, erin


def test_a_classmate_on_the_same_assignment_gets_404_on_each_of_carols_questions(carol_and_erin):
    carol, erin = carol_and_erin
    a = carol.assignment.public_id
    hers, mine = _questions(carol, carol.membership), _questions(carol, erin.membership)
    if carol.assignment.same_for_everyone:
        # The same questions, but Erin has her own copies: Carol's addresses stay Carol's.
        assert [q.situation for q in mine] == [q.situation for q in hers]
    before = (_snapshot(), _answers(hers + mine))
    assert len(before[1]) == 1
    for question in hers:
        url = f"/join/a/{a}/q/{question.public_id}/"
        for headers in ({}, {"HX-Request": "true"}):
            assert erin.student.get(url, headers=headers).status_code == 404, f"GET {url}"
            response = erin.student.post(url, right_answer(question), headers=headers)
            assert response.status_code == 404, f"POST {url}"
    assert (_snapshot(), _answers(hers + mine)) == before
    # Erin's own page of the assignment shows her questions and none of Carol's.
    page = erin.student.get(f"/join/a/{a}/").content.decode()
    assert all(f'id="q-{question.public_id}"' in page for question in mine)
    assert not any(question.public_id in page for question in hers)


def test_the_classmate_does_her_own_work_and_carols_stays_as_it_was(carol_and_erin):
    carol, erin = carol_and_erin
    a = carol.assignment.public_id
    hers, mine = _questions(carol, carol.membership), _questions(carol, erin.membership)
    carols_answers = _answers(hers)
    assert erin.student.get(f"/join/a/{a}/").status_code == 200
    for question in mine:
        url = f"/join/a/{a}/q/{question.public_id}/"
        assert erin.student.post(url, right_answer(question)).status_code == 302
        assert erin.student.get(url).status_code == 302  # to her feedback on her page
    assert erin.student.post(f"/join/a/{a}/submit/").status_code == 302
    assert [correct for _, _, correct in _answers(mine)] == [True] * len(mine)
    assert carol.assignment.attempts.get(membership=erin.membership).submitted_at is not None
    assert carol.assignment.attempts.get(membership=carol.membership).submitted_at is None
    assert _answers(hers) == carols_answers


def test_a_logged_out_teachers_bookmark_asks_to_log_in_then_opens(client):
    from tests.factories import PASSWORD, ClassroomFactory

    classroom = ClassroomFactory()
    url = f"/teachers/classes/{classroom.public_id}/"
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={quote(url)}"
    # Someone else's address, or none at all, reads the same: nothing is told before log-in.
    assert client.get("/teachers/classes/NoSuchClass00000/")["Location"].startswith(
        "/accounts/login/?next="
    )
    login = client.post(
        response["Location"],
        {"username": classroom.teacher.username, "password": PASSWORD, "next": url},
    )
    assert login["Location"] == url
    assert classroom.name in client.get(url).content.decode()


# -- what a teacher deleted or removed ----------------------------------------------------------


def test_what_a_teacher_deleted_or_removed_answers_404_to_the_other_teacher(world):
    a, b = world["A"], world["B"]
    services.assignment_delete(assignment=a.assignment)
    class_services.membership_remove(membership=a.membership)
    class_services.classroom_delete(classroom=a.classroom)
    before = _snapshot()
    for url in control_urls(a):
        for client in (b.teacher, a.student, b.student):
            assert _refused(client.get(url), url), f"GET {url}"
            assert _refused(client.post(url, {"archive": "no"}), url), f"POST {url}"
    assert _snapshot() == before


def test_a_deleted_assignment_or_class_is_gone_from_its_student_at_once(world):
    a = world["A"]
    services.assignment_delete(assignment=a.assignment)
    assert a.student.get(student_urls(a)[0]).status_code == 404
    services.assignment_restore(assignment=a.assignment)
    assert a.student.get(student_urls(a)[0]).status_code == 200
    class_services.classroom_delete(classroom=a.classroom)
    assert a.student.get(student_urls(a)[0]).status_code == 404
    assert "Class of alice" not in a.student.get("/join/classes/").content.decode()


def test_a_merged_record_answers_404_to_everyone_but_its_teacher(world):
    a, b = world["A"], world["B"]
    kept = MembershipFactory(classroom=a.classroom, display_name="Carol B.")
    services.membership_merge(source=a.membership, target=kept)
    before = _snapshot()
    url = f"/teachers/classes/{a.classroom.public_id}/students/{a.membership.public_id}/unmerge/"
    for client in (b.teacher, a.student, b.student, Client()):
        assert _refused(client.get(url), url), f"GET {url}"
        assert _refused(client.post(url), url), f"POST {url}"
    # Nor through Bob's own class: the record is looked up under the class in the address.
    mixed = f"/teachers/classes/{b.classroom.public_id}/students/{a.membership.public_id}/unmerge/"
    assert b.teacher.post(mixed).status_code == 404
    assert _snapshot() == before
    assert a.teacher.post(url).status_code == 302
    assert _snapshot() != before


def test_every_address_of_a_teachers_object_is_in_the_lists_above(world):
    """A new address for a class, an assignment or a student must join these lists, or
    nobody checks that the other teacher and the students are kept out of it."""
    from django.urls import resolve

    from assignments import urls as assignment_urls
    from classes import urls as class_urls

    side = world["A"]
    listed = {
        resolve(url.split("?")[0]).view_name for url in teacher_urls(side) + control_urls(side)
    }
    with_an_object = {
        f"{urls.app_name}:{pattern.name}"
        for urls in (class_urls, assignment_urls)
        for pattern in urls.urlpatterns
        if {"class_id", "assignment_id"} & set(pattern.pattern.converters)
        and str(pattern.pattern).startswith("teachers/")
    }
    assert with_an_object and with_an_object <= listed, sorted(with_an_object - listed)
