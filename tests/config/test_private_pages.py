"""What a logged-in teacher or a student sees is sent `Cache-Control: private, no-store`: a
shared school computer's browser keeps none of it (the answer key, a gradebook, a student's
work) after they log out. Public pages, and the responses that say how to cache themselves
(the live polls, the health check, the login page), keep their headers."""

import pytest
from django.test import Client
from django.urls import reverse

from live import services as live_services
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    student_client,
)

pytestmark = pytest.mark.django_db

PRIVATE = "private, no-store"


@pytest.fixture
def school():
    """Ms Hart's class, an assignment, a live class, and Ana, her student, on a phone."""
    user = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=user)
    assignment = AssignmentFactory(classroom=classroom)
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    live = live_services.session_create(
        teacher=user, title="Live", classroom=classroom, kinds=["undertricks"], question_count=2
    )
    teacher = Client()
    teacher.force_login(user)
    return {"teacher": teacher, "assignment": assignment, "ana": ana, "live": live}


def _cache_control(client, path):
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return response.get("Cache-Control")


def test_a_teachers_pages_and_downloads_are_private_and_not_stored(school):
    a, c = school["assignment"].public_id, school["assignment"].classroom.public_id
    s, live = school["ana"].public_id, school["live"].public_id
    for path in (
        "/teachers/",
        "/teachers/settings/",
        f"/teachers/classes/{c}/",
        f"/teachers/classes/{c}/overview/",
        f"/teachers/classes/{c}/overview.csv",
        f"/teachers/assignments/{a}/",
        f"/teachers/assignments/{a}/gradebook.csv",
        f"/teachers/assignments/{a}/answer-key/",
        f"/teachers/assignments/{a}/worksheet/",
        f"/teachers/assignments/{a}/students/{s}/",
        f"/teachers/assignments/{a}/edit/",
        "/live/",
        f"/live/s/{live}/",
        f"/live/s/{live}/results.csv",
    ):
        assert (path, _cache_control(school["teacher"], path)) == (path, PRIVATE)


def test_a_students_class_pages_and_live_phone_are_private_and_not_stored(school):
    phone = student_client(school["ana"])
    a = school["assignment"].public_id
    assert _cache_control(phone, "/join/classes/") == PRIVATE
    assert _cache_control(phone, f"/join/a/{a}/") == PRIVATE
    joined = phone.post(reverse("live:join"), {"session": school["live"].public_id})
    assert joined.status_code == 302
    assert _cache_control(phone, joined["Location"]) == PRIVATE


def test_a_pages_refusal_and_redirect_for_a_teacher_are_not_stored_either(school):
    teacher = school["teacher"]
    assert teacher.get("/teachers/assignments/nosuchassignmnt/")["Cache-Control"] == PRIVATE
    response = teacher.post(f"/teachers/classes/{school['assignment'].classroom.public_id}/code/")
    assert (response.status_code, response["Cache-Control"]) == (302, PRIVATE)


PUBLIC = ["/", "/lessons/", "/lessons/trick-score/", "/lessons/cheat-sheet/", "/practice/"]


@pytest.mark.parametrize("path", PUBLIC)
def test_public_pages_keep_their_headers_for_a_visitor(path):
    response = Client().get(path)
    assert (response.status_code, response.get("Cache-Control")) == (200, None)


@pytest.mark.parametrize("path", PUBLIC)
def test_a_public_page_drawn_from_a_learners_session_is_private_to_them(path):
    # The home page, the lessons and practice carry the learner's standing and "next", and
    # every page's header is drawn from the session (a student's classes): private (no
    # shared cache keeps it), not no-store (the back button stays instant).
    learner = Client()
    learner.post("/practice/new/", {"kind": "undertricks"})  # a learner with a session
    response = learner.get(path)
    assert (response.status_code, response.get("Cache-Control")) == (200, "private")


def test_for_a_teacher_every_page_is_private_as_its_header_names_her(school):
    teacher = school["teacher"]
    # The lessons' list and a lesson show the account's own progress: theirs alone.
    assert _cache_control(teacher, "/lessons/") == PRIVATE
    assert _cache_control(teacher, "/lessons/trick-score/") == PRIVATE
    # Every page's header names the account: the cheat sheet too is hers alone.
    assert _cache_control(teacher, "/lessons/cheat-sheet/") == PRIVATE


def test_the_live_polls_keep_private_no_cache_with_their_etags(school):
    teacher, live = school["teacher"], school["live"]
    screen_now = reverse("live:screen_now", args=[live.public_id])
    polled = teacher.get(screen_now)
    assert polled["Cache-Control"] == "private, no-cache" and polled["ETag"]
    same = teacher.get(screen_now, HTTP_IF_NONE_MATCH=polled["ETag"])
    assert same.status_code == 304 and not same.has_header("Cache-Control")

    phone = student_client(school["ana"])
    url = phone.post(reverse("live:join"), {"session": live.public_id})["Location"]
    polled = phone.get(f"{url}now/", HTTP_HX_REQUEST="true")
    assert polled["Cache-Control"] == "private, no-cache" and polled["ETag"]
    same = phone.get(f"{url}now/", HTTP_IF_NONE_MATCH=polled["ETag"])
    assert same.status_code == 304 and not same.has_header("Cache-Control")


def test_responses_that_set_their_own_cache_control_keep_it(school):
    never = "max-age=0, no-cache, no-store, must-revalidate, private"
    assert Client().get("/healthz")["Cache-Control"] == never
    assert Client().get("/accounts/login/")["Cache-Control"] == never
    assert school["teacher"].get("/healthz")["Cache-Control"] == never


def test_a_learners_practice_pages_are_private_but_stay_in_the_back_button():
    learner = Client()
    learner.post("/practice/new/", {"kind": "undertricks"})  # this browser's learner
    for path in ("/practice/", "/practice/today/", "/practice/progress/", "/practice/sheet/"):
        header = learner.get(path)["Cache-Control"]
        assert "private" in header and "no-store" not in header, (path, header)
