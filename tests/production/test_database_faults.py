"""gunicorn on an SQLite file another process is writing: a write that waits past the busy
timeout answers 503 with Retry-After, long before gunicorn's worker timeout would kill the
worker, and /healthz says the database cannot be written meanwhile.

The settings' timeout (DATABASE_TIMEOUT) is set short here, as an operator would set it.
"""

import sqlite3
from contextlib import closing

import pytest

from config.middleware import NOT_SAVED, RETRY_AFTER_BUSY
from tests.production.conftest import Visitor, suite_uses_postgres

pytestmark = pytest.mark.slow


def test_an_answer_while_another_process_holds_the_write_lock_is_a_503_not_a_killed_worker(
    server_database, start_server
):
    if suite_uses_postgres():
        pytest.skip("SQLite's write lock: the suite runs on PostgreSQL")
    server_database.env["DATABASE_TIMEOUT"] = "1"
    server = start_server(server_database, workers=1)
    learner = Visitor(server)
    public_id = learner.new_question("undertricks")

    with closing(sqlite3.connect(server_database.path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")  # another process's write, under way
        answered = learner.post(f"/practice/q/{public_id}/", {"answer": "100"})
        health = learner.get("/healthz")
        other.execute("ROLLBACK")

    assert answered.status == 503
    assert answered.headers["retry-after"] == str(RETRY_AFTER_BUSY)
    assert NOT_SAVED in answered.text
    assert health.status == 503
    assert server_database.rows("SELECT COUNT(*) FROM quizzes_answer") == [(0,)]
    # Sent again once the lock is let go: saved, by the same worker, which was never killed.
    assert learner.post(f"/practice/q/{public_id}/", {"answer": "100"}).status == 302
    assert server_database.rows("SELECT COUNT(*) FROM quizzes_answer") == [(1,)]
    assert learner.get("/healthz").status == 200
    log = server.log()
    assert "WORKER TIMEOUT" not in log
    assert "Traceback" not in log, log[-3000:]
