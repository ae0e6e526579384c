"""The score pad's travellers: one board at several tables, and a pairs session of several
boards, each a traveller. Both are GET forms whose address holds every result.

Each table's result is judged part by part by the engine, its message beside the box.
"""

from __future__ import annotations

from django import forms
from django.forms.formsets import formset_factory
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from common.typed import contract_from_typed
from drawing.templatetags.cards import SEAT_WORDS
from scorepad.forms import (
    BOARD_REQUIRED,
    SHORT_NUMBER,
    TRICKS_INVALID,
    board_number_field,
    tricks_refused,
)
from scorepad.grids import Rows, WithGrids, rows_kept
from scorepad.play import record_result
from scoring import (
    SEAT_NAMES,
    InvalidContract,
    PairsSession,
    PlayedDeal,
    ScoringError,
    board_conditions,
)

# -- a traveller: one board at several tables ----------------------------------------------

TRAVELLER_TABLES = 6
"""Rows a new traveller starts with; "Add a table" gives one more, up to MAX_TABLES."""
MAX_TABLES = 20
TRAVELLER_TOO_FEW = gettext_noop(
    "Enter the results of at least two tables: a board is scored by comparing them"
)
ROW_CONTRACT_REQUIRED = gettext_noop("Enter the contract, like 4S or 3NTX, or tick passed out")
ROW_TRICKS_REQUIRED = gettext_noop("Enter the tricks declarer took, 0 to 13")
ROW_DECLARER_REQUIRED = gettext_noop("Choose declarer's seat")
ROW_PASSED_WITH_RESULT = gettext_noop(
    "A board passed out has no contract: clear it or untick passed out"
)
DECLARER_CHOICES = [("", gettext_lazy("Seat")), *((seat, SEAT_WORDS[seat]) for seat in SEAT_NAMES)]
CONTRACT_BOX = forms.TextInput(
    # Room for a contract in words: "7 sans atout surcontré", "4 schoppen gedoubleerd".
    attrs={"autocomplete": "off", "autocapitalize": "characters", "size": 6, "maxlength": 30}
)
TABLES = "table"
"""The traveller's grid of tables: its boxes are named table-0-contract, table-0-declarer..."""


def table_count(data) -> int:
    """How many table rows the form shows: the `tables` asked for, within 2 to MAX_TABLES."""
    try:
        count = int(data.get("tables", TRAVELLER_TABLES))
    except (TypeError, ValueError):
        count = TRAVELLER_TABLES
    return max(2, min(MAX_TABLES, count))


