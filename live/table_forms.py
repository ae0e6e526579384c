"""Table mode's form: one board's result at one table, as its scorer types it on a phone.

A result is judged exactly as a row of the score pad's traveller is
(scorepad.forms.table_result), so the class traveller and the score pad's page refuse the same
mistakes with the same words.
"""

from __future__ import annotations

from django import forms

from scorepad.forms import (
    SEAT_CHOICES,
    TravellerForm,
    table_result,
)

TABLE_REQUIRED = "Choose the table you score for."
PAIR_REQUIRED = "Choose your pair: its number is on the teacher's screen by your name's table."
CONTRACT_HINT = "Its level and strain, then X if doubled or XX if redoubled: 4S, 3NT, 5DX."

# The traveller's one row; the phone names its boxes for what they hold.
ROW = 1
FIELD_NAMES = {part: f"{part}_{ROW}" for part in ("declarer", "contract", "tricks", "passed")}


class TableResultForm(TravellerForm):
    """Declarer, contract and tricks, or passed out; `result` is the PlayedDeal to store."""

    FOCUS_ORDER = ("declarer", "contract", "tricks", "passed")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, tables=1, **kwargs)
        del self.fields["board"], self.fields["tables"]  # the page's address names the board
        declarer = self.fields[FIELD_NAMES["declarer"]]
        declarer.widget = forms.RadioSelect()
        declarer.choices = SEAT_CHOICES
        declarer.label = "Declarer"
        contract = self.fields[FIELD_NAMES["contract"]]
        contract.label, contract.help_text = "Contract", CONTRACT_HINT
        self.fields[FIELD_NAMES["tricks"]].label = "Tricks taken by declarer (0 to 13)"
        self.fields[FIELD_NAMES["passed"]].label = "Passed out (nobody bid)"
        self.result = None

    def __getitem__(self, name):
        """`form.contract` as well as `form.contract_1`, for the template."""
        return super().__getitem__(FIELD_NAMES.get(name, name))

    @property
    def focus(self) -> str:
        """The box the keyboard lands on: the first with a mistake, else declarer."""
        return next(
            (FIELD_NAMES[p] for p in self.FOCUS_ORDER if FIELD_NAMES[p] in self.errors),
            FIELD_NAMES["declarer"],
        )

    @staticmethod
    def initial_for(result) -> dict:
        """What a table entered before (a TableResult), to correct it; {} for a new board."""
        if result is None:
            return {}
        if result.passed_out:
            return {FIELD_NAMES["passed"]: True}
        return {
            FIELD_NAMES["declarer"]: result.declarer,
            FIELD_NAMES["contract"]: result.contract,
            FIELD_NAMES["tricks"]: result.tricks,
        }

    def clean(self):
        # Not TravellerForm.clean: that one wants two tables to compare, and a table
        # enters only its own result.
        data = forms.Form.clean(self)
        # A result is expected: nothing typed at all gets a message by each box.
        self.result = table_result(self, str(ROW), data, expected=True)
        return data


class TableChoiceForm(forms.Form):
    """Which table this phone scores for: 1 to the session's number of tables."""

    use_required_attribute = False
    table = forms.TypedChoiceField(
        label="Which table do you score for?",
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": TABLE_REQUIRED, "invalid_choice": TABLE_REQUIRED},
    )

    def __init__(self, *args, tables: range, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [(n, f"Table {n}") for n in tables]

    @property
    def chosen(self):
        """The one field, whichever form it is (the phone's template asks for it)."""
        return self["table"]


class PairChoiceForm(forms.Form):
    """A Mitchell: which pair this phone's player is in (live.movement numbers them)."""

    use_required_attribute = False
    pair = forms.TypedChoiceField(
        label="Which pair are you in?",
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": PAIR_REQUIRED, "invalid_choice": PAIR_REQUIRED},
    )

    def __init__(self, *args, pairs: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = pairs

    @property
    def chosen(self):
        return self["pair"]
