from django import forms

from common.forms import PointsField
from lessons.services import TRY_FIELDS


class PointsForm(forms.Form):
    """Points a learner enters for a worked example; an empty box means nothing."""

    field_specs: tuple = ()

    def __init__(self, *args, fields=None, **kwargs):
        super().__init__(*args, **kwargs)
        for name, label in fields or self.field_specs:
            self.fields[name] = PointsField(label=label, required=False)

    def answers(self) -> dict[str, int]:
        return {name: self.cleaned_data.get(name) or 0 for name in self.fields}


class TryItForm(PointsForm):
    """What the learner thinks one deal adds to the sheet, above and below the line."""

    field_specs = tuple((name, label) for name, _, _, label in TRY_FIELDS)
