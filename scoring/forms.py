"""Forms of scoring as data: each form is a set of rule switches that one scorer reads.

Adding a house rule is a few lines: `replace(find_form("chicago"), insult=(50, 50))`.
The same switches let the engine replay a learner's misunderstanding (see mistakes.py).

>>> find_form("duplicate").part_score_bonus
50
>>> find_form("rubber").rubber_bonus
(700, 500)
>>> find_form("chukker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.errors.InvalidForm: Unknown form 'chukker': choose one of rubber, chicago, ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.errors import InvalidForm
from scoring.words import Words, gettext_noop


class Vulnerability(StrEnum):
    """How a form decides who is vulnerable: the text "games_won", "chicago", "cavendish" or
    "board" wherever stored, and equal to it."""

    GAMES_WON = "games_won"
    """Rubber bridge: a side that has won a game is vulnerable."""
    CHICAGO = "chicago"
    """Deal 1 neither, deals 2 and 3 the dealer's side, deal 4 both."""
    CAVENDISH = "cavendish"
    """Deal 1 neither, deals 2 and 3 the dealer's opponents, deal 4 both."""
    BOARD = "board"
    """Duplicate: the board number sets it (cycle of 16)."""

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Form:
    """The rule switches of one form of scoring."""

    name: str
    label: str
    vulnerability: Vulnerability
    # Trick values per odd trick bid and made.
    minor_trick: int = 20
    major_trick: int = 30
    notrump_first_trick: int = 40
    notrump_other_trick: int = 30
    # The first six tricks (the book) score nothing: only the odd tricks, those bid over
    # them, count. True replays the belief that the book's six tricks score too.
    book_tricks_scored: bool = False
    # Doubled and redoubled overtricks: (not vulnerable, vulnerable), or per trick value.
    doubled_overtrick: tuple[int, int] = (100, 200)
    redoubled_overtrick: tuple[int, int] = (200, 400)
    doubled_overtricks_at_trick_value: bool = False
    # Undoubled overtricks: the trick value times this, (not vulnerable, vulnerable). Always
    # (1, 1) by the rules; (1, 2) replays the belief that vulnerability doubles them.
    undoubled_overtrick_factor: tuple[int, int] = (1, 1)
    # Making a doubled / redoubled contract.
    insult: tuple[int, int] = (50, 100)
    # Undertricks: the nth entry is the nth trick down; the last repeats.
    undoubled_undertrick: tuple[int, int] = (50, 100)
    doubled_undertricks_nv: tuple[int, ...] = (100, 200, 200, 300)
    doubled_undertricks_v: tuple[int, ...] = (200, 300)
    redouble_penalty_factor: int = 2
    # Slams bid and made: (not vulnerable, vulnerable).
    small_slam: tuple[int, int] = (500, 750)
    grand_slam: tuple[int, int] = (1000, 1500)
    slam_needs_bid: bool = True
    # Game and part-score.
    game_points: int = 100
    game_bonus: tuple[int, int] | None = None
    part_score_bonus: int = 0
    part_score_bonus_with_game: bool = False
    carry_over: bool = True
    game_cancels_part_scores: bool = True
    overtricks_count_toward_game: bool = False
    # A doubled or redoubled trick score counts toward game at its doubled value. False
    # replays the belief that only the undoubled trick score counts (2♣XX's 160 no game).
    doubled_trick_score_toward_game: bool = True
    fourth_deal_part_score_bonus: int = 0
    # Honors, rubber and unfinished rubber.
    honors: bool = True
    rubber_bonus: tuple[int, int] | None = None  # (opponents have no game, they have one)
    unfinished_game_bonus: int = 300
    unfinished_part_score_bonus: int = 100
    # Does the score sheet have a line (trick score below, the rest above)?
    has_line: bool = True

    def __post_init__(self):
        # A form built with the plain text ("chicago") holds the enum all the same.
        try:
            rule = Vulnerability(self.vulnerability)
        except ValueError:
            known = ", ".join(Vulnerability)
            raise InvalidForm(
                f"A form's vulnerability is one of {known}, got {self.vulnerability!r}"
            ) from None
        object.__setattr__(self, "vulnerability", rule)

    def with_changes(self, **changes) -> Form:
        """This form with some switches changed: a house rule, or a misunderstanding."""
        return replace(self, **changes)


RUBBER = Form(
    name="rubber",
    label=Words(gettext_noop("Rubber bridge")),
    vulnerability=Vulnerability.GAMES_WON,
    rubber_bonus=(700, 500),
)
CHICAGO = Form(
    name="chicago",
    label=Words(gettext_noop("Chicago (four-deal bridge)")),
    vulnerability=Vulnerability.CHICAGO,
    game_bonus=(300, 500),
    fourth_deal_part_score_bonus=100,
)
CAVENDISH = CHICAGO.with_changes(
    name="cavendish",
    label=Words(gettext_noop("Cavendish (four-deal bridge)")),
    vulnerability=Vulnerability.CAVENDISH,
)
CHICAGO_NO_CARRY = Form(
    name="chicago_no_carry",
    label=Words(gettext_noop("Chicago, part-scores not carried over")),
    vulnerability=Vulnerability.CHICAGO,
    game_bonus=(300, 500),
    part_score_bonus=50,
    carry_over=False,
    has_line=False,
)
SIMPLICITY = CHICAGO_NO_CARRY.with_changes(
    name="simplicity",
    label=Words(gettext_noop("Simplicity Bridge")),
    # rules §6: vulnerable on deals 2 and 3 is the side NOT dealing, as in Cavendish.
    vulnerability=Vulnerability.CAVENDISH,
    # rules §6: making a redoubled contract earns 50 too, not 100.
    insult=(50, 50),
)
DUPLICATE = Form(
    name="duplicate",
    label=Words(gettext_noop("Duplicate")),
    vulnerability=Vulnerability.BOARD,
    game_bonus=(300, 500),
    part_score_bonus=50,
    carry_over=False,
    honors=False,
    has_line=False,
)
CLUB_ROUND = RUBBER.with_changes(
    name="club_round", label=Words(gettext_noop("Club four-deal round (rubber scoring)"))
)

FORMS = {
    form.name: form
    for form in (RUBBER, CHICAGO, CAVENDISH, CHICAGO_NO_CARRY, SIMPLICITY, DUPLICATE, CLUB_ROUND)
}
FOUR_DEAL_FORMS = ("chicago", "cavendish", "chicago_no_carry", "simplicity")


def find_form(name: str | Form) -> Form:
    """The form called `name` ("rubber", "chicago", "duplicate", ...)."""
    if isinstance(name, Form):
        return name
    try:
        return FORMS[name]
    except (KeyError, TypeError):
        raise InvalidForm(f"Unknown form {name!r}: choose one of {', '.join(FORMS)}") from None
