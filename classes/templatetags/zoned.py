"""{{ time|zoned }}: a time in the current zone with the zone's name beside it (zones.with_zone),
written as the page's language writes a date and time (SHORT_DATETIME_FORMAT)."""

from django import template

from classes.zones import with_zone

register = template.Library()


@register.filter
def zoned(value, format: str = "SHORT_DATETIME_FORMAT") -> str:
    return with_zone(value, format)
