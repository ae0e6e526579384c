"""{{ name|full_stop }}: a name or label ending a sentence, with one full stop (common/text.py).

{{ name|full_stop:"after" }} gives the stop alone, for a name set in its own element:
<strong>{{ name }}</strong>{{ name|full_stop:"after" }}.

{% colon %} and {% semicolon %}: the mark as the page's language sets it between two
figures or names outside the translated words (common.text.spaced): "Table 2{% colon %} ..."
is "Table 2: ..." in English and Dutch, "Table 2\u00a0: ..." in French.
"""

from django import template
from django.template.defaultfilters import stringfilter

from common.text import end_sentence, spaced

register = template.Library()


@register.filter(is_safe=True)
@stringfilter
def full_stop(value, part=""):
    ended = end_sentence(value)
    return ended[len(value) :] if part == "after" else ended


@register.simple_tag
def colon() -> str:
    return spaced(":")


@register.simple_tag
def semicolon() -> str:
    return spaced(";")
