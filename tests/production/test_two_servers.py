"""Stateless app servers: a learner's requests alternate between two servers on one database.

Two gunicorn processes on two ports share one PostgreSQL database and nothing else. A
learner's session, questions, answers and progress must follow them from one to the other;
so must a student's assignment, the messages shown after a redirect, and a login lockout.
"""

import re

import pytest
from django.conf import settings

from assignments.taking import STARTED, SUBMITTED
from tests.production.conftest import Visitor, run_in_django

pytestmark = pytest.mark.slow


def test_a_learner_continues_when_requests_alternate_between_two_servers(
    postgres_server_database, start_server
):
    one = start_server(postgres_server_database, workers=1)
    two = start_server(postgres_server_database, workers=1)
    learner = Visitor(one)

    assert learner.get("/practice/", server=one).status == 200
    public_id = learner.new_question("undertricks", server=two)  # session made on two
    page = learner.get(f"/practice/q/{public_id}/", server=one)  # ...and read on one
    assert page.status == 200
    assert 'name="answer"' in page.text

    answered = learner.post(f"/practice/q/{public_id}/", {"answer": "100"}, server=two)
    assert answered.status == 302
    feedback = learner.get(f"/practice/q/{public_id}/", server=one)
    assert "Right!" in feedback.text or "Not quite." in feedback.text
    # Graded once, on the other server: a wrong answer offers one second try, no more.
    assert ("Check my second try" in feedback.text) == ("Not quite." in feedback.text)

    replay = learner.post(f"/practice/q/{public_id}/", {"answer": "200"}, server=one)
    assert replay.status == 302  # the first grade stands (a second try is kept beside it)
    after = learner.get(f"/practice/q/{public_id}/", server=two)
    assert 'name="answer"' not in after.text
    rows = postgres_server_database.rows(
        "SELECT a.given FROM quizzes_answer a JOIN quizzes_question q ON q.id = a.question_id "
        "WHERE q.public_id = ?",
        (public_id,),
    )
    assert [given for (given,) in rows] == [{"answer": 100}]

    # Progress made through two, shown by both.
    started = 'data-skill="undertricks" data-level="learning"'
    assert started in learner.get("/practice/progress/", server=two).text
    home = learner.get("/practice/", server=one).text
    assert started in home
    assert "of 1 right" in home
    answered_counts = postgres_server_database.rows(
        "SELECT answered FROM quizzes_skillprogress WHERE skill = 'undertricks'"
    )
    assert answered_counts == [(1,)]

    # htmx requests carry the token in a header; it is good on either server.
    fragment = learner.post("/practice/new/", {"kind": "undertricks"}, server=one, htmx=True)
    assert fragment.status == 200
    assert fragment.headers["hx-push-url"].startswith("/practice/q/")

    # A second learner on the same servers sees none of it.
    stranger = Visitor(two)
    assert stranger.get(f"/practice/q/{public_id}/", server=two).status == 404
    assert stranger.get(f"/practice/q/{public_id}/", server=one).status == 404


SET_UP_CLASS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from assignments import services
from classes import services as class_services

