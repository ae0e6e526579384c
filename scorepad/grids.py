"""The score pad's grids: a formset a grid of rows (the players of a rubber game, the tables of
a traveller, the travellers of a pairs session), with as many rows as the page counts.
"""

from __future__ import annotations

from functools import cached_property

from django.forms.formsets import (
    INITIAL_FORM_COUNT,
    TOTAL_FORM_COUNT,
    BaseFormSet,
    ManagementForm,
)


class Rows(BaseFormSet):
    """A grid of rows, as many as the page counts (`tables`, `boards`, five players).

    The page sends no management form: a traveller and a pairs session travel in their
    address, where a pairs session's 30 rows of six boxes come near the site's 200 fields
    a request (DATA_UPLOAD_MAX_NUMBER_FIELDS), and two more for each of its ten grids would
    pass it. A bound row left blank is not judged (`empty_permitted`): a table not yet in,
    a player not named.
    """

    def __init__(self, *args, rows: int, label: str = "", **kwargs):
        self.rows, self.label = rows, label
        super().__init__(*args, **kwargs)

    def total_form_count(self):
        return self.rows

    def initial_form_count(self):
        return 0

    @cached_property
    def management_form(self):
        counts = {self.add_prefix(TOTAL_FORM_COUNT): self.rows}
        form = ManagementForm(counts | {self.add_prefix(INITIAL_FORM_COUNT): 0}, prefix=self.prefix)
        form.full_clean()
        return form

    def get_form_kwargs(self, index):
        """Each row's label names it as the page does: "Table 2", "Traveller 1, table 2"."""
        return {**super().get_form_kwargs(index), "label": self.label.format(n=index + 1)}

    def numbered(self):
        """(number from 1, row form) for the template."""
        return list(enumerate(self.forms, start=1))


def rows_kept(data, prefix: str, rows: int, defaults=None) -> list[dict]:
    """Each row's initial values: what was typed in its boxes (a page shown again, nothing
    judged), else `defaults(index)` for a box never shown before."""
    kept = []
    for i in range(rows):
        start = f"{prefix}-{i}-"
        typed = {key.removeprefix(start): data[key] for key in data if key.startswith(start)}
        kept.append((defaults(i) if defaults else {}) | typed)
    return kept


def row_data(prefix: str, index: int, values: dict) -> dict:
    """`values`, by field name, as row `index` (from 0) of the grid `prefix` sends them."""
    return {f"{prefix}-{index}-{name}": value for name, value in values.items()}


class WithGrids:
    """Mix into a form that holds grids (`grids()`): valid when it and each of them is.
    Its clean() reads the grids' rows, so they are judged first."""

    def grids(self) -> list[BaseFormSet]:
        raise NotImplementedError

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return valid and all(grid.is_valid() for grid in self.grids())

    def grids_valid(self) -> bool:
        """Nothing refused so far, here or in any row."""
        return not self.errors and all(grid.is_valid() for grid in self.grids())
