"""The rate limits fail open: when their own counters cannot be written, nobody is refused."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache.backends.locmem import LocMemCache

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
