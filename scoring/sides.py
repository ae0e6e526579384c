"""Who is who: the sides of a WE/THEY sheet, the roles in a deal, seats and pairs.

Each is a StrEnum: it is stored as the same text it always was, and equals that text, so
"S" and Seat.SOUTH may be passed alike.

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


class Seat(StrEnum):
    """A seat at a duplicate table. A StrEnum: it is the text "N", "E", "S" or "W" wherever
    text is stored, and equals that text.

    >>> Seat("S"), Seat.SOUTH == "S", Seat.SOUTH.full_name, Seat.SOUTH.pair
    ('S', True, 'South', 'NS')
    """

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def full_name(self) -> str:
        """ "North", "East", "South", "West"."""
        return SEAT_NAMES[self]

    @property
    def pair(self) -> Pair:
        """The pair sitting here: N and S are NS, E and W are EW."""
        return Pair.NS if self in (Seat.NORTH, Seat.SOUTH) else Pair.EW


class Pair(StrEnum):
    """One of the two pairs at a duplicate table: the text "NS" or "EW" wherever stored.

    >>> Pair("EW").other, Pair.EW.full_name
    ('NS', 'East–West')
    """

    NS = "NS"
    """North and South."""
    EW = "EW"
    """East and West."""

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def other(self) -> Pair:
        return Pair.EW if self is Pair.NS else Pair.NS

    @property
    def full_name(self) -> str:
        """ "North–South", "East–West"."""
        return PAIR_NAMES[self]


SEATS = tuple(Seat)
"""The four seats at a duplicate table, clockwise from North."""
SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
PAIRS = tuple(Pair)
PAIR_NAMES = {Pair.NS: "North–South", Pair.EW: "East–West"}


def check_seat(seat: Seat | str, what: str = "declarer") -> Seat:
    """`seat` as a Seat; anything else raises InvalidSide saying where `what` sits."""
    try:
        return Seat(seat)
    except ValueError:
        raise InvalidSide(f"The {what} sits N, E, S or W, got {seat!r}") from None


def check_pair(pair: Pair | str) -> Pair:
    """`pair` as a Pair; anything else raises InvalidSide."""
    try:
        return Pair(pair)
    except ValueError:
        raise InvalidSide(f"A pair is NS or EW, got {pair!r}") from None


def pair_of(seat: Seat | str) -> Pair:
    """The pair sitting at a seat: "NS" or "EW"."""
    return check_seat(seat).pair


def partnership_of(player: str) -> str:
    """The side or pair a player belongs to: a seat's pair; a side or pair is itself."""
    return pair_of(player) if player in SEATS else player
