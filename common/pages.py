"""Pages the same for every visitor, kept as HTML, with the visitor's own parts filled in.

A lesson page is mostly what the engine draws from fixed data: the same for everyone, and
costly to draw. So it is rendered once per release and process *without any request*: no
user, no messages, nothing of any visitor can be in it. What is each visitor's own is put
in for each request:

- a form's token: `{% csrf_token %}` draws a slot, which becomes the visitor's token;
- any other part (a learner's own standing, say): the template marks it with
  `{% per_visitor "template#partial" %}`, and that partial is drawn with the request;
- messages waiting for the visitor: the page is drawn for them, this once.

A visitor with no session (a first visit, most readers of a lesson) has no learner, no
account and no messages, so their parts are the same as any other such visitor's: the page
with those parts drawn is kept too, under its own key, and only the token is put in. A
visitor part may therefore depend on the visitor only through their session.

In a page not kept for everyone (any page that does not come through page_for_everyone),
`{% per_visitor %}` draws its part in place, so a template can serve both.

The kept pages live in the "pages" cache (settings), each process its own (common/checks.py
refuses a shared backend: a page is faster to draw than to fetch), keyed by the release.
Under DEBUG that cache keeps nothing: every request draws the page afresh (then fills it
in as above), so an edited template shows at once.
"""

from __future__ import annotations

import hashlib
import re

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template import RequestContext
from django.template.loader import get_template, render_to_string

KEPT = "page_kept_for_everyone"
"""In the context of a page being kept: per_visitor parts become marks."""
_MARK = re.compile(r"<!--per-visitor (\S+)-->")
# Where a form's token goes in a kept page: letters and digits only (a hash of the release,
# whatever RELEASE holds), so escaping keeps it whole, and no page holds it by chance.
TOKEN_SLOT = "csrftokenslot" + hashlib.sha256(settings.RELEASE.encode()).hexdigest()[:24]


def mark(name: str) -> str:
    """Where the visitor's part `name` goes in a kept page."""
    return f"<!--per-visitor {name}-->"


def pages():
    return caches["pages"]


def page_for_everyone(
    request, template: str, context: dict, *, key: str, status: int = 200
) -> HttpResponse:
    """The page `template` as kept under `key`, with this visitor's parts filled in.

    `context` must not depend on the visitor; it is rendered without the request (and
    only when the page is not kept yet), and given again to the visitor's parts.
    """
    if get_messages(request):
        # The layout shows messages waiting for the visitor: this once, the page is theirs.
        return render(request, template, context, status=status)
    new_visitor = settings.SESSION_COOKIE_NAME not in request.COOKIES
    if new_visitor and (page := pages().get(f"{key}:new-visitor")) is not None:
        return HttpResponse(_token(page, request), status=status)
    kept = pages().get(key)
    if kept is None:
        kept = render_to_string(template, {**context, KEPT: True, "csrf_token": TOKEN_SLOT})
        pages().set(key, kept)
    page = _parts(kept, request, context)
    if new_visitor and page is not kept and not request.session.modified:  # parts, no session made
        pages().set(f"{key}:new-visitor", page)
    return HttpResponse(_token(page, request), status=status)


def _token(html: str, request) -> str:
    """The visitor's token in its slots."""
    if TOKEN_SLOT in html:
        # get_token() also has the CSRF middleware set the cookie this token belongs to.
        html = html.replace(TOKEN_SLOT, get_token(request))
    return html


def _parts(html: str, request, context: dict) -> str:
    """Each visitor part drawn in place of its mark."""
    names = list(dict.fromkeys(_MARK.findall(html)))
    if not names:
        return html
    parts = [get_template(name).template for name in names]
    visitor = RequestContext(request, context)
    with visitor.bind_template(parts[0]):  # the context processors run once for all parts
        for name, part in zip(names, parts, strict=True):
            html = html.replace(mark(name), part.render(visitor))
    return html


def render_part(context, name: str) -> str:
    """The visitor's part `name` inside a page: a mark in a kept page, else drawn in place."""
    if context.get(KEPT):
        return mark(name)
    return get_template(name).template.render(context)
