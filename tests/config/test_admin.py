"""Django's admin at /admin/: site staff find a class by its join code, a student by name.

Alice teaches (no staff rights); Sam is site staff (a superuser made by createsuperuser).
"""

import pytest
from django.test import Client

from scorepad import services as scorepad
from tests.factories import AssignmentFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def sam():
    user = UserFactory(username="sam", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def dana_in_alices_class():
    alice = UserFactory(username="alice")
    return MembershipFactory(classroom__teacher=alice, display_name="Dana Ní Bhriain")


def test_a_visitor_and_a_teacher_are_sent_to_the_staff_login(dana_in_alices_class):
    alice = Client()
    alice.force_login(dana_in_alices_class.classroom.teacher)
    for client in (Client(), alice):
        response = client.get("/admin/classes/classroom/")
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


def test_staff_find_a_class_by_its_join_code(sam, dana_in_alices_class):
    classroom = dana_in_alices_class.classroom
    page = sam.get("/admin/classes/classroom/", {"q": classroom.join_code.lower()})
    assert page.status_code == 200
    assert classroom.name in page.content.decode()
    other = sam.get("/admin/classes/classroom/", {"q": "ZZZZZZZZ"}).content.decode()
    assert classroom.name not in other


def test_staff_find_a_student_by_name_and_open_the_record(sam, dana_in_alices_class):
    page = sam.get("/admin/classes/membership/", {"q": "bhriain"}).content.decode()
    assert "Dana Ní Bhriain" in page
    record = sam.get(f"/admin/classes/membership/{dana_in_alices_class.pk}/change/")
    assert record.status_code == 200


def test_staff_find_an_assignment_and_a_score_pad(sam, dana_in_alices_class):
    AssignmentFactory(classroom=dana_in_alices_class.classroom, title="Review after lesson 3")
    pad = scorepad.scorepad_start(user=None, session={}, kind="rubber", title="Tuesday club")
    assert (
        "Review after lesson 3"
        in sam.get("/admin/assignments/assignment/", {"q": "lesson 3"}).content.decode()
    )
    assert (
        "Tuesday club"
        in sam.get("/admin/scorepad/scorepad/", {"q": pad.public_id}).content.decode()
    )


@pytest.mark.parametrize(
    "path",
    [
        "/admin/",
        "/admin/classes/classroom/",
        "/admin/classes/membership/",
        "/admin/assignments/assignment/",
        "/admin/assignments/attempt/",
        "/admin/scorepad/scorepad/",
        "/admin/quizzes/learner/",
        "/admin/quizzes/question/",
    ],
)
def test_every_staff_page_opens(sam, dana_in_alices_class, path):
    assert sam.get(path).status_code == 200


def test_staff_cannot_give_an_account_another_accounts_email_or_name(sam):
    alice = UserFactory(username="alice", email="alice@example.org")
    bob = UserFactory(username="bob", email="bob@example.org")
    page = sam.get(f"/admin/auth/user/{bob.pk}/change/").content.decode()
    assert 'name="email"' in page
    data = {
        "username": "bob",
        "email": "ALICE@example.org",
        "date_joined_0": "2026-11-01",
        "date_joined_1": "10:00:00",
    }
    response = sam.post(f"/admin/auth/user/{bob.pk}/change/", data)
    assert response.status_code == 200  # the form again, with its message
    assert "An account already uses this email address" in response.content.decode()
    data.update(username="ALICE", email="bob@example.org")
    response = sam.post(f"/admin/auth/user/{bob.pk}/change/", data)
    assert "A user with that username already exists." in response.content.decode()
    bob.refresh_from_db()
    assert (bob.username, bob.email, alice.email) == ("bob", "bob@example.org", "alice@example.org")


@pytest.mark.parametrize(
    "path",
    [
        "/admin/classes/membership/add/",
        "/admin/assignments/attempt/add/",
        "/admin/quizzes/learner/add/",
        "/admin/quizzes/question/add/",
        "/admin/quizzes/answer/add/",
    ],
)
def test_what_the_site_makes_cannot_be_added_by_hand(sam, path):
    # A student needs the learner the site makes; a question, its seed and situation.
    assert sam.get(path).status_code == 403
    assert sam.post(path, {}).status_code == 403


def test_a_class_page_lists_its_students_without_a_blank_row_to_add(sam, dana_in_alices_class):
    page = sam.get(f"/admin/classes/classroom/{dana_in_alices_class.classroom.pk}/change/")
    html = page.content.decode()
    assert "Dana Ní Bhriain" in html and "memberships-__prefix__" not in html


def test_an_overlong_username_at_the_staff_login_is_an_error_not_a_lockout_record():
    """The fuzzer's find (seed 27, on PostgreSQL): a 300-character username reached the
    login lock-out, whose varchar(255) column refused it with a server error. It is now
    refused beside the field, as on the site's own login, and nothing is recorded."""
    from axes.models import AccessAttempt

    response = Client().post("/admin/login/", {"username": "u" * 300, "password": "x"})
    assert response.status_code == 200
    assert "150 characters" in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_a_wrong_password_at_the_staff_login_is_still_recorded_for_the_lockout():
    from axes.models import AccessAttempt

    UserFactory(username="sam", is_staff=True)
    response = Client().post("/admin/login/", {"username": "sam", "password": "wrong"})
    assert response.status_code == 200
    assert AccessAttempt.objects.filter(username="sam").exists()
