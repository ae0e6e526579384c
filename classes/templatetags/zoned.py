"""{{ time|zoned }}: a time in the current zone with the zone's name beside it (zones.with_zone)."""

from django import template

from classes.zones import with_zone

register = template.Library()


@register.filter
def zoned(value, format: str = "j M Y, H:i") -> str:
    return with_zone(value, format)
