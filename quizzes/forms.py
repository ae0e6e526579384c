"""Answer forms built from a question kind's fields, with messages a learner can act on."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from django import forms
from django.utils.translation import gettext_lazy

from common.forms import BLANK_NUMBER, PointsField, TypedNumberField, refuse_ambiguous_point
from quizzes.kinds import Field

BLANK_CHOICE = gettext_lazy("Choose one of the answers.")
NOT_HALVES = gettext_lazy("Enter a number in halves, like 3 or 2½ (2.5 and 2 1/2 work too).")
NOT_HUNDREDTHS = gettext_lazy("Enter a number with up to 2 decimals, like 13.52.")
TOO_BIG = gettext_lazy("That is more than this answer can be: enter a number up to 999.")
DECIMAL_LIMIT = 999

# "2½", "2 1/2", "2 ½" and "½" as 2.5, 2.5, 2.5 and .5; a decimal comma as a point.
_HALF = re.compile(r"^(\d*)\s*(?:½|1/2)$")
_DECIMAL = re.compile(r"^\d*(?:\.\d*)?$")


def parse_decimal(text: str, *, halves: bool) -> float:
    """A figure typed with decimals: in halves ("2½", "2.5") or to 2 decimals ("13.52").

    >>> parse_decimal("2½", halves=True), parse_decimal("3", halves=True)
    (2.5, 3.0)
    >>> parse_decimal("13,2", halves=False)
    13.2
    """
    invalid = NOT_HALVES if halves else NOT_HUNDREDTHS
    # ½ first: NFKC would make "2½" into "21⁄2".
    cleaned = (text or "").replace("½", " 1/2")
    cleaned = unicodedata.normalize("NFKC", cleaned).strip()
    refuse_ambiguous_point(cleaned)  # "1.100" in French or Dutch
    cleaned = cleaned.replace(",", ".")
    if cleaned == "":
        raise forms.ValidationError(BLANK_NUMBER, code="required")
    if halves and (half := _HALF.match(cleaned)):
        cleaned = f"{half.group(1) or 0}.5"
    if not _DECIMAL.match(cleaned) or cleaned == ".":
        raise forms.ValidationError(invalid, code="invalid")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise forms.ValidationError(invalid, code="invalid") from None
    step = Decimal("0.5") if halves else Decimal("0.01")
    if value % step:
        raise forms.ValidationError(invalid, code="invalid")
    if value > DECIMAL_LIMIT:
        raise forms.ValidationError(TOO_BIG, code="max_value")
    # A float holds every half exactly, and 2 decimals as the float nearest them: the same
    # float the engine's figure is, so the two compare equal.
    return float(value)


class DecimalAnswerField(TypedNumberField):
    """A figure in halves (matchpoints) or to 2 decimals (victory points); blank is None."""

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": 8})
    too_long = TOO_BIG

    def __init__(self, *, halves: bool, **kwargs):
        self.halves = halves
        super().__init__(**kwargs)

    def parse(self, text: str) -> float:
        return parse_decimal(text, halves=self.halves)


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
        elif f.type in ("half", "decimal"):
            declared[f.name] = DecimalAnswerField(
                label=f.label, halves=f.type == "half", help_text=f.hint
            )
        else:
            declared[f.name] = PointsField(
                label=f.label, signed=f.type == "signed", help_text=f.hint
            )
    # No "required" for the browser to enforce: the page's own messages say what is missing.
    return type("AnswerForm", (forms.Form,), {**declared, "use_required_attribute": False})


def answer_form(fields: list[Field], data=None, initial=None) -> forms.Form:
    return answer_form_class(fields)(data=data, initial=initial, prefix=None)
