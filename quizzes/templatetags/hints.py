"""{% hint_sentence labels rest_right %}: "Have another look at the box “Vulnerable?”."
{% follow_through_sentence follows roots %}: "“Difference” follows from your own figures…"

Box labels come in every shape: a question ("Where do the extra tricks go?"), a phrase
("THEY, above the line"), a word ("Vulnerable"). Quoted as written, they read well in one
sentence whatever their shape.
"""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from common.words import say

register = template.Library()


def _and_list(parts) -> str:
    """Safe parts as one list: "a", "a and b", "a, b and c" (in the page's language)."""
    if len(parts) == 1:
        return parts[0]
    # Translators: the end of a list of two or more items: "“A”, “B” and “C”".
    items = mark_safe(", ".join(parts[:-1]))  # each part is safe already
    return format_html(gettext("{items} and {last}"), items=items, last=parts[-1])


def _quoted(labels) -> str:
    # Translators: a box's label quoted in a sentence; French: « {label} » (non-breaking spaces).
    quote = gettext("“<strong>{label}</strong>”")
    return _and_list([format_html(quote, label=label) for label in labels])


@register.filter
def quoted_list(labels) -> str:
    """Labels quoted and listed in a sentence: "“WE” and “THEY”"; the engine's own names
    (scoring's Words) in the reader's language."""
    # Translators: a line's name quoted in a sentence; French: « {label} » (non-breaking spaces).
    quote = gettext("“{label}”")
    return _and_list([format_html(quote, label=str(say(label))) for label in labels])


@register.simple_tag
def hint_sentence(labels, rest_right=False) -> str:
    """The hint after a first wrong try, one box or several, and whether the rest is right."""
    labels = [str(label).strip() for label in labels if str(label).strip()]
    if not labels:
        return ""
    # A label ending in ? or ! ends the sentence itself: no full stop after the quote.
    if labels[-1][-1] in "?!.":
        text = ngettext(
            "Have another look at the box {boxes}",
            "Have another look at the boxes {boxes}",
            len(labels),
        )
    else:
        text = ngettext(
            "Have another look at the box {boxes}.",
            "Have another look at the boxes {boxes}.",
            len(labels),
        )
    sentence = format_html(text, boxes=_quoted(labels))
    if rest_right:
        sentence = format_html(gettext("{sentence} The rest is right."), sentence=sentence)
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
    boxes = _quoted(follows)
    if not roots:
        text = ngettext(
            "{boxes} follows from your own figures, so it counts as right.",
            "{boxes} follow from your own figures, so they count as right.",
            len(follows),
        )
        return format_html(text, boxes=boxes)
    # One sentence for each of the four shapes (one or more boxes credited, one or more off):
    # the wording of each half may change with either number in another language.
    if len(follows) == 1:
        text = ngettext(
            "{boxes} follows from your own figures, so it counts as right: only {roots} is off.",
            "{boxes} follows from your own figures, so it counts as right: only {roots} are off.",
            len(roots),
        )
    else:
        text = ngettext(
            "{boxes} follow from your own figures, so they count as right: only {roots} is off.",
            "{boxes} follow from your own figures, so they count as right: only {roots} are off.",
            len(roots),
        )
    return format_html(text, boxes=boxes, roots=_quoted(roots))
