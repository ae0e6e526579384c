"""Forms of classes and joining, with messages a person can act on: a new class, a
student's join, the teacher's time zone."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from classes import zones
from classes.codes import normalize_join_code
from common.forms import ErrorsBesideFields, FormKeyField, NameField, OneLineField
from common.ids import JOIN_CODE_LENGTH

CLASS_NAME_REQUIRED = gettext_noop("Give the class a name, like “Tuesday beginners”.")
JOIN_CODE_REQUIRED = gettext_noop("Enter the code your teacher gave you.")
_JOIN_CODE_SHAPE = gettext_noop(
    "A class code has {length} letters and digits, like ABCD-EFGH. Check it with your teacher."
)
JOIN_CODE_SHAPE = _JOIN_CODE_SHAPE.format(length=JOIN_CODE_LENGTH)
DISPLAY_NAME_REQUIRED = gettext_noop("Enter the name your teacher will see, like “Sam P.”.")


class ClassroomForm(ErrorsBesideFields, forms.Form):
    form_key = FormKeyField()
    name = OneLineField(
        label=gettext_lazy("Name of the class"),
        max_length=80,
        error_messages={"required": gettext_lazy(CLASS_NAME_REQUIRED)},
    )


class JoinForm(ErrorsBesideFields, forms.Form):
    form_key = FormKeyField()
    code = forms.CharField(
        label=gettext_lazy("Class code"),
        max_length=20,
        help_text=gettext_lazy("From your teacher: eight letters and digits, like ABCD-EFGH."),
        error_messages={"required": gettext_lazy(JOIN_CODE_REQUIRED)},
    )
    display_name = NameField(
        label=gettext_lazy("Your name"),
        max_length=40,
        help_text=gettext_lazy("Your teacher sees this name. First name and an initial is enough."),
        error_messages={"required": gettext_lazy(DISPLAY_NAME_REQUIRED)},
    )

    def clean_code(self):
        code = normalize_join_code(self.cleaned_data["code"])
        if len(code) != JOIN_CODE_LENGTH or not code.isalnum():
            raise forms.ValidationError(
                gettext(_JOIN_CODE_SHAPE).format(length=JOIN_CODE_LENGTH), code="invalid"
            )
        return code


ZONE_UNKNOWN = gettext_noop(
    "Choose a time zone from the list, like Europe/London or America/New_York."
)


class ZoneForm(ErrorsBesideFields, forms.Form):
    """The teacher's time zone."""

    time_zone = forms.ChoiceField(
        label=gettext_lazy("Your time zone"),
        help_text=gettext_lazy(
            "Dates you type are read in it; you and your students see dates in it."
        ),
        error_messages={
            "required": gettext_lazy(ZONE_UNKNOWN),
            "invalid_choice": gettext_lazy(ZONE_UNKNOWN),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in zones.names()]
