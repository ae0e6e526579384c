"""{{ item.reason|say }}: an engine reason, label or slip in the reader's language.

The work is done by common/words.py. Put `say` first, before any filter that turns text
into a plain string: {{ reason|say|lower }}.
"""

from django import template

from common.words import say as say_words

register = template.Library()


@register.filter
def say(value):
    return say_words(value)
