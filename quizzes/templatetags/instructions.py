"""{{ q|instruction }}: a question's instruction, true for the boxes it is shown above;
{{ q|question_title }}: its title, true for its form (a Simplicity deal is not "Duplicate").

The kind words it for the situation (`instruction_for`: a rubber deal asks no question under
its boxes before their lessons are taught); shown above a form of points, it also says what
a box left empty does here: practice wants a number in every box, unlike the sample
rubber's deals, where an empty box counts as 0.
"""

from django import template
from django.utils.translation import gettext, gettext_noop

from common.forms import PointsField

register = template.Library()

EMPTY_BOX = gettext_noop(
    "Write 0 in a box where nothing goes: a box left empty is sent back, not marked."
)


@register.filter
def instruction(q):
    text = q["kind"].instruction_for(q["s"])  # q is the page's dict for one question
    form = q.get("form")
    if form is not None and any(isinstance(bound.field, PointsField) for bound in form):
        text = f"{text} {gettext(EMPTY_BOX)}"
    return text


@register.filter
def question_title(q):
    return q["kind"].title_for(q["s"])
