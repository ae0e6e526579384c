"""Site-wide middleware: requests no browser sends are refused at the door; caches are told
that a page may answer htmx differently."""

from django.core.exceptions import SuspiciousOperation
from django.utils.cache import patch_vary_headers

NUL = "\x00"


class NulCharacterInRequest(SuspiciousOperation):
    """A NUL character in the address, the query or a cookie: never typed, only forged."""


def reject_nul_characters(get_response):
    """Answer 400 (config.views.bad_request) to a NUL anywhere a lookup could carry it.

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
            raise NulCharacterInRequest("NUL character in the address, query or cookies")
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
