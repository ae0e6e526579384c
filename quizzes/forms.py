"""Answer forms built from a question kind's fields, with messages a learner can act on."""

from __future__ import annotations

import re

from django import forms

from quizzes.kinds import Field

BLANK_NUMBER = "Enter a number here (0 if nothing is scored)."
BLANK_CHOICE = "Choose one of the answers."
NOT_A_NUMBER = "Enter a whole number, like 420."
NOT_A_SIGNED_NUMBER = "Enter a whole number, like 420, or -100 for a minus score."
NEGATIVE = "This can't be negative: enter 0 or more."
TOO_LARGE = "That is far more than any bridge score: enter a number up to 99999."
LIMIT = 99_999

_NUMBER = re.compile(r"^[+-]?\d+$")


def parse_points(text: str, *, signed: bool) -> int:
    """Read what a learner typed: "1,100", "+420", "−100" (a typographic minus) are fine."""
    cleaned = (text or "").strip().replace(",", "").replace(" ", "").replace("−", "-")
    if cleaned == "":
        raise forms.ValidationError(BLANK_NUMBER, code="required")
    if not _NUMBER.match(cleaned):
        raise forms.ValidationError(NOT_A_SIGNED_NUMBER if signed else NOT_A_NUMBER, code="invalid")
    value = int(cleaned)
    if value < 0 and not signed:
        raise forms.ValidationError(NEGATIVE, code="min_value")
    if abs(value) > LIMIT:
        raise forms.ValidationError(TOO_LARGE, code="max_value")
    return value


class PointsField(forms.Field):
    """Points typed by a learner: text in, a whole number out."""

    def __init__(self, *, signed: bool, **kwargs):
        self.signed = signed
        super().__init__(**kwargs)

    def to_python(self, value):
        text = "" if value is None else str(value)
        if len(text) > 20:
            raise forms.ValidationError(TOO_LARGE, code="max_value")
        return parse_points(text, signed=self.signed)

    def validate(self, value):
        pass  # parse_points has checked everything


def answer_form_class(fields: list[Field]) -> type[forms.Form]:
    """A form with one input per answer field of a question."""
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
                label=f.label, signed=f.type == "signed", help_text=f.hint, required=False
            )
    return type("AnswerForm", (forms.Form,), declared)


def answer_form(fields: list[Field], data=None) -> forms.Form:
    return answer_form_class(fields)(data=data, prefix=None)
