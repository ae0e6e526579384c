"""Site-wide middleware: requests no browser sends are refused at the door; caches are told
that a page may answer htmx differently, and that a page drawn for one person is not kept;
a database that cannot be written just now gets a 503 that says so."""

import logging
import sqlite3

from django.core.exceptions import SuspiciousOperation
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language_from_path, gettext, gettext_noop

from config.views import bad_request, healthz
from quizzes.services import SESSION_KEY as LEARNER_KEY

logger = logging.getLogger("django.security.NulCharacterInRequest")

NUL = "\x00"


class NulCharacterInRequest(SuspiciousOperation):
    """A NUL character in the address, the query or a cookie: never typed, only forged."""


class NotUtf8(SuspiciousOperation):
    """A form body that is not UTF-8: never sent by a browser from this site's pages."""


def _form_not_utf8(request) -> bool:
    if request.method != "POST" or request.content_type != "application/x-www-form-urlencoded":
        return False
    try:
        request.body.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def head_without_body(get_response):
    """Answer HEAD with GET's headers and no body.

    Django's views draw the body of a HEAD as of a GET and leave the dropping to the server;
    gunicorn drops it but logs a warning for every such request (a monitor's, a link
    checker's), which buried the log. Content-Length stays GET's, as HTTP asks.
    """

    def middleware(request):
        response = get_response(request)
        if request.method == "HEAD":
            if response.streaming:
                response.streaming_content = []
            else:
                if not response.has_header("Content-Length"):
                    response["Content-Length"] = str(len(response.content))
                response.content = b""
        return response

    return middleware


HEALTH_PATH = "/healthz"


def health_probe(get_response):
    """Answer /healthz here, first: a plain 200 or 503 (config.views.healthz), whatever Host
    header the probe sent and over plain HTTP.

    A load balancer or a monitor probes an app server by its address (10.0.0.5:8000), which
    is not in ALLOWED_HOSTS, and without X-Forwarded-Proto: past this point the first would
    be a 400 logged with a traceback, the second a redirect to https. Nothing here reads the
    Host header, so neither happens; the probe learns only whether the database answers.
    """

    def middleware(request):
        if request.path_info != HEALTH_PATH:
            return get_response(request)
        response = healthz(request)
        # CommonMiddleware, which would set it, is skipped: HEAD says how long GET's body is.
        response["Content-Length"] = str(len(response.content))
        return response

    return middleware


def reject_nul_characters(get_response):
    """Answer 400 (config.views.bad_request) to a NUL anywhere a lookup could carry it, and
    to a form body that is not UTF-8.

    PostgreSQL refuses NUL in text, so an id or a session key holding one would fail
    inside the database as a 500; SQLite would only find nothing. Form fields are already
    safe: Django's form fields reject NUL with a message.
    """

    def middleware(request):
        query = request.META.get("QUERY_STRING", "")
        if (
            NUL in request.path_info
            or NUL in query
            or "%00" in query
            or any(NUL in key or NUL in value for key, value in request.COOKIES.items())
        ):
            # Answered here, with one line in the log: raised, Django would log each with
            # its whole traceback, and anyone could fill the log with them.
            logger.warning("NUL character in the address, query or cookies: %r", request.path)
            return bad_request(request, NulCharacterInRequest())
        if _form_not_utf8(request):
            # Every page is UTF-8, so a browser sends its forms so; Django would read these
            # bytes as Latin-1 and save "ÿþ" where something else was meant.
            logger.warning("A form body that is not UTF-8: %r", request.path)
            return bad_request(request, NotUtf8())
        return get_response(request)

    return middleware


def vary_on_htmx(get_response):
    """Tell caches that a page may answer htmx with a part of itself (Vary: HX-Request).

    A deal page, a question, a score pad answer htmx with the part it swaps and a browser
    with the whole page, at the same address: a cache must keep the two apart.
    """

    def middleware(request):
        response = get_response(request)
        patch_vary_headers(response, ("HX-Request",))
        return response

    return middleware


# Every page of these is drawn for one student (their classes, their attempt, their phone in
# a live class) or for the teacher who owns it: the live class's namespace, and every
# address under /join/ (classes' and assignments' pages for the student).
PER_PERSON_NAMESPACES = frozenset({"live"})
PER_PERSON_PREFIX = "join/"


def _unprefixed(route: str, request) -> str:
    """A route without its language prefix: /fr/join/... is a student's page as /join/... is."""
    language = get_language_from_path(request.path_info)
    return route.removeprefix(f"{language}/") if language else route


def _drawn_for_one_person(request) -> bool:
    match = getattr(request, "resolver_match", None)
    if match is not None and (
        PER_PERSON_NAMESPACES.intersection(match.namespaces)
        or _unprefixed(match.route, request).startswith(PER_PERSON_PREFIX)
    ):
        return True
    # Who is logged in is read from the session: a page that never read it is the same
    # for everyone (a lesson), whoever asks.
    session = getattr(request, "session", None)
    return bool(session is not None and session.accessed and request.user.is_authenticated)


