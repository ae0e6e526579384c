from unittest import mock

import pytest
from django.db import OperationalError, connection


def test_healthz_answers_ok_when_database_answers(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"


def test_healthz_answers_503_when_database_fails(client, db):
    with mock.patch("config.views.connection") as fake:
        fake.cursor.side_effect = OperationalError("server closed the connection")
        response = client.get("/healthz")
    assert response.status_code == 503
    assert b"database unavailable" in response.content


# A database that answers but cannot be written (tests/config/conftest.py: sqlite_file).


def test_healthz_answers_ok_when_the_database_file_can_be_written(client, sqlite_file):
    sqlite_file.use()
    assert client.get("/healthz").status_code == 200


def test_healthz_answers_503_while_another_write_holds_the_lock_past_the_timeout(
    client, sqlite_file
):
    sqlite_file.use()
    with sqlite_file.write_lock_held():
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"database unavailable\n"


def test_healthz_answers_503_when_the_database_file_is_read_only(client, sqlite_file):
    sqlite_file.use()
    client.get("/healthz")  # made a WAL file by the settings, as in production
    sqlite_file.use(read_only=True)
    assert client.get("/healthz").status_code == 503


def test_healthz_writes_nothing_however_often_it_is_asked(client, sqlite_file):
    sqlite_file.use()
    assert client.get("/healthz").status_code == 200
    log = sqlite_file.path.with_name(f"{sqlite_file.path.name}-wal")
    before = log.stat().st_size
    for _ in range(50):
        assert client.get("/healthz").status_code == 200
    assert log.stat().st_size == before  # not one page added to SQLite's log


def test_healthz_answers_503_when_postgresql_refuses_writes(client, db):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's read-only transactions: the suite runs on SQLite")
    with connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION READ ONLY")  # as on a standby, for this test
    assert client.get("/healthz").status_code == 503


def test_healthz_rejects_post(client, db):
    assert client.post("/healthz").status_code == 405


def test_favicon_ico_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].startswith("/static/img/favicon.")
    assert response["Location"].endswith(".svg")
