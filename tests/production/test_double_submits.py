"""Two identical requests at the same moment (a double click) never cost a 500 or a twin row.

Every path that checks and then saves: each form is sent twice at once to a gunicorn with
two workers, on the suite's kind of database (a SQLite file on the first pass of .ci/run,
PostgreSQL on the second). One request does the work; the other gets the form's own error
or the first one's result, and the database holds one row.
"""

import re
import threading

import pytest

from tests.control import form_key
from tests.production.conftest import Visitor

pytestmark = pytest.mark.slow

PASSWORD = "a-long-test-password-8c1"


@pytest.fixture
def server(server_database, start_server):
    return start_server(server_database, workers=2)


def at_once(*sends):
    """Run each send in its own thread, released together; their responses, in order."""
    start = threading.Barrier(len(sends))
    responses = [None] * len(sends)

    def run(i, send):
        start.wait()
        responses[i] = send()

    threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def signup(visitor: Visitor, username: str, email: str):
    return visitor.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def teacher(server, name: str) -> Visitor:
    alice = Visitor(server)
    alice.get("/accounts/signup/")
    assert signup(alice, name, f"{name}@example.org").status == 302
    return alice


def a_class(server, alice: Visitor) -> tuple[str, str]:
    """Alice's new class: its public id and join code."""
    page = alice.get("/teachers/classes/new/").text
    made = alice.post(
        "/teachers/classes/new/", {"name": "Tuesday", "form_key": form_key(page)}
    ).location
    class_id = made.rstrip("/").rsplit("/", 1)[1]
    code = re.search(r'data-join-code="([A-Z0-9]+)"', alice.get(made).text)
    return class_id, code.group(1) if code else ""


def no_server_error(server, *responses):
    assert all(r.status < 500 for r in responses), [r.status for r in responses]
    assert "Traceback" not in server.log(), server.log()[-3000:]


def count(db, sql: str, params: tuple = ()) -> int:
    return db.rows(sql, params)[0][0]


def test_the_same_sign_up_twice_at_once_makes_one_account(server, server_database):
    one, two = Visitor(server), Visitor(server)
    one.get("/accounts/signup/")
    two.get("/accounts/signup/")
    first, second = at_once(
        lambda: signup(one, "alice", "alice@example.org"),
        lambda: signup(two, "alice", "alice@example.org"),
    )
    no_server_error(server, first, second)
    assert sorted([first.status, second.status]) == [302, 422]
    refused = first if first.status == 422 else second
    assert "A user with that username already exists." in refused.text
    assert count(server_database, "SELECT count(*) FROM auth_user") == 1


def test_two_sign_ups_on_one_email_at_once_give_the_address_to_one_account(server, server_database):
    # Sign-up never tells whether an address is in use: both answer alike, and the account
    # that came second is made without the address (its owner gets a mail saying so).
    one, two = Visitor(server), Visitor(server)
    one.get("/accounts/signup/")
    two.get("/accounts/signup/")
    first, second = at_once(
        lambda: signup(one, "alice", "Alice@Example.org"),
        lambda: signup(two, "alice2", "alice@example.org"),
    )
    no_server_error(server, first, second)
    assert [first.status, second.status] == [302, 302]
    users = count(server_database, "SELECT count(*) FROM auth_user WHERE LOWER(email) = ?",
                  ("alice@example.org",))  # fmt: skip
    assert users == 1
    assert count(server_database, "SELECT count(*) FROM auth_user WHERE email = ''") == 1


def test_a_double_click_on_create_class_makes_one_class(server, server_database):
    alice = teacher(server, "alice")
    key = form_key(alice.get("/teachers/classes/new/").text)
    data = {"name": "Tuesday beginners", "form_key": key}
    first, second = at_once(
        lambda: alice.post("/teachers/classes/new/", data),
        lambda: alice.post("/teachers/classes/new/", data),
    )
    no_server_error(server, first, second)
    assert first.status == second.status == 302
    assert first.location == second.location  # both sent to the one class
    assert count(server_database, "SELECT count(*) FROM teaching_classroom") == 1


@pytest.mark.parametrize("form", ["new", "review-quiz"])
def test_a_double_click_on_set_assignment_sets_one(server, server_database, form):
    alice = teacher(server, "alice")
    class_id, _ = a_class(server, alice)
    path = f"/teachers/classes/{class_id}/assignments/{form}/"
    data = {
        "form_key": form_key(alice.get(path).text),
        "title": "After lesson 3",
        "attempts_allowed": "1",
        "show_answers": "after_submit",
        "layout": "one",
    }
    if form == "new":
        data.update(kinds="undertricks", question_count="3", same_for_everyone="yes")
    first, second = at_once(lambda: alice.post(path, data), lambda: alice.post(path, data))
    no_server_error(server, first, second)
    assert first.status == second.status == 302 and first.location == second.location
    assert count(server_database, "SELECT count(*) FROM teaching_assignment") == 1


