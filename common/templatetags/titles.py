"""{{ assignment.title|shown_title }}: an assignment's title in the page's language, the mark
of a live class's record included (common/titles.py)."""

from django import template
from django.template.defaultfilters import stringfilter

from common import titles

register = template.Library()


@register.filter
@stringfilter
def shown_title(value):
    return titles.shown_title(value)
