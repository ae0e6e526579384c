"""Answer forms built from a question kind's fields, with messages a learner can act on."""

from __future__ import annotations

from functools import lru_cache

from django import forms

from common.forms import PointsField
from quizzes.kinds import Field

BLANK_CHOICE = "Choose one of the answers."


def answer_form_class(fields: list[Field]) -> type[forms.Form]:
    """A form with one input per answer field of a question."""
    return _form_class(tuple(fields))


@lru_cache(maxsize=256)
def _form_class(fields: tuple[Field, ...]) -> type[forms.Form]:
    # Kept per set of fields (the latest few hundred): a form class holds no data, and
    # each form made from it gets its own copy of the fields.
    declared = {}
    for f in fields:
        if f.type == "choice":
            declared[f.name] = forms.ChoiceField(
                label=f.label,
                choices=f.choices,
                widget=forms.RadioSelect,
                error_messages={"required": BLANK_CHOICE, "invalid_choice": BLANK_CHOICE},
            )
        else:
            declared[f.name] = PointsField(
                label=f.label, signed=f.type == "signed", help_text=f.hint
            )
    # No "required" for the browser to enforce: the page's own messages say what is missing.
    return type("AnswerForm", (forms.Form,), {**declared, "use_required_attribute": False})


def answer_form(fields: list[Field], data=None, initial=None) -> forms.Form:
    return answer_form_class(fields)(data=data, initial=initial, prefix=None)
