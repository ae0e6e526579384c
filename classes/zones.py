"""Time zones: a teacher types and reads every date in their own zone, and their students
read them in it too, with the zone's name beside them.

A teacher's zone is kept in their session (put there at log-in and when they change it), so
teachers' pages know it without a query.
"""

from __future__ import annotations

import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.utils import timezone
from django.utils.formats import date_format

from classes.models import TeacherSettings

ZONE_KEY = "teacher_zone"


@lru_cache(maxsize=1)
def names() -> list[str]:
    """Every zone a teacher can choose, by its IANA name ("America/New_York")."""
    return sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


def is_zone(name: str) -> bool:
    return name in set(names())


def zone_of(user) -> str:
    """The teacher's zone, or the site's (settings.TIME_ZONE) until they choose one."""
    found = TeacherSettings.objects.filter(user=user).values_list("time_zone", flat=True).first()
    return found or settings.TIME_ZONE


def zone_of_classroom(classroom) -> str:
    """The zone of a class's teacher, when it was loaded with the class
    (select_related("teacher__teacher_settings")); else the site's."""
    try:
        return classroom.teacher.teacher_settings.time_zone
    except TeacherSettings.DoesNotExist:
        return settings.TIME_ZONE


def remember(session, name: str) -> None:
    session[ZONE_KEY] = name


def activate_teachers(request) -> str:
    """Dates on this teacher's page in their zone; its name."""
    name = request.session.get(ZONE_KEY)
    if name is None:
        name = zone_of(request.user)
        remember(request.session, name)
    timezone.activate(zoneinfo.ZoneInfo(name))
    return name


def activate(name: str) -> None:
    timezone.activate(zoneinfo.ZoneInfo(name))


def choose(*, user, session, name: str) -> None:
    """The teacher chose a zone: kept on the account and in this session."""
    TeacherSettings.objects.update_or_create(user=user, defaults={"time_zone": name})
    remember(session, name)


def with_zone(value, format: str = "SHORT_DATETIME_FORMAT") -> str:
    """A time as teachers' pages show it, in the current zone with the zone's name beside
    it: "24 Nov 2026, 05:43 (America/New_York)", in French "24 nov. 2026, 05:43 (...)"
    (config/formats/). The one way of writing it, for templates (the `zoned` filter) and
    for messages alike; empty for no time."""
    if value is None or value == "":
        return ""
    shown = date_format(timezone.localtime(value), format)
    return f"{shown} ({timezone.get_current_timezone_name()})"
