"""Requests no browser sends are refused at the door, before any view or query sees them."""

from django.core.exceptions import SuspiciousOperation

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
