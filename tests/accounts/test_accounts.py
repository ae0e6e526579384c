"""Accounts: sign up, log in and out, change and reset a password, and the login lockout."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils.html import escape

from accounts import forms as accounts
from assignments.models import Attempt
from classes.models import Membership
from quizzes.models import Answer, Learner, Question
from tests.factories import (
    PASSWORD,
    AssignmentFactory,
    LearnerFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
)

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-fresh-password-for-club-9"


def _signup(client, username="alice", email="alice@example.org", **extra):
    data = {
        "username": username,
        "email": email,
        "password1": "slam-bonus-750-x",
        "password2": "slam-bonus-750-x",
        **extra,
    }
    return client.post("/accounts/signup/", data)


def _login(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_visitors_to_teachers_see_what_teachers_get_and_how_to_start(client):
    response = client.get("/teachers/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'href="/accounts/signup/"' in page and 'href="/accounts/login/?next=/teachers/"' in page
    assert "Worksheets on paper" in page


def test_signing_up_logs_in_and_leads_to_the_dashboard(client):
    assert client.get("/accounts/signup/").status_code == 200
    response = _signup(client)
    assert response.status_code == 302 and response["Location"] == "/teachers/"
    user = get_user_model().objects.get(username="alice")
    assert user.email == "alice@example.org"
    assert "Your classes" in client.get("/teachers/").content.decode()


def test_a_sign_up_with_an_email_in_use_answers_as_for_a_free_one(client):
    # Sign-up never tells whether an address has an account: the page answers the same,
    # the new account is made without the address, and only the address learns of it.
    existing = UserFactory(username="alice", email="alice@example.org")
    free = _signup(Client(), username="bob", email="bob@example.org")
    taken = _signup(client, username="alice2", email="Alice@Example.org")
    assert (taken.status_code, taken["Location"]) == (free.status_code, free["Location"])
    assert "Your classes" in client.get("/teachers/").content.decode()
    new = get_user_model().objects.get(username="alice2")
    assert new.email == ""
    existing.refresh_from_db()
    assert existing.email == "alice@example.org"
    (sent,) = mail.outbox  # none for the free address
    assert sent.to == ["Alice@Example.org"]
    assert '"alice"' in sent.body and '"alice2"' in sent.body
    assert "http://testserver/accounts/login/" in sent.body
    assert "http://testserver/accounts/password_reset/" in sent.body


def test_the_sign_up_page_shows_nothing_that_tells_an_email_in_use_from_a_free_one(client):
    UserFactory(email="alice@example.org")
    refused = _signup(client, username="a", email="alice@example.org", password2="other-one")
    assert refused.status_code == 422
    page = refused.content.decode()
    assert escape(str(accounts.EMAIL_TAKEN)) not in page and "id_email-error" not in page


def test_practice_before_signing_up_is_kept(client):
    client.post("/practice/new/", {"kind": "undertricks"})
    question = Question.objects.get()
    client.post(f"/practice/q/{question.public_id}/", right_answer(question))
    _signup(client)
    learner = Learner.objects.get(user__username="alice")
    assert learner.questions.get() == question
    assert Answer.objects.get(question=question).correct


def test_class_work_done_before_logging_in_is_kept(client):
    user = UserFactory(username="carol")
    LearnerFactory(user=user)  # she already practised with her account
    assignment = AssignmentFactory(question_count=2)
    client.post("/join/", {"code": assignment.classroom.join_code, "display_name": "Carol"})
    client.post(f"/join/a/{assignment.public_id}/start/")
    item = Attempt.objects.get().items.select_related("question").first()
    client.post(
        f"/join/a/{assignment.public_id}/q/{item.question.public_id}/", right_answer(item.question)
    )

    response = _login(client, "carol", PASSWORD)
    assert response.status_code == 302
    membership = Membership.objects.get()
    assert membership.learner.user == user
    page = client.get(f"/join/a/{assignment.public_id}/").content.decode()
    assert "Answered <strong>1</strong> of 2" in page


def test_joining_a_class_the_account_is_in_keeps_both_students_and_their_work(client):
    # Carol's account is in the class already (as "Carol"); in another browser, not logged
    # in, she joined again as "Carol (tablet)" and answered a question. Logging in there must
    # lose neither student: the teacher sees two, each with the questions they answered.
    user = UserFactory(username="carol")
    assignment = AssignmentFactory(question_count=2)
    classroom = assignment.classroom
    mine = MembershipFactory(
        classroom=classroom, learner=LearnerFactory(user=user), display_name="Carol"
    )
    client.post("/join/", {"code": classroom.join_code, "display_name": "Carol (tablet)"})
    client.post(f"/join/a/{assignment.public_id}/start/")
    tablet = Membership.objects.get(display_name="Carol (tablet)")
    item = Attempt.objects.get(membership=tablet).items.select_related("question").first()
    client.post(
        f"/join/a/{assignment.public_id}/q/{item.question.public_id}/", right_answer(item.question)
    )
    practice = client.post("/practice/new/", {"kind": "undertricks"})
    assert practice.status_code == 302

    assert _login(client, "carol", PASSWORD).status_code == 302
    tablet.refresh_from_db()
    account = Learner.objects.get(user=user)
    assert set(Membership.objects.filter(classroom=classroom)) == {mine, tablet}
    assert mine.learner == account and tablet.learner != account
    # The tablet student's assignment questions stay with the tablet student ...
    assert Question.objects.get(pk=item.question.pk).learner == tablet.learner
    assert Answer.objects.filter(question=item.question, correct=True).exists()
    # ... and the browser's own practice moved to the account.
    assert account.questions.filter(source=Question.Source.PRACTICE).count() == 1


def test_logging_out_takes_a_post(client):
    client.force_login(UserFactory())
    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302
    assert "Create a teacher account" in client.get("/teachers/").content.decode()


def test_a_wrong_password_says_so_and_keeps_the_username(client):
    UserFactory(username="bob")
    response = _login(client, "bob", "not-it")
    assert response.status_code == 422  # the form again, with its message
    page = response.content.decode()
    assert "Please enter a correct username and password" in page and 'value="bob"' in page


def test_logins_are_locked_out_after_repeated_failures(client, settings, frozen_clock):
    # The lockout counts the failures of the last hour (AXES_COOLOFF_TIME), by the clock:
    # it stands still, so the count does not depend on how long the test takes.
    UserFactory(username="bob")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "bob", "guess")
    response = _login(client, "bob", PASSWORD)  # even the right password waits now
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()


def test_changing_the_password(client):
    user = UserFactory(username="bob")
    client.force_login(user)
    assert client.get("/accounts/password_change/").status_code == 200
    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    client.post("/accounts/logout/")
    assert _login(Client(), "bob", NEW_PASSWORD).status_code == 302


def test_resetting_a_forgotten_password_by_email(client):
    UserFactory(username="bob", email="bob@example.org")
    response = client.post("/accounts/password_reset/", {"email": "bob@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]  # Django hides the token behind a redirect
    page = client.get(form_url).content.decode()
    assert "Choose a new password" in page
    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert _login(Client(), "bob", NEW_PASSWORD).status_code == 302
    # The link works once.
    assert "no longer works" in client.get(link, follow=True).content.decode()


def test_the_dashboard_shows_the_account_and_a_logout_form(client):
    client.force_login(UserFactory(username="bob"))
    page = client.get("/teachers/").content.decode()
    # The header names the account, once: the dashboard's own bar does not say it again.
    assert re.search(r'Signed in as <a href="/teachers/"[^>]*>bob</a>', page)
    assert page.count(">bob<") == 1 and "Logged in as" not in page
    assert 'action="/accounts/logout/"' in page


def test_new_class_needs_an_account(client):
    response = client.get("/teachers/classes/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_class_names_are_required_with_the_message_beside_the_field(client):
    client.force_login(UserFactory())
    response = client.post("/teachers/classes/new/", {"name": "   "})
    assert response.status_code == 422
    assert "Give the class a name" in response.content.decode()


def test_an_overlong_username_at_login_is_an_error_beside_the_field(client):
    response = client.post("/accounts/login/", {"username": "u" * 400, "password": "x"})
    assert response.status_code in (200, 422)
    assert "150 characters" in response.content.decode()


@pytest.mark.parametrize("target", ["0", "//evil.example/", "https://evil.example/", "/\\evil"])
def test_login_never_follows_a_next_that_is_not_a_path_here(client, target):
    user = UserFactory()
    response = client.post(
        f"/accounts/login/?next={target}", {"username": user.username, "password": PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/")
    assert not response["Location"].startswith("//")


def test_every_account_form_refused_answers_422_with_its_message(client):
    user = UserFactory()
    client.force_login(user)
    changed = client.post(
        "/accounts/password_change/",
        {"old_password": "wrong", "new_password1": "x", "new_password2": "y"},
    )
    assert changed.status_code == 422
    assert "Your old password was entered incorrectly" in changed.content.decode()
    client.logout()
    reset = client.post("/accounts/password_reset/", {"email": "not an address"})
    assert reset.status_code == 422
    signup = client.post("/accounts/signup/", {"username": ""})
    assert signup.status_code == 422
