from unittest import mock

from django.db import OperationalError


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


def test_healthz_rejects_post(client, db):
    assert client.post("/healthz").status_code == 405


def test_favicon_ico_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].startswith("/static/img/favicon.")
    assert response["Location"].endswith(".svg")
