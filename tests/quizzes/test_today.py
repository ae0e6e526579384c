"""Today's set: due reviews mixed with the next skill on the path, a day streak."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.utils.html import escape

from quizzes import daily, selectors, services
from quizzes.kinds import KINDS
from quizzes.models import Learner, Question
from quizzes.skills import COURSE, taught_through
from tests.factories import LearnerFactory

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


MASTERED_TO_VULNERABILITY = dict.fromkeys(
    ("sheet", "trick_score", "games", "vulnerability"), "mastered"
)


def _a_set(levels, due, size=daily.DAILY_SIZE):
    skills = []
    for position in range(size):
        skills.append(daily.next_step(levels, due, position, recent=skills).skill)
    return skills


def test_todays_set_never_asks_one_skill_three_times_in_a_row_while_another_is_due():
    # Issue 28, point 13: a set opened with four overtrick questions in a row (two due
    # cards of slips on overtricks, the overtricks card, and the path at overtricks).
    levels = {**MASTERED_TO_VULNERABILITY, "overtricks": "learning"}
    due = [
        "overtricks",
        "mistake:vulnerable_overtricks_doubled",
        "mistake:notrump_all_40",
        "games",
    ]
    skills = _a_set(levels, due)
    runs = [skills[i : i + 3] for i in range(len(skills) - 2)]
    assert not [run for run in runs if len(set(run)) == 1], skills
    assert {"overtricks", "trick_score"} <= set(skills)


def test_with_one_skill_due_and_ahead_the_set_may_stay_on_it():
    levels = {"sheet": "learning"}
    assert _a_set(levels, ["sheet"], size=4) == ["sheet"] * 4


def test_the_path_is_not_held_back_by_mixing_when_nothing_else_is_due():
    levels = {**MASTERED_TO_VULNERABILITY, "overtricks": "learning"}
    skills = _a_set(levels, ["vulnerability"], size=6)
    assert "overtricks" in skills and "vulnerability" in skills


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
    learner = LearnerFactory()
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


def _wrong(question):
    kind = KINDS[question.kind]
    answer = dict(_right(question))
    field = kind.fields(question.situation)[0]
    if field.type == "choice":
        answer[field.name] = next(c for c, _ in field.choices if c != answer[field.name])
    else:
        answer[field.name] = round(answer[field.name] + 10, 2)
    return answer


def _finish_set(client, wrong: int) -> str:
    with time_machine.travel(START, tick=False):
        for n in range(daily.DAILY_SIZE):
            client.post("/practice/today/")
            question = Question.objects.filter(answer__isnull=True).get()
            given = _wrong(question) if n < wrong else _right(question)
            services.answer_submit(question=question, given=given)
        return client.get("/practice/today/").content.decode()


@pytest.mark.django_db
def test_a_finished_set_with_half_wrong_gives_its_score_and_no_praise(client):
    page = _finish_set(client, wrong=5)
    assert "5 of 10 right" in page
    assert "Well played" not in page


@pytest.mark.django_db
def test_a_finished_set_all_right_says_well_played(client):
    page = _finish_set(client, wrong=0)
    assert "10 of 10 right" in page and "Well played" in page


@pytest.mark.django_db
def test_a_finished_set_offers_one_next_step_the_lesson_on_the_learners_path(client):
    page = _finish_set(client, wrong=5)
    learner = Learner.objects.get()
    step = selectors.after_set_step(learner=learner, now=START)
    assert step.url.startswith("/lessons/")
    assert page.count('class="button"') == 1
    assert f'<a class="button" href="{step.url}">{step.label}</a>' in page


@pytest.mark.django_db
def test_once_every_lesson_is_behind_the_next_step_after_the_set_is_the_weakest_skill():
    learner = LearnerFactory()
    for skill in COURSE:
        for _ in range(daily.MOVE_ON_AFTER):
            services.progress_record(learner_id=learner.pk, skills=[skill], right=True)
    services.progress_record(learner_id=learner.pk, skills=["games"], right=False)
    step = selectors.after_set_step(learner=learner, now=START)
    assert step.url == "/practice/?skill=games&upto=games"


@pytest.mark.django_db
def test_todays_set_says_which_question_of_the_ten_this_is(client):
    with time_machine.travel(START, tick=False):
        client.post("/practice/today/")
        first = Question.objects.get()
        page = client.get(f"/practice/q/{first.public_id}/").content.decode()
        assert "Question 1 of 10 in today's set" in page
        services.answer_submit(question=first, given=_right(first))
        client.post("/practice/today/")
        second = Question.objects.filter(answer__isnull=True).get()
        page = client.get(f"/practice/q/{second.public_id}/").content.decode()
        assert "Question 2 of 10 in today's set" in page
        # The first keeps its number once answered.
        page = client.get(f"/practice/q/{first.public_id}/").content.decode()
        assert "Question 1 of 10 in today's set" in page


@pytest.mark.django_db
def test_with_htmx_the_next_question_of_the_set_brings_its_own_title_and_breadcrumb(client):
    with time_machine.travel(START, tick=False):
        client.post("/practice/today/")
        first = Question.objects.get()
        services.answer_submit(question=first, given=_right(first))
        here = f"http://testserver/practice/q/{first.public_id}/"
        response = client.post(
            "/practice/today/", headers={"HX-Request": "true", "HX-Current-URL": here}
        )
    html = response.content.decode()
    second = Question.objects.filter(answer__isnull=True).get()
    title = KINDS[second.kind].title
    assert html.lstrip().startswith("<title>"), html[:200]
    assert f"<title>{escape(title)}: question 2 of 10 · Above the Line</title>" in html
    crumbs = html[html.index('id="question-crumbs"') : html.index("</nav>")]
    assert 'hx-swap-oob="true"' in crumbs and escape(title) in crumbs
    assert "Today's set" in crumbs


@pytest.mark.django_db
def test_a_question_answered_inside_a_lesson_leaves_the_lessons_title_alone(client):
    client.post("/practice/today/")
    question = Question.objects.get()
    response = client.post(
        f"/practice/q/{question.public_id}/",
        {k: str(v) for k, v in _right(question).items()},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/lessons/games/"},
    )
    html = response.content.decode()
    assert "<title>" not in html and "hx-swap-oob" not in html


@pytest.mark.django_db
def test_todays_set_never_asks_the_same_situation_twice_in_a_day():
    """Even drawn from one seed each time, the day's ten questions are ten situations."""
    learner = LearnerFactory()
    asked = []
    with time_machine.travel(START, tick=False):
        for _ in range(daily.DAILY_SIZE):
            question = services.daily_next(learner=learner, seed=7)
            asked.append((question.kind, repr(sorted(question.situation.items()))))
            services.answer_submit(question=question, given=_right(question))
    assert len(set(asked)) == daily.DAILY_SIZE, asked


