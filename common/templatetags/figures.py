"""{{ points|figure }}: a figure a person reads, in the page's language (common/figures.py):
1 100 in French, 1.100 in Dutch, 1100 in English. Never in a data-* attribute, a form's
value or an address, which keep the bare figure: data-points="{{ points }}".
"""

from django import template

from common.figures import figure as figure_in_language
from common.figures import percent as percent_in_language

register = template.Library()


@register.filter
def figure(value):
    return figure_in_language(value)


@register.filter
def percent(value):
    """{{ share|percent }}: 62% (62 % in French). Only where a person reads it."""
    return percent_in_language(value)
