"""The client's address: one reading for the login lockout (django-axes) and the rate limits
(django-ratelimit), so that neither counts the proxy's address as everyone's.

Served directly, it is the connection's address. Behind the reverse proxy of the README
(BEHIND_PROXY=1), the connection comes from the proxy, which appends the address it saw to
X-Forwarded-For: the right-most entry is the one the proxy wrote. Entries to its left came
from the client and can say anything, so they are never read.
"""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str:
    address = request.META.get("REMOTE_ADDR", "") or ""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if entries:
            address = entries[-1]
    return address
