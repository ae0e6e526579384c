"""A Simplicity deal asked in a live class is titled Simplicity on the screen and the phones,
not "Duplicate: score one deal" (issue 28, point 14): the title is the question's own,
as on practice's pages and a student's."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from live import services
from live.models import LiveQuestion
from quizzes.kinds import kind_for
from tests.factories import UserFactory
from tests.live.quiz_room import press

pytestmark = pytest.mark.django_db

SIMPLICITY = "Simplicity Bridge: score one deal"


def _simplicity_deal():
    kind = kind_for("duplicate_deal")
    for seed in range(200):
        situation = kind.generate(random.Random(seed))
        if kind.title_for(situation) == SIMPLICITY:
            return situation
    raise AssertionError("no Simplicity deal in 200 draws")


def test_a_simplicity_deal_in_a_live_class_is_titled_simplicity():
    teacher = UserFactory(username="ms-hart")
    session = services.session_create(
        teacher=teacher, title="Club night", kinds=["duplicate_deal"], question_count=1
    )
    LiveQuestion.objects.filter(session=session).update(situation=_simplicity_deal())
    screen = Client()
    screen.force_login(teacher)
    press(screen, session, "next")
    asked = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    phone = Client()
    joined = phone.post(reverse("live:join"), {"code": session.code, "name": "Pat"})
    on_phone = phone.get(joined["Location"]).content.decode()
    for html in (asked, on_phone):
        assert SIMPLICITY in html
        assert "Duplicate: score one deal" not in html
