"""Real-browser tests: Debian's Chromium, driven by Playwright, against pytest-django's live_server.

Where Chromium is missing (`/usr/bin/chromium`, or the path in CHROMIUM_PATH) every browser test
is skipped with a message saying how to install it; with REQUIRE_BROWSER=1 (`.ci/run` sets it)
a missing browser fails the run instead.

Fixtures for the tests in this folder:

``live_server``
    The site, served by pytest-django's live server with static files from WhiteNoise, as in
    production (hashed names from `collectstatic`). Using it gives the test a transactional
    database that the server shares: ``live_server.url + "/lessons/"``.
``browser``
    One Chromium for the whole browser-test run (see ``_playwright`` for why not the session).
``screen``
    ``"phone"`` (375x667) or ``"desktop"`` (1280x800). A test that uses ``page``, ``page_no_js``
    or ``screen`` runs once at each size.
``page``
    A new page in its own browser context at ``screen``'s size, JavaScript on.
``page_no_js``
    The same with JavaScript disabled: forms post and redirect the ordinary way. Locators,
    expect() and the helpers below work as usual; page.evaluate() in it never returns.
``new_page(screen="desktop", javascript=True)``
    More pages, each in a new context (own cookies): a second user, e.g. a student joining a
    teacher's class. Pass the test's ``screen`` to keep both at the same size.
``browser_session(page, user=None, **data)``
    Gives the page's browser a session made in the database, as if it had logged in as
    ``user`` (when given) and been to pages that stored ``data`` in its session: a teacher
    signed in, a student's learner, a visitor's score pads. Faster than driving the log-in
    form, for tests where signing in is not what they test.
``axe_check(page)``
    Runs axe-core on the page as it is now and asserts zero violations; on failure the message
    lists each violation's id, impact, help and target nodes. A page opened with JavaScript
    off is checked in a twin page with scripts on, served its document as it is now.
``no_horizontal_overflow(page)``
    Asserts the document is no wider than the window (nothing scrolls sideways).
``screenshot(page, name)``
    Saves a full-page PNG to tests/browser/screenshots/ (git ignores it) as
    ``<name>--<screen>.png``, e.g. ``home--phone.png``.
``offline_noise_allowed()``
    Called at the end of a test that took a page offline (``page.context.set_offline``): lets
    through the failed loads Chromium and htmx log meanwhile; any other error still fails it.

Every page these fixtures open is watched: a console error (Chromium reports Content-Security-
Policy violations and failed loads there) or an uncaught script error fails the test, after its
own assertions, with the messages listed. One is let through: the failed load Chromium logs for
a page, or an htmx request, that answered 422: a form shown again with its errors, as the
site's forms do (with htmx, in place). A test
that opens an error page on purpose says so first: ``expect_page_status(page, 404)`` lets that
status through for the pages themselves, never for what they load.

Use these fixtures rather than pytest-playwright's own (``context`` and the like would start
a second Playwright). Mark the tests ``pytestmark = pytest.mark.browser``; use Playwright's
auto-waiting and ``expect()``, never sleeps. tests/browser/keyboard.py has helpers for driving
a page by keyboard (``tab_to``, ``follow``, ``assert_focus_visible``).
"""

import os
import re
import threading
import weakref
from contextlib import contextmanager
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
from playwright.sync_api import expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENS = {
    "phone": {"width": 375, "height": 667},
    "desktop": {"width": 1280, "height": 800},
}
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# Every Playwright wait (actions, navigation, expect) gives up after 10 s: generous for a busy
# two-core machine, and a broken page still fails in seconds, not after the default 30.
TIMEOUT_MS = 10_000
expect.set_options(timeout=TIMEOUT_MS)

_page_problems = pytest.StashKey[list]()
# The site answers a form sent with mistakes by showing it again, with its messages, under
# 422. Chromium logs every 4xx page as a failed load; for these pages that is no fault.
FORM_SHOWN_AGAIN = 422
# Pages opened with JavaScript off, each with the DevTools session that lets a check run
# script in it (opened on first need).
_no_js_pages = weakref.WeakKeyDictionary()
# Statuses a page itself may answer without failing the test: see expect_page_status.
_page_statuses = weakref.WeakKeyDictionary()


def expect_page_status(page, status: int) -> None:
    """The pages this test opens may answer `status` on purpose (the 404 page under test)."""
    _page_statuses.setdefault(page, {FORM_SHOWN_AGAIN}).add(status)


