"""Ms Hart's class, for the tests of a teacher's pages in each language: she teaches in
Kolkata (five and a half hours ahead of the frozen clock's noon UTC); Ann handed Week 1 in
today, all right, and Ben reset his first attempt and may hand in three days later."""

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
    TeacherSettingsFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
)


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
