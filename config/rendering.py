"""Pages and page parts that are the same for every visitor, rendered once per process.

The lessons and the home page come from the engine and fixed data: no user, no learner,
nothing that differs between visitors but the CSRF token. Rendering them again on every
request cost more than everything else such a request does, so each process keeps the
HTML and puts a fresh token in on the way out. Many app servers stay correct: each
renders the same HTML for itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string

fragments = caches["template_fragments"]

# Stands where the token goes in the stored HTML. Random per process, so no lesson text
# can contain it by chance; letters and digits only, so HTML escaping leaves it alone.
TOKEN_SLOT = f"csrfslot{secrets.token_hex(12)}"


def rendered_once(request, key: str, template: str, make_context: Callable[[], dict]) -> str:
    """HTML the same for every visitor, rendered once per process under `key`.

    For a page part with no form token; page_for_everyone() handles whole pages.
    """
    html = fragments.get(key)
    if html is None:
        html = render_to_string(template, make_context(), request=request)
        fragments.set(key, html)
    return html


def page_for_everyone(
    request, key: str, template: str, make_context: Callable[[], dict]
) -> HttpResponse:
    """A whole page the same for every visitor: rendered once, a fresh token each time.

    A visitor with a message waiting (messages are shown by the layout) gets the page
    rendered for them, so the message is shown, and shown once.
    """
    if get_messages(request):
        return render(request, template, make_context())
    html = rendered_once(
        request, key, template, lambda: {**make_context(), "csrf_token": TOKEN_SLOT}
    )
    # get_token() also has the CSRF middleware set the cookie this token belongs to.
    return HttpResponse(html.replace(TOKEN_SLOT, get_token(request)))
