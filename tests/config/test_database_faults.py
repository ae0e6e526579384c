"""A database that cannot be written just now: a 503 with Retry-After that says plainly that
what was sent was not saved, and nothing half-written; never a 500, never a hang. Any other
database error is a bug, and still raises.

Named users: Ms Hart runs a live class; Ana is her student on her phone. The SQLite tests
run on a file (tests/config/conftest.py: sqlite_file), the only place SQLite has locks.
"""

from __future__ import annotations

import html
import sqlite3
from contextlib import closing

import psycopg
import pytest
from django.db import connection, connections, utils
from django.test import RequestFactory
from django.urls import reverse

from config.middleware import (
    NOT_SAVED,
    NOT_SHOWN,
    RETRY_AFTER_BUSY,
    DatabaseUnavailableMiddleware,
    database_unavailable,
)
from live import services as live
from live.models import PlayerAnswer
from quizzes.models import Answer, Question
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory, student_client

KIND = "undertricks"  # one number to type


def _practice_question(client) -> str:
    """A new practice question for the client's learner; its address."""
    response = client.post("/practice/new/", {"kind": KIND})
    assert response.status_code == 302, response.status_code
    return response["Location"]


def _assert_busy_page(response, reason=NOT_SAVED):
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_BUSY)
    assert reason in response.content.decode()


# -- SQLite: a lock held past the timeout, a read-only file ---------------------------------------


def test_a_practice_answer_while_another_write_holds_the_lock_is_a_503_and_nothing_is_saved(
    client, sqlite_file
):
    sqlite_file.use()
    url = _practice_question(client)
    with sqlite_file.write_lock_held():
        response = client.post(url, {"answer": "100"})
        _assert_busy_page(response)
        assert "<h1>" in response.content.decode()  # the whole page, in the site's layout
    assert not Answer.objects.exists()
    # Sent again once the lock is let go, as the page says: graded and saved.
    assert client.post(url, {"answer": "100"}).status_code == 302
    assert Answer.objects.count() == 1


def test_an_answer_refused_on_a_french_page_is_told_so_in_french(client, sqlite_file):
    sqlite_file.use()
    response = client.post("/fr/practice/new/", {"kind": KIND})
    url = response["Location"]
    assert url.startswith("/fr/")
    with sqlite_file.write_lock_held():
        response = client.post(url, {"answer": "100"})
    assert response.status_code == 503
    page = html.unescape(response.content.decode())
    assert "Ce que vous avez envoyé n'a pas été enregistré" in page
    assert NOT_SAVED not in page


def test_an_htmx_answer_gets_the_message_alone_put_above_the_form_it_leaves_as_typed(
    client, sqlite_file
):
    sqlite_file.use()
    url = _practice_question(client)
    with sqlite_file.write_lock_held():
        response = client.post(url, {"answer": "100"}, headers={"HX-Request": "true"})
    _assert_busy_page(response)
    assert "<h1>" not in response.content.decode()
    assert response["HX-Retarget"] == "#main"
    assert response["HX-Reswap"] == "afterbegin"
    assert not Answer.objects.exists()


@pytest.fixture
def phone(sqlite_file):
    """Ms Hart's live class asking its first question, and Ana's phone in it."""
    sqlite_file.use()
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher)
    session = live.session_create(
        teacher=teacher, title="Doubled games", classroom=classroom, kinds=[KIND], question_count=2
    )
    ana = student_client(MembershipFactory(classroom=classroom, display_name="Ana"))
    joined = ana.post(reverse("live:join"), {"session": session.public_id})
    live.session_next(session=session)
    return ana, f"{joined['Location']}answer/0/"


def test_a_live_answer_while_another_write_holds_the_lock_is_a_503_and_nothing_is_saved(
    phone, sqlite_file
):
    ana, answer_url = phone
    questions = Question.objects.count()
    with sqlite_file.write_lock_held():
        _assert_busy_page(ana.post(answer_url, {"answer": "100"}))
    assert not PlayerAnswer.objects.exists()
    assert Question.objects.count() == questions  # not even the answer's question row
    assert ana.post(answer_url, {"answer": "100"}).status_code == 302
    assert PlayerAnswer.objects.count() == 1


def test_an_answer_to_a_read_only_database_is_a_503_and_its_pages_still_read(client, sqlite_file):
    sqlite_file.use()
    url = _practice_question(client)
    sqlite_file.use(read_only=True)
    _assert_busy_page(client.post(url, {"answer": "100"}))
    assert client.get(url).status_code == 200
    assert not Answer.objects.exists()


def test_a_page_whose_database_file_cannot_be_opened_is_a_503_drawn_without_it(
    client, sqlite_file, tmp_path
):
    sqlite_file.use()
    url = _practice_question(client)  # a learner, in a session the page will look for
    sqlite_file.use(path=tmp_path / "no-such-folder" / "site.sqlite3")
    response = client.get(url)
    _assert_busy_page(response, reason=NOT_SHOWN)
    assert "<h1>" in response.content.decode()  # the layout too, without its session


# -- PostgreSQL: a read-only transaction ---------------------------------------------------------


