import os
from pathlib import Path

import pytest
import time_machine
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests.clock import NOW

ROOT = Path(__file__).resolve().parent.parent

# No property test is timed: hypothesis's deadline and its "too slow" check fail a test for
# the machine's load, not for what it proves (a loaded CI runner failed two that way).
# `make check` (the quick loop) draws fewer examples per property; `make test` and CI draw
# hypothesis's full number. A test that sets its own max_examples keeps it in both.
_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
hypothesis_settings.register_profile("full", **_UNTIMED)
hypothesis_settings.register_profile("quick", max_examples=25, **_UNTIMED)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))


def pytest_configure(config):
    # Pages use hashed static names (the production storage); collect them first
    # when a static source is newer than the manifest, so a bare `pytest` works too.
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    sources = [p for p in (ROOT / "static").rglob("*") if p.is_file()]
    # An app added in the settings may bring static files of its own (the admin does).
    newest = max(p.stat().st_mtime for p in [*sources, ROOT / "config" / "settings.py"])
    if not manifest.exists() or manifest.stat().st_mtime < newest:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("collectstatic", interactive=False, verbosity=0)


@pytest.fixture(autouse=True)
def _no_fragment_kept_from_another_test():
    # Template fragments kept for everyone ({% cache %}) would otherwise carry over between
    # tests: a test that edits a template would be served the fragment another one drew.
    from django.core.cache import caches

    caches["fragments"].clear()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    yield
    # The test client runs a request in the test's own thread, and LocaleMiddleware leaves
    # that request's language active: a test that reads a French page would otherwise
    # leave French for the next test on its worker (a lazy title compared to English).
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_count_kept_from_a_test_that_commits(request, django_db_blocker):
    yield
    # A test that commits (a live server, a transactional test) leaves its rate-limit counts
    # in the cache table, which the flush after it does not empty: the next test would start
    # with them (one more query for each stale count, or a limit reached early).
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        from django.core.cache import cache

        with django_db_blocker.unblock():
            cache.clear()


@pytest.fixture(autouse=True)
def _test_settings(settings):
    # Tests create many users; the production hasher is deliberately slow.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests and the live server speak plain HTTP; production keeps HTTPS-only cookies
    # and the redirect (tests/production/test_security.py checks that production does).
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    # Rate limits (join codes, sign-ups) count in the database cache: the test database
    # needs its table too, as `make setup` makes it for the real one.
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("createcachetable", verbosity=0)


@pytest.fixture
def frozen_clock():
    """Time stands still at tests.clock.NOW; the traveller moves it on (`shift`, `move_to`)."""
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def _seeds_restart():
    """The factories' question seeds restart with each test, so what a test draws does not
    depend on which tests ran before it on its worker (nor on the database's id sequences)."""
    from tests.factories import AssignmentFactory, LiveSessionFactory

    AssignmentFactory.reset_sequence()
    LiveSessionFactory.reset_sequence()


# Fixtures that reach the database. A test that asks for none of them (and has no django_db
# mark) cannot touch it: pytest-django refuses it any query.
_DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}
# These start servers or commands of their own that read DATABASE_URL: they always count.
_ALWAYS_DATABASE_DIRS = ("config", "faults", "hosting", "production")


def touches_the_database(item) -> bool:
    if item.get_closest_marker("django_db") is not None:
        return True
    if _DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    parts = item.path.relative_to(ROOT / "tests").parts
    return len(parts) > 1 and parts[0] in _ALWAYS_DATABASE_DIRS


# `make test` spreads the suite over the cores (pytest-xdist, --dist loadgroup). The
# benchmarks' smoke tests load the machine with wrk or Locust, and the hosting tests start
# nginx and the guide's own install: these take turns on one worker, never two at once.
def _one_at_a_time(item) -> bool:
    if item.get_closest_marker("bench"):
        return True
    return item.path.relative_to(ROOT / "tests").parts[0] == "hosting"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _one_at_a_time(item):
            item.add_marker(pytest.mark.xdist_group("one_at_a_time"))
    # CI runs the suite twice, on SQLite and then on PostgreSQL (.ci/run). A test that never
    # reaches the database (the engine, the file readers, the double-dummy solver) proves the
    # same thing both times, so the second run sets DATABASE_TESTS_ONLY=1 and leaves it out.
    if os.environ.get("DATABASE_TESTS_ONLY") != "1":
        return
    kept, left = [], []
    for item in items:
        (kept if touches_the_database(item) else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