def _drawn_for_one_learner(request) -> bool:
    """A practice page drawn from this browser's learner (their questions, progress, set)."""
    session = getattr(request, "session", None)
    return bool(session is not None and session.accessed and session.get(LEARNER_KEY))


def private_pages(get_response):
    """Cache-Control: private, no-store on what a logged-in teacher or a student sees.

    A shared school computer's browser would otherwise keep the answer key, a gradebook or
    a student's work on disk after logging out. A response that says how to cache it
    already (the live polls' private, no-cache with their ETags, the health check) keeps
    its own; so does a 304, which only confirms what the browser was allowed to keep.

    A practice page drawn from a browser's own learner (no login: the learner is the
    browser's) is `private`: no shared cache keeps it, and the browser may, as it keeps
    the rest of that learner's work; its back button stays instant.
    """

    def middleware(request):
        response = get_response(request)
        if response.has_header("Cache-Control") or response.status_code == 304:
            return response
        if _drawn_for_one_person(request):
            patch_cache_control(response, private=True, no_store=True)
        elif _drawn_for_one_learner(request):
            patch_cache_control(response, private=True)
        return response

    return middleware


# -- a database that cannot be written -----------------------------------------------------------

database_logger = logging.getLogger("config.database")

RETRY_AFTER_BUSY = 5
"""Seconds a visitor is asked to wait after a 503: a lock is usually let go by then."""
NOT_SAVED = gettext_noop(
    "What you sent was not saved: the site could not store it just now. "
    "Please wait a moment, then send it again."
)
NOT_SHOWN = gettext_noop(
    "This page could not be shown just now. Please wait a moment, then try again."
)

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xFF) for a database that is
# locked past the busy timeout, read-only, gone, full or failing: none is the request's fault.
# SQLITE_ERROR (a missing table, bad SQL) is a programming error and is not among them.
SQLITE_FAULTS = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
    }
)
# PostgreSQL's SQLSTATE classes and codes of the same: 08 connection lost or refused, 40
# serialization failure or deadlock (rolled back), 53 out of connections or disk, 57 shutting
# down or the statement cancelled; 55P03 a lock not had within lock_timeout, 25006 a write in
# a read-only transaction (a standby, or default_transaction_read_only). Programming errors
# (42: no such table, bad SQL; 23: a broken constraint) are not among them.
POSTGRES_FAULT_CLASSES = ("08", "40", "53", "57")
POSTGRES_FAULT_CODES = frozenset({"55P03", "25006"})


def database_unavailable(exception: BaseException) -> bool:
    """Whether a database error means the database cannot be reached or written just now,
    rather than a fault of the code: the driver's own error, Django's `__cause__`, says."""
    if not isinstance(exception, DatabaseError | InterfaceError):
        return False
    cause = exception.__cause__
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in SQLITE_FAULTS
    if not hasattr(cause, "sqlstate"):  # not from psycopg
        return False
    if cause.sqlstate is None:
        # Raised by psycopg itself: no connection (refused, lost, the pool empty), or one
        # used after it broke.
        return isinstance(exception, OperationalError | InterfaceError)
    return (
        cause.sqlstate.startswith(POSTGRES_FAULT_CLASSES) or cause.sqlstate in POSTGRES_FAULT_CODES
    )


class DatabaseUnavailableMiddleware:
    """A view that could not read or write the database in time answers 503 with Retry-After
    and a page that says plainly whether what was sent was saved (templates/503.html).

    Each write is made in one transaction, rolled back whole when it fails, so "not saved" is
    the truth. Any other database error is a bug and still raises (a 500, logged whole).
    htmx gets the message alone, put at the top of the page, so the form keeps what was
    typed; a poll (a GET) is not answered with it, and simply polls again.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not database_unavailable(exception):
            return None
        database_logger.warning(
            "Database unavailable, answered 503: %s %s: %s", request.method, request.path, exception
        )
        sent = request.method not in ("GET", "HEAD", "OPTIONS")
        context = {"sent": sent, "reason": gettext(NOT_SAVED if sent else NOT_SHOWN)}
        htmx = getattr(request, "htmx", False)
        template = "503.html#message" if htmx else "503.html"
        try:
            response = render(request, template, context, status=503)
        except (DatabaseError, InterfaceError):
            # The layout reads the visitor's session, in the database too: drawn for nobody.
            response = HttpResponse(render_to_string(template, context), status=503)
        response["Retry-After"] = str(RETRY_AFTER_BUSY)
        # Kept by nobody; and said here, private_pages need not read the session to say it.
        add_never_cache_headers(response)
        if htmx:
            # Above the page, leaving the form as typed; a poll just asks again later.
            response["HX-Retarget"] = "#main"
            response["HX-Reswap"] = "afterbegin" if sent else "none"
        return response
