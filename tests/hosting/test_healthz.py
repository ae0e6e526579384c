"""/healthz answers a probe by IP address, over plain HTTP, with a plain 200 or 503: never a
400 with a traceback, never a redirect (docs/hosting.md: Health probe)."""

import logging
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

PROBE_BY_ADDRESS = {"HTTP_HOST": "10.0.0.5:8000"}  # a load balancer's probe: not in ALLOWED_HOSTS


def test_a_probe_by_ip_address_gets_a_plain_200_and_nothing_logged(caplog):
    with caplog.at_level(logging.INFO):
        response = Client(**PROBE_BY_ADDRESS).get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Content-Type"] == "text/plain"
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_probe_by_ip_address_gets_a_plain_503_when_the_database_fails():
    with mock.patch("config.views.connection") as fake:
        fake.cursor.side_effect = OperationalError("server closed the connection")
        response = Client(**PROBE_BY_ADDRESS).get("/healthz")
    assert (response.status_code, response.content) == (503, b"database unavailable\n")


def test_the_same_unknown_host_elsewhere_is_still_refused():
    # Only the probe is let through: a page asked for by an unknown host is a 400 as before.
    assert Client(**PROBE_BY_ADDRESS).get("/lessons/").status_code == 400


@override_settings(SECURE_SSL_REDIRECT=True)
def test_a_probe_without_x_forwarded_proto_is_not_redirected():
    assert Client().get("/lessons/").status_code == 301  # the redirect is on for pages
    assert Client().get("/healthz").status_code == 200
    assert Client(**PROBE_BY_ADDRESS).head("/healthz").status_code == 200


@override_settings(
    SECURE_SSL_REDIRECT=True, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
def test_behind_the_proxy_a_page_sent_as_https_is_served_not_redirected_again():
    """BEHIND_PROXY's setting: the proxy's X-Forwarded-Proto ends the redirect (no loop)."""
    assert Client().get("/lessons/", HTTP_X_FORWARDED_PROTO="https").status_code == 200
    assert Client().get("/lessons/", HTTP_X_FORWARDED_PROTO="http").status_code == 301


def test_a_post_to_the_probe_is_refused():
    assert Client(**PROBE_BY_ADDRESS).post("/healthz").status_code == 405