class TableForm(forms.Form):
    """One table's result: contract, declarer, tricks, or passed out, each part judged by the
    engine. After is_valid(), `result` is the played deal, or None for a blank row (a table
    not yet in) unless a result is `expected` there: then each missing part gets its message.
    """

    use_required_attribute = False  # the page's own messages explain what is missing
    RESULT_PARTS = ("contract", "declarer", "tricks", "passed")
    expected = False

    contract = forms.CharField(label=gettext_lazy("contract"), required=False, widget=CONTRACT_BOX)
    declarer = forms.ChoiceField(
        label=gettext_lazy("declarer"), choices=DECLARER_CHOICES, required=False
    )
    tricks = forms.IntegerField(
        label=gettext_lazy("tricks"),
        required=False,
        error_messages={"invalid": gettext_lazy(TRICKS_INVALID)},
        widget=SHORT_NUMBER,
    )
    passed = forms.BooleanField(label=gettext_lazy("passed out"), required=False)

    def __init__(self, *args, label: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if label:  # "Table 2: contract", as a screen reader says the box
            for field in self.fields.values():
                field.label = gettext("{row}: {box}").format(row=label, box=field.label)
        self.result: PlayedDeal | None = None

    def boxes(self) -> list:
        """The row's bound fields, in the order of the page's columns."""
        return [self[name] for name in self.fields]

    def clean(self):
        data = super().clean()
        self.result = self._result(data, expected=self.expected)
        return data

    def _result(self, data, *, expected: bool) -> PlayedDeal | None:
        contract = (data.get("contract") or "").strip()
        declarer, tricks = data.get("declarer"), data.get("tricks")
        if data.get("passed"):
            if contract or tricks is not None:
                self.add_error("contract", gettext(ROW_PASSED_WITH_RESULT))
                return None
            return PlayedDeal(passed_out=True)
        if not contract and tricks is None and not declarer and not expected:
            return None  # a table not yet in
        parsed = None
        if not contract:
            self.add_error("contract", gettext(ROW_CONTRACT_REQUIRED))
        else:
            try:
                parsed = contract_from_typed(contract)
            except InvalidContract as error:
                self.add_error("contract", str(error))
        if not declarer:
            self.add_error("declarer", gettext(ROW_DECLARER_REQUIRED))
        if tricks is None:
            if "tricks" not in self.errors:
                self.add_error("tricks", gettext(ROW_TRICKS_REQUIRED))
        elif refused := tricks_refused(tricks):
            self.add_error("tricks", refused)
            tricks = None
        if parsed is None or not declarer or tricks is None:
            return None
        return PlayedDeal(declarer, str(parsed), tricks)


Tables = formset_factory(TableForm, formset=Rows)


class TravellerForm(WithGrids, forms.Form):
    """One board and each table's result; blank rows are tables not yet in."""

    use_required_attribute = False  # the page's own messages explain what is missing
    board = board_number_field(label=gettext_lazy("Board"))
    tables = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, data=None, *, initial=None, tables: int = TRAVELLER_TABLES, **kwargs):
        super().__init__(data, initial=initial, **kwargs)
        self.count = tables
        kept = {} if data is not None else {"initial": rows_kept(initial or {}, TABLES, tables)}
        self.tables_grid = Tables(
            data, prefix=TABLES, rows=tables, label=gettext("Table {n}"), **kept
        )

    def grids(self):
        return [self.tables_grid]

    def rows(self):
        """(table number, [contract, declarer, tricks, passed out]) bound fields, a row a table."""
        return [(n, row.boxes()) for n, row in self.tables_grid.numbered()]

    def clean_board(self):
        board = self.cleaned_data["board"]
        try:
            board_conditions(board)
        except ScoringError as error:
            raise forms.ValidationError(str(error)) from None
        return board

    def clean(self):
        data = super().clean()
        self.tables_grid.is_valid()
        self.results = [(n, row.result) for n, row in self.tables_grid.numbered() if row.result]
        if len(self.results) < 2 and self.grids_valid():
            self.add_error(None, gettext(TRAVELLER_TOO_FEW))
        return data


# -- a pairs session: several boards, a traveller each -------------------------------------

PAIRS_BOARDS = 3
PAIRS_TABLES = 4
"""A new session's travellers and the tables on each: "Add a board" and "Add a table" give more."""
MAX_PAIRS_BOARDS = 10
MAX_PAIRS_TABLES = 10
MAX_PAIRS_RESULTS = 30
"""Boards times tables, at most. The whole session travels in the page's address: 30 rows
of six boxes stay under the site's 200 fields a request (DATA_UPLOAD_MAX_NUMBER_FIELDS) and
the 4 KB request line a server such as gunicorn accepts."""
PAIRS_TOO_FEW = gettext_noop(
    "Enter the results of one board at two tables or more: a board is scored by comparing them"
)
PAIRS_BOARD_ONE_TABLE = gettext_noop(
    "This board has one table's result: enter another table's, or clear it to leave the "
    "board out, since a board is scored by comparing tables"
)
PAIRS_BOARD_TWICE = gettext_noop(
    "Board {board} is on an earlier traveller too: put its results together there"
)
PAIR_REQUIRED = gettext_noop("Enter the {direction} pair's number")
PAIR_INVALID = gettext_noop("A pair's number is a whole number, 1 or more")
MAX_PAIR = 999
"""The highest pair number: a Mitchell of thirty tables numbers its pairs to 30, and the
largest congress to a few hundred; the box holds three digits."""
# Django fills in %(limit_value)s, the field's max_value.
PAIR_TOO_HIGH_MESSAGE = gettext_noop("A pair's number is at most %(limit_value)s")
PAIR_TOO_HIGH = PAIR_TOO_HIGH_MESSAGE % {"limit_value": MAX_PAIR}
# The two directions as the page names them (French E-O, Dutch N-Z and O-W).
DIRECTIONS = {
    "ns": pgettext_lazy("pair direction", "N-S"),
    "ew": pgettext_lazy("pair direction", "E-W"),
}
PAIR_LABEL = {"ns": "N-S {number}", "ew": "E-W {number}"}
"""How the engine names each pair: N-S 1 and E-W 1 are two pairs at a Mitchell."""
BOARDS = "traveller"
"""The session's grid of travellers, a board number each: traveller-0-board..."""


