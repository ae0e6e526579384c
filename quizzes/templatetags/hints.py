"""{% hint_sentence labels rest_right %}: "Have another look at the box “Vulnerable?”."
{% follow_through_sentence follows roots %}: "“Difference” follows from your own figures…"

Box labels come in every shape: a question ("Where do the extra tricks go?"), a phrase
("THEY, above the line"), a word ("Vulnerable"). Quoted as written, they read well in one
sentence whatever their shape.
"""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()


def _quoted(labels) -> str:
    quoted = [format_html("“<strong>{}</strong>”", label) for label in labels]
    if len(quoted) == 1:
        return quoted[0]
    return mark_safe(", ".join(quoted[:-1]) + " and " + quoted[-1])


@register.simple_tag
def hint_sentence(labels, rest_right=False) -> str:
    """The hint after a first wrong try, one box or several, and whether the rest is right."""
    labels = [str(label).strip() for label in labels if str(label).strip()]
    if not labels:
        return ""
    boxes = "the box" if len(labels) == 1 else "the boxes"
    # A label ending in ? or ! ends the sentence itself: no full stop after the quote.
    stop = "" if labels[-1][-1] in "?!." else "."
    sentence = format_html("Have another look at {} {}{}", boxes, _quoted(labels), stop)
    if rest_right:
        sentence = format_html("{} The rest is right.", sentence)
    return sentence


def _short(label: str) -> str:
    """A box's label without its example: "Difference (winners minus losers)" → "Difference"."""
    return label.split(" (", 1)[0].strip()


@register.simple_tag
def follow_through_sentence(follows, roots=()) -> str:
    """Boxes credited because they follow from the learner's own figures, and the boxes
    that are really off: "“Difference” and “Result in hundreds” follow from your own
    figures, so they count as right: only “THEY total” is off."."""
    follows = [_short(str(label)) for label in follows if str(label).strip()]
    roots = [_short(str(label)) for label in roots if str(label).strip()]
    if not follows:
        return ""
    one = len(follows) == 1
    sentence = format_html(
        "{} {} from your own figures, so {} as right",
        _quoted(follows),
        "follows" if one else "follow",
        "it counts" if one else "they count",
    )
    if not roots:
        return format_html("{}.", sentence)
    verb = "is" if len(roots) == 1 else "are"
    return format_html("{}: only {} {} off.", sentence, _quoted(roots), verb)
