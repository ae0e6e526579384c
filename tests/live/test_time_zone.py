"""The teacher's live pages read and show times in the zone the teacher chose, with its name.

Named users: Ms Hart teaches in New York and chose America/New_York at /teachers/settings/.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from live import services
from live.models import LiveSession
from tests.factories import ClassroomFactory, TeacherSettingsFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ms_hart():
    teacher = UserFactory(username="ms-hart")
    TeacherSettingsFactory(user=teacher, time_zone="America/New_York")
    client = Client()
    client.force_login(teacher)
    return teacher, client


@pytest.mark.parametrize("page", ["live:index", "live:new"])
def test_the_live_pages_account_bar_names_the_teachers_zone_not_utc(ms_hart, page):
    _, client = ms_hart
    html = client.get(reverse(page)).content.decode()
    assert "Times in America/New_York" in html
    assert "Times in UTC" not in html


def test_a_finished_live_class_is_listed_at_its_time_in_the_teachers_zone_with_its_name(ms_hart):
    teacher, client = ms_hart
    session = services.session_create(
        teacher=teacher,
        title="Doubled games",
        classroom=ClassroomFactory(teacher=teacher),
        kinds=["duplicate_deal"],
        question_count=1,
    )
    services.session_finish(session=session)
    finished = datetime.datetime(2026, 11, 24, 10, 48, tzinfo=datetime.UTC)
    LiveSession.objects.filter(pk=session.pk).update(finished_at=finished)
    html = client.get(reverse("live:index")).content.decode()
    assert "24 Nov 2026, 05:48" in html  # 10:48 UTC is 05:48 in New York in November
    assert "(America/New_York)" in html
