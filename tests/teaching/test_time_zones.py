"""A teacher's time zone: dates typed and shown in it, to the teacher and their students,
with its name beside them; chosen once, remembered at every log-in."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client

from teaching import zones
from teaching.models import Assignment, TeacherSettings
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    student_client,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
NEW_YORK = "America/New_York"


@pytest.fixture(autouse=True)
def frozen_clock():
    with time_machine.travel(NOW, tick=False):
        yield


def _teacher(zone: str | None = None):
    user = UserFactory()
    if zone:
        TeacherSettings.objects.create(user=user, time_zone=zone)
    client = Client()
    client.force_login(user)
    return user, client


def test_a_due_time_typed_in_new_york_is_kept_as_that_instant_and_shown_there(client):
    user, teacher = _teacher(NEW_YORK)
    classroom = ClassroomFactory(teacher=user)
    response = teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        {
            "title": "Evening review",
            "kinds": ["undertricks"],
            "question_count": 2,
            "same_for_everyone": "yes",
            "due_at": "2026-11-25T18:00",
            "attempts_allowed": 1,
            "show_answers": "after_submit",
            "layout": "one",
        },
    )
    assert response.status_code == 302
    assignment = Assignment.objects.get(title="Evening review")
    # 18:00 in New York in November (EST, UTC-5) is 23:00 UTC, not 18:00 UTC.
    assert assignment.due_at == datetime(2026, 11, 25, 23, 0, tzinfo=UTC)
    gradebook = teacher.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert "25 Nov 2026, 18:00" in gradebook and NEW_YORK in gradebook

    sam = MembershipFactory(classroom=classroom)
    student = student_client(sam)
    page = student.get(f"/join/a/{assignment.public_id}/").content.decode()
    assert "due 25 Nov 2026, 18:00" in page and "(America/New_York time)" in page
    classes = student.get("/join/classes/").content.decode()
    assert "25 Nov 2026, 18:00" in classes and f"Times are in {NEW_YORK}" in classes


def test_a_teacher_who_has_not_chosen_works_in_the_sites_zone_and_is_told_so():
    user, teacher = _teacher()
    page = teacher.get("/teachers/settings/").content.decode()
    assert "Until you choose, it is <strong>UTC</strong>" in page
    assert "Times in UTC" in teacher.get("/teachers/").content.decode()


def test_choosing_a_zone_keeps_it_on_the_account_and_at_the_next_log_in():
    user, teacher = _teacher()
    response = teacher.post("/teachers/settings/", {"time_zone": NEW_YORK}, follow=True)
    assert "Dates are now typed and shown in America/New_York." in response.content.decode()
    assert TeacherSettings.objects.get(user=user).time_zone == NEW_YORK
    again = Client()
    again.force_login(user)
    assert again.session[zones.ZONE_KEY] == NEW_YORK
    assert "Times in America/New_York" in again.get("/teachers/").content.decode()


@pytest.mark.parametrize("sent", [{}, {"time_zone": "Mars/Olympus_Mons"}, {"time_zone": ""}])
def test_an_unknown_zone_is_refused_with_a_message_and_changes_nothing(sent):
    user, teacher = _teacher(NEW_YORK)
    response = teacher.post("/teachers/settings/", sent)
    assert response.status_code == 422
    assert "Choose a time zone from the list" in response.content.decode()
    assert TeacherSettings.objects.get(user=user).time_zone == NEW_YORK


def test_one_teachers_zone_does_not_carry_over_to_the_next_request():
    user, teacher = _teacher("Asia/Tokyo")
    other, _ = _teacher()
    assignment = AssignmentFactory(
        classroom=ClassroomFactory(teacher=other), due_at=datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    )
    sam = MembershipFactory(classroom=assignment.classroom)
    teacher.get("/teachers/")  # in Tokyo's zone, on this same thread
    page = student_client(sam).get(f"/join/a/{assignment.public_id}/").content.decode()
    assert "due 1 Dec 2026, 09:00" in page and "(UTC time)" in page
