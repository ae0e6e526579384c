"""A teacher's time zone: dates typed and shown in it, to the teacher and their students,
with its name beside them; chosen once, remembered at every log-in."""

import importlib
import zoneinfo
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.test import Client

from assignments.models import Assignment
from classes import zones
from classes.models import TeacherSettings
from common.forms import OUT_OF_RANGE
from tests.clock import NOW
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    TeacherSettingsFactory,
    UserFactory,
    student_client,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

NEW_YORK = "America/New_York"


def _teacher(zone: str | None = None):
    user = UserFactory()
    if zone:
        TeacherSettingsFactory(user=user, time_zone=zone)
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


# -- dates far away: refused beside the box, never a 500 -------------------------------------

PAGO_PAGO, KIRITIMATI = "Pacific/Pago_Pago", "Pacific/Kiritimati"  # UTC-11 and UTC+14
SETTINGS = {"title": "Far away", "attempts_allowed": 2, "show_answers": "after_submit"}
SCOPE = {"kinds": ["undertricks"], "question_count": 2, "same_for_everyone": "yes"}


def _send(page: str, teacher, assignment, student, dates: dict):
    """The page's form with these dates, and all else it needs: the response."""
    work = f"/teachers/assignments/{assignment.public_id}"
    classroom = f"/teachers/classes/{assignment.classroom.public_id}"
    url, data = {
        "new": (f"{classroom}/assignments/new/", {**SETTINGS, **SCOPE, "layout": "one"}),
        "review_quiz": (f"{classroom}/assignments/review-quiz/", {**SETTINGS, "layout": "one"}),
        "edit": (f"{work}/edit/", {**SETTINGS, "layout": "one"}),
        "allowance": (f"{work}/students/{student.public_id}/allowance/", {"extra_attempts": 3}),
    }[page]
    return teacher.post(url, {**data, **dates})


FAR_AWAY = [
    (PAGO_PAGO, "9999-12-31T23:59"),  # after year 9999 in UTC: was a 500
    (KIRITIMATI, "0001-01-01T00:00"),  # was taken
    ("UTC", "2101-01-01T00:00"),
    ("UTC", "1999-12-31T23:59"),
    ("UTC", "9999-12-31T23:59-11:00"),  # an offset typed with it
]
DATE_BOXES = [
    *((page, field) for page in ("new", "review_quiz", "edit") for field in ("opens_at", "due_at")),
    ("allowance", "due_at"),  # a student's allowance has only a due date
]


@pytest.mark.parametrize("page, field", DATE_BOXES)
@pytest.mark.parametrize("zone, value", FAR_AWAY)
def test_a_date_outside_2000_to_2100_is_refused_beside_its_box_keeping_what_was_typed(
    page, field, zone, value
):
    user, teacher = _teacher(zone)
    teacher.raise_request_exception = True  # a 500 fails the test with its exception
    assignment = AssignmentFactory(classroom=ClassroomFactory(teacher=user), title="Kept")
    student = MembershipFactory(classroom=assignment.classroom)

    response = _send(page, teacher, assignment, student, {field: value})

    assert response.status_code == 422
    text = response.content.decode()
    assert f'<p class="field__error" id="id_{field}-error">{OUT_OF_RANGE}</p>' in text
    assert f'value="{value}"' in text  # what the teacher typed is still in the box
    assert 'value="3"' in text if page == "allowance" else 'value="Far away"' in text
    assert Assignment.objects.get() == assignment  # nothing new
    assignment.refresh_from_db()
    assert (assignment.title, assignment.opens_at, assignment.due_at) == ("Kept", None, None)
    assert not assignment.allowances.exists()


@pytest.mark.parametrize("zone", [PAGO_PAGO, KIRITIMATI])
def test_the_first_minute_of_2000_and_the_last_of_2100_are_taken_in_any_zone(zone):
    user, teacher = _teacher(zone)
    here = zoneinfo.ZoneInfo(zone)
    first, last = (
        datetime(2000, 1, 1, 0, 0, tzinfo=here),
        datetime(2100, 12, 31, 23, 59, tzinfo=here),
    )
    classroom = ClassroomFactory(teacher=user)
    edited, other = AssignmentFactory(classroom=classroom), AssignmentFactory(classroom=classroom)
    student = MembershipFactory(classroom=classroom)

    dates = {"opens_at": "2000-01-01T00:00", "due_at": "2100-12-31T23:59"}
    assert _send("edit", teacher, edited, student, dates).status_code == 302
    edited.refresh_from_db()
    assert (edited.opens_at, edited.due_at) == (first, last)

    assert (
        _send("allowance", teacher, other, student, {"due_at": dates["due_at"]}).status_code == 302
    )
    assert other.allowances.get().due_at == last


def test_every_date_a_form_of_the_site_takes_is_a_bounded_when_field():
    """The one rule, in one place: no form of the site's apps has a date field of its own."""
    from django import forms as django_forms
    from django.apps import apps
    from django.conf import settings

    from common.forms import WhenField

    temporal = (django_forms.DateField, django_forms.TimeField, django_forms.DateTimeField)
    dated = []
    for app in apps.get_app_configs():
        if Path(app.path).parent != Path(settings.BASE_DIR):
            continue  # Django's own apps and the packages'
        for module_name in ("forms", "table_forms"):
            try:
                module = importlib.import_module(f"{app.name}.{module_name}")
            except ModuleNotFoundError:
                continue
            for form in vars(module).values():
                if isinstance(form, type) and issubclass(form, django_forms.BaseForm):
                    for name, field in form.base_fields.items():
                        if isinstance(field, temporal):
                            assert isinstance(field, WhenField), f"{form.__name__}.{name}"
                            dated.append(f"{form.__name__}.{name}")
    assert {"AllowanceForm.due_at", "AssignmentForm.opens_at", "ReviewQuizForm.due_at"} <= set(
        dated
    )


def test_times_on_the_gradebook_student_dashboard_and_error_name_their_zone():
    from datetime import timedelta

    from assignments import services
    from classes import services as class_services

    user, teacher = _teacher(NEW_YORK)
    classroom = ClassroomFactory(teacher=user)
    due = NOW + timedelta(hours=2)
    assignment = AssignmentFactory(classroom=classroom, due_at=due, show_answers="after_due")
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    services.attempt_submit(attempt=services.attempt_start(assignment=assignment, membership=sam))
    # 12:00 UTC is 07:00 in New York; the due date 14:00 UTC is 09:00 there.
    zoned_now, zoned_due = "24 Nov 2026, 07:00 (America/New_York)", "09:00 (America/New_York)"

    gradebook = teacher.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert '<th scope="col">Handed in <span class="muted">(America/New_York)</span></th>' in (
        gradebook
    )
    work = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/"
    assert f"Handed in {zoned_now}." in teacher.get(work).content.decode()
    page = student_client(sam).get(f"/join/a/{assignment.public_id}/").content.decode()
    assert f"Handed in on {zoned_now}." in page
    assert f"after the due date, 24 Nov 2026, {zoned_due}." in page

    response = teacher.post(
        f"{work}allowance/", {"due_at": "2026-11-24T08:00", "extra_attempts": 0}
    )
    assert f"later than the class&#x27;s, 24 Nov 2026, {zoned_due}, or" in (
        response.content.decode()
    )

    class_services.classroom_delete(classroom=classroom)
    assert f"deleted {zoned_now}" in teacher.get("/teachers/").content.decode()
