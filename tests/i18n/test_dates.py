"""Dates in French and Dutch: the gradebook, the class overview and a student's work write
"24 nov." (French) and "24 nov" (Dutch), never Django's "Nov" of "M"; English keeps
"24 Nov, 17:30". Always in the teacher's zone (classes/zones.py): Kolkata here, five and a
half hours ahead of the frozen clock's noon UTC. A kept bridge file's date has its year."""

import html as markup
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from assignments import services
from tests.clock import NOW
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    SavedFileFactory,
    TeacherSettingsFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

# Today, 24 Nov 2026 12:00 UTC, in Kolkata; and three days on, Ben's later due date.
TODAY = {"en": "24 Nov, 17:30", "fr": "24 nov., 17:30", "nl": "24 nov, 17:30"}
LATER = {"en": "27 Nov, 17:30", "fr": "27 nov., 17:30", "nl": "27 nov, 17:30"}
DAY = {"en": "24 Nov", "fr": "24 nov.", "nl": "24 nov"}


@pytest.fixture
def hart():
    """Ms Hart teaches in Kolkata; Ann handed Week 1 in today, Ben reset his first attempt
    and may hand in three days later than the class."""
    teacher = UserFactory()
    TeacherSettingsFactory(user=teacher, time_zone="Asia/Kolkata")
    classroom = ClassroomFactory(teacher=teacher)
    ann = MembershipFactory(classroom=classroom, display_name="Ann")
    ben = MembershipFactory(classroom=classroom, display_name="Ben")
    week1 = AssignmentFactory(
        classroom=classroom, title="Week 1", question_count=1, due_at=NOW + timedelta(days=1)
    )
    attempt = services.attempt_start(assignment=week1, membership=ann)
    item = attempt.items.select_related("question", "attempt__assignment").get()
    given = cleaned_answer(item.question, right_answer(item.question))
    services.attempt_answer(item=item, given=given)
    services.attempt_submit(attempt=attempt)
    services.allowance_set(
        assignment=week1, membership=ben, due_at=NOW + timedelta(days=3), extra_attempts=1
    )
    services.attempt_reset(attempt=services.attempt_start(assignment=week1, membership=ben))
    client = Client()
    client.force_login(teacher)
    client.classroom, client.week1, client.ann, client.ben = classroom, week1, ann, ben
    return client


def _page(client, language, name, *args) -> str:
    with translation.override(language):
        url = reverse(name, args=args)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return markup.unescape(response.content.decode())


def _row(page: str, membership) -> str:
    found = re.search(rf'<tr data-student="{membership.public_id}".*?</tr>', page, re.S)
    assert found, membership.display_name
    return found.group(0)


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_gradebook_writes_when_each_student_started_and_handed_in_in_the_language(
    hart, language
):
    page = _page(hart, language, "reports:gradebook", hart.week1.public_id)
    anns = _row(page, hart.ann)
    # Started and handed in, both today.
    assert anns.count(f"<td>{TODAY[language]}</td>") == 2, anns
    # Ben's later due date, beside his name.
    assert f"{LATER[language]}, 1 " in _row(page, hart.ben)
    if language != "en":
        assert "Nov" not in page


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_class_overview_writes_each_students_last_activity_in_the_language(hart, language):
    page = _page(hart, language, "reports:classroom_overview", hart.classroom.public_id)
    assert f"<td>{TODAY[language]}</td>" in page
    if language != "en":
        assert "Nov" not in page


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_students_page_writes_the_day_an_attempt_was_reset_in_the_language(hart, language):
    page = _page(hart, language, "reports:student", hart.classroom.public_id, hart.ben.public_id)
    summary = re.search(r'data-attempt="1"[^>]*>\s*<summary>(.*?)</summary>', page, re.S)
    assert summary, "no first attempt"
    assert f" {DAY[language]}" in summary.group(1), summary.group(1)
    if language != "en":
        assert "Nov" not in page


KEPT = {"en": "24 Nov 2026", "fr": "24 nov. 2026", "nl": "24 nov 2026"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_kept_bridge_file_says_the_day_it_was_kept_in_the_language(client, language):
    saved = SavedFileFactory()
    client.force_login(saved.owner)
    listed = _page(client, language, "bridgefiles:saved_list")
    assert f">{KEPT[language]}</td>" in listed
    opened = _page(client, language, "bridgefiles:saved", saved.public_id)
    assert f" {KEPT[language]}, " in opened
    if language != "en":
        assert "Nov" not in listed + opened
