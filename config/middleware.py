"""Site-wide middleware: requests no browser sends are refused at the door; caches are told
that a page may answer htmx differently, and that a page drawn for one person is not kept."""

import logging

from django.core.exceptions import SuspiciousOperation
from django.utils.cache import patch_cache_control, patch_vary_headers

from config.views import bad_request
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
# a live class) or for the teacher who owns it.
PER_PERSON_NAMESPACES = frozenset({"join", "live"})


def _drawn_for_one_person(request) -> bool:
    match = getattr(request, "resolver_match", None)
    if match is not None and PER_PERSON_NAMESPACES.intersection(match.namespaces):
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
