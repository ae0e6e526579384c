"""Forms of classes and joining, with messages a person can act on: a new class, a
student's join, the teacher's time zone."""

from __future__ import annotations

from django import forms

from classes import zones
from classes.codes import normalize_join_code
from common.forms import ErrorsBesideFields, FormKeyField, NameField, OneLineField
from common.ids import JOIN_CODE_LENGTH

CLASS_NAME_REQUIRED = "Give the class a name, like “Tuesday beginners”."
JOIN_CODE_REQUIRED = "Enter the code your teacher gave you."
JOIN_CODE_SHAPE = (
    f"A class code has {JOIN_CODE_LENGTH} letters and digits, like ABCD-EFGH. "
    "Check it with your teacher."
)
DISPLAY_NAME_REQUIRED = "Enter the name your teacher will see, like “Sam P.”."


class ClassroomForm(ErrorsBesideFields, forms.Form):
    form_key = FormKeyField()
    name = OneLineField(
        label="Name of the class",
        max_length=80,
        error_messages={"required": CLASS_NAME_REQUIRED},
    )


class JoinForm(ErrorsBesideFields, forms.Form):
    form_key = FormKeyField()
    code = forms.CharField(
        label="Class code",
        max_length=20,
        help_text="From your teacher: eight letters and digits, like ABCD-EFGH.",
        error_messages={"required": JOIN_CODE_REQUIRED},
    )
    display_name = NameField(
        label="Your name",
        max_length=40,
        help_text="Your teacher sees this name. First name and an initial is enough.",
        error_messages={"required": DISPLAY_NAME_REQUIRED},
    )

    def clean_code(self):
        code = normalize_join_code(self.cleaned_data["code"])
        if len(code) != JOIN_CODE_LENGTH or not code.isalnum():
            raise forms.ValidationError(JOIN_CODE_SHAPE, code="invalid")
        return code


ZONE_UNKNOWN = "Choose a time zone from the list, like Europe/London or America/New_York."


class ZoneForm(ErrorsBesideFields, forms.Form):
    """The teacher's time zone."""

    time_zone = forms.ChoiceField(
        label="Your time zone",
        help_text="Dates you type are read in it; you and your students see dates in it.",
        error_messages={"required": ZONE_UNKNOWN, "invalid_choice": ZONE_UNKNOWN},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in zones.names()]
