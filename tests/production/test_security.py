"""Security as a student, a stranger and an attacker meet it.

Alice and Bob are two learners in two browsers: neither may see or answer the other's
questions. A stranger guesses addresses. An attacker's page posts without a CSRF token.
"""

import os
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from bench.server import secret_key
from quizzes import services
from quizzes.kinds import KINDS
from quizzes.models import Answer, Question, new_public_id
from tests.factories import right_answer
from tests.pages import PUBLIC_PAGES
from tests.production.conftest import run_in_django
from tests.production.site_forms import crawl

pytestmark = pytest.mark.django_db


def _public_id(response) -> str:
    return response["Location"].rstrip("/").rsplit("/", 1)[1]


def _form_token(html: str) -> str:
    """The token a page's forms carry (htmx sends it with the form's other fields)."""
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found, "a page with a form carries its token"
    return found.group(1)


# -- CSRF on every form and htmx request ----------------------------------------------------


@pytest.fixture
def post_endpoints(client):
    return [e for e in crawl(client) if e.method == "POST"]


# The footer's language switcher takes no token (config/urls.py says why): all a forged post
# can do is choose a language (tests/i18n/test_switcher.py).
LANGUAGE_SWITCHER = "/i18n/setlang/"


def test_every_post_without_a_csrf_token_is_refused(post_endpoints):
    attacker = Client(enforce_csrf_checks=True)
    for endpoint in post_endpoints:
        if endpoint.path.endswith(LANGUAGE_SWITCHER):
            continue
        data = {k: v for k, v in endpoint.fields if k != "csrfmiddlewaretoken"}
        for headers in ({}, {"HX-Request": "true"}):
            response = attacker.post(endpoint.path, data, headers=headers)
            assert response.status_code == 403, (endpoint.path, headers)
            assert b"Please reload the page" in response.content


def test_every_htmx_post_with_the_forms_own_token_is_accepted(post_endpoints):
    visitor = Client(enforce_csrf_checks=True)
    token = _form_token(visitor.get("/practice/").content.decode())
    for endpoint in post_endpoints:
        data = {k: v for k, v in endpoint.fields if k != "csrfmiddlewaretoken"}
        data["csrfmiddlewaretoken"] = token
        response = visitor.post(endpoint.path, data, headers={"HX-Request": "true"})
        assert response.status_code != 403, endpoint.path


def test_a_form_posted_with_its_own_token_is_accepted():
    visitor = Client(enforce_csrf_checks=True)
    html = visitor.get("/practice/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = visitor.post("/practice/new/", {"kind": "undertricks", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_a_token_from_another_browser_is_refused():
    alice, mallory = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    token = _form_token(alice.get("/practice/").content.decode())
    mallory.get("/")
    response = mallory.post(
        "/practice/new/", {"kind": "undertricks"}, headers={"X-CSRFToken": token}
    )
    assert response.status_code == 403


# -- cookies and headers in production -----------------------------------------------------


def _production_settings(**extra):
    """Settings as production has them: DEBUG off and no HTTPS switch turned off."""
    env = {k: v for k, v in os.environ.items() if k != "DEBUG" and not k.startswith("SECURE_")}
    env = {k: v for k, v in env.items() if not k.endswith("_COOKIE_SECURE")}
    env.update(DEBUG="0", SECRET_KEY=secret_key(), ALLOWED_HOSTS="example.org", **extra)
    names = [
        "SESSION_COOKIE_SECURE",
        "SESSION_COOKIE_HTTPONLY",
        "SESSION_COOKIE_SAMESITE",
        "CSRF_COOKIE_SECURE",
        "CSRF_COOKIE_HTTPONLY",
        "CSRF_COOKIE_SAMESITE",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "SECURE_CONTENT_TYPE_NOSNIFF",
        "SECURE_REFERRER_POLICY",
        "X_FRAME_OPTIONS",
        "SESSION_ENGINE",
        "DEBUG",
        "BENCHMARK_BASELINE",
    ]
    script = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
    )
    return run_in_django(env, script)


def test_production_settings_keep_cookies_secret_and_https_only():
    s = _production_settings()
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"]
    assert s["SESSION_COOKIE_HTTPONLY"] and s["CSRF_COOKIE_HTTPONLY"]
    assert s["SESSION_COOKIE_SAMESITE"] in {"Lax", "Strict"}
    assert s["CSRF_COOKIE_SAMESITE"] in {"Lax", "Strict"}
    assert s["SECURE_SSL_REDIRECT"]
    assert s["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"]
    assert s["SECURE_REFERRER_POLICY"] == "same-origin"
    assert s["X_FRAME_OPTIONS"] == "DENY"
    assert s["BENCHMARK_BASELINE"] is False  # the baseline page exists only in the benchmark


