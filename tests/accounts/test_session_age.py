"""A teacher's session ends two weeks after they log in, however busy they are; a student's
and a learner's last a year, as their personal links and practice need."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client

from tests.factories import PASSWORD, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TWO_WEEKS = timedelta(days=14)
A_YEAR = timedelta(seconds=settings.SESSION_COOKIE_AGE)


def _ends(client) -> datetime:
    """When the database will end the client's session."""
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return Session.objects.get(session_key=key).expire_date


def _cookie_age(response) -> int:
    return int(response.cookies[settings.SESSION_COOKIE_NAME]["max-age"])


def _logged_in(client) -> bool:
    return client.get("/teachers/classes/new/").status_code == 200


def _log_in(client, user):
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    return response


def test_a_teachers_session_ends_two_weeks_after_logging_in_however_busy_they_are():
    user, teacher = UserFactory(), Client()
    with time_machine.travel(LOGIN, tick=False) as clock:
        response = _log_in(teacher, user)
        assert _cookie_age(response) == TWO_WEEKS.total_seconds()
        assert _ends(teacher) == LOGIN + TWO_WEEKS
        # Busy every day: each change saves the session, and the end stays where it was.
        for _ in range(13):
            clock.shift(timedelta(days=1))
            assert (
                teacher.post("/teachers/settings/", {"time_zone": "Europe/London"}).status_code
                == 302
            )
            assert _ends(teacher) == LOGIN + TWO_WEEKS
        clock.move_to(LOGIN + TWO_WEEKS - timedelta(minutes=1))
        assert _logged_in(teacher)
        clock.move_to(LOGIN + TWO_WEEKS + timedelta(minutes=1))
        assert not _logged_in(teacher)


def test_signing_up_logs_in_for_two_weeks_too():
    client = Client()
    with time_machine.travel(LOGIN, tick=False):
        response = client.post(
            "/accounts/signup/",
            {
                "username": "alice",
                "email": "alice@example.org",
                "password1": "slam-bonus-750-x",
                "password2": "slam-bonus-750-x",
            },
        )
        assert response.status_code == 302
        assert _cookie_age(response) == TWO_WEEKS.total_seconds()
        assert _ends(client) == LOGIN + TWO_WEEKS


def test_a_students_and_a_learners_sessions_still_last_a_year():
    classroom = ClassroomFactory()
    with time_machine.travel(LOGIN, tick=False):
        student = Client()
        joined = student.post("/join/", {"code": classroom.join_code, "display_name": "Sam P."})
        assert joined.status_code == 302
        assert _cookie_age(joined) == A_YEAR.total_seconds()
        assert _ends(student) == LOGIN + A_YEAR

        learner = Client()
        practised = learner.post("/practice/new/", {"kind": "undertricks"})
        assert practised.status_code == 302
        assert _cookie_age(practised) == A_YEAR.total_seconds()
        assert _ends(learner) == LOGIN + A_YEAR


def test_a_student_who_follows_their_personal_link_keeps_a_year():
    from classes import services

    sam = MembershipFactory()
    secret = services.membership_new_link(membership=sam)
    with time_machine.travel(LOGIN, tick=False):
        browser = Client()
        back = browser.get(f"/join/back/{secret}/")
        assert back.status_code == 302
        assert _cookie_age(back) == A_YEAR.total_seconds()
        assert _ends(browser) == LOGIN + A_YEAR


def test_a_shorter_session_setting_wins_over_two_weeks(settings):
    settings.SESSION_COOKIE_AGE = 60 * 60 * 8  # a school's day
    user, teacher = UserFactory(), Client()
    with time_machine.travel(LOGIN, tick=False):
        assert _cookie_age(_log_in(teacher, user)) == 60 * 60 * 8
        assert _ends(teacher) == LOGIN + timedelta(hours=8)


def test_sessions_that_end_with_the_browser_still_do_for_a_teacher(settings):
    settings.SESSION_EXPIRE_AT_BROWSER_CLOSE = True
    response = _log_in(Client(), UserFactory())
    assert response.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == ""
