"""Who is who: the sides of a WE/THEY sheet, the roles in a deal, seats and pairs.

>>> Side("we").other
'they'
>>> other("they"), Side.WE.label
('we', 'WE')
>>> Side.WE == "we", Side("they") is Side.THEY
(True, True)
>>> Role.DECLARER.other, Role.DEFENDERS.label
('defenders', 'Defenders')
>>> pair_of("S"), SEAT_NAMES["S"], PAIR_NAMES["EW"]
('NS', 'South', 'East–West')
"""

from __future__ import annotations

from enum import StrEnum

from scoring.errors import InvalidSide


class Side(StrEnum):
    """A side of the sheet. A StrEnum: it is the text "we" or "they" wherever text is stored."""

    WE = "we"
    """The side keeping the score."""
    THEY = "they"
    """Their opponents."""

    @property
    def other(self) -> Side:
        return Side.THEY if self is Side.WE else Side.WE

    def __repr__(self) -> str:
        # A side reads as the text it stands for, in reprs and doctests alike.
        return repr(self.value)

    @property
    def label(self) -> str:
        """How a sheet heads the side's column: "WE", "THEY"."""
        return self.value.upper()


WE, THEY = Side.WE, Side.THEY
SIDES = (WE, THEY)


def other(side: str) -> Side:
    """The opposing side of "we" or "they"."""
    return check_side(side).other


def check_side(side: str, what: str = "side") -> Side:
    """`side` as a Side; anything else raises InvalidSide naming `what` it was meant to be."""
    try:
        return Side(side)
    except ValueError:
        raise InvalidSide(f"The {what} must be 'we' or 'they', got {side!r}") from None


class Role(StrEnum):
    """The part a side plays in one deal, whatever the sheet calls it."""

    DECLARER = "declarer"
    """Declarer and dummy: the pair that won the auction."""
    DEFENDERS = "defenders"
    """The two players against the contract."""

    @property
    def other(self) -> Role:
        return Role.DEFENDERS if self is Role.DECLARER else Role.DECLARER

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def label(self) -> str:
        """How a breakdown names the role: "Declaring side", "Defenders"."""
        return "Declaring side" if self is Role.DECLARER else "Defenders"

    @classmethod
    def of(cls, player: str, declarer: str) -> Role:
        """The role of `player` (a side, pair or seat) in a deal `declarer` plays.

        >>> Role.of("they", "we"), Role.of("NS", "S"), Role.of("W", "E")
        ('defenders', 'declarer', 'declarer')
        """
        same = partnership_of(player) == partnership_of(declarer)
        return Role.DECLARER if same else Role.DEFENDERS

    def side_for(self, declarer: str) -> Side:
        """The sheet's side playing this role when `declarer`'s side declares.

        >>> Role.DEFENDERS.side_for("we")
        'they'
        """
        declarer = check_side(declarer, "declaring side")
        return declarer if self is Role.DECLARER else declarer.other


DECLARER, DEFENDERS = Role.DECLARER, Role.DEFENDERS

SEATS = ("N", "E", "S", "W")
"""The four seats at a duplicate table, clockwise from North."""
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
PAIRS = ("NS", "EW")
PAIR_NAMES = {"NS": "North–South", "EW": "East–West"}


def pair_of(seat: str) -> str:
    """The pair sitting at a seat: "NS" or "EW"."""
    if seat not in SEATS:
        raise InvalidSide(f"The declarer sits N, E, S or W, got {seat!r}")
    return "NS" if seat in ("N", "S") else "EW"


def partnership_of(player: str) -> str:
    """The side or pair a player belongs to: a seat's pair; a side or pair is itself."""
    return pair_of(player) if player in SEATS else player
