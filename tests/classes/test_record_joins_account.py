"""A student's record joins an account only when the teacher allows it (issue #29, point 11).

A browser that opened Ana's personal link and then signs up or logs in leaves Ana's record
with Ana, unless Ms Hart switches on "Let this student's record join an account" on Ana's
page. Then the next sign-up or log-in there takes it in, once, and Ana's page says where
the record went: "Joined to an account on <date>", or "Held by a browser link".
"""

import pytest
from django.test import Client
from django.urls import reverse

from classes import services
from classes.models import Membership
from tests.clock import NOW
from tests.factories import PASSWORD, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

SIGN_UP = {
    "username": "ana-b",
    "email": "ana@example.org",
    "password1": "slam-bonus-750-x",
    "password2": "slam-bonus-750-x",
}


def _borrowed_browser(member):
    """A browser that holds the student only because it opened their personal link."""
    browser = Client()
    secret = services.membership_new_link(membership=member)
    assert browser.get(f"/join/back/{secret}/").status_code == 302
    return browser


def _student_page(member):
    teacher = Client()
    teacher.force_login(member.classroom.teacher)
    url = reverse("reports:student", args=[member.classroom.public_id, member.public_id])
    return teacher, url


def _switch(member, allow):
    teacher, _ = _student_page(member)
    url = reverse("classes:student_account", args=[member.classroom.public_id, member.public_id])
    return teacher.post(url, {"allow": "yes" if allow else "no"})


@pytest.mark.usefixtures("frozen_clock")
def test_the_teachers_switch_lets_a_sign_up_from_the_students_link_take_the_record():
    ana = MembershipFactory(display_name="Ana")
    response = _switch(ana, allow=True)
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.may_join_account
    browser = _borrowed_browser(ana)
    assert browser.post("/accounts/signup/", SIGN_UP).status_code == 302
    ana.refresh_from_db()
    assert ana.learner.user.username == "ana-b"
    assert ana.account_joined_at == NOW
    assert not ana.may_join_account, "the switch lets one account in, not every one"
    assert ana.classroom.name in browser.get("/join/classes/").content.decode()


def test_the_switch_lets_a_log_in_take_the_record_into_an_account_with_work_of_its_own():
    ana = MembershipFactory(display_name="Ana")
    bob = UserFactory(username="bob")
    other = MembershipFactory(display_name="Bob")  # Bob's own learner, in another class
    other.learner.user = bob
    other.learner.save()
    _switch(ana, allow=True)
    browser = _borrowed_browser(ana)
    response = browser.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.learner.user_id == bob.pk
    assert ana.account_joined_at is not None


def test_without_the_switch_a_sign_up_from_the_link_leaves_the_record_with_the_student():
    ana = MembershipFactory(display_name="Ana")
    _switch(ana, allow=True)
    _switch(ana, allow=False)  # switched back off
    browser = _borrowed_browser(ana)
    assert browser.post("/accounts/signup/", SIGN_UP).status_code == 302
    ana.refresh_from_db()
    assert ana.learner.user_id is None
    assert ana.account_joined_at is None


def test_every_class_of_the_student_must_allow_it():
    ana = MembershipFactory(display_name="Ana")
    elsewhere = MembershipFactory(display_name="Ana", learner=ana.learner)
    _switch(ana, allow=True)  # the other class's teacher has not
    browser = _borrowed_browser(ana)
    assert browser.post("/accounts/signup/", SIGN_UP).status_code == 302
    ana.refresh_from_db()
    elsewhere.refresh_from_db()
    assert ana.learner.user_id is None


def test_only_the_classs_teacher_can_switch_it():
    ana = MembershipFactory(display_name="Ana")
    stranger = Client()
    stranger.force_login(UserFactory())
    url = reverse("classes:student_account", args=[ana.classroom.public_id, ana.public_id])
    assert stranger.post(url, {"allow": "yes"}).status_code == 404
    assert Client().post(url, {"allow": "yes"}).status_code == 302  # to the log-in page
    ana.refresh_from_db()
    assert not ana.may_join_account


@pytest.mark.usefixtures("frozen_clock")
def test_the_students_page_says_whether_a_link_or_an_account_holds_the_record():
    ana = MembershipFactory(display_name="Ana")
    teacher, url = _student_page(ana)
    html = teacher.get(url).content.decode()
    assert 'data-record="link"' in html and "Held by a browser link" in html
    assert "Let this student&#x27;s record join an account" in html or (
        "Let this student's record join an account" in html
    )
    _switch(ana, allow=True)
    assert "data-account-allowed" in teacher.get(url).content.decode()
    browser = _borrowed_browser(ana)
    browser.post("/accounts/signup/", SIGN_UP)
    html = teacher.get(url).content.decode()
    assert 'data-record="account"' in html
    assert "Joined to an account on 24 Nov 2026" in html


def test_a_student_who_joined_signed_in_is_held_by_an_account():
    classroom = ClassroomFactory()
    sam = UserFactory(username="sam")
    browser = Client()
    browser.force_login(sam)
    assert (
        browser.post("/join/", {"code": classroom.join_code, "display_name": "Sam"}).status_code
        == 302
    )
    member = Membership.objects.get(display_name="Sam")
    teacher, url = _student_page(member)
    html = teacher.get(url).content.decode()
    assert "Held by an account: Sam joined the class signed in." in html
