"""A day and month without the year, with the time, as the reader's language writes them:
"27 Nov, 14:00" in English, "27 nov., 14:00" in French, "27 nov, 14:00" in Dutch.

Django's "M" writes "Nov" in every language, so the day and month are asked for by name
(MONTH_DAY_FORMAT, config/formats/), which each language sets; the time stays "H:i".
"""

from django.utils import timezone
from django.utils.formats import date_format


def day_and_time(value) -> str:
    """`value` as day, month and time in the current time zone; empty for no time."""
    if value is None or value == "":
        return ""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return f"{date_format(value, 'MONTH_DAY_FORMAT')}, {date_format(value, 'H:i')}"
