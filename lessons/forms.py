from django import forms

from lessons.services import TRY_FIELDS

POINTS_ERROR = "Enter the points as a whole number from 0 to 9999, or leave it empty for none."


class TryItForm(forms.Form):
    """What the learner thinks goes on the sheet for one deal; empty means nothing."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, _, _, label in TRY_FIELDS:
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
        return {name: self.cleaned_data.get(name) or 0 for name, *_ in TRY_FIELDS}