def test_hsts_covers_this_host_only_unless_subdomains_and_preload_are_asked_for():
    # On a subdomain of a shared domain, includeSubDomains would force HTTPS on the
    # neighbours' sites, and preload would keep it in browsers for months.
    s = _production_settings()
    assert s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is False and s["SECURE_HSTS_PRELOAD"] is False
    asked = _production_settings(SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1")
    assert asked["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and asked["SECURE_HSTS_PRELOAD"]


def test_the_benchmark_baseline_page_does_not_exist_outside_the_benchmark(client):
    assert client.get("/bench/baseline/").status_code == 404


def test_cookies_are_sent_secure_httponly_and_same_site(client, settings):
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    client.get("/practice/")
    response = client.post("/practice/new/", {"kind": "undertricks"})
    cookies = response.cookies | client.cookies
    for name in ("sessionid", "csrftoken"):
        morsel = cookies[name]
        assert morsel["secure"] is True, name
        assert morsel["httponly"] is True, name
        assert morsel["samesite"] == "Lax", name


def test_pages_send_the_security_headers(client):
    response = client.get("/")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_static_files_have_hashed_names_a_long_cache_life_and_compression(client):
    html = client.get("/").content.decode()
    css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', html)
    assert css, "static files are served under hashed names"
    response = client.get(css.group(1), headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert "max-age=315360000" in response["Cache-Control"]
    assert "immutable" in response["Cache-Control"]
    assert response["Content-Encoding"] == "gzip"


# -- Content-Security-Policy: only the site's own scripts and styles -------------------------


ALLOWED_SOURCES = {"'self'", "'none'"}


def _policy(response) -> dict[str, list[str]]:
    header = response.get("Content-Security-Policy")
    assert header, "every page sends a Content-Security-Policy"
    return {
        d.split()[0]: d.split()[1:] for d in (p.strip() for p in header.split(";")) if d.strip()
    }


class _InlineCode(HTMLParser):
    """Whatever a CSP of 'self' would block: inline scripts, styles and handlers."""

    def __init__(self):
        super().__init__()
        self.found, self._in_script = [], False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self._in_script = "src" not in a
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"{tag} {name}=")
            if name in {"href", "src", "action"} and (value or "").lower().startswith(
                "javascript:"
            ):
                self.found.append(f"{tag} {name}=javascript:")

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:60]}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def _pages_to_check(client) -> list[str]:
    answered = _public_id(client.post("/practice/new/", {"kind": "undertricks"}))
    client.post(f"/practice/q/{answered}/", {"answer": "100"})
    waiting = _public_id(client.post("/practice/new/", {"kind": "rubber_deal"}))
    return [*PUBLIC_PAGES, f"/practice/q/{answered}/", f"/practice/q/{waiting}/", "/no-such-page/"]


def test_every_page_has_a_policy_that_allows_only_the_site_itself(client):
    for path in _pages_to_check(client):
        policy = _policy(client.get(path, follow=True))
        assert policy["default-src"] == ["'self'"], path
        assert policy["script-src"] == ["'self'"], path
        assert policy["style-src"] == ["'self'"], path
        assert policy["frame-ancestors"] == ["'none'"], path
        assert policy["object-src"] == ["'none'"], path
        for directive, sources in policy.items():
            extra = (
                set(sources) - ALLOWED_SOURCES - ({"data:"} if directive == "img-src" else set())
            )
            assert not extra, (path, directive, extra)


def test_no_page_needs_inline_code_the_policy_would_block(client):
    for path in _pages_to_check(client):
        for headers in ({}, {"HX-Request": "true"}):
            parser = _InlineCode()
            parser.feed(client.get(path, follow=True, headers=headers).content.decode())
            assert parser.found == [], (path, headers, parser.found)


def test_error_pages_carry_the_policy_too(client):
    _policy(client.get("/no-such-page/"))
    _policy(client.post("/practice/new/", {"kind": "undertricks", "x": "9" * 100_000}))
    _policy(Client(enforce_csrf_checks=True).post("/practice/new/"))


# -- no object reachable by guessing an id -------------------------------------------------


