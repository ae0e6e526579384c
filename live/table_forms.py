"""Table mode's form: one board's result at one table, as its scorer types it on a phone.

A result is judged exactly as a row of the score pad's traveller is
(scorepad.traveller_forms.TableForm), so the class traveller and the score pad's page refuse
the same mistakes with the same words.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from common.typed import CONTRACT_HINT
from scorepad.forms import SEAT_CHOICES
from scorepad.traveller_forms import TableForm

TABLE_REQUIRED = gettext_noop("Choose the table you score for.")
PAIR_REQUIRED = gettext_noop(
    "Choose your pair: its number is on the teacher's screen by your name's table."
)


class TableResultForm(TableForm):
    """Declarer, contract and tricks, or passed out; `result` is the PlayedDeal to store."""

    FOCUS_ORDER = ("declarer", "contract", "tricks", "passed")
    expected = True  # nothing typed at all gets a message by each box

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        declarer = self.fields["declarer"]
        declarer.widget = forms.RadioSelect()
        declarer.choices = SEAT_CHOICES
        declarer.label = gettext("Declarer")
        contract = self.fields["contract"]
        contract.label, contract.help_text = gettext("Contract"), CONTRACT_HINT
        self.fields["tricks"].label = gettext("Tricks taken by declarer (0 to 13)")
        self.fields["passed"].label = gettext("Passed out (nobody bid)")

    def add_prefix(self, field_name):
        # The boxes keep the names they had as the one row of a traveller (contract_1...),
        # so a phone's page drawn before an update still sends what is read.
        return f"{field_name}_1"

    @property
    def focus(self) -> str:
        """The box the keyboard lands on: the first with a mistake, else declarer."""
        return next((name for name in self.FOCUS_ORDER if name in self.errors), "declarer")

    @staticmethod
    def initial_for(result) -> dict:
        """What a table entered before (a TableResult), to correct it; {} for a new board."""
        if result is None:
            return {}
        if result.passed_out:
            return {"passed": True}
        return {"declarer": result.declarer, "contract": result.contract, "tricks": result.tricks}


class TableChoiceForm(forms.Form):
    """Which table this phone scores for: 1 to the session's number of tables."""

    use_required_attribute = False
    table = forms.TypedChoiceField(
        label=_("Which table do you score for?"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": _(TABLE_REQUIRED), "invalid_choice": _(TABLE_REQUIRED)},
    )

    def __init__(self, *args, tables: range, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [
            (n, gettext("Table {table}").format(table=n)) for n in tables
        ]

    @property
    def chosen(self):
        """The one field, whichever form it is (the phone's template asks for it)."""
        return self["table"]


class PairChoiceForm(forms.Form):
    """A Mitchell: which pair this phone's player is in (live.movement numbers them)."""

    use_required_attribute = False
    pair = forms.TypedChoiceField(
        label=_("Which pair are you in?"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": _(PAIR_REQUIRED), "invalid_choice": _(PAIR_REQUIRED)},
    )

    def __init__(self, *args, pairs: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = pairs

    @property
    def chosen(self):
        return self["pair"]