teacher = get_user_model().objects.create_user("ms-hart", password="not-used-here-1")
classroom = class_services.classroom_create(teacher=teacher, name="Year 9 bridge club")
assignment = services.assignment_create(
    classroom=classroom, title="Undertricks", kinds=["undertricks"], skills=[],
    question_count=2, same_for_everyone=True,
)
session = SessionStore()
session[SESSION_KEY] = str(teacher.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = teacher.get_session_auth_hash()
session.create()
print(json.dumps({"code": classroom.join_code, "assignment": assignment.public_id,
                  "teacher_session": session.session_key}))
"""


def _set_up_class(database) -> dict:
    return run_in_django(database.env, SET_UP_CLASS)


def test_a_students_assignment_continues_when_requests_alternate_between_two_servers(
    postgres_server_database, start_server
):
    servers = [start_server(postgres_server_database, workers=1) for _ in range(2)]
    one, two = servers
    setup = _set_up_class(postgres_server_database)
    page = f"/join/a/{setup['assignment']}/"
    student = Visitor(one)

    student.get("/join/", server=one)
    joined = student.post("/join/", {"code": setup["code"], "display_name": "Ada L"}, server=two)
    assert joined.status == 302, joined.text[:500]
    assert student.get(page, server=one).status == 200
    assert student.post(page + "start/", server=two).status == 302
    # The message set on two is shown by one, after the redirect, and only once.
    assert STARTED in student.get(page, server=one).text
    assert STARTED not in student.get(page, server=two).text

    answered = 0
    for turn in range(10):
        html = student.get(page, server=servers[turn % 2]).text
        found = re.search(rf"{page}q/([A-Za-z0-9_-]+)/", html)
        if found is None or 'name="answer"' not in html:
            break
        response = student.post(
            f"{page}q/{found.group(1)}/", {"answer": "100"}, server=servers[(turn + 1) % 2]
        )
        assert response.status == 302, response.text[:500]
        answered += 1
    assert answered == 2
    assert student.post(page + "submit/", server=one).status == 302
    assert SUBMITTED in student.get(page, server=two).text

    rows = postgres_server_database.rows(
        "SELECT count(*) FROM teaching_attempt WHERE submitted_at IS NOT NULL"
    )
    assert rows == [(1,)]
    teacher = Visitor(one, cookies={"sessionid": setup["teacher_session"]})
    for server in servers:
        book = teacher.get(f"/teachers/assignments/{setup['assignment']}/", server=server)
        assert book.status == 200
        assert "Ada L" in book.text


def test_a_login_lockout_counts_failures_on_every_server_and_holds_on_each(
    postgres_server_database, start_server
):
    # The failures are counted by the servers, other processes: a frozen clock here would
    # not reach them, and none is needed. The lockout (django-axes) counts the failures of
    # the hour before the last one (AXES_COOLOFF_TIME, a sliding hour, with no window edge
    # for the tries to straddle): only a test that took an hour between two tries could
    # see one forgotten. The address's limit on failed logins (accounts.views, in fixed
    # one-hour windows) allows 100 and never comes into these five.
    servers = [start_server(postgres_server_database, workers=1) for _ in range(2)]
    _set_up_class(postgres_server_database)  # the teacher ms-hart
    mallory = Visitor(servers[0])
    wrong = {"username": "ms-hart", "password": "a-guess"}
    # Each server sees only some of the failures: only a count they share reaches the limit.
    for turn in range(settings.AXES_FAILURE_LIMIT - 1):
        response = mallory.post("/accounts/login/", wrong, server=servers[turn % 2])
        assert response.status == 422, (turn, response.status)  # the form again, refused
    last = servers[(settings.AXES_FAILURE_LIMIT - 1) % 2]
    assert mallory.post("/accounts/login/", wrong, server=last).status == 429
    right = {"username": "ms-hart", "password": "not-used-here-1"}
    for server in servers:
        locked = mallory.post("/accounts/login/", right, server=server)
        assert locked.status in (403, 429), locked.status
        assert "Too many failed logins" in locked.text
        not_in = mallory.get("/teachers/classes/new/", server=server)  # for teachers only
        assert (not_in.status, not_in.location.split("?")[0]) == (302, "/accounts/login/")


SET_UP_LIVE_CLASS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from live import services as live
from live.models import LiveQuestion
from scoring import PlayedDeal
from classes import services

teacher = get_user_model().objects.create_user("ms-hart", password="not-used-here-1")
classroom = services.classroom_create(teacher=teacher, name="Tuesday beginners")
session = live.session_create(
    teacher=teacher, title="Doubled games", classroom=classroom,
    kinds=["duplicate_deal"], question_count=2,
)
# 4H doubled, made exactly, not vulnerable, at duplicate: 590.
LiveQuestion.objects.filter(session=session).update(situation={
    "form": "duplicate", "deal": PlayedDeal("N", "4HX", 10).as_data(),
    "vulnerable": False, "show_vulnerability": True,
})
store = SessionStore()
store[SESSION_KEY] = str(teacher.pk)
store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
store[HASH_SESSION_KEY] = teacher.get_session_auth_hash()
store.create()
print(json.dumps({"code": classroom.join_code, "session": session.public_id,
                  "teacher_session": store.session_key}))
"""


def test_a_live_class_phone_alternating_between_two_servers(postgres_server_database, start_server):
    servers = [start_server(postgres_server_database, workers=1) for _ in range(2)]
    one, two = servers
    setup = run_in_django(postgres_server_database.env, SET_UP_LIVE_CLASS)
    teacher = Visitor(one, cookies={"sessionid": setup["teacher_session"]})
    screen = f"/live/s/{setup['session']}/"
    phone = Visitor(two)

    phone.get("/live/join/", server=two)
    joined = phone.post("/live/join/", {"code": setup["code"], "name": "Ada L"}, server=one)
    assert joined.status == 302, joined.text[:500]
    page = joined.location
    first = phone.get(f"{page}now/", server=two, htmx=True)
    assert first.status == 200 and "You're in." in first.text
    etag = {"If-None-Match": first.headers["etag"]}
    assert phone.get(f"{page}now/", server=one, headers=etag).status == 304  # nothing new

    assert teacher.post(f"{screen}next/", server=two).status == 302
    asked = phone.get(f"{page}now/", server=one, headers=etag)
    assert asked.status == 200 and 'name="answer"' in asked.text and "590" not in asked.text

    assert phone.post(f"{page}answer/0/", {"answer": "590"}, server=two).status == 302
    assert phone.post(f"{page}answer/0/", {"answer": "540"}, server=one).status == 302  # a resend
    waiting = phone.get(page, server=two)
    assert "Answer received" in waiting.text and "590" not in waiting.text

    assert teacher.post(f"{screen}reveal/", server=one).status == 302
    late = phone.post(f"{page}answer/0/", {"answer": "590"}, server=two)
    assert late.status == 302  # a replay: the first answer stands, as it was
    shown = phone.get(page, server=one)
    assert 'data-verdict="right"' in shown.text and "590" in shown.text
    rows = postgres_server_database.rows("SELECT correct, points FROM live_playeranswer")
    assert rows == [(True, 100)]
    board = teacher.get(screen, server=two)
    assert 'data-answered="1"' in board.text
