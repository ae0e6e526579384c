"""The score pad's forms: starting a game, entering one deal, and the results of a
traveller or of a pairs session.

Rules are the engine's: each form asks `scoring` about each part of a deal and puts the
engine's own message beside the field it is about.
"""

from __future__ import annotations

from django import forms

from common.forms import FormKeyField
from scorepad.models import ScorePad
from scorepad.play import CHUKKER, DUPLICATE, RUBBER, record_result
from scoring import (
    FOUR_DEAL_FORMS,
    HONORS,
    SEAT_NAMES,
    Card,
    Contract,
    InvalidContract,
    InvalidHonors,
    InvalidTricks,
    PairsSession,
    PlayedDeal,
    Role,
    ScoringError,
    Strain,
    board_conditions,
    draw_partnerships,
    find_form,
    score_deal,
)
from scoring.contract import check_tricks

MAX_PLAYERS = 5
PLAYERS_COUNT = "Name four or five players for a back score, or leave every name empty"
PLAYERS_SAME = "Two players cannot have the same name"
CARDS_ALL_OR_NONE = "Give the card each named player drew, or leave every card empty"
CARD_WITHOUT_NAME = "This card has no player: name the player or clear the card"
SCORER_NOT_NAMED = "The scorer must be one of the players named"
LEVEL_REQUIRED = "Enter the level bid, 1 to 7"
LEVEL_INVALID = "The level is a whole number, 1 to 7"
STRAIN_REQUIRED = "Choose the strain: clubs, diamonds, hearts, spades or notrump"
TRICKS_REQUIRED = "Enter the tricks the declaring side took, 0 to 13"
TRICKS_INVALID = "Tricks are a whole number, 0 to 13"
DECLARER_REQUIRED = "Choose the declaring side"
SEAT_REQUIRED = "Choose declarer's seat"
BOARD_REQUIRED = "Enter the board number"
BOARD_INVALID = "The board number is a whole number, 1 or more"
MAX_BOARD = 999
"""The highest board number: a club session plays 24 to 36 boards and a long event numbers
a few hundred at most, and the box holds three digits. Bridge sets no bound, but a number
like 10^30 is never a board, and the engine would carry it into every figure shown."""
BOARD_TOO_HIGH = f"The board number is at most {MAX_BOARD}"
STALE_PAGE = "This form is out of date: reload the page and enter the deal again"

SEAT_CHOICES = list(SEAT_NAMES.items())
STRAIN_CHOICES = [(s.value, s.noun.capitalize()) for s in Strain]
HONORS_CHOICES = [("", "None"), *((key, holding.label) for key, holding in HONORS.items())]
# One choice, so a contract is never both doubled and redoubled.
DOUBLING_CHOICES = [("", "Not doubled"), ("X", "Doubled (X)"), ("XX", "Redoubled (XX)")]


def _radio(choices, **kwargs):
    return forms.ChoiceField(choices=choices, widget=forms.RadioSelect, **kwargs)


# A short box for a level, a board or tricks: a keypad on a phone, no spinner arrows.
SHORT_NUMBER = forms.TextInput(
    attrs={"inputmode": "numeric", "autocomplete": "off", "maxlength": 3, "class": "input--short"}
)


def _number(when_missing: str, when_invalid: str, *, too_high: str = "", **kwargs):
    # No min here: the engine judges the range and says so in its own words. A board's
    # number gets a most (`max_value` with `too_high`), which bridge itself does not set.
    messages = {"required": when_missing, "invalid": when_invalid}
    if too_high:
        messages["max_value"] = too_high
    return forms.IntegerField(error_messages=messages, widget=SHORT_NUMBER, **kwargs)


def _board_number(**kwargs):
    return _number(
        BOARD_REQUIRED, BOARD_INVALID, too_high=BOARD_TOO_HIGH, max_value=MAX_BOARD, **kwargs
    )


# -- starting a game ---------------------------------------------------------------------


