"""{{ time|day_and_time }}: "27 Nov, 14:00", "27 nov., 14:00" in French, in the current time
zone (common/dates.py); empty for no time, so `|default:"–"` can follow."""

from django import template

from common.dates import day_and_time as day_and_time_in_language

register = template.Library()


@register.filter(expects_localtime=True)
def day_and_time(value):
    return day_and_time_in_language(value)
