"""Site-wide pages: the home page and the health check."""

from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
def home(request):
    return render(request, "home.html")


@never_cache
@require_GET
def healthz(request):
    # A load balancer asks this; it must say "no" when the database cannot answer.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


def rate_limited(request, exception):
    """Too many tries (join codes, logins): say so plainly and when to come back."""
    return render(request, "429.html", status=429)
