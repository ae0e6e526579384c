from django import forms

from lessons.services import TRY_FIELDS

POINTS_ERROR = "Enter the points as a whole number from 0 to 9999, or leave it empty for none."


class PointsForm(forms.Form):
    """Points a learner enters for a worked example; an empty box means nothing."""

    field_specs: tuple = ()

    def __init__(self, *args, fields=None, **kwargs):
        super().__init__(*args, **kwargs)
        for name, label in fields or self.field_specs:
            self.fields[name] = forms.IntegerField(
                label=label,
                required=False,
                min_value=0,
                max_value=9999,
                error_messages={
                    "invalid": POINTS_ERROR,
                    "min_value": POINTS_ERROR,
                    "max_value": POINTS_ERROR,
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "step": 10}),
            )

    def answers(self) -> dict[str, int]:
        return {name: self.cleaned_data.get(name) or 0 for name in self.fields}


class TryItForm(PointsForm):
    """What the learner thinks one deal adds to the sheet, above and below the line."""

    field_specs = tuple((name, label) for name, _, _, label in TRY_FIELDS)