# Chromium logs a Content-Security-Policy violation as a console error but does not say which
# element or script caused it; this adds that, as a second console error.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.target && event.target.outerHTML
    ? event.target.outerHTML.slice(0, 160) : String(event.target);
  console.error(`CSP violation of ${event.violatedDirective} by ${where}`
    + ` from ${event.sourceFile || "the page"}:${event.lineNumber}:${event.columnNumber}`);
});
"""


def _chromium_or_skip() -> str:
    if os.path.isfile(CHROMIUM_PATH) and os.access(CHROMIUM_PATH, os.X_OK):
        return CHROMIUM_PATH
    message = (
        f"Chromium not found at {CHROMIUM_PATH}: install it with `apt-get install -y chromium` "
        "(or set CHROMIUM_PATH) to run the browser tests."
    )
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="package")
def _playwright():
    # While Playwright runs, its event loop counts as running in this thread, and Django
    # refuses database calls from it (a test's own queries, the flush after each test)
    # unless DJANGO_ALLOW_ASYNC_UNSAFE is set. Package scope, not session: Playwright stops,
    # and the variable goes, after the last browser test, so the rest of the suite keeps
    # Django's check.
    executable = _chromium_or_skip()
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        yield playwright, executable
    finally:
        playwright.stop()
        if previous is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="package")
def browser(_playwright):
    playwright, executable = _playwright
    chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


def _one_request_at_a_time(app):
    """The test database lives in memory, shared by the server's threads, and SQLite then
    refuses at once ("table is locked") a read that meets another thread's write instead of
    waiting for it. Pages that poll (a live class: a teacher's screen and three phones)
    meet each other's writes, so the server here runs one request at a time; production
    runs on a file in WAL mode, where readers never wait (tests/production)."""
    lock = threading.Lock()

    def serve(environ, start_response):
        with lock:
            return app(environ, start_response)

    return serve


@pytest.fixture(scope="package")
def live_server():
    """pytest-django's live server, with static files served by WhiteNoise as in production.

    pytest-django serves /static/ with the finders, which know only the unhashed names, so
    the pages' hashed stylesheet and script addresses would answer 404. Security middleware
    reads SECURE_SSL_REDIRECT once, when the server starts, so it is turned off here (the
    server speaks plain HTTP); tests/production/test_security.py checks production keeps it.
    """
    with override_settings(SECURE_SSL_REDIRECT=False):
        server = LiveServer("localhost", start=False)
        server.thread.static_handler = _one_request_at_a_time
        server.start()
    yield server
    server.stop()


@pytest.fixture(params=list(SCREENS))
def screen(request):
    return request.param


@pytest.fixture
def new_page(browser, request):
    contexts = []
    problems = request.node.stash.setdefault(_page_problems, [])

    def open_page(screen="desktop", javascript=True, timezone_id=None):
        zone = {"timezone_id": timezone_id} if timezone_id else {}
        context = browser.new_context(
            viewport=SCREENS[screen], java_script_enabled=javascript, locale="en-GB", **zone
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        contexts.append(context)
        page = context.new_page()
        answered_on_purpose = {}  # a page's address: the status it answered on purpose

        def note_expected_status(response):
            expected = _page_statuses.get(page, {FORM_SHOWN_AGAIN})
            kind = response.request.resource_type
            in_place = kind == "xhr" and response.status == FORM_SHOWN_AGAIN
            if in_place or (kind == "document" and response.status in expected):
                answered_on_purpose[response.url] = response.status

        def note_console_error(message):
            if message.type != "error":
                return
            status = answered_on_purpose.get(message.location.get("url"))
            if status and message.text.startswith(
                f"Failed to load resource: the server responded with a status of {status}"
            ):
                return  # the page the test asked for: a form shown again, or an error page
            problems.append(f"console error on {page.url}: {message.text}")

        page.on("response", note_expected_status)
        page.on("console", note_console_error)
        page.on("pageerror", lambda error: problems.append(f"script error on {page.url}: {error}"))
        if not javascript:
            _no_js_pages[page] = None
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page, screen):
    return new_page(screen)


@pytest.fixture
def page_no_js(new_page, screen):
    return new_page(screen, javascript=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # After the test's own assertions, what the pages logged fails it too; when the test
    # failed already, the log goes beside its report, where it often explains the failure.
    try:
        result = yield
    except BaseException:
        if problems := item.stash.get(_page_problems, []):
            item.add_report_section("call", "page errors", "\n".join(problems))
        raise
    if problems := item.stash.get(_page_problems, []):
        pytest.fail("The page logged errors:\n" + "\n".join(problems), pytrace=False)
    return result


@pytest.fixture
def browser_session(live_server):
    def open_session(page, user=None, **data):
        client = Client()
        if user is not None:
            client.force_login(user)
        session = client.session
        session.update(data)
        session.save()
        page.context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": session.session_key,
                    "url": live_server.url,
                }
            ]
        )

    return open_session


@contextmanager
def _scripts_on(page):
    """Let a check evaluate script in a page opened with JavaScript off; others pass through.

    Synchronous script only: a promise never settles there (see _page_for_axe).

    In such a page Playwright's evaluate() never returns. The page's own scripts stay unrun
    (they were skipped as it loaded), so the check sees the page as a visitor without
    JavaScript does. The DevTools session stays open for the page's life: closing it would
    turn JavaScript back on for good.
    """
    if page not in _no_js_pages:
        yield
        return
    if _no_js_pages[page] is None:
        _no_js_pages[page] = page.context.new_cdp_session(page)
    session = _no_js_pages[page]
    session.send("Emulation.setScriptExecutionDisabled", {"value": False})
    try:
        yield
    finally:
        session.send("Emulation.setScriptExecutionDisabled", {"value": True})


@pytest.fixture(scope="package")
def _axe():
    return Axe()


def _violation_report(violations) -> str:
    lines = [f"axe found {len(violations)} accessibility violation(s):"]
    for violation in violations:
        lines.append(
            f"- {violation['id']} ({violation['impact']}): {violation['help']} "
            f"[{violation['helpUrl']}]"
        )
        for node in violation["nodes"]:
            lines.append(f"    at {', '.join(map(str, node['target']))}: {node['html'][:200]}")
    return "\n".join(lines)


@contextmanager
def _page_for_axe(page):
    """The page itself, or, for a page opened with JavaScript off, its twin with scripts on.

    axe.run() answers through promises, and in a page opened with JavaScript off a promise
    never settles (not even a microtask), even with script execution turned back on by
    DevTools as _scripts_on does: the check hung. So the twin, in its own context at the same
    size, is served the no-JS page's document as it is now (page.content()) at the same
    address, with the site's scripts answered empty: the DOM axe checks is the one a visitor
    without JavaScript has, styled by the same stylesheets.
    """
    if page not in _no_js_pages:
        yield page
        return
    context = page.context.browser.new_context(
        viewport=page.viewport_size, java_script_enabled=True, locale="en-GB"
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        twin = context.new_page()
        address, document = page.url, page.content()
        twin.route(
            lambda url: url == address,
            lambda route: route.fulfill(
                status=200, content_type="text/html; charset=utf-8", body=document
            ),
        )
        twin.route("**/*.js", lambda route: route.fulfill(content_type="text/javascript", body=""))
        twin.goto(address)
        yield twin
    finally:
        context.close()


@pytest.fixture
def axe_check(_axe):
    def check(page):
        page.wait_for_load_state()  # not halfway through a navigation (no document yet)
        with _page_for_axe(page) as checked:
            violations = _axe.run(checked).response["violations"]
        if violations:
            pytest.fail(f"{page.url}\n{_violation_report(violations)}", pytrace=False)

    return check


@pytest.fixture
def no_horizontal_overflow():
    def check(page):
        page.wait_for_load_state()  # not halfway through a navigation (no document yet)
        with _scripts_on(page):
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, window.innerWidth]"
            )
        if widths[0] > widths[1]:
            pytest.fail(
                f"{page.url} scrolls sideways: the document is {widths[0]}px wide "
                f"in a {widths[1]}px window",
                pytrace=False,
            )

    return check


def _screen_name(page) -> str:
    size = page.viewport_size
    for name, dimensions in SCREENS.items():
        if dimensions == size:
            return name
    return f"{size['width']}x{size['height']}"


@pytest.fixture
def screenshot():
    def save(page, name):
        SCREENSHOTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name)
        path = SCREENSHOTS / f"{safe}--{_screen_name(page)}.png"
        # caret="initial": hiding the caret leaves style="" on every input, which htmx then
        # copies onto the next swap's inputs, a (test-made) Content-Security-Policy violation.
        page.screenshot(path=str(path), full_page=True, caret="initial")
        return path

    return save


# What Chromium and htmx log while a test has a page offline (a phone that lost its connection).
OFFLINE_NOISE = ("ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest")


@pytest.fixture
def offline_noise_allowed(request):
    """Called at a test's end: the failed loads Chromium and htmx log while the phone is
    offline are what the test made happen; every other console error still fails it."""

    def allow():
        problems = request.node.stash.get(_page_problems, [])
        problems[:] = [p for p in problems if not any(noise in p for noise in OFFLINE_NOISE)]

    return allow
