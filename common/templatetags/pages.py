"""{% per_visitor "template#partial" %}: a part of a page that is each visitor's own.

See common/pages.py: in a page kept for everyone it leaves a mark that each request fills;
anywhere else it draws the part in place.
"""

from django import template
from django.utils.safestring import mark_safe

from common.pages import render_part

register = template.Library()


@register.simple_tag(takes_context=True)
def per_visitor(context, name):
    return mark_safe(render_part(context, name))
