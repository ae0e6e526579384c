"""Site-wide pages: the home page, the health check, the 400 and 404 pages, the baseline."""

from django.contrib.sessions.models import Session
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.db import DatabaseError, InterfaceError, connection, transaction
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import get_language_from_path, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@require_safe
def home(request):
    return render(request, "home.html")


@require_safe
def favicon(request):
    """/favicon.ico, which browsers ask for on pages without a <link rel="icon"> (the admin's)."""
    return redirect(static("img/favicon.svg"))


@never_cache
@require_safe
def healthz(request):
    # A load balancer asks this; it must say "no" when the database cannot answer, or
    # cannot be written: a read-only file, or a write lock held past the timeout.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        _write_probe()
    except (DatabaseError, InterfaceError):
        return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


def _write_probe() -> None:
    """Write as every write does, changing nothing: an UPDATE that matches no row (no session
    has an empty key), in a transaction. It needs what a real write needs, SQLite's write
    lock (BEGIN IMMEDIATE, waiting at most its timeout) or PostgreSQL's table lock, and it
    fails on a read-only database as any write does; having changed no row, it adds nothing
    to the log or the table, however often it is asked."""
    with transaction.atomic():
        Session.objects.filter(session_key="").update(expire_date=F("expire_date"))


RETRY_AFTER_SECONDS = 60


def rate_limited(request, exception):
    """Too many tries (join codes, personal links, live codes): say so plainly and when to
    come back. Every limit counts per minute (classes/limits.py), so a minute is enough."""
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# What a person can do about a request we refused; Django's own messages name settings.
TOO_BIG = gettext_lazy(
    "What you sent is far larger than any form on this site needs, so we did not read it."
)
TOO_MANY_FIELDS = gettext_lazy(
    "What you sent has far more fields than any form on this site, so we did not read it."
)
NOT_UNDERSTOOD = gettext_lazy("We could not understand that request, so nothing was changed.")


def not_found(request, exception):
    """The 404 page. It says which part of the site was asked for (a student's assignment, a
    teacher's page) from the address without its language prefix, so /fr/join/a/... reads as
    /join/a/...; the exception's own words (English, for the logs) are never shown."""
    path = request.path
    if language := get_language_from_path(path):
        path = path.removeprefix(f"/{language}")
    return render(request, "404.html", {"request_path": path}, status=404)


def bad_request(request, exception):
    """A malformed or oversized request: a 400 that says what happened, never a stack trace."""
    if isinstance(exception, RequestDataTooBig):
        reason = TOO_BIG
    elif isinstance(exception, TooManyFieldsSent):
        reason = TOO_MANY_FIELDS
    else:
        reason = NOT_UNDERSTOOD
    return render(request, "400.html", {"reason": reason}, status=400)


@require_safe
def benchmark_baseline(request):
    """The benchmark's yardstick: the same middleware, a tiny template, no query.

    Routed only when BENCHMARK_BASELINE is set at startup (bench/web.py does so).
    """
    return render(request, "bench/baseline.html")