@pytest.mark.django_db
def test_an_answer_to_a_read_only_postgresql_is_a_503_and_nothing_is_saved(client):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's read-only transactions: the suite runs on SQLite")
    url = _practice_question(client)
    with connection.cursor() as cursor:
        # The rows made so far checked now, not at the test's end, when nothing may be read
        # FOR KEY SHARE any more; then, as on a standby, every write from here on is refused.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET TRANSACTION READ ONLY")
    _assert_busy_page(client.post(url, {"answer": "100"}))
    assert not Answer.objects.exists()


@pytest.mark.django_db
def test_a_write_when_postgresql_cannot_be_reached_is_a_503_drawn_without_it(client):
    suite = connections["default"]
    if suite.vendor != "postgresql":
        pytest.skip("PostgreSQL's connections: the suite runs on SQLite")
    # Nothing listens on port 1: every connection is refused at once.
    refused = type(suite)({**suite.settings_dict, "PORT": 1}, "default")
    connections["default"] = refused
    try:
        response = client.post("/practice/new/", {"kind": KIND})
    finally:
        refused.close()
        connections["default"] = suite
    _assert_busy_page(response)
    assert "<h1>" in response.content.decode()


# -- which database errors are faults of the database, and which are bugs -------------------------


def _sqlite_error(tmp_path, what: str) -> sqlite3.Error:
    """A real error of SQLite's, as its driver raises it."""
    path = tmp_path / "errors.sqlite3"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY)")
        db.execute("INSERT OR IGNORE INTO t VALUES (1)")
        try:
            if what == "locked":
                db.execute("BEGIN IMMEDIATE")
                with closing(sqlite3.connect(path, timeout=0)) as other:
                    other.execute("BEGIN IMMEDIATE")
            elif what == "read-only":
                db.execute("PRAGMA query_only = 1")
                db.execute("INSERT INTO t VALUES (2)")
            elif what == "cannot open":
                sqlite3.connect(tmp_path / "no-such-folder" / "site.sqlite3").execute("SELECT 1")
            elif what == "no such table":
                db.execute("SELECT * FROM nowhere")
            elif what == "bad SQL":
                db.execute("SELEC 1")
            elif what == "a broken constraint":
                db.execute("INSERT INTO t VALUES (1)")
        except sqlite3.Error as error:
            return error
    raise AssertionError(f"SQLite raised nothing for {what}")


DJANGO_CLASSES = (
    utils.DataError,
    utils.OperationalError,
    utils.IntegrityError,
    utils.InternalError,
    utils.ProgrammingError,
    utils.NotSupportedError,
    utils.DatabaseError,
    utils.InterfaceError,
    utils.Error,
)


def _as_django_raises_it(cause: Exception) -> Exception:
    """The driver's error as Django raises it: its own class of the same name (the first in
    Django's order), the driver's error as its __cause__."""
    names = {c.__name__ for c in type(cause).__mro__}
    django_class = next(c for c in DJANGO_CLASSES if c.__name__ in names)
    try:
        raise django_class(*cause.args) from cause
    except django_class as error:
        return error


@pytest.mark.parametrize(
    ("what", "unavailable"),
    [
        ("locked", True),
        ("read-only", True),
        ("cannot open", True),
        ("no such table", False),
        ("bad SQL", False),
        ("a broken constraint", False),
    ],
)
def test_sqlite_errors_of_the_database_are_faults_and_errors_of_the_code_are_not(
    tmp_path, what, unavailable
):
    error = _as_django_raises_it(_sqlite_error(tmp_path, what))
    assert database_unavailable(error) is unavailable


@pytest.mark.parametrize(
    ("cause", "unavailable"),
    [
        (psycopg.OperationalError("connection failed: Connection refused"), True),
        (psycopg.InterfaceError("the connection is closed"), True),
        (psycopg.errors.ReadOnlySqlTransaction("cannot execute UPDATE"), True),
        (psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"), True),
        (psycopg.errors.AdminShutdown("terminating connection"), True),
        (psycopg.errors.CannotConnectNow("the database system is starting up"), True),
        (psycopg.errors.TooManyConnections("too many clients already"), True),
        (psycopg.errors.DeadlockDetected("deadlock detected"), True),
        (psycopg.errors.UndefinedTable('relation "nowhere" does not exist'), False),
        (psycopg.errors.SyntaxError('syntax error at or near "SELEC"'), False),
        (psycopg.errors.UniqueViolation("duplicate key value"), False),
        (psycopg.errors.NumericValueOutOfRange("integer out of range"), False),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, Exception) else str(value),
)
def test_postgresql_errors_of_the_database_are_faults_and_errors_of_the_code_are_not(
    cause, unavailable
):
    assert database_unavailable(_as_django_raises_it(cause)) is unavailable


def test_errors_not_from_a_database_driver_are_not_faults_of_the_database():
    assert not database_unavailable(utils.OperationalError("raised by hand"))
    assert not database_unavailable(ValueError("not a database error"))


def test_a_programming_error_in_a_view_still_raises_and_a_fault_is_answered_503():
    request = RequestFactory().post("/practice/new/")
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    bug = _as_django_raises_it(psycopg.errors.UndefinedTable("no such table"))
    assert middleware.process_exception(request, bug) is None  # Django answers 500, logged
    fault = _as_django_raises_it(psycopg.errors.LockNotAvailable("lock timeout"))
    _assert_busy_page(middleware.process_exception(request, fault))
