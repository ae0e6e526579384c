"""What one browser can grow is bounded, far above honest use, and the limit says so
(issue 27): new practice questions per learner per hour, "Fill in the sheet" sheets per
learner per day, score-pad games per browser or account per day.

The rows that fill a limit are written directly (as many as a script would have made);
the request past the limit goes through the page, as the script's would.
"""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from accounts import views as account_views
from quizzes import limits
from quizzes.models import Learner, Question, SheetDrill
from scorepad import services as pads
from scorepad.models import ScorePad
from scorepad.selectors import SESSION_KEY
from tests.control import form_key
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
TOO_MANY_QUESTIONS = escape(limits.TOO_MANY_QUESTIONS.format(limit=limits.QUESTIONS_PER_HOUR))


@pytest.fixture
def learner(client):
    """This browser's learner, made as a visitor's is: by asking for a question."""
    assert client.post("/practice/new/", {"kind": "undertricks"}).status_code == 302
    return Learner.objects.get()


def _questions(learner, count, *, ago=timedelta(0)):
    first = Question.objects.filter(learner=learner).first()
    made = Question.objects.bulk_create(
        Question(learner=learner, kind=first.kind, seed=n, situation=first.situation)
        for n in range(count)
    )
    if ago:
        Question.objects.filter(pk__in=[q.pk for q in made]).update(created=timezone.now() - ago)


def test_a_learner_gets_new_questions_up_to_the_hourly_limit_then_a_page_that_says_why(
    client, learner
):
    _questions(learner, limits.QUESTIONS_PER_HOUR - 2)  # with the first one: one short
    assert client.post("/practice/new/", {"kind": "undertricks"}).status_code == 302
    response = client.post("/practice/new/", {"kind": "undertricks"})
    assert response.status_code == 429
    assert TOO_MANY_QUESTIONS in response.content.decode()
    assert "<h1>" in response.content.decode()
    assert Question.objects.filter(learner=learner).count() == limits.QUESTIONS_PER_HOUR
    # What the learner has stays theirs to answer.
    question = Question.objects.filter(learner=learner).last()
    assert client.get(f"/practice/q/{question.public_id}/").status_code == 200


def test_questions_older_than_an_hour_do_not_count(client, learner):
    _questions(learner, limits.QUESTIONS_PER_HOUR, ago=timedelta(hours=1, minutes=1))
    assert client.post("/practice/new/", {"kind": "undertricks"}).status_code == 302


def test_with_htmx_the_limit_is_a_message_put_above_the_page(client, learner):
    _questions(learner, limits.QUESTIONS_PER_HOUR)
    response = client.post("/practice/new/", {"kind": "undertricks"}, headers=HX)
    assert response.status_code == 422  # swapped in, where a 429 would show nothing
    assert response["HX-Retarget"] == "#main" and response["HX-Reswap"] == "afterbegin"
    assert TOO_MANY_QUESTIONS in response.content.decode()
    assert "<h1>" not in response.content.decode()


def test_a_lesson_check_and_todays_set_meet_the_same_limit(client, learner):
    _questions(learner, limits.QUESTIONS_PER_HOUR)
    before = Question.objects.count()
    for response in (
        client.post("/practice/check/undertricks/"),
        client.get("/practice/check/undertricks/?start=1"),
        client.post("/practice/today/"),
    ):
        assert response.status_code == 429
        assert TOO_MANY_QUESTIONS in response.content.decode()
    assert Question.objects.count() == before


def test_a_learner_starts_sheets_up_to_the_daily_limit_then_the_sheet_page_says_why(
    client, learner
):
    client.post("/practice/sheet/", {"form": "rubber"})
    drill = SheetDrill.objects.get()
    SheetDrill.objects.bulk_create(
        SheetDrill(learner=learner, form="rubber", seed=n, deals=drill.deals)
        for n in range(limits.SHEETS_PER_DAY - 1)
    )
    # Started earlier in the day: the sheet under way is still the real one, with its steps.
    SheetDrill.objects.exclude(pk=drill.pk).update(created=timezone.now() - timedelta(hours=1))
    response = client.post("/practice/sheet/", {"form": "chicago", "after": drill.public_id})
    assert response.status_code == 429
    message = escape(limits.TOO_MANY_SHEETS.format(limit=limits.SHEETS_PER_DAY))
    assert message in response.content.decode()
    assert SheetDrill.objects.count() == limits.SHEETS_PER_DAY


