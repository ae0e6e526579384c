"""An unreadable cache fails open (issue 27): pages still answer, the limits let people in.

The cache table is made unreadable the way a real site meets it: its name points at a table
that is not there (`createcachetable` never run; the same error as a database that cannot
be reached). Django's own DatabaseCache raises there, and the join page answered 500.
"""

import logging

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils.html import escape

from classes.services import JOIN_CODE_UNKNOWN
from tests.factories import ClassroomFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_unreadable(settings):
    # The backend the site configures, only its table missing.
    default = {**settings.CACHES["default"], "LOCATION": "no_such_cache_table"}
    settings.CACHES = {**settings.CACHES, "default": default}


def test_the_join_page_answers_a_wrong_code_when_its_rate_limit_cannot_count(
    client, cache_unreadable
):
    response = client.post("/join/", {"code": "ABCD-EFGH", "display_name": "Sam"})
    assert response.status_code == 422
    assert escape(JOIN_CODE_UNKNOWN) in response.content.decode()


def test_a_student_joins_and_a_teacher_signs_up_while_the_cache_cannot_be_read(
    client, cache_unreadable
):
    classroom = ClassroomFactory()
    joined = client.post("/join/", {"code": classroom.join_code, "display_name": "Sam"})
    assert joined.status_code == 302
    assert classroom.memberships.filter(display_name="Sam").exists()
    signed_up = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "email": "carol@example.org",
            "password1": "slam-bonus-750-x",
            "password2": "slam-bonus-750-x",
        },
    )
    assert signed_up.status_code == 302
    assert get_user_model().objects.filter(username="carol").exists()


def test_each_failed_cache_operation_is_one_line_in_the_log_not_a_traceback(
    client, cache_unreadable, caplog
):
    with caplog.at_level(logging.WARNING, logger="config.caches"):
        client.post("/join/", {"code": "ABCD-EFGH", "display_name": "Sam"})
    lines = [r for r in caplog.records if r.name == "config.caches"]
    assert lines and all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)
    assert "empty one" in lines[0].getMessage()


def test_the_cache_answers_as_an_empty_one(cache_unreadable):
    assert cache.get("k", "default") == "default"
    assert cache.get_many(["k"]) == {}
    assert cache.add("k", 1) is False
    assert cache.set("k", 1) is None
    assert cache.has_key("k") is False
    assert cache.get_or_set("k", lambda: "made again") == "made again"
    with pytest.raises(ValueError):
        cache.incr("k")  # as for any missing key: django-ratelimit then fails open
    cache.delete("k")
    cache.clear()


def test_a_failed_cache_read_inside_a_transaction_leaves_the_transaction_usable(
    cache_unreadable,
):
    # On PostgreSQL a failed statement would abort the whole transaction: the view's later
    # queries would fail too. The cache's savepoint takes the failure alone.
    with transaction.atomic():
        assert cache.get("k") is None
        assert cache.add("k", 1) is False
        assert get_user_model().objects.count() == 0


def test_a_readable_cache_still_keeps_what_it_is_given():
    cache.set("kept", 42)
    assert cache.get("kept") == 42
    assert cache.add("kept", 1) is False
    cache.delete("kept")