def test_question_ids_are_random_not_counted():
    ids = [new_public_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    assert all(len(i) >= 12 and re.fullmatch(r"[A-Za-z0-9_-]+", i) for i in ids)
    assert len({i[:4] for i in ids}) > 1500  # no shared prefix: nothing to count up from


def test_bob_cannot_open_or_answer_alices_question(client):
    alice, bob = client, Client()
    public_id = _public_id(alice.post("/practice/new/", {"kind": "undertricks"}))
    bob.post("/practice/new/", {"kind": "undertricks"})  # Bob has a session of his own
    path = f"/practice/q/{public_id}/"
    assert bob.get(path).status_code == 404
    assert bob.get(path, headers={"HX-Request": "true"}).status_code == 404
    assert bob.post(path, {"answer": "100"}).status_code == 404
    assert not Answer.objects.filter(question__public_id=public_id).exists()
    assert Client().get(path).status_code == 404  # nor can a browser with no session
    assert alice.get(path).status_code == 200


def test_bob_never_sees_alices_check_yourself_questions(client):
    alice, bob = client, Client()
    alice.post("/practice/check/undertricks/")
    hers = Question.objects.filter(source=Question.Source.CHECK).values_list("public_id", flat=True)
    assert len(hers) == 3
    bob.post("/practice/check/undertricks/")
    page = bob.get("/practice/check/undertricks/").content.decode()
    assert not any(public_id in page for public_id in hers)


def test_guessed_question_ids_are_not_found(client):
    client.post("/practice/new/", {"kind": "undertricks"})
    for guess in ("1", "2", "0", "aaaaaaaaaaaa", new_public_id()):
        assert client.get(f"/practice/q/{guess}/").status_code == 404


def test_session_keys_are_long_and_random(client):
    client.post("/practice/new/", {"kind": "undertricks"})
    key = client.cookies["sessionid"].value
    assert len(key) >= 32
    assert not key.isdigit()


# -- no answer key before it is due ----------------------------------------------------------

# Markup that only feedback has: the verdict, the right answer, the engine's breakdown.
FEEDBACK_MARKERS = (
    'class="feedback',
    "marks-table",
    'class="breakdown"',
    "data-correct=",
    "data-right=",
    "data-mistake",
    "Right answer",
)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_unanswered_question_shows_no_answer_and_no_breakdown(client, kind):
    client.post("/practice/new/", {"kind": kind})  # this browser's learner
    learner = Question.objects.get().learner
    for seed in range(12):
        question = services.question_new(learner=learner, kind=kind, seed=seed)
        path = f"/practice/q/{question.public_id}/"
        for headers in ({}, {"HX-Request": "true"}):
            html = client.get(path, headers=headers).content.decode()
            leaked = [marker for marker in FEEDBACK_MARKERS if marker in html]
            assert leaked == [], (kind, seed, headers, leaked)
            assert not re.search(r'<input[^>]+type="text"[^>]+value="[^"]', html)  # empty boxes
            if kind == "rubber_total":
                assert "data-total=" not in html  # the totals are the question
    # Once answered, the same page shows the markers: the check above can see a leak.
    assert client.post(path, right_answer(question)).status_code == 302
    assert Answer.objects.filter(question=question).exists()
    assert "marks-table" in client.get(path).content.decode()


def test_a_sample_deal_shows_its_score_only_when_asked(client):
    # The deal's score is drawn as the worked sheet (drawing/worked_sheet.html).
    assert 'class="worked-sheet"' not in client.get("/lessons/sample-rubber/3/").content.decode()
    shown = client.get("/lessons/sample-rubber/3/?answer=1").content.decode()
    assert 'class="worked-sheet"' in shown


# -- login rate limiting -----------------------------------------------------------------


def test_logins_lock_at_the_fifth_wrong_password_even_for_the_right_one(
    client, django_user_model, settings, frozen_clock
):
    # The lockout counts the failures of the last hour (AXES_COOLOFF_TIME), by the clock:
    # it stands still, so the count does not depend on how long the test takes.
    django_user_model.objects.create_user("teacher", password="right-password-123")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post("/accounts/login/", {"username": "teacher", "password": "wrong"})
        assert response.status_code == 422  # the form again, with a message
    fifth = client.post("/accounts/login/", {"username": "teacher", "password": "wrong"})
    assert fifth.status_code == 429
    locked = client.post(
        "/accounts/login/", {"username": "teacher", "password": "right-password-123"}
    )
    assert locked.status_code in (403, 429)
    assert b"Too many failed logins" in locked.content
    assert "_auth_user_id" not in client.session
