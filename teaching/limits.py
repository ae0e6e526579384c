"""Rate limits on guessing (django-ratelimit): join codes and personal links.

Only failed tries count, so a whole class behind one school address can join in the
same minute, while a script trying codes is stopped after a handful.
"""

from __future__ import annotations

from django_ratelimit.core import get_usage

FAILED_TRIES_RATE = "10/m"  # per address


def _usage(request, group: str, increment: bool) -> dict | None:
    return get_usage(request, group=group, key="ip", rate=FAILED_TRIES_RATE, increment=increment)


def too_many_failures(request, group: str) -> bool:
    usage = _usage(request, group, increment=False)
    return usage is not None and (usage["should_limit"] or usage["count"] >= usage["limit"])


def count_failure(request, group: str) -> None:
    _usage(request, group, increment=True)