def test_a_double_click_on_start_a_game_starts_one(server, server_database):
    scorer = Visitor(server)
    page = scorer.get("/scorepad/").text
    data = {"kind": "duplicate", "duplicate-form_key": form_key(page, "duplicate-form_key")}
    first, second = at_once(
        lambda: scorer.post("/scorepad/", data), lambda: scorer.post("/scorepad/", data)
    )
    no_server_error(server, first, second)
    assert first.status == second.status == 302 and first.location == second.location
    assert count(server_database, "SELECT count(*) FROM scorepad_scorepad") == 1
    assert scorer.get(first.location).status == 200  # the game is this browser's


def test_two_students_joining_with_one_name_at_once_make_one_student(server, server_database):
    alice = teacher(server, "alice")
    _, code = a_class(server, alice)
    dana, dan = Visitor(server), Visitor(server)
    keys = [form_key(student.get("/join/").text) for student in (dana, dan)]
    data = [{"code": code, "display_name": "Dana", "form_key": key} for key in keys]
    first, second = at_once(
        lambda: dana.post("/join/", data[0]), lambda: dan.post("/join/", data[1])
    )
    no_server_error(server, first, second)
    assert sorted([first.status, second.status]) == [302, 422]
    refused = first if first.status == 422 else second
    assert "Someone in this class already uses that name" in refused.text
    assert count(server_database, "SELECT count(*) FROM teaching_membership") == 1


def test_a_double_click_on_join_makes_one_student(server, server_database):
    alice = teacher(server, "alice")
    _, code = a_class(server, alice)
    dana = Visitor(server)
    key = form_key(dana.get("/join/").text)
    data = {"code": code, "display_name": "Dana", "form_key": key}
    first, second = at_once(lambda: dana.post("/join/", data), lambda: dana.post("/join/", data))
    no_server_error(server, first, second)
    assert {first.status, second.status} <= {200, 302}  # welcomed, or told she is in
    assert count(server_database, "SELECT count(*) FROM teaching_membership") == 1
    # Whichever answer the browser kept, it is Dana's: her classes list her class.
    assert "Tuesday" in dana.get("/join/classes/").text
    learners = "SELECT count(*) FROM quizzes_learner WHERE user_id IS NULL"
    assert count(server_database, learners) == 1  # the twin's learner was dropped


def test_double_clicks_on_new_code_and_new_link_cost_nothing(server, server_database):
    alice = teacher(server, "alice")
    class_id, code = a_class(server, alice)
    dana = Visitor(server)
    dana.get("/join/")
    assert dana.post("/join/", {"code": code, "display_name": "Dana"}).status == 302
    new_code = f"/teachers/classes/{class_id}/code/"
    responses = at_once(lambda: alice.post(new_code), lambda: alice.post(new_code))
    no_server_error(server, *responses)
    assert count(server_database, "SELECT count(*) FROM teaching_classroom") == 1
    (student,) = server_database.rows("SELECT public_id FROM teaching_membership")
    link = f"/teachers/classes/{class_id}/students/{student[0]}/link/"
    responses = at_once(lambda: alice.post(link), lambda: alice.post(link))
    no_server_error(server, *responses)
    assert [r.status for r in responses] == [200, 200]
    # One of the two links shown works: the one saved last.
    shown = [re.search(r"/join/back/([\w-]+)/", r.text).group(1) for r in responses]
    works = [Visitor(server).get(f"/join/back/{secret}/").status for secret in shown]
    assert sorted(works) in ([302, 404], [302, 302])


def test_a_double_click_on_start_an_assignment_draws_one_attempt(server, server_database):
    alice = teacher(server, "alice")
    class_id, code = a_class(server, alice)
    path = f"/teachers/classes/{class_id}/assignments/new/"
    made = alice.post(
        path,
        {
            "form_key": form_key(alice.get(path).text),
            "title": "Now",
            "kinds": "undertricks",
            "question_count": "3",
            "same_for_everyone": "yes",
            "attempts_allowed": "1",
            "show_answers": "immediately",
            "layout": "all",
        },
    )
    assignment = made.location.rstrip("/").rsplit("/", 1)[1]
    dana = Visitor(server)
    dana.get("/join/")
    assert dana.post("/join/", {"code": code, "display_name": "Dana"}).status == 302
    start = f"/join/a/{assignment}/start/"
    responses = at_once(lambda: dana.post(start), lambda: dana.post(start))
    no_server_error(server, *responses)
    assert count(server_database, "SELECT count(*) FROM teaching_attempt") == 1
    assert count(server_database, "SELECT count(*) FROM teaching_attemptquestion") == 3