def traveller_tables(index: int) -> str:
    """The grid of traveller `index`'s tables (from 0): t0-0-ns, t0-0-ew, t0-0-contract...
    Short, as thirty rows of them fill the page's address."""
    return f"t{index}"


def pairs_size(data, adding: str = "") -> tuple[int, int]:
    """(boards, tables) the form shows: as asked, one more of what `adding` names, within
    the limits, so boards times tables never passes MAX_PAIRS_RESULTS."""

    def asked(name, default, most):
        try:
            return max(1 if name == "boards" else 2, min(most, int(data.get(name, default))))
        except (TypeError, ValueError):
            return default

    boards = asked("boards", PAIRS_BOARDS, MAX_PAIRS_BOARDS)
    tables = asked("tables", PAIRS_TABLES, MAX_PAIRS_TABLES)
    while boards * tables > MAX_PAIRS_RESULTS:
        boards -= 1
    if adding == "board" and can_add(boards + 1, tables):
        boards += 1
    elif adding == "table" and can_add(boards, tables + 1):
        tables += 1
    return boards, tables


def can_add(boards: int, tables: int) -> bool:
    return (
        boards <= MAX_PAIRS_BOARDS
        and tables <= MAX_PAIRS_TABLES
        and (boards * tables <= MAX_PAIRS_RESULTS)
    )


def _pair_number(direction: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=format_lazy(gettext_lazy("{direction} pair"), direction=direction),
        required=False,
        max_value=MAX_PAIR,
        error_messages={
            "invalid": gettext_lazy(PAIR_INVALID),
            "max_value": gettext_lazy(PAIR_TOO_HIGH_MESSAGE),
        },
        widget=SHORT_NUMBER,
    )


class PairsTableForm(TableForm):
    """One table of a pairs traveller: its N-S and E-W pairs, then its result. After
    is_valid(), `entry` is (N-S label, E-W label, result), or None for a table not in play."""

    ns = _pair_number(DIRECTIONS["ns"])
    ew = _pair_number(DIRECTIONS["ew"])
    field_order = ("ns", "ew")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.entry: tuple[str, str, PlayedDeal] | None = None

    def clean(self):
        data = forms.Form.clean(self)
        # An E-W pair written in with no result: the result is asked for, not left out.
        self.result = self._result(data, expected=data.get("ew") is not None or "ew" in self.errors)
        in_play = self.result is not None or any(
            part in self.errors for part in ("contract", "declarer", "tricks")
        )
        if in_play:
            labels = [self._pair(part, data) for part in ("ns", "ew")]
            if self.result is not None and None not in labels:
                self.entry = (*labels, self.result)
        return data

    def _pair(self, part: str, data) -> str | None:
        """The engine's name for the row's N-S or E-W pair; None, with a message, if missing."""
        if part in self.errors:
            return None
        number = data.get(part)
        if number is None:
            direction = DIRECTIONS[part]
            self.add_error(part, gettext(PAIR_REQUIRED).format(direction=direction))
            return None
        if number < 1:
            self.add_error(part, gettext(PAIR_INVALID))
            return None
        return PAIR_LABEL[part].format(number=number)


