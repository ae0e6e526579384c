"""Where a learner is on the course is one notion: a learner who passed lesson 1's check is
at lesson 2 on the sheet page, the lessons index, the practice page and in today's set.

A beginner passed lesson 1's check; the lessons index said "Check passed" and the lesson
"Next lesson: Trick score", while "Fill in the sheet" said "You are at lesson 1" and sent
them back to it.
"""

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from lessons.course import TOPICS
from quizzes import selectors, services
from quizzes.models import Learner, Question
from tests.factories import LearnerFactory, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def passed_lesson_one() -> Client:
    """A learner's browser whose lesson 1 check is passed (three right at once)."""
    client = Client()
    session = client.session
    session[services.SESSION_KEY] = LearnerFactory().pk
    session.save()
    learner = Learner.objects.get(pk=client.session[services.SESSION_KEY])
    for number in range(3):
        question = services.question_new(
            learner=learner,
            skill="sheet",
            source=Question.Source.CHECK,
            upto="sheet",
            single_idea=number < 2,
            seed=number,
        )
        client.post(
            f"/practice/q/{question.public_id}/",
            {**right_answer(question), "next": "/practice/check/sheet/"},
        )
    return client


def _next_link(html: str) -> str:
    start = html.index("data-next-step")
    return html[html.rfind("<a ", 0, start) : html.index("</a>", start)]


def test_a_passed_check_puts_the_learner_at_the_next_lesson_on_every_page(passed_lesson_one):
    client = passed_lesson_one
    learner = Learner.objects.get(pk=client.session[services.SESSION_KEY])
    index = client.get("/lessons/").content.decode()
    assert "Check passed" in index
    lesson_two = TOPICS[1]
    assert f"Next lesson: {escape(lesson_two.title)}" in _next_link(index)
    assert f"Next lesson: {escape(lesson_two.title)}" in _next_link(
        client.get("/practice/").content.decode()
    )
    sheet = client.get("/practice/sheet/").content.decode()
    assert escape(f"You are at lesson 2, “{lesson_two.title}”") in sheet
    assert 'href="/lessons/for/trick_score/">Carry on with the course' in sheet
    assert "You are at lesson 1" not in sheet
    # Today's set goes on to the same lesson.
    assert services.daily_next(learner=learner, seed=1).focus == "trick_score"


def test_the_sheet_page_and_the_next_step_share_one_course_position(passed_lesson_one):
    learner = Learner.objects.get(pk=passed_lesson_one.session[services.SESSION_KEY])
    standing = selectors.course_standing(learner=learner, now=timezone.now())
    readiness = selectors.sheet_readiness(learner=learner, now=timezone.now())
    assert readiness["number"] == standing[selectors.course_frontier(standing)]["number"] == 2
