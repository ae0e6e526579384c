"""Rate limits on guessing (django-ratelimit): join codes and personal links.

Only failed tries count, and they count against the browser that made them: a student who
mistypes the code ten times waits a minute, and nobody else does, even behind the same
school address. A script that throws its cookies away each time meets the second, looser
limit on its address, one no class of mistyping students comes near. The address is the
client's, also behind the reverse proxy (common/clients.py).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django_ratelimit.core import get_usage

from common.clients import client_ip

BROWSER_RATE = "10/m"  # failed tries per browser
ADDRESS_RATE = "200/m"  # failed tries per address, whatever the browser


def _browser(group, request) -> str:
    """The address and the browser: its CSRF cookie (every form it sends carries it)."""
    cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return f"{client_ip(request)}:{hashlib.sha256(cookie.encode()).hexdigest()[:16]}"


LIMITS = ((_browser, BROWSER_RATE), ("ip", ADDRESS_RATE))


def too_many_failures(request, group: str) -> bool:
    for key, rate in LIMITS:
        usage = get_usage(request, group=group, key=key, rate=rate, increment=False)
        if usage is not None and (usage["should_limit"] or usage["count"] >= usage["limit"]):
            return True
    return False


def count_failure(request, group: str) -> None:
    for key, rate in LIMITS:
        get_usage(request, group=group, key=key, rate=rate, increment=True)
