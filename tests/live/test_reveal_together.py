"""A reveal counts every phone's answer together: the same standing as counting them one by
one, in a number of queries that does not grow with the room (issue 33's classroom
benchmark: the teacher's "Show the answer" was its slowest request)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from live.models import Player
from quizzes import services as practice
from quizzes.models import Answer, ReviewCard, SkillProgress
from tests.live.quiz_room import PART_SCORE, one_question_room, send_answer

pytestmark = pytest.mark.django_db


def _room(phones: int):
    session, screen = one_question_room(PART_SCORE)
    for number in range(phones):
        phone = Client()
        joined = phone.post(reverse("live:join"), {"code": session.code, "name": f"P{number}"})
        # Two in three right (110), the others forget the part-score bonus (60).
        send_answer(phone, joined["Location"], 0, 110 if number % 3 else 60)
    return session, screen


def _reveal(session, screen) -> int:
    url = reverse("live:control", args=[session.public_id, "reveal"])
    with CaptureQueriesContext(connection) as queries:
        assert screen.post(url, {"confirmed": "1"}).status_code == 302
    return len(queries.captured_queries)


def test_a_reveal_costs_the_same_queries_for_five_phones_as_for_thirty():
    few = _reveal(*_room(5))
    many = _reveal(*_room(30))
    # The one thing that grows: each learner's review cards are read (one query each).
    assert many - few <= 25, (few, many)
    assert many < 60, many


def _standing(session) -> dict:
    standing = {}
    for player in Player.objects.filter(session=session).select_related("learner"):
        skills = SkillProgress.objects.filter(learner=player.learner)
        cards = ReviewCard.objects.filter(learner=player.learner)
        standing[player.name] = (
            sorted(skills.values_list("skill", "recent", "answered", "right")),
            sorted(cards.values_list("key", "reviews", "lapses")),
        )
    return standing


def test_counted_together_each_phone_stands_as_if_counted_alone():
    together, screen = _room(9)
    _reveal(together, screen)
    _reveal(together, screen)  # a second press changes nothing
    alone, _ = _room(9)
    for answer in Answer.objects.filter(question__live_answer__live_question__session=alone):
        practice.answers_credit(answers=[answer])
    mine, theirs = _standing(together), _standing(alone)
    assert mine == theirs
    assert all(skills for skills, _ in mine.values())
    # Right and wrong answers both counted, each once.
    assert {answered for skills, _ in mine.values() for _, _, answered, _ in skills} == {1}
    assert {right for skills, _ in mine.values() for *_, right in skills} == {0, 1}
