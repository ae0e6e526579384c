"""Limits: on guessing join codes and personal links, and on how many classes a teacher
and students a class hold (assignments.limits: how many assignments and attempts).

Rate limits on guessing (django-ratelimit): join codes and personal links.

Only failed tries count, and they count against the browser that made them: a student who
mistypes the code ten times waits a minute, and nobody else does, even behind the same
school address. A script that throws its cookies away each time meets the second, looser
limit on its address, one no class of mistyping students comes near. The address is the
client's, also behind the reverse proxy (common/clients.py).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.utils.translation import gettext, gettext_noop
from django_ratelimit.core import get_usage

from classes.models import UNDO_DAYS, Classroom, Membership
from common.clients import client_ip
from common.text import fill

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


# -- how much a teacher or a class holds -----------------------------------------------------------
# Far beyond honest use (a big school year has a few hundred students, set a few assignments
# a week), so that nobody meets them but a script, which then gets a clear message.


STUDENTS_PER_CLASS = 200
CLASSES_PER_TEACHER = 200
CLASS_FULL = gettext_noop(
    "This class has {limit} students, as many as a class can have, so it takes no more. "
    "Ask your teacher."
)
CLASSES_FULL = gettext_noop(
    "You have {limit} classes, as many as an account can have. Delete a class you no longer "
    "need: it counts until it is gone for good, {days} days later."
)


def class_full(classroom: Classroom) -> str:
    """Why the class takes no new student, or "" while it has room (its students present:
    those the teacher took off do not count)."""
    students = Membership.objects.filter(classroom=classroom, is_preview=False).count()
    return (
        fill(gettext(CLASS_FULL), limit=STUDENTS_PER_CLASS)
        if students >= STUDENTS_PER_CLASS
        else ""
    )


def classes_full(teacher) -> str:
    """Why the teacher can make no new class, or "" (deleted classes count until purged)."""
    made = Classroom.all_objects.filter(teacher=teacher).count()
    if made >= CLASSES_PER_TEACHER:
        return fill(gettext(CLASSES_FULL), limit=CLASSES_PER_TEACHER, days=UNDO_DAYS)
    return ""