class BoardNumberForm(forms.Form):
    """A traveller's board number."""

    use_required_attribute = False

    def __init__(self, *args, label: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["board"] = board_number_field(
            label=gettext("%(traveller)s: board number") % {"traveller": label}, required=False
        )


PairsTables = formset_factory(PairsTableForm, formset=Rows)
BoardNumbers = formset_factory(BoardNumberForm, formset=Rows)


class PairsForm(WithGrids, forms.Form):
    """Several boards of a Mitchell, each a traveller: its number, then each table's pairs
    and result. Blank rows are tables not yet in; a blank traveller, a board not yet in.

    Not bound, it shows what `initial` holds (what was typed), and for a box never shown
    before, the board's number in order and, at a Mitchell, N-S pair n at table n."""

    use_required_attribute = False  # the page's own messages explain what is missing
    boards = forms.IntegerField(widget=forms.HiddenInput, required=False)
    tables = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(
        self, data=None, *, initial=None, boards: int = PAIRS_BOARDS, tables: int = PAIRS_TABLES
    ):
        super().__init__(data, initial=initial)
        self.board_count, self.table_count = boards, tables
        typed = initial or {}

        def grid(form_class, prefix, rows, label, defaults):
            kept = {} if data is not None else {"initial": rows_kept(typed, prefix, rows, defaults)}
            return form_class(data, prefix=prefix, rows=rows, label=label, **kept)

        self.numbers = grid(BoardNumbers, BOARDS, boards, gettext("Traveller {n}"), _board_in_order)
        self.travellers_grids = [
            grid(
                PairsTables,
                traveller_tables(i),
                tables,
                gettext("Traveller {traveller}, table {{n}}").format(traveller=i + 1),
                _mitchell_ns,
            )
            for i in range(boards)
        ]

    def grids(self):
        return [self.numbers, *self.travellers_grids]

    def travellers(self):
        """(traveller number, board field, [(table, [bound fields of the row])]) to draw."""
        return [
            (i, number["board"], [(n, row.boxes()) for n, row in grid.numbered()])
            for (i, number), grid in zip(
                self.numbers.numbered(), self.travellers_grids, strict=True
            )
        ]

    def clean(self):
        data = super().clean()
        self.boards_played: list[tuple[Rows, int, list]] = []  # (grid, board, rows in play)
        seen: set[int] = set()
        for number, grid in zip(self.numbers.forms, self.travellers_grids, strict=True):
            grid.is_valid()
            rows = [(n, *row.entry) for n, row in grid.numbered() if row.entry]
            if not rows or not number.is_valid():
                continue
            board = number.cleaned_data.get("board")
            if board is None:
                number.add_error("board", gettext(BOARD_REQUIRED))
                continue
            try:
                board_conditions(board)
            except ScoringError as error:
                number.add_error("board", str(error))
                continue
            if board in seen:
                number.add_error("board", gettext(PAIRS_BOARD_TWICE).format(board=board))
                continue
            seen.add(board)
            if len(rows) < 2:
                number.add_error("board", gettext(PAIRS_BOARD_ONE_TABLE))
            self.boards_played.append((grid, board, rows))
        if self.grids_valid():
            self._play()
        if not self.boards_played and self.grids_valid():
            self.add_error(None, gettext(PAIRS_TOO_FEW))
        return data

    def _play(self) -> None:
        """Record every result in the engine's session; a result it refuses (a pair that
        plays a board twice) gets the engine's message beside the pair's number."""
        self.session = PairsSession()
        for grid, board, rows in self.boards_played:
            traveller = self.session.traveller(board)
            for n, ns, ew, result in rows:
                try:
                    record_result(traveller, ns, ew, result)
                except ScoringError as error:
                    taken = {row.label for row in traveller.rows}
                    taken |= {row.ew_pair for row in traveller.rows}
                    grid.forms[n - 1].add_error("ns" if ns in taken else "ew", str(error))


def _board_in_order(index: int) -> dict:
    return {"board": index + 1}


def _mitchell_ns(index: int) -> dict:
    return {"ns": index + 1}
