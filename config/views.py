"""Site-wide pages: the home page, the health check, the 400 page, the benchmark baseline."""

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
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
    # A load balancer asks this; it must say "no" when the database cannot answer.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


RETRY_AFTER_SECONDS = 60


def rate_limited(request, exception):
    """Too many tries (join codes, personal links, live codes): say so plainly and when to
    come back. Every limit counts per minute (teaching/limits.py), so a minute is enough."""
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# What a person can do about a request we refused; Django's own messages name settings.
TOO_BIG = "What you sent is far larger than any form on this site needs, so we did not read it."
TOO_MANY_FIELDS = (
    "What you sent has far more fields than any form on this site, so we did not read it."
)
NOT_UNDERSTOOD = "We could not understand that request, so nothing was changed."


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
