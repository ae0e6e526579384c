"""HEAD (what link checkers, uptime monitors and some browsers send) answers as GET does,
headers and all, without the body, on every page that only reads."""

import pytest
from django.test import Client

from lessons.course import TOPICS
from tests.factories import AssignmentFactory, ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db

PUBLIC_READ_ONLY = [
    "/",
    "/healthz",
    "/lessons/",
    TOPICS[0].url,
    "/lessons/cheat-sheet/",
    "/lessons/sample-rubber/",
    "/lessons/review-quiz/",
    "/practice/",
    "/practice/progress/",
    "/scorepad/traveller/",
    "/teachers/",
    "/join/welcome/",
    "/join/classes/",
]


@pytest.mark.parametrize("path", PUBLIC_READ_ONLY)
def test_head_on_a_public_page_answers_200_with_the_pages_headers_and_no_body(path):
    got = Client().get(path)
    head = Client().head(path)
    assert (got.status_code, head.status_code) == (200, 200)
    assert head.content == b""
    assert head["Content-Type"] == got["Content-Type"]
    assert int(head["Content-Length"]) > 0  # the length GET's body would have


def test_head_on_a_teachers_read_only_pages_answers_200_with_no_body():
    user = UserFactory()
    assignment = AssignmentFactory(classroom=ClassroomFactory(teacher=user))
    teacher = Client()
    teacher.force_login(user)
    for path in (
        "/teachers/",
        f"/teachers/classes/{assignment.classroom.public_id}/",
        f"/teachers/assignments/{assignment.public_id}/",
        f"/teachers/assignments/{assignment.public_id}/gradebook.csv",
        "/live/",
    ):
        head = teacher.head(path)
        assert (path, head.status_code, head.content) == (path, 200, b"")


# -- pages with a form: HEAD reads as GET does, and never acts as the form's POST -----------

PUBLIC_WITH_A_FORM = [
    "/join/",
    "/live/join/",
    "/accounts/signup/",
    "/lessons/sample-rubber/1/",
    "/lessons/review-quiz/chicago/",
    "/practice/today/",
    "/practice/sheet/",
    "/scorepad/",
]


@pytest.mark.parametrize("path", PUBLIC_WITH_A_FORM)
def test_head_on_a_public_page_with_a_form_answers_200_with_no_body(path):
    got = Client().get(path)
    head = Client().head(path)
    assert (got.status_code, head.status_code, head.content) == (200, 200, b"")
    assert head["Content-Type"] == got["Content-Type"]


def test_head_on_a_practice_question_shows_it_and_answers_nothing(client):
    from quizzes.models import Answer, Question

    response = client.post("/practice/new/", {"kind": "undertricks"})
    question = Question.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])
    head = client.head(f"/practice/q/{question.public_id}/")
    assert (head.status_code, head.content) == (200, b"")
    assert not Answer.objects.exists()


def test_head_on_an_assignment_question_leads_to_it_as_get_does_and_answers_nothing():
    from assignments.models import Attempt
    from quizzes.models import Answer
    from tests.factories import MembershipFactory, student_client

    sam = MembershipFactory()
    assignment = AssignmentFactory(classroom=sam.classroom)
    student = student_client(sam)
    student.post(f"/join/a/{assignment.public_id}/start/")
    item = Attempt.objects.get().items.select_related("question").first()
    url = f"/join/a/{assignment.public_id}/q/{item.question.public_id}/"
    got, head = student.get(url), student.head(url)
    assert (head.status_code, head["Location"]) == (302, got["Location"])
    assert not Answer.objects.exists()


def test_head_on_a_score_pads_deal_shows_the_deal_and_changes_nothing(client):
    from lessons import deals
    from tests.scorepad.scorer import deal_fields, enter, pad_of, start

    url = start(client, "rubber", fifty="up")
    enter(client, url, deal_fields(deals.SAMPLE_RUBBER[0]))
    before = pad_of(url)
    head = client.head(f"{url}deals/1/")
    assert (head.status_code, head.content) == (200, b"")
    after = pad_of(url)
    assert (after.revision, after.deals) == (before.revision, before.deals)