RUBBER = {"kind": "rubber", "rubber-fifty": "up"}


def _fill_games(client=None, user=None):
    made = ScorePad.objects.bulk_create(
        ScorePad(kind="rubber", user=user) for _ in range(pads.GAMES_PER_DAY)
    )
    if client is not None:
        session = client.session
        session[SESSION_KEY] = [pad.public_id for pad in made]
        session.save()


def test_a_browser_starts_games_up_to_the_daily_limit_then_the_form_says_why(client):
    _fill_games(client)
    response = client.post("/scorepad/", RUBBER)
    assert response.status_code == 422
    message = escape(pads.TOO_MANY_GAMES.format(limit=pads.GAMES_PER_DAY))
    assert message in response.content.decode()
    assert ScorePad.objects.count() == pads.GAMES_PER_DAY
    # Another browser is not held back by this one's games.
    assert Client().post("/scorepad/", RUBBER).status_code == 302


def test_games_started_more_than_a_day_ago_do_not_count(client):
    _fill_games(client)
    ScorePad.objects.update(created=timezone.now() - timedelta(days=1, minutes=1))
    assert client.post("/scorepad/", RUBBER).status_code == 302


def test_an_accounts_games_count_wherever_it_signs_in(client):
    user = UserFactory()
    _fill_games(user=user)
    client.force_login(user)
    response = client.post("/scorepad/", RUBBER)
    assert response.status_code == 422
    assert "games in the last day" in response.content.decode()


def test_a_start_form_sent_again_at_the_limit_still_finds_its_game(client):
    page = client.get("/scorepad/").content.decode()
    data = {**RUBBER, "rubber-form_key": form_key(page, "rubber-form_key")}
    first = client.post("/scorepad/", data)
    assert first.status_code == 302
    session = client.session
    made = ScorePad.objects.bulk_create(ScorePad(kind="rubber") for _ in range(pads.GAMES_PER_DAY))
    session[SESSION_KEY] = [*session[SESSION_KEY], *(pad.public_id for pad in made)]
    session.save()
    again = client.post("/scorepad/", data)
    assert again.status_code == 302 and again["Location"] == first["Location"]


# -- failed logins per address -------------------------------------------------------------


def test_failed_logins_per_address_are_far_more_than_a_staff_room_mistypes():
    assert account_views.LOGIN_FAILURE_RATE == "100/h"


def test_an_address_that_tries_many_usernames_is_stopped_and_adds_no_more_rows(
    client, monkeypatch, frozen_clock
):
    monkeypatch.setattr(account_views, "LOGIN_FAILURE_RATE", "3/h")  # the same counting, sooner
    # The clock stands still: the four tries could otherwise straddle the edge of the
    # limit's one-hour window (django-ratelimit's windows are fixed, not sliding), and the
    # fourth be counted in a fresh one.
    for n in range(3):  # each username once: the lockout per username never comes into it
        response = client.post("/accounts/login/", {"username": f"guess{n}", "password": "x"})
        assert response.status_code == 422
    assert AccessAttempt.objects.count() == 3
    refused = client.post("/accounts/login/", {"username": "guess9", "password": "x"})
    assert refused.status_code == 429 and "Too many tries" in refused.content.decode()
    assert AccessAttempt.objects.count() == 3
    # Someone at another address logs in as ever.
    UserFactory(username="carol")
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")
    assert (
        elsewhere.post("/accounts/login/", {"username": "carol", "password": PASSWORD}).status_code
        == 302
    )
