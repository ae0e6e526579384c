"""Every page's header says who is looking: the signed-in account's name, its pages and a
Log out button; "Log in" and "Sign up" for anyone else; a student's classes for a browser
that joined a class or came back by its personal link."""

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client

from classes import services
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory
from tests.pages import PUBLIC_PAGES

pytestmark = pytest.mark.django_db

# A lesson, the home page, a practice page, and pages drawn mostly from kept fragments.
PAGES = [
    "/lessons/trick-score/",
    "/",
    "/practice/",
    "/lessons/sample-rubber/3/",
    "/lessons/cheat-sheet/",
    "/scorepad/",
]


def _account(html: str) -> str:
    """The header's account part."""
    found = re.search(r'<nav class="site-account".*?</nav>', html, re.S)
    assert found, "no account part in the header"
    return found.group(0)


@pytest.fixture
def teacher():
    client = Client()
    client.force_login(UserFactory(username="ms-hughes"))
    return client


@pytest.mark.parametrize("path", PAGES)
def test_a_signed_in_teacher_sees_her_name_and_a_log_out_button(teacher, path):
    response = teacher.get(path)
    assert response.status_code == 200
    account = _account(response.content.decode())
    assert re.search(r'href="/teachers/"[^>]*>ms-hughes</a>', account)
    assert 'href="/teachers/settings/"' in account
    # Log out is a POST with the form's own token, to Django's LogoutView.
    form = re.search(r'<form method="post" action="/accounts/logout/">(.*?)</form>', account)
    assert form and re.search(r'name="csrfmiddlewaretoken" value="\w+"', form.group(1))
    assert ">Log out</button>" in form.group(1)
    assert ">Log in</a>" not in account and ">Sign up</a>" not in account


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_an_anonymous_visitor_sees_log_in_and_sign_up_on_every_page(client, path):
    response = client.get(path, follow=True)
    account = _account(response.content.decode())
    assert 'href="/accounts/login/">Log in</a>' in account
    assert 'href="/accounts/signup/">Sign up</a>' in account
    assert "Log out" not in account and "Your classes" not in account


def test_pressing_log_out_signs_the_teacher_out_and_the_header_says_so(teacher):
    lesson = teacher.get("/lessons/trick-score/").content.decode()
    assert "ms-hughes" in _account(lesson)
    response = teacher.post("/accounts/logout/")
    assert (response.status_code, response["Location"]) == (302, "/")
    home = teacher.get("/").content.decode()
    assert "ms-hughes" not in home and ">Log in</a>" in _account(home)
    assert SESSION_KEY not in teacher.session


def test_log_out_needs_the_forms_token():
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(UserFactory(username="ms-hughes"))
    assert browser.post("/accounts/logout/").status_code == 403
    account = _account(browser.get("/lessons/trick-score/").content.decode())
    (token,) = re.findall(r'name="csrfmiddlewaretoken" value="(\w+)"', account)
    response = browser.post("/accounts/logout/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert ">Log in</a>" in _account(browser.get("/").content.decode())


def test_a_student_back_by_her_personal_link_sees_her_classes_in_the_header():
    membership = MembershipFactory(classroom=ClassroomFactory(), display_name="Dana")
    secret = services.membership_new_link(membership=membership)
    phone = Client()
    assert "Your classes" not in phone.get("/lessons/trick-score/").content.decode()
    assert phone.get(f"/join/back/{secret}/").status_code == 302
    for path in ("/lessons/trick-score/", "/", "/practice/"):
        account = _account(phone.get(path).content.decode())
        assert 'href="/join/classes/">Your classes</a>' in account, path
        assert ">Log in</a>" in account  # she has no account
    # A new link from the teacher ends that browser's session, and the link with it.
    services.membership_new_link(membership=membership)
    assert "Your classes" not in phone.get("/").content.decode()


def test_a_student_who_joined_with_the_code_sees_her_classes_and_a_learner_does_not():
    classroom = ClassroomFactory()
    student, learner = Client(), Client()
    joined = student.post("/join/", {"code": classroom.join_code, "display_name": "Ana"})
    assert joined.status_code == 302
    assert "Your classes" in _account(student.get("/lessons/").content.decode())
    learner.post("/practice/new/", {"kind": "undertricks"})  # practice only: no class
    assert "Your classes" not in learner.get("/lessons/").content.decode()


def test_a_page_drawn_for_a_teacher_never_shows_her_name_to_the_next_visitor(teacher):
    # The teacher draws every page first; a visitor after her never sees her name.
    for path in PAGES:
        assert "ms-hughes" in teacher.get(path).content.decode(), path
    for path in PAGES:
        assert "ms-hughes" not in Client().get(path).content.decode(), path


@pytest.mark.django_db
def test_a_teachers_own_pages_have_one_log_out_button(client):
    teacher = UserFactory(username="alice")
    client.force_login(teacher)
    for path in ("/teachers/", "/live/"):
        page = client.get(path).content.decode()
        assert page.count(">Log out</button>") == 1, path
