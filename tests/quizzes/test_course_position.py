"""Where a learner is on the course is one notion: a learner who passed lesson 1's check is
at lesson 2 on the sheet page, the lessons index, the practice page and in today's set.

A beginner passed lesson 1's check; the lessons index said "Check passed" and the lesson
"Next lesson: Trick score", while "Fill in the sheet" said "You are at lesson 1" and sent
them back to it.
"""

import re

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from lessons.course import TOPICS
from quizzes import selectors, services
from quizzes.models import Learner, Question
from quizzes.skills import COURSE
from tests.factories import LearnerFactory, right_answer, take_check

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
    assert 'href="/lessons/trick-score/">Carry on with the course' in sheet
    assert "You are at lesson 1" not in sheet
    # Today's set goes on to the same lesson.
    assert services.daily_next(learner=learner, seed=1).focus == "trick_score"


def test_the_sheet_page_and_the_next_step_share_one_course_position(passed_lesson_one):
    learner = Learner.objects.get(pk=passed_lesson_one.session[services.SESSION_KEY])
    standing = selectors.course_standing(learner=learner, now=timezone.now())
    readiness = selectors.sheet_readiness(learner=learner, now=timezone.now())
    assert readiness["number"] == standing[selectors.course_frontier(standing)]["number"] == 2


# -- issue 28, point 6: one course position, and what moves it ------------------------------

POSITION = re.compile(r'data-course-position="([^"]+)"')
PAGES = (
    "/",
    "/lessons/",
    "/practice/",
    "/practice/today/",
    "/practice/sheet/",
    "/practice/progress/",
)


def _browser_of(learner: Learner) -> Client:
    client = Client()
    session = client.session
    session[services.SESSION_KEY] = learner.pk
    session.save()
    return client


def _practise(learner: Learner, skill: str, right: int = 5) -> None:
    for _ in range(right):
        services.progress_record(learner_id=learner.pk, skills=[skill], right=True)


def _positions(client: Client) -> dict[str, str]:
    found = {}
    for page in PAGES:
        html = client.get(page).content.decode()
        found[page] = POSITION.findall(html)
    return found


@pytest.fixture
def held_at_lesson_two() -> Learner:
    """The walk's learner: lesson 1's check passed; the checks of lessons 2, 4 and 5 two of
    three right; the first seven skills practised to five right in a row."""
    learner = LearnerFactory()
    take_check(learner, "sheet")
    for skill in ("trick_score", "vulnerability", "overtricks"):
        take_check(learner, skill, right=2)
    for skill in COURSE[:7]:  # after the checks, whose answers count in practice too
        _practise(learner, skill)
    return learner


def test_mastered_is_never_shown_beside_a_check_not_all_right(held_at_lesson_two):
    html = _browser_of(held_at_lesson_two).get("/lessons/").content.decode()
    for skill in ("trick_score", "vulnerability", "overtricks"):
        item = html[html.index(f'data-skill="{skill}"') :]
        item = item[: item.index("</li>")]
        assert "Check: 2 of 3 right" in item
        assert "Mastered" not in item and 'data-level="mastered"' not in item
    # Lesson 1: its check passed and its practice five in a row.
    item = html[html.index('data-skill="sheet"') :]
    assert 'data-level="mastered"' in item[: item.index("</li>")]


def test_todays_set_keeps_a_learner_at_the_lesson_whose_check_was_not_all_right(
    held_at_lesson_two,
):
    learner = held_at_lesson_two
    # The path's slot is question 3 of the set (two reviews, then the path): none is due
    # yet, so every question is the path's.
    question = services.daily_next(learner=learner, seed=1)
    assert question.focus == "trick_score"
    assert set(sum(_positions(_browser_of(learner)).values(), [])) == {"2"}
    # The one next step says why, and leads to that lesson's check.
    step = selectors.next_step(learner=learner, now=timezone.now(), done=0)
    assert step.url == "/lessons/trick-score/#check-yourself"
    assert "its check was 2 of 3 right" in step.why


def test_three_more_questions_on_a_passed_check_do_not_take_the_learner_back(
    passed_lesson_one,
):
    learner = Learner.objects.get(pk=passed_lesson_one.session[services.SESSION_KEY])
    services.check_new(learner=learner, skill="sheet", count=3)  # "Three more questions"
    assert set(sum(_positions(passed_lesson_one).values(), [])) == {"2"}
    assert services.daily_next(learner=learner, seed=1).focus == "trick_score"
    # Even three more answered with one wrong: a passed check stays passed.
    take_check(learner, "sheet", right=2)
    assert set(sum(_positions(passed_lesson_one).values(), [])) == {"2"}


def test_home_todays_set_the_sheet_and_progress_name_the_same_lesson(held_at_lesson_two):
    learner = held_at_lesson_two
    take_check(learner, "trick_score")  # now lesson 2 is passed too ...
    for skill in COURSE[:7]:
        _practise(learner, skill)
    # ... but lesson 4's check was two of three: the learner is there, on every page.
    found = _positions(_browser_of(learner))
    assert found == {page: ["4"] for page in PAGES}, found
    sheet = _browser_of(learner).get("/practice/sheet/").content.decode()
    assert escape("You are at lesson 4, “Vulnerability”") in sheet


def test_a_new_visitor_is_told_no_position():
    assert all(not found for found in _positions(Client()).values())


# -- issue 28, point 13: the vulnerability check asks what vulnerability costs --------------


def test_the_vulnerability_check_asks_what_vulnerability_costs():
    from quizzes.kinds import kind_for

    learner = LearnerFactory()
    for _ in range(5):
        questions = services.check_new(learner=learner, skill="vulnerability", count=3)
        kinds = [question.kind for question in questions]
        assert kinds[-1] == "vulnerability_cost", kinds
        cost = questions[-1]
        fields = [field.name for field in kind_for(cost.kind).fields(cost.situation)]
        assert fields == ["vulnerable", "penalty"]


def test_what_a_failed_contract_costs_is_the_engines_penalty_at_the_vulnerability():
    from quizzes.grading import grade
    from quizzes.kinds import KINDS

    kind = KINDS["vulnerability_cost"]
    # WE have a game: WE are vulnerable; WE bid 4S and go two down, undoubled.
    situation = {
        "history": [{"declarer": "we", "contract": "4H", "tricks": 10}],
        "deal": {"declarer": "we", "contract": "4S", "tricks": 8},
    }
    assert grade(kind, situation, {"vulnerable": "we", "penalty": 200}).correct
    slip = grade(kind, situation, {"vulnerable": "we", "penalty": 100})
    assert not slip.correct and "vulnerability_reversed" in slip.mistake_keys
