"""The score pad's forms: starting a game, and entering one deal.

Rules are the engine's: the deal form asks `scoring` about each part of the deal and
puts the engine's own message beside the field it is about.
"""

from __future__ import annotations

from django import forms

from common.forms import FormKeyField
from scorepad.models import ScorePad
from scorepad.play import CHUKKER, DUPLICATE, RUBBER
from scoring import (
    FOUR_DEAL_FORMS,
    HONORS,
    SEAT_NAMES,
    Card,
    Contract,
    InvalidContract,
    InvalidHonors,
    InvalidTricks,
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


def _number(required: str, invalid: str, **kwargs):
    # No min/max here: the engine judges the range and says so in its own words.
    return forms.IntegerField(
        error_messages={"required": required, "invalid": invalid}, widget=SHORT_NUMBER, **kwargs
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
            self.fields["board"] = _number(BOARD_REQUIRED, BOARD_INVALID, label="Board")
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
    board = _number(BOARD_REQUIRED, BOARD_INVALID, label="Board")
    tables = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, tables: int = TRAVELLER_TABLES, **kwargs):
        super().__init__(*args, **kwargs)
        self.count = tables
        for n in range(1, tables + 1):
            self.fields[f"contract_{n}"] = forms.CharField(
                label=f"Table {n}: contract", required=False, widget=CONTRACT_BOX
            )
            self.fields[f"declarer_{n}"] = forms.ChoiceField(
                label=f"Table {n}: declarer", choices=DECLARER_CHOICES, required=False
            )
            self.fields[f"tricks_{n}"] = forms.IntegerField(
                label=f"Table {n}: tricks",
                required=False,
                error_messages={"invalid": TRICKS_INVALID},
                widget=SHORT_NUMBER,
            )
            self.fields[f"passed_{n}"] = forms.BooleanField(
                label=f"Table {n}: passed out", required=False
            )

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
            result = self._row(n, data)
            if result is not None:
                self.results.append((n, result))
        if len(self.results) < 2 and not self.errors:
            self.add_error(None, TRAVELLER_TOO_FEW)
        return data

    def _row(self, n: int, data) -> PlayedDeal | None:
        """A table's result as a played deal, each part judged by the engine; None if blank."""
        contract = (data.get(f"contract_{n}") or "").strip()
        declarer, tricks = data.get(f"declarer_{n}"), data.get(f"tricks_{n}")
        if data.get(f"passed_{n}"):
            if contract or tricks is not None:
                self.add_error(f"contract_{n}", ROW_PASSED_WITH_RESULT)
                return None
            return PlayedDeal(passed_out=True)
        if not contract and tricks is None and not declarer:
            return None  # a table not yet in
        parsed = None
        if not contract:
            self.add_error(f"contract_{n}", ROW_CONTRACT_REQUIRED)
        else:
            try:
                parsed = Contract.parse(contract)
            except InvalidContract as error:
                self.add_error(f"contract_{n}", str(error))
        if not declarer:
            self.add_error(f"declarer_{n}", ROW_DECLARER_REQUIRED)
        if tricks is None:
            if f"tricks_{n}" not in self.errors:
                self.add_error(f"tricks_{n}", ROW_TRICKS_REQUIRED)
        else:
            try:
                check_tricks(tricks)
            except InvalidTricks as error:
                self.add_error(f"tricks_{n}", str(error))
                tricks = None
        if parsed is None or not declarer or tricks is None:
            return None
        return PlayedDeal(declarer, str(parsed), tricks)
