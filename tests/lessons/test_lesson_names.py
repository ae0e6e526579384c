"""A lesson has one name: the title its own page gives it is the name every practice page,
the home page and the feedback use for it, and its number is the lessons index's."""

import re

import pytest
from django.test import Client
from django.utils.html import escape

from lessons.course import TOPICS
from quizzes import selectors
from tests.factories import LearnerFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.skill)
def test_the_check_page_names_each_lesson_and_the_next_by_their_lessons_titles(lesson):
    page = Client().get(lesson.url).content.decode()
    assert f'<h1 id="lesson-title">{escape(lesson.title)}</h1>' in page
    html = Client().get(f"/practice/check/{lesson.skill}/").content.decode()
    assert f"<h1>Check yourself: {escape(lesson.title)}</h1>" in html
    assert f"← Back to the lesson: {escape(lesson.title)}" in html
    position = TOPICS.index(lesson)
    if lesson.skill == "rubber":  # as the rubber lesson says: the sample rubber comes next
        assert "Next: The sample rubber, deal by deal →" in html
    elif position + 1 < len(TOPICS):
        assert f"Next lesson: {escape(TOPICS[position + 1].title)} →" in html


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.skill)
def test_each_lessons_number_and_title_are_the_lessons_indexs_everywhere(lesson):
    index = Client().get("/lessons/").content.decode()
    item = re.search(rf'<li value="(\d+)"[^>]*data-skill="{lesson.skill}"', index)
    assert item is not None and int(item.group(1)) == lesson.number == TOPICS.index(lesson) + 1
    # The standing every practice page reads names the lesson the same way.
    standing = selectors.course_standing(learner=None, now=None)[lesson.skill]
    assert (standing["lesson"], standing["number"]) == (lesson.title, lesson.number)


def test_the_lessons_index_numbers_only_lessons():
    """Extra items (the sample rubber, the review quiz) carry no number of their own."""
    index = Client().get("/lessons/").content.decode()
    path = index.split('<ol class="course-path"', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li ([^>]*)>", path)
    assert all("value=" in item or "--feature" in item for item in items)
    assert [int(v) for v in re.findall(r'<li value="(\d+)"', path)] == list(
        range(1, len(TOPICS) + 1)
    )


def test_the_home_page_starts_a_newcomer_on_lesson_one_by_its_title():
    html = Client().get("/").content.decode()
    assert f"Start lesson 1: {escape(TOPICS[0].title)}" in html


def test_the_sheet_page_names_the_lessons_by_their_titles_and_index_numbers():
    html = Client().get("/practice/sheet/").content.decode()
    for skill in ("rubber", "chicago"):
        lesson = next(t for t in TOPICS if t.skill == skill)
        assert escape(f"lesson {lesson.number}, “{lesson.title}”") in html
    assert escape(f"lesson 1, “{TOPICS[0].title}”") in html


def test_a_hint_names_the_lesson_to_look_at_by_its_title(client):
    from quizzes import services

    learner = LearnerFactory()
    session = client.session
    session["learner"] = learner.pk
    session.save()
    situation = {"history": [], "deal": {"declarer": "we", "contract": "2HX", "tricks": 8}}
    question = services.question_fixed(
        learner=learner, kind="rubber_deal", situation=situation, source="practice"
    )
    from quizzes.kinds import kind_for

    answer = dict(kind_for(question.kind).solve(question.situation).answer)
    answer["we_above"] -= 50  # the insult forgotten: the doubles lesson
    url = f"/practice/q/{question.public_id}/"
    client.post(url, {k: str(v) for k, v in answer.items()})
    html = client.get(url).content.decode()
    rules = html[html.index("to look at:") : html.index("</p>", html.index("to look at:"))]
    doubles = next(t for t in TOPICS if t.skill == "doubles")
    assert f">{escape(doubles.title)}</a>" in rules
