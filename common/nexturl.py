"""Where to send a visitor after a form: a `next` path on this site, or a fallback."""

from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme


def next_url(request, fallback: str) -> str:
    """The `next` parameter when it is a path on this site, else `fallback`.

    Only a path that starts with one "/" is followed: never another site, never a
    scheme-relative "//host", never a bare word such as "0" that redirect() would
    try to resolve as a view name.
    """
    target = request.POST.get("next") or request.GET.get("next") or ""
    if (
        target.startswith("/")
        and not target.startswith(("//", "/\\"))
        and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure())
    ):
        return target
    return fallback
