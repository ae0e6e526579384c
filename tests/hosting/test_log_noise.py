"""A HEAD leaves nothing in the log, and `make` leaves no "already exists" line."""

import io
import re
import sys

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory

from tests.hosting.conftest import ROOT

pytestmark = pytest.mark.django_db


def _wsgi(method: str, path: str):
    """What the WSGI app hands gunicorn: its status, headers and body bytes."""
    environ = RequestFactory().generic(method, path).environ
    environ["wsgi.input"] = io.BytesIO(b"")
    environ["wsgi.errors"] = sys.stderr
    started = {}

    def start_response(status, headers, exc_info=None):
        started.update(status=status, headers=dict(headers))

    # As Django's test client does: the test's own connection (and its transaction) must
    # outlive the request.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        result = WSGIHandler()(environ, start_response)
        body = b"".join(result)
        result.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return started["status"], started["headers"], body


@pytest.mark.parametrize("path", ["/", "/lessons/", "/healthz"])
def test_head_hands_the_server_no_body_so_gunicorn_has_nothing_to_warn_of(path):
    """gunicorn logs "WSGI app sent body bytes on a no-body response" for every HEAD whose
    body the app drew; the site sends none, with GET's length."""
    get_status, get_headers, get_body = _wsgi("GET", path)
    status, headers, body = _wsgi("HEAD", path)
    assert status == get_status == "200 OK"
    assert body == b""
    assert int(headers["Content-Length"]) == len(get_body) > 0


def test_every_createcachetable_in_the_makefile_and_the_guide_is_quiet():
    """createcachetable says "Cache table ... already exists" every time but the first."""
    for name in ("Makefile", "docs/hosting.md"):
        calls = re.findall(r"createcachetable[^\n]*", (ROOT / name).read_text())
        assert calls, name
        assert all("-v0" in call for call in calls), (name, calls)