class StartForm(forms.Form):
    kind: str
    use_required_attribute = False  # the page's own messages explain what is missing
    form_key = FormKeyField()
    title = forms.CharField(
        label="Name this game (optional)",
        max_length=80,
        required=False,
        help_text="For your list of games, like “Tuesday at the club”.",
    )

    def settings(self) -> dict:
        """Keyword arguments for services.scorepad_start."""
        return {
            "kind": self.kind,
            "title": self.cleaned_data["title"].strip(),
            "form_key": self.cleaned_data["form_key"],
        }


class RubberStartForm(StartForm):
    kind = RUBBER
    fifty = _radio(ScorePad.Fifty.choices, label="Rounding the difference", initial="up")
    scorer = forms.ChoiceField(
        choices=[(str(n), f"Player {n}") for n in range(1, MAX_PLAYERS + 1)],
        widget=forms.RadioSelect,
        required=False,
        initial="1",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for n in range(1, MAX_PLAYERS + 1):
            self.fields[f"player_{n}"] = forms.CharField(
                label=f"Player {n}", max_length=40, required=False
            )
            self.fields[f"card_{n}"] = forms.CharField(
                label=f"Card drawn by player {n}", max_length=4, required=False
            )

    def player_rows(self):
        """(number, name field, card field) for the template, one row a player."""
        return [(n, self[f"player_{n}"], self[f"card_{n}"]) for n in range(1, MAX_PLAYERS + 1)]

    def clean(self):
        data = super().clean()
        rows = [
            (n, (data.get(f"player_{n}") or "").strip(), (data.get(f"card_{n}") or "").strip())
            for n in range(1, MAX_PLAYERS + 1)
        ]
        for n, name, card in rows:
            if card and not name:
                self.add_error(f"card_{n}", CARD_WITHOUT_NAME)
        named = [(n, name, card) for n, name, card in rows if name]
        self.players, self.scorer = [], ""
        if not named:
            return data
        if len(named) not in (4, 5):
            self.add_error(None, PLAYERS_COUNT)
            return data
        names = [name for _, name, _ in named]
        if len(set(names)) != len(names):
            self.add_error(None, PLAYERS_SAME)
            return data
        self.players = self._draw_order(named)
        scorer = int(data.get("scorer") or named[0][0])
        scorer_name = (data.get(f"player_{scorer}") or "").strip()
        if not scorer_name:
            self.add_error("scorer", SCORER_NOT_NAMED)
        self.scorer = scorer_name
        return data

    def _draw_order(self, named) -> list[str]:
        """The names from the highest card drawn to the lowest (as typed when no cards)."""
        cards = {name: card for _, name, card in named if card}
        if not cards:
            return [name for _, name, _ in named]
        if len(cards) != len(named):
            self.add_error(None, CARDS_ALL_OR_NONE)
            return []
        for n, _, card in named:
            try:
                Card.parse(card)
            except ScoringError as error:
                self.add_error(f"card_{n}", str(error))
        if self.errors:
            return []
        try:
            return list(draw_partnerships(cards).order)
        except ScoringError as error:
            self.add_error(None, str(error))
            return []

    def settings(self) -> dict:
        return {
            **super().settings(),
            "fifty": self.cleaned_data["fifty"],
            "players": self.players,
            "scorer": self.scorer,
        }


class ChukkerStartForm(StartForm):
    kind = CHUKKER
    form = _radio(
        [(name, find_form(name).label) for name in FOUR_DEAL_FORMS],
        label="Form of scoring",
        initial="chicago",
    )
    first_dealer = _radio(ScorePad.SIDE_CHOICES, label="Who deals first?", initial="we")
    fifty = _radio(ScorePad.Fifty.choices, label="Rounding the difference", initial="up")

    def settings(self) -> dict:
        return {
            **super().settings(),
            "form": self.cleaned_data["form"],
            "first_dealer": self.cleaned_data["first_dealer"],
            "fifty": self.cleaned_data["fifty"],
        }


class DuplicateStartForm(StartForm):
    kind = DUPLICATE


START_FORMS = {form.kind: form for form in (RubberStartForm, ChukkerStartForm, DuplicateStartForm)}


# -- entering a deal ----------------------------------------------------------------------


class DealForm(forms.Form):
    """One deal: who declared what, how many tricks, honors; or passed out.

    `scoring_form` is the engine's form for the game ("rubber", "chicago", "duplicate"...),
    which decides whether honors count. After is_valid(), `deal` is what gets stored.
    """

    use_required_attribute = False  # the page's own messages explain what is missing

    revision = forms.IntegerField(
        widget=forms.HiddenInput,
        error_messages={"required": STALE_PAGE, "invalid": STALE_PAGE},
    )
    level = _number(LEVEL_REQUIRED, LEVEL_INVALID, label="Level")
    strain = _radio(STRAIN_CHOICES, label="Strain", error_messages={"required": STRAIN_REQUIRED})
    doubling = _radio(
        DOUBLING_CHOICES,
        label="Doubled?",
        required=False,
        initial="",
        error_messages={"invalid_choice": "Choose not doubled, doubled or redoubled"},
    )
    tricks = _number(TRICKS_REQUIRED, TRICKS_INVALID, label="Tricks taken by declaring side")
    honors = _radio(HONORS_CHOICES, label="Honors", required=False, initial="")
    honors_side = _radio(ScorePad.SIDE_CHOICES, label="Held by", required=False)

    def __init__(self, *args, scoring_form: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.scoring_form = scoring_form
        self.duplicate = scoring_form == "duplicate"
        if self.duplicate:
            self.fields["board"] = _board_number(label="Board")
            self.fields["declarer"] = _radio(
                SEAT_CHOICES, label="Declarer", error_messages={"required": SEAT_REQUIRED}
            )
            # Honors are never scored at duplicate: the form does not ask.
            del self.fields["honors"], self.fields["honors_side"]
        else:
            self.fields["declarer"] = _radio(
                ScorePad.SIDE_CHOICES,
                label="Declaring side",
                error_messages={"required": DECLARER_REQUIRED},
            )
        self.passed_out = bool(self.is_bound and self.data.get("passed_out"))
        if self.passed_out:
            for name in ("declarer", "level", "strain", "tricks"):
                self.fields[name].required = False
        self.deal: PlayedDeal | None = None

    FOCUS_ORDER = ("board", "declarer", "level", "strain", "doubling", "tricks", "honors")

    @property
    def focus(self) -> str:
        """The field the keyboard should land on: the first one with an error, or declarer."""
        return next((name for name in self.FOCUS_ORDER if name in self.errors), "declarer")

    @staticmethod
    def initial_for(deal: PlayedDeal, revision: int) -> dict:
        """The form's initial values for a deal already entered, to edit it."""
        initial = {"revision": revision, "board": deal.board}
        if deal.passed_out:
            return initial
        contract = Contract.parse(deal.contract)
        return {
            **initial,
            "declarer": deal.declarer,
            "level": contract.level,
            "strain": contract.strain.value,
            "doubling": contract.doubling.value,
            "tricks": deal.tricks,
            "honors": deal.honors or "",
            "honors_side": deal.honors_side or "",
        }

    def clean(self):
        data = super().clean()
        board = data.get("board") if self.duplicate else None
        if self.passed_out:
            self.deal = PlayedDeal(passed_out=True, board=board)
            return data
        contract = self._contract(data)
        tricks = data.get("tricks")
        if tricks is not None:
            try:
                check_tricks(tricks)
            except InvalidTricks as error:
                self.add_error("tricks", str(error))
                tricks = None
        honors, holder = data.get("honors") or None, data.get("honors_side") or None
        if contract is not None and tricks is not None and honors:
            self._check_honors(contract, tricks, honors, holder, data.get("declarer"))
        if not self.errors:
            self.deal = PlayedDeal(
                data["declarer"], str(contract), tricks, honors, holder, board=board
            )
        return data

    def _contract(self, data) -> Contract | None:
        """Ask the engine about the level, then the doubling; each error goes beside its field."""
        level, strain = data.get("level"), data.get("strain")
        if strain is None:
            return None
        chosen = data.get("doubling") or self._legacy_doubling()
        doubling = {"doubled": chosen in ("X", "XX"), "redoubled": chosen == "XX"}
        contract = None
        if level is not None:
            try:
                contract = Contract.from_parts(level, strain)
            except InvalidContract as error:
                self.add_error("level", str(error))
        try:
            # The doubling is judged on its own, so a bad level does not hide it.
            doubled = Contract.from_parts(contract.level if contract else 1, strain, **doubling)
        except InvalidContract as error:
            self.add_error("doubling", str(error))
            return None
        return doubled if contract else None

    def _legacy_doubling(self) -> str:
        """A page drawn before the doubling became one choice sent two ticks: read them."""
        if "doubling" in self.data:
            return ""
        if self.data.get("redoubled"):
            return "XX"
        return "X" if self.data.get("doubled") else ""

    def _check_honors(self, contract, tricks, honors, holder, declarer) -> None:
        side = Role.of(holder or declarer, declarer)
        try:
            score_deal(contract, tricks, form=self.scoring_form, honors=honors, honors_side=side)
        except InvalidHonors as error:
            self.add_error("honors", str(error))


# -- a traveller: one board at several tables ----------------------------------------------

TRAVELLER_TABLES = 6
"""Rows a new traveller starts with; "Add a table" gives one more, up to MAX_TABLES."""
MAX_TABLES = 20
TRAVELLER_TOO_FEW = "Enter the results of at least two tables: a board is scored by comparing them"
ROW_CONTRACT_REQUIRED = "Enter the contract, like 4S or 3NTX, or tick passed out"
ROW_TRICKS_REQUIRED = "Enter the tricks declarer took, 0 to 13"
ROW_DECLARER_REQUIRED = "Choose declarer's seat"
ROW_PASSED_WITH_RESULT = "A board passed out has no contract: clear it or untick passed out"
DECLARER_CHOICES = [("", "Seat"), *SEAT_NAMES.items()]
CONTRACT_BOX = forms.TextInput(
    attrs={"autocomplete": "off", "autocapitalize": "characters", "size": 6, "maxlength": 8}
)


def table_count(data) -> int:
    """How many table rows the form shows: the `tables` asked for, within 2 to MAX_TABLES."""
    try:
        count = int(data.get("tables", TRAVELLER_TABLES))
    except (TypeError, ValueError):
        count = TRAVELLER_TABLES
    return max(2, min(MAX_TABLES, count))


class TravellerForm(forms.Form):
    """One board and each table's result; blank rows are tables not yet in."""

    use_required_attribute = False  # the page's own messages explain what is missing
    board = _board_number(label="Board")
    tables = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, tables: int = TRAVELLER_TABLES, **kwargs):
        super().__init__(*args, **kwargs)
        self.count = tables
        for n in range(1, tables + 1):
            _result_fields(self, str(n), f"Table {n}")

    def rows(self):
        """(table number, [contract, declarer, tricks, passed out]) bound fields, a row a table."""
        return [
            (n, [self[f"{part}_{n}"] for part in ("contract", "declarer", "tricks", "passed")])
            for n in range(1, self.count + 1)
        ]

    def clean_board(self):
        board = self.cleaned_data["board"]
        try:
            board_conditions(board)
        except ScoringError as error:
            raise forms.ValidationError(str(error)) from None
        return board

    def clean(self):
        data = super().clean()
        self.results = []
        for n in range(1, self.count + 1):
            result = table_result(self, str(n), data)
            if result is not None:
                self.results.append((n, result))
        if len(self.results) < 2 and not self.errors:
            self.add_error(None, TRAVELLER_TOO_FEW)
        return data


def table_result(form, key: str, data, *, expected: bool = False) -> PlayedDeal | None:
    """A table's result as a played deal, each part judged by the engine; None if blank.

    `key` ends each field's name (contract_<key>, ...). A blank row is a table not yet in,
    unless a result is `expected` there: then each missing part gets its message.
    """
    contract = (data.get(f"contract_{key}") or "").strip()
    declarer, tricks = data.get(f"declarer_{key}"), data.get(f"tricks_{key}")
    if data.get(f"passed_{key}"):
        if contract or tricks is not None:
            form.add_error(f"contract_{key}", ROW_PASSED_WITH_RESULT)
            return None
        return PlayedDeal(passed_out=True)
    blank = not contract and tricks is None and not declarer
    if blank and not expected:
        return None  # a table not yet in
    parsed = None
    if not contract:
        form.add_error(f"contract_{key}", ROW_CONTRACT_REQUIRED)
    else:
        try:
            parsed = Contract.parse(contract)
        except InvalidContract as error:
            form.add_error(f"contract_{key}", str(error))
    if not declarer:
        form.add_error(f"declarer_{key}", ROW_DECLARER_REQUIRED)
    if tricks is None:
        if f"tricks_{key}" not in form.errors:
            form.add_error(f"tricks_{key}", ROW_TRICKS_REQUIRED)
    else:
        try:
            check_tricks(tricks)
        except InvalidTricks as error:
            form.add_error(f"tricks_{key}", str(error))
            tricks = None
    if parsed is None or not declarer or tricks is None:
        return None
    return PlayedDeal(declarer, str(parsed), tricks)


def _result_fields(form, key: str, label: str) -> None:
    """The four boxes of one table's result: contract, declarer, tricks, passed out."""
    form.fields[f"contract_{key}"] = forms.CharField(
        label=f"{label}: contract", required=False, widget=CONTRACT_BOX
    )
    form.fields[f"declarer_{key}"] = forms.ChoiceField(
        label=f"{label}: declarer", choices=DECLARER_CHOICES, required=False
    )
    form.fields[f"tricks_{key}"] = forms.IntegerField(
        label=f"{label}: tricks",
        required=False,
        error_messages={"invalid": TRICKS_INVALID},
        widget=SHORT_NUMBER,
    )
    form.fields[f"passed_{key}"] = forms.BooleanField(label=f"{label}: passed out", required=False)


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
PAIRS_TOO_FEW = (
    "Enter the results of one board at two tables or more: a board is scored by comparing them"
)
PAIRS_BOARD_ONE_TABLE = (
    "This board has one table's result: enter another table's, or clear it to leave the "
    "board out, since a board is scored by comparing tables"
)
PAIRS_BOARD_TWICE = "Board {board} is on an earlier traveller too: put its results together there"
PAIR_REQUIRED = "Enter the {direction} pair's number"
PAIR_INVALID = "A pair's number is a whole number, 1 or more"
MAX_PAIR = 999
"""The highest pair number: a Mitchell of thirty tables numbers its pairs to 30, and the
largest congress to a few hundred; the box holds three digits."""
PAIR_TOO_HIGH = f"A pair's number is at most {MAX_PAIR}"
PAIR_LABEL = {"ns": "N-S {number}", "ew": "E-W {number}"}
"""How the engine names each pair: N-S 1 and E-W 1 are two pairs at a Mitchell."""
PAIR_PARTS = ("ns", "ew", "contract", "declarer", "tricks", "passed")


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


def pairs_initial(data, boards: int, tables: int) -> dict:
    """What a form not yet judged shows: what was typed, and for a box never shown before,
    the board's number in order and, at a Mitchell, N-S pair n at table n."""
    initial = {f"board_{i}": i for i in range(1, boards + 1)}
    initial |= {f"ns_{i}_{n}": n for i in range(1, boards + 1) for n in range(1, tables + 1)}
    return initial | data.dict()


class PairsForm(forms.Form):
    """Several boards of a Mitchell, each a traveller: its number, then each table's pairs
    and result. Blank rows are tables not yet in; a blank traveller, a board not yet in."""

    use_required_attribute = False  # the page's own messages explain what is missing
    boards = forms.IntegerField(widget=forms.HiddenInput, required=False)
    tables = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, boards: int = PAIRS_BOARDS, tables: int = PAIRS_TABLES, **kwargs):
        super().__init__(*args, **kwargs)
        self.board_count, self.table_count = boards, tables
        for i in range(1, boards + 1):
            self.fields[f"board_{i}"] = _board_number(
                label=f"Traveller {i}: board number", required=False
            )
            for n in range(1, tables + 1):
                key, label = f"{i}_{n}", f"Traveller {i}, table {n}"
                for part, direction in (("ns", "N-S"), ("ew", "E-W")):
                    self.fields[f"{part}_{key}"] = forms.IntegerField(
                        label=f"{label}: {direction} pair",
                        required=False,
                        max_value=MAX_PAIR,
                        error_messages={"invalid": PAIR_INVALID, "max_value": PAIR_TOO_HIGH},
                        widget=SHORT_NUMBER,
                    )
                _result_fields(self, key, label)

    def travellers(self):
        """(traveller number, board field, [(table, [bound fields of the row])]) to draw."""
        return [
            (
                i,
                self[f"board_{i}"],
                [
                    (n, [self[f"{part}_{i}_{n}"] for part in PAIR_PARTS])
                    for n in range(1, self.table_count + 1)
                ],
            )
            for i in range(1, self.board_count + 1)
        ]

    def clean(self):
        data = super().clean()
        self.boards_played: list[tuple[int, list[tuple[str, str, PlayedDeal]]]] = []
        seen: dict[int, int] = {}
        for i in range(1, self.board_count + 1):
            rows = self._traveller(i, data)
            if not rows:
                continue
            board = data.get(f"board_{i}")
            if f"board_{i}" in self.errors:
                continue
            if board is None:
                self.add_error(f"board_{i}", BOARD_REQUIRED)
                continue
            try:
                board_conditions(board)
            except ScoringError as error:
                self.add_error(f"board_{i}", str(error))
                continue
            if board in seen:
                self.add_error(f"board_{i}", PAIRS_BOARD_TWICE.format(board=board))
                continue
            seen[board] = i
            if len(rows) < 2:
                self.add_error(f"board_{i}", PAIRS_BOARD_ONE_TABLE)
            self.boards_played.append((i, board, rows))
        if not self.errors:
            self._play()
        if not self.boards_played and not self.errors:
            self.add_error(None, PAIRS_TOO_FEW)
        return data

    def _traveller(self, i: int, data) -> list[tuple[int, str, str, PlayedDeal]]:
        """One traveller's rows that hold a result: (table, N-S label, E-W label, result)."""
        rows = []
        for n in range(1, self.table_count + 1):
            key = f"{i}_{n}"
            ew_typed = data.get(f"ew_{key}") is not None or f"ew_{key}" in self.errors
            result = table_result(self, key, data, expected=ew_typed)
            in_play = result is not None or any(
                f"{part}_{key}" in self.errors for part in ("contract", "declarer", "tricks")
            )
            if not in_play:
                continue
            labels = [self._pair(part, key, data) for part in ("ns", "ew")]
            if result is not None and None not in labels:
                rows.append((n, *labels, result))
        return rows

    def _pair(self, part: str, key: str, data) -> str | None:
        """The engine's name for the row's N-S or E-W pair; None, with a message, if missing."""
        name = f"{part}_{key}"
        if name in self.errors:
            return None
        number = data.get(name)
        if number is None:
            self.add_error(name, PAIR_REQUIRED.format(direction="N-S" if part == "ns" else "E-W"))
            return None
        if number < 1:
            self.add_error(name, PAIR_INVALID)
            return None
        return PAIR_LABEL[part].format(number=number)

    def _play(self) -> None:
        """Record every result in the engine's session; a result it refuses (a pair that
        plays a board twice) gets the engine's message beside the pair's number."""
        self.session = PairsSession()
        for i, board, rows in self.boards_played:
            traveller = self.session.traveller(board)
            for n, ns, ew, result in rows:
                try:
                    record_result(traveller, ns, ew, result)
                except ScoringError as error:
                    taken = {row.label for row in traveller.rows}
                    taken |= {row.ew_pair for row in traveller.rows}
                    part = "ns" if ns in taken else "ew"
                    self.add_error(f"{part}_{i}_{n}", str(error))