@pytest.mark.django_db
def test_todays_set_on_random_draws_has_no_repeat_either():
    for _ in range(3):
        learner = LearnerFactory()
        asked = []
        with time_machine.travel(START, tick=False):
            for _ in range(daily.DAILY_SIZE):
                question = services.daily_next(learner=learner)
                asked.append((question.kind, repr(sorted(question.situation.items()))))
                services.answer_submit(question=question, given=_wrong(question))
        assert len(set(asked)) == daily.DAILY_SIZE, asked


@pytest.mark.django_db
def test_a_skill_met_for_the_first_time_in_todays_set_points_to_its_lesson_first(client):
    with time_machine.travel(START, tick=False):
        url = client.post("/practice/today/")["Location"]
        page = client.get(url).content.decode()
        assert "data-new-skill" in page and 'href="/lessons/score-sheet/"' in page
        question = Question.objects.get()
        services.answer_submit(question=question, given=_right(question))
        url = client.post("/practice/today/")["Location"]
        following = Question.objects.get(answer__isnull=True)
        page = client.get(url).content.decode()
    # Once a skill has been answered, its questions go on without the pointer.
    assert following.focus == "sheet"
    assert "data-new-skill" not in page


@pytest.mark.django_db
def test_todays_set_through_the_site_mixes_its_skills(monkeypatch):
    # Reviews due first on the skill the path is at: due, due, path would be one skill
    # three times in a row, again and again, while another skill is due too.
    learner = LearnerFactory()
    for skill in COURSE[:3]:
        for _ in range(5):
            services.progress_record(learner_id=learner.pk, skills=[skill], right=True)
    assert COURSE[3] == "vulnerability"
    due = ["vulnerability", "mistake:vulnerability_reversed", "sheet"]
    monkeypatch.setattr(selectors, "due_keys", lambda **_: due)
    skills = []
    with time_machine.travel(START, tick=False):
        for _ in range(6):
            question = services.daily_next(learner=learner)
            skills.append(question.focus)
            services.answer_submit(question=question, given=_right(question))
    runs = [skills[i : i + 3] for i in range(len(skills) - 2)]
    assert not [run for run in runs if len(set(run)) == 1], skills
