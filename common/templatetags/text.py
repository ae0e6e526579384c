"""{{ name|full_stop }}: a name or label ending a sentence, with one full stop (common/text.py).

{{ name|full_stop:"after" }} gives the stop alone, for a name set in its own element:
<strong>{{ name }}</strong>{{ name|full_stop:"after" }}.
"""

from django import template
from django.template.defaultfilters import stringfilter

from common.text import end_sentence

register = template.Library()


@register.filter(is_safe=True)
@stringfilter
def full_stop(value, part=""):
    ended = end_sentence(value)
    return ended[len(value) :] if part == "after" else ended
