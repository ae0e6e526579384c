"""The course's sentences read as plain English for a beginner, each said in one place."""

import re

import pytest
from django.test import Client
from django.utils import timezone

from quizzes import selectors, services
from quizzes.models import Learner
from tests.factories import LearnerFactory, SkillProgressFactory

pytestmark = pytest.mark.django_db


def _client_for(learner: Learner) -> Client:
    client = Client()
    session = client.session
    session[services.SESSION_KEY] = learner.pk
    session.save()
    return client


def test_the_lesson_being_learned_is_named_with_its_number_and_level_in_words():
    learner = LearnerFactory()
    services.progress_record(learner_id=learner.pk, skills=["sheet"], right=False)
    step = selectors.next_step(learner=learner, now=timezone.now(), done=0)
    assert step.why == (
        "You are on lesson 1, “The score sheet and the line” (your level: learning). "
        "Today's set practises it."
    )
    assert "(you are at" not in step.why


def test_the_next_lessons_reason_reads_before_its_link():
    learner = LearnerFactory()
    for skill in ("sheet", "trick_score", "games"):
        for _ in range(5):
            services.progress_record(learner_id=learner.pk, skills=[skill], right=True)
    step = selectors.next_step(learner=learner, now=timezone.now(), done=0)
    assert step.label == "Next lesson: Vulnerability"
    assert (
        step.why == "You have worked through the lessons before it: this one is next on the course."
    )


def test_skills_due_for_review_are_listed_as_names_with_one_and():
    names = ["Trick score", "Part-scores and games", "Slams", "Honors", "Overtricks", "Games"]
    assert selectors.listed_for_review(names) == (
        "“Trick score”, “Part-scores and games” and 4 more skills are"
    )
    assert selectors.listed_for_review(names[:3]) == (
        "“Trick score”, “Part-scores and games” and 1 more skill are"
    )
    assert selectors.listed_for_review(names[:2]) == "“Trick score” and “Part-scores and games” are"


def test_the_progress_page_counts_recent_answers_in_words():
    learner = LearnerFactory()
    SkillProgressFactory(learner=learner, skill="sheet", recent="1", answered=1, right=1)
    html = _client_for(learner).get("/practice/progress/").content.decode()
    assert " 1 recent answer<" in html
    assert "no recent answers" in html
    assert not re.search(r"\b[01] recent answers", html)


def test_the_matchpoints_lesson_puts_no_number_straight_after_a_table_number():
    html = Client().get("/lessons/matchpoints/").content.decode()
    text = re.sub(r"<[^>]+>", "", html)
    assert "That small edge earned" in text
    assert not re.search(r"table \d+ \d", text)


def test_the_live_class_link_on_the_classes_page_names_no_device():
    from pathlib import Path

    template = Path("assignments/templates/teachers/student/classes.html").read_text()
    assert "Join it here" in template and "phone" not in template
