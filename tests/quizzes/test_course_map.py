"""Where a learner stands on the course, and the one clear next step on every page."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from course import map as course_map
from lessons.course import TOPICS
from quizzes import selectors, services
from quizzes.kinds import kind_for
from quizzes.models import Learner
from quizzes.skills import COURSE, SKILLS

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _learner(client) -> Learner:
    client.post("/practice/today/")  # gives this browser its learner
    return Learner.objects.get()


def _master(learner, *skills):
    for skill in skills:
        for _ in range(5):
            services.progress_record(learner_id=learner.pk, skills=[skill], right=True)


def _next_link(html: str) -> str:
    start = html.index("data-next-step")
    tag = html.rfind("<a ", 0, start)
    return html[tag : html.index("</a>", start)]


def test_a_new_visitor_is_sent_to_lesson_one_from_the_home_page(client):
    link = _next_link(client.get("/").content.decode())
    assert 'href="/lessons/score-sheet/"' in link and "Start lesson 1" in link


def test_an_old_link_to_a_skills_lesson_still_finds_it(client):
    assert client.get("/lessons/for/sheet/")["Location"] == "/lessons/score-sheet/"


def test_the_skills_are_listed_in_the_course_maps_order():
    assert tuple(SKILLS) == COURSE == tuple(lesson.skill for lesson in course_map.LESSONS)


def test_the_course_maps_examples_hold():
    import doctest

    assert doctest.testmod(course_map).failed == 0


def test_practice_names_no_page_of_the_lessons_app():
    # The lessons app is above practice: where its pages live is the course map's to say.
    from pathlib import Path

    import quizzes

    root = Path(quizzes.__file__).parent
    address = re.compile(r"""["'](lessons:|/lessons/)""")
    named = [
        str(path.relative_to(root))
        for path in [*root.rglob("*.py"), *root.rglob("*.html")]
        if address.search(path.read_text())
    ]
    assert named == []


def test_a_skill_with_no_lesson_is_a_404():
    from django.test import Client

    assert Client().get("/lessons/for/nothing/").status_code == 404


def test_once_the_first_skills_are_mastered_the_next_lesson_is_next(client):
    learner = _learner(client)
    _master(learner, *COURSE[:3])
    link = _next_link(client.get("/lessons/").content.decode())
    assert "Next lesson: Vulnerability" in link
    assert 'href="/lessons/vulnerability/"' in link


def test_a_skill_being_learned_sends_the_learner_to_todays_set(client):
    learner = _learner(client)
    services.progress_record(learner_id=learner.pk, skills=["sheet"], right=False)
    link = _next_link(client.get("/").content.decode())
    assert 'href="/practice/today/"' in link
    # On the practice page, today's set's own card says why, beside its one button.
    assert "data-step-why" in client.get("/practice/").content.decode()


def test_reviews_due_come_before_the_next_lesson(client):
    learner = _learner(client)
    _master(learner, *COURSE[:3])
    services.review_record(learner_id=learner.pk, right=["games"], wrong=[], now=START)
    with time_machine.travel(START + timedelta(days=30), tick=False):
        html = client.get("/").content.decode()
    link = _next_link(html)
    assert "Today&#x27;s set: 1 review due" in link


def test_a_lesson_shows_this_visitors_standing_and_no_one_elses(client):
    from django.test import Client

    learner = _learner(client)
    _master(learner, "trick_score")
    mine = client.get("/lessons/trick-score/").content.decode()
    # Practice alone is "practised": "mastered" waits for the lesson's check too.
    assert 'class="standing" data-level="practised"' in mine
    theirs = Client().get("/lessons/trick-score/").content.decode()
    assert 'class="standing"' not in theirs
    assert "Check yourself on this lesson" in _next_link(theirs)
    assert "Next lesson: Part-scores and games" in _next_link(mine)


def test_a_passed_check_shows_on_the_lessons_index(client):
    learner = _learner(client)
    for number in range(3):
        question = services.question_new(
            learner=learner, skill="sheet", source="check", upto="sheet", seed=number
        )
        answer = kind_for(question.kind).solve(question.situation).answer
        services.answer_submit(question=question, given=answer)
    html = client.get("/lessons/").content.decode()
    item = html[html.index('data-skill="sheet"') : html.index('data-skill="trick_score"')]
    assert "Check passed" in item


def test_the_progress_page_names_a_slip_that_keeps_coming_back(client):
    learner = _learner(client)
    kind = kind_for("rubber_deal")
    situation = {"history": [], "deal": {"declarer": "we", "contract": "2HX", "tricks": 8}}
    for _ in range(3):
        question = services.question_fixed(
            learner=learner, kind="rubber_deal", situation=situation, source="practice"
        )
        answer = kind.solve(situation).answer
        services.answer_submit(question=question, given={**answer, "we_above": 0})
    html = client.get("/practice/progress/").content.decode()
    assert 'data-mistake="insult_forgotten"' in html
    assert "3 times in your last 30 answers" in html


PRIMARY_BUTTON = re.compile(r'<button[ >]|class="button"')


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_a_lesson_page_never_offers_itself_as_next_for_you(client, lesson):
    html = client.get(lesson.url).content.decode()
    link = _next_link(html)
    href = re.search(r'href="([^"]+)"', link).group(1)
    assert href not in (lesson.url, f"/lessons/for/{lesson.skill}/"), link
    assert "Start lesson 1" not in link


def test_lesson_one_ends_with_one_main_button_for_a_new_visitor(client):
    html = client.get("/lessons/score-sheet/").content.decode()
    end = html[html.index('id="check-yourself"') : html.index('<footer class="site-footer"')]
    assert len(PRIMARY_BUTTON.findall(end)) == 1, PRIMARY_BUTTON.findall(end)
    assert "Check yourself on this lesson" in _next_link(html)


def test_once_a_lessons_check_is_passed_next_for_you_is_the_following_lesson():
    following = TOPICS[1]
    passed = {"sheet": {"check_passed": True, "level": "learning"}}
    step = selectors.lesson_next_step(standing=passed, skill="sheet", following=following)
    assert (step.url, step.label) == (following.url, f"Next lesson: {following.title}")
    not_yet = {"sheet": {"check_passed": False, "level": "learning"}}
    step = selectors.lesson_next_step(standing=not_yet, skill="sheet", following=following)
    assert step.url == "#check-yourself" and following.title in step.why
    last = selectors.lesson_next_step(standing=passed, skill="sheet", following=None)
    assert last.url == "/practice/today/"
