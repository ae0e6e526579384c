"""Today's set: due reviews mixed with the next skill on the path, a day streak."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine

from quizzes import daily, services
from quizzes.kinds import KINDS
from quizzes.models import Learner, Question
from quizzes.skills import COURSE, taught_through

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _right(question):
    return KINDS[question.kind].solve(question.situation).answer


def test_a_newcomers_first_step_is_the_first_skill_of_the_course_in_one_idea():
    step = daily.next_step({}, [], 0)
    assert (step.skill, step.upto, step.single_idea, step.why) == ("sheet", "sheet", True, "new")


def test_a_due_review_comes_first_and_every_third_question_moves_along_the_path():
    levels = {"sheet": "mastered", "trick_score": "mastered", "games": "learning"}
    steps = [daily.next_step(levels, ["sheet"], n) for n in range(3)]
    assert [(s.skill, s.why) for s in steps] == [
        ("sheet", "review"),
        ("sheet", "review"),
        ("games", "new"),
    ]
    assert not steps[0].single_idea  # a mastered skill comes back as a whole deal
    assert steps[2].single_idea


def test_a_review_never_reaches_past_what_the_learner_has_met():
    step = daily.next_step({"sheet": "learning"}, ["mistake:insult_forgotten"], 0)
    assert step.skill == "sheet" and step.why == "new"


def test_a_streak_counts_days_in_a_row_ending_today_or_yesterday():
    today = date(2026, 3, 10)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 5)]
    assert daily.streak(days, today) == 3
    assert daily.streak([today, *days], today) == 4
    assert daily.streak([today - timedelta(days=2)], today) == 0


@pytest.mark.django_db
def test_a_new_visitor_starts_todays_set_at_lesson_one(client):
    response = client.post("/practice/today/")
    question = Question.objects.get()
    assert response["Location"] == f"/practice/q/{question.public_id}/"
    assert (question.source, question.focus, question.upto) == ("daily", "sheet", "sheet")
    assert KINDS[question.kind].single_idea
    assert set(question.skills) <= taught_through("sheet")


@pytest.mark.django_db
def test_a_second_click_finds_the_open_question_not_a_new_one(client):
    first = client.post("/practice/today/")["Location"]
    second = client.post("/practice/today/")["Location"]
    assert first == second
    assert Question.objects.count() == 1


@pytest.mark.django_db
def test_todays_set_ends_after_ten_answers_and_the_page_says_so(client):
    with time_machine.travel(START, tick=False):
        for _ in range(daily.DAILY_SIZE):
            client.post("/practice/today/")
            question = Question.objects.filter(answer__isnull=True).get()
            services.answer_submit(question=question, given=_right(question))
        response = client.post("/practice/today/")
        assert response["Location"] == "/practice/today/"
        page = client.get("/practice/today/").content.decode()
    assert "set is done" in page
    assert "Streak: 1 day in a row" in page
    assert Question.objects.count() == daily.DAILY_SIZE


@pytest.mark.django_db
def test_the_practice_page_says_how_many_reviews_are_due(client):
    client.post("/practice/today/")
    learner = Learner.objects.get()
    services.review_record(learner_id=learner.pk, right=["sheet", "trick_score"], wrong=[])
    with time_machine.travel(datetime.now(UTC) + timedelta(days=40), tick=False):
        page = client.get("/practice/").content.decode()
    assert "2 reviews due" in page


@pytest.mark.django_db
def test_a_due_review_is_what_todays_set_asks_next(client):
    learner = Learner.objects.create()
    for skill in COURSE[:3]:
        for _ in range(5):
            services.progress_record(learner_id=learner.pk, skills=[skill], right=True)
    services.review_record(learner_id=learner.pk, right=["trick_score"], wrong=[], now=START)
    with time_machine.travel(START + timedelta(days=30), tick=False):
        question = services.daily_next(learner=learner)
    assert question.focus == "trick_score"
    assert question.upto == "vulnerability"  # the path's next skill bounds it


@pytest.mark.django_db
def test_with_htmx_a_finished_set_sends_the_browser_to_its_page_not_into_the_question(client):
    with time_machine.travel(START, tick=False):
        for _ in range(daily.DAILY_SIZE):
            client.post("/practice/today/")
            question = Question.objects.filter(answer__isnull=True).get()
            services.answer_submit(question=question, given=_right(question))
        response = client.post("/practice/today/", headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == "/practice/today/"
