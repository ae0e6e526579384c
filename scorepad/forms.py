"""The score pad's forms: starting a game and entering one deal (a traveller's and a pairs
session's are in scorepad/traveller_forms.py).

Rules are the engine's: each form asks `scoring` about each part of a deal and puts the
engine's own message beside the field it is about.
"""

from __future__ import annotations

from django import forms
from django.forms.formsets import formset_factory
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from common.forms import FormKeyField
from common.words import said_error, said_lazily
from drawing.templatetags.cards import SEAT_WORDS, SUIT_NAMES
from scorepad.grids import Rows, WithGrids
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
    draw_partnerships,
    find_form,
    score_deal,
)
from scoring.contract import check_tricks

MAX_PLAYERS = 5
PLAYERS_COUNT = gettext_noop(
    "Name four or five players for a back score, or leave every name empty"
)
PLAYERS_SAME = gettext_noop("Two players cannot have the same name")
CARDS_ALL_OR_NONE = gettext_noop("Give the card each named player drew, or leave every card empty")
CARD_WITHOUT_NAME = gettext_noop("This card has no player: name the player or clear the card")
SCORER_NOT_NAMED = gettext_noop("The scorer must be one of the players named")
LEVEL_REQUIRED = gettext_noop("Enter the level bid, 1 to 7")
LEVEL_INVALID = gettext_noop("The level is a whole number, 1 to 7")
STRAIN_REQUIRED = gettext_noop("Choose the strain: clubs, diamonds, hearts, spades or notrump")
TRICKS_REQUIRED = gettext_noop("Enter the tricks the declaring side took, 0 to 13")
TRICKS_INVALID = gettext_noop("Tricks are a whole number, 0 to 13")
DECLARER_REQUIRED = gettext_noop("Choose the declaring side")
SEAT_REQUIRED = gettext_noop("Choose declarer's seat")
BOARD_REQUIRED = gettext_noop("Enter the board number")
BOARD_INVALID = gettext_noop("The board number is a whole number, 1 or more")
# The messages are kept in English (tests compare pages with them) and translated where
# they are shown: gettext(MESSAGE) in a function, gettext_lazy(MESSAGE) in a field.
MAX_BOARD = 999
"""The highest board number: a club session plays 24 to 36 boards and a long event numbers
a few hundred at most, and the box holds three digits. Bridge sets no bound, but a number
like 10^30 is never a board, and the engine would carry it into every figure shown."""
# Django fills in %(limit_value)s, the field's max_value.
BOARD_TOO_HIGH_MESSAGE = gettext_noop("The board number is at most %(limit_value)s")
BOARD_TOO_HIGH = BOARD_TOO_HIGH_MESSAGE % {"limit_value": MAX_BOARD}
STALE_PAGE = gettext_noop("This form is out of date: reload the page and enter the deal again")

SEAT_CHOICES = [(seat, SEAT_WORDS[seat]) for seat in SEAT_NAMES]
STRAIN_CHOICES = [(s.value, capfirst(SUIT_NAMES[s])) for s in Strain]
HONORS_CHOICES = [
    ("", pgettext_lazy("no honors", "None")),
    *((key, said_lazily(holding.label)) for key, holding in HONORS.items()),
]
# One choice, so a contract is never both doubled and redoubled.
DOUBLING_CHOICES = [
    ("", gettext_lazy("Not doubled")),
    ("X", gettext_lazy("Doubled (X)")),
    ("XX", gettext_lazy("Redoubled (XX)")),
]


def _radio(choices, **kwargs):
    return forms.ChoiceField(choices=choices, widget=forms.RadioSelect, **kwargs)


# A short box for a level, a board or tricks: a keypad on a phone, no spinner arrows.
SHORT_NUMBER = forms.TextInput(
    attrs={"inputmode": "numeric", "autocomplete": "off", "maxlength": 3, "class": "input--short"}
)


def _number(when_missing: str, when_invalid: str, *, too_high: str = "", **kwargs):
    # No min here: the engine judges the range and says so in its own words. A board's
    # number gets a most (`max_value` with `too_high`), which bridge itself does not set.
    messages = {"required": gettext_lazy(when_missing), "invalid": gettext_lazy(when_invalid)}
    if too_high:
        messages["max_value"] = gettext_lazy(too_high)
    return forms.IntegerField(error_messages=messages, widget=SHORT_NUMBER, **kwargs)


def tricks_refused(tricks: int) -> str:
    """Why the engine refuses `tricks` taken by declarer, in the reader's language; "" when
    it takes them."""
    try:
        check_tricks(tricks)
    except InvalidTricks as error:
        return said_error(error)
    return ""


def board_number_field(**kwargs):
    return _number(
        BOARD_REQUIRED,
        BOARD_INVALID,
        too_high=BOARD_TOO_HIGH_MESSAGE,
        max_value=MAX_BOARD,
        **kwargs,
    )


# -- starting a game ---------------------------------------------------------------------


class StartForm(forms.Form):
    kind: str
    use_required_attribute = False  # the page's own messages explain what is missing
    form_key = FormKeyField()
    title = forms.CharField(
        label=gettext_lazy("Name this game (optional)"),
        max_length=80,
        required=False,
        help_text=gettext_lazy("For your list of games, like “Tuesday at the club”."),
    )

    def settings(self) -> dict:
        """Keyword arguments for services.scorepad_start."""
        return {
            "kind": self.kind,
            "title": self.cleaned_data["title"].strip(),
            "form_key": self.cleaned_data["form_key"],
        }


