"""The rate limits fail open: when their own counters cannot be written, nobody is refused."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache.backends.locmem import LocMemCache
from django.db import connection
from django.test import Client

pytestmark = pytest.mark.django_db


class UnwritableCache(LocMemCache):
    """A cache that answers as Django's database cache does on a read-only database: each
    write fails silently (add says the key was not added), and the counter is never there."""

    def add(self, *args, **kwargs):
        return False

    def set(self, *args, **kwargs):
        return None

    def get(self, key, default=None, version=None):
        return default

    def incr(self, key, delta=1, version=None):
        raise ValueError(f"Key {key!r} not found.")


BROKEN = {"BACKEND": "tests.accounts.test_rate_limits.UnwritableCache", "LOCATION": "broken"}


@pytest.fixture
def counters_unwritable(settings):
    settings.CACHES = {**settings.CACHES, "default": BROKEN}


def _signup(client, username):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "email": f"{username}@example.org",
            "password1": "slam-bonus-750-x",
            "password2": "slam-bonus-750-x",
        },
    )


def test_a_sign_up_goes_through_when_the_rate_limits_cannot_count(client, counters_unwritable):
    response = _signup(client, "alice")
    assert response.status_code != 429
    assert b"Too many tries" not in response.content
    assert get_user_model().objects.filter(username="alice").exists()


def test_a_password_reset_is_not_refused_when_the_rate_limits_cannot_count(
    client, counters_unwritable
):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302


@pytest.fixture
def read_only_database():
    """This connection's SQLite database made read-only, as a full disk or a read-only
    replica leaves it: reads answer, every write fails."""
    if connection.vendor != "sqlite":
        pytest.skip("PRAGMA query_only is SQLite's")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only = ON")
    yield
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only = OFF")


def test_a_sign_up_on_a_read_only_database_is_never_told_too_many_tries(read_only_database):
    # The counter cannot be written, so the limit cannot count: it lets the sign-up through,
    # and the sign-up's own write fails with its own answer (a 503 from the site's handler).
    client = Client(raise_request_exception=False)
    response = _signup(client, "alice")
    assert response.status_code != 429
    assert b"Too many tries" not in response.content
