"""How each box of a sheet step stands, for the sheet the learner writes on.

{% box_mark q "we_above" as mark %}: None before any answer; after a first wrong try
(the hint), what the learner wrote there and whether it was right, never the right
figure; once the step is done, what stands in the box (the second try, when there was
one), whether it is right, and the right answer. Grading is the grader's: this only reads
the answer's stored marks, and for a second try compares it with the mark's expected
value, as the marks table does.
"""

from django import template
from django.utils.translation import gettext, gettext_noop

register = template.Library()


@register.simple_tag
def box_mark(q, name):
    answer = q.get("answer")
    if answer is None:
        return None
    mark = next((m for m in answer.marks if m["name"] == name), None)
    if mark is None:
        return None
    field = next(f for f in q["kind"].fields(q["s"]) if f.name == name)
    if q.get("hinting"):
        return {
            "given": mark["given"],
            "given_text": field.text(mark["given"]),
            "right": mark["right"],
        }
    second = answer.retry_given
    if second is None:
        given, right = mark["given"], mark["right"]
    else:
        given = second.get(name)
        right = bool(answer.retry_correct) or given == mark["expected"]
    return {
        "given": given,
        "given_text": field.text(given),
        "right": right,
        "expected_text": field.text(mark["expected"]),
        "follows": second is None and bool(mark.get("follows")),
        "first_text": field.text(mark["given"])
        if second is not None and not mark["right"]
        else None,
    }


ON_THE_SHEET = {"game": gettext_noop("Draw a game line under this deal")}
"""Boxes the sheet shows in words of its own: the hint names them so."""


@register.simple_tag
def sheet_hint_labels(q):
    """The boxes a hint names, as the sheet shows them (the game line's box by its words)."""
    names = {f.label: f.name for f in q["kind"].fields(q["s"])}
    return [
        gettext(ON_THE_SHEET[names[label]]) if names.get(label) in ON_THE_SHEET else label
        for label in q["hint"]
    ]