class PlayerForm(forms.Form):
    """One player of a rubber game: a name, and the card the player drew."""

    use_required_attribute = False
    name = forms.CharField(max_length=40, required=False)
    card = forms.CharField(max_length=4, required=False)

    def __init__(self, *args, label: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = label
        self.fields["card"].label = gettext("Card drawn by %(player)s") % {
            "player": f"{label[0].lower()}{label[1:]}"
        }


Players = formset_factory(PlayerForm, formset=Rows)
PLAYERS = "player"
"""A rubber game's grid of players: rubber-player-0-name, rubber-player-0-card..."""


def _typed(row, name: str) -> str:
    return (row.cleaned_data.get(name) or "").strip()


class RubberStartForm(WithGrids, StartForm):
    kind = RUBBER
    fifty = _radio(
        ScorePad.Fifty.choices, label=gettext_lazy("Rounding the difference"), initial="up"
    )
    scorer = forms.ChoiceField(
        choices=[
            (str(n), format_lazy(gettext_lazy("Player {n}"), n=n))
            for n in range(1, MAX_PLAYERS + 1)
        ],
        widget=forms.RadioSelect,
        required=False,
        initial="1",
    )

    def __init__(self, data=None, *args, prefix=None, **kwargs):
        super().__init__(data, *args, prefix=prefix, **kwargs)
        self.players_grid = Players(
            data,
            prefix=f"{prefix}-{PLAYERS}" if prefix else PLAYERS,
            rows=MAX_PLAYERS,
            label=gettext("Player {n}"),
        )

    def grids(self):
        return [self.players_grid]

    def player_rows(self):
        """(number, name field, card field) for the template, one row a player."""
        return [(n, row["name"], row["card"]) for n, row in self.players_grid.numbered()]

    def clean(self):
        data = super().clean()
        self.players_grid.is_valid()  # each row read, its own errors beside its boxes
        typed = [
            (n, _typed(row, "name"), _typed(row, "card"), row)
            for n, row in self.players_grid.numbered()
        ]
        for _, name, card, row in typed:
            if card and not name:
                row.add_error("card", gettext(CARD_WITHOUT_NAME))
        named = [(n, name, card, row) for n, name, card, row in typed if name]
        self.players, self.scorer = [], ""
        if not named:
            return data
        if len(named) not in (4, 5):
            self.add_error(None, gettext(PLAYERS_COUNT))
            return data
        names = [name for _, name, _, _ in named]
        if len(set(names)) != len(names):
            self.add_error(None, gettext(PLAYERS_SAME))
            return data
        self.players = self._draw_order(named)
        scorer = int(data.get("scorer") or named[0][0])
        scorer_name = next((name for n, name, _, _ in named if n == scorer), "")
        if not scorer_name:
            self.add_error("scorer", gettext(SCORER_NOT_NAMED))
        self.scorer = scorer_name
        return data

    def _draw_order(self, named) -> list[str]:
        """The names from the highest card drawn to the lowest (as typed when no cards)."""
        cards = {name: card for _, name, card, _ in named if card}
        if not cards:
            return [name for _, name, _, _ in named]
        if len(cards) != len(named):
            self.add_error(None, gettext(CARDS_ALL_OR_NONE))
            return []
        refused = False
        for _, _, card, row in named:
            try:
                Card.parse(card)
            except ScoringError as error:
                row.add_error("card", str(error))
                refused = True
        if refused or not self.grids_valid():
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
        [(name, said_lazily(find_form(name).label)) for name in FOUR_DEAL_FORMS],
        label=gettext_lazy("Form of scoring"),
        initial="chicago",
    )
    first_dealer = _radio(
        ScorePad.SIDE_CHOICES, label=gettext_lazy("Who deals first?"), initial="we"
    )
    fifty = _radio(
        ScorePad.Fifty.choices, label=gettext_lazy("Rounding the difference"), initial="up"
    )

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
        error_messages={"required": gettext_lazy(STALE_PAGE), "invalid": gettext_lazy(STALE_PAGE)},
    )
    level = _number(LEVEL_REQUIRED, LEVEL_INVALID, label=gettext_lazy("Level"))
    strain = _radio(
        STRAIN_CHOICES,
        label=gettext_lazy("Strain"),
        error_messages={"required": gettext_lazy(STRAIN_REQUIRED)},
    )
    doubling = _radio(
        DOUBLING_CHOICES,
        label=gettext_lazy("Doubled?"),
        required=False,
        initial="",
        error_messages={"invalid_choice": gettext_lazy("Choose not doubled, doubled or redoubled")},
    )
    tricks = _number(
        TRICKS_REQUIRED, TRICKS_INVALID, label=gettext_lazy("Tricks taken by declaring side")
    )
    honors = _radio(HONORS_CHOICES, label=gettext_lazy("Honors"), required=False, initial="")
    honors_side = _radio(ScorePad.SIDE_CHOICES, label=gettext_lazy("Held by"), required=False)

    def __init__(self, *args, scoring_form: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.scoring_form = scoring_form
        self.duplicate = scoring_form == "duplicate"
        if self.duplicate:
            self.fields["board"] = board_number_field(label=gettext("Board"))
            self.fields["declarer"] = _radio(
                SEAT_CHOICES,
                label=gettext("Declarer"),
                error_messages={"required": gettext(SEAT_REQUIRED)},
            )
            # Honors are never scored at duplicate: the form does not ask.
            del self.fields["honors"], self.fields["honors_side"]
        else:
            self.fields["declarer"] = _radio(
                ScorePad.SIDE_CHOICES,
                label=gettext("Declaring side"),
                error_messages={"required": gettext(DECLARER_REQUIRED)},
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
        if tricks is not None and (refused := tricks_refused(tricks)):
            self.add_error("tricks", refused)
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
