"""The site's languages: which one a page is in, the footer's switcher, and a first visit
sent to the language its browser asks for.

English lives at the addresses the site always had, French under /fr/ and Dutch under /nl/
(config/urls.py). LocaleMiddleware reads the language from the address alone, so an address
always answers in one language; the middleware below only chooses which address a newcomer
lands on.
"""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.urls import translate_url
from django.utils import translation
from django.utils.cache import patch_vary_headers

HTML = "text/html"


def current(request) -> dict:
    """LANGUAGE_CODE for every template (the layout's lang attribute, the {% cache %} keys)
    and the switcher's languages, each named in its own language.

    The switcher goes back to this page: its address when it was opened by GET; after a form
    was sent, the page the form was on (set_language reads the Referer when no page is named),
    never the address the form was sent to.
    """
    return {
        "LANGUAGE_CODE": translation.get_language(),
        "site_languages": settings.LANGUAGES,
        "language_next": request.get_full_path() if request.method in ("GET", "HEAD") else "",
    }


def _preferred_language(request) -> str:
    """The language the visitor chose (the switcher's cookie), else the first of the site's
    languages their browser lists (Accept-Language), else English."""
    return translation.get_language_from_request(request, check_path=False)


def _may_move(request) -> bool:
    """A browser opening an English address as a page: not a form sent, not htmx asking for a
    part of a page, not a file or a poll (those do not ask for HTML)."""
    return (
        request.method == "GET"
        and "HX-Request" not in request.headers
        and HTML in request.headers.get("Accept", "")
        and translation.get_language_from_path(request.path_info) is None
    )


def first_visit_language(get_response):
    """Send a browser that prefers French or Dutch from an English address to the same page
    in its language, once: the pages it finds there link on in that language.

    A visitor who chose English in the switcher (its cookie) is never moved. The English
    answer of an address differs with the browser's languages and that cookie, so it says so
    (Vary) to any cache on the way.
    """

    def middleware(request):
        if not _may_move(request):
            return get_response(request)
        language = _preferred_language(request)
        if language != settings.LANGUAGE_CODE:
            path = request.get_full_path()
            moved = translate_url(path, language)
            if moved != path:
                response = HttpResponseRedirect(moved)
                patch_vary_headers(response, ("Accept-Language", "Cookie"))
                return response
        response = get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response

    return middleware
