"""The two sides of a WE/THEY score sheet, and the other one.

>>> Side("we").other
'they'
>>> other("they"), Side.WE.label
('we', 'WE')
>>> Side.WE == "we", Side("they") is Side.THEY
(True, True)
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
