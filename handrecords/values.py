"""What a hand record holds: a deal's four hands, its double-dummy table and its par.

Plain frozen values (strings and ints), so a record is cached as it is and drawn by
templates; nothing here calls the solver or the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

SEATS = ("N", "E", "S", "W")
"""Seats in the order the deal is dealt, clockwise from North."""
SUITS = ("S", "H", "D", "C")
"""Suits in the order a hand is written: spades first."""
STRAINS = ("C", "D", "H", "S", "NT")
"""Strains in the order of a double-dummy table's columns (the order of the bidding)."""
PRINTED_SEATS = ("N", "S", "E", "W")
PRINTED_STRAINS = ("NT", "S", "H", "D", "C")
"""The order of the rows and columns of a printed double-dummy table."""
VULNERABILITIES = ("none", "NS", "EW", "both")
"""As the engine names them (scoring.board_conditions)."""


class InvalidDeal(ValueError):
    """A deal that is not four hands of thirteen cards, dealt from one pack."""


@dataclass(frozen=True)
class Hand:
    seat: str
    suits: tuple[str, str, str, str]
    """The ranks held in spades, hearts, diamonds and clubs, highest first ("AKT9", "")."""

    def holding(self, suit: str) -> str:
        return self.suits[SUITS.index(suit)]


@dataclass(frozen=True)
class ParContract:
    """One contract that scores par: e.g. 4SX by North or South, one down."""

    level: int
    strain: str
    doubled: bool
    declarers: tuple[str, ...]
    """The seats that can declare it with the same result ("N", "S")."""
    result: int
    """Tricks over the contract (0 when made exactly), or minus the tricks it goes down."""
    score_ns: int
    """What North-South score when it is played: the engine's figure."""

    @property
    def contract(self) -> str:
        """As the engine reads it: "4SX"."""
        return f"{self.level}{self.strain}{'X' if self.doubled else ''}"

    @property
    def tricks(self) -> int:
        return 6 + self.level + self.result

    @property
    def pair(self) -> str:
        return "NS" if self.declarers[0] in "NS" else "EW"

    @property
    def pair_score(self) -> int:
        """What the declaring pair scores: negative for a sacrifice."""
        return self.score_ns if self.pair == "NS" else -self.score_ns

    @property
    def down(self) -> int:
        """Tricks short of the contract (0 when it makes)."""
        return max(0, -self.result)

    @property
    def result_text(self) -> str:
        """ "=", "+1" or "-2", as hand records print it after the contract."""
        if self.result == 0:
            return "="
        return f"{self.result:+d}"


@dataclass(frozen=True)
class HandRecord:
    board: int
    dealer: str
    vulnerable: str
    deal: str
    """The deal in PBN, from North: "N:AKQ.. ... ... ..."."""
    hands: tuple[Hand, Hand, Hand, Hand]
    """North, East, South, West."""
    tricks: tuple[tuple[int, ...], ...]
    """Double-dummy tricks: one row per declarer (N, E, S, W), one column per strain
    (C, D, H, S, NT)."""
    par_score: int
    """North-South's par score, worked out by the engine from the par contract."""
    par_contracts: tuple[ParContract, ...]
    """Empty when par is to pass the deal out."""
    solver_par_score: int
    """What the solver states the par score is (North-South's view): the engine must agree."""

    def hand(self, seat: str) -> Hand:
        return self.hands[SEATS.index(seat)]

    def tricks_for(self, seat: str, strain: str) -> int:
        return self.tricks[SEATS.index(seat)][STRAINS.index(strain)]

    @property
    def rows(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """(declarer, tricks in C, D, H, S, NT) for a drawn table."""
        return tuple(zip(SEATS, self.tricks, strict=True))

    @property
    def printed_rows(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """As hand records print the table: declarers N, S, E, W; strains NT, S, H, D, C."""
        return tuple(
            (seat, tuple(self.tricks_for(seat, strain) for strain in PRINTED_STRAINS))
            for seat in PRINTED_SEATS
        )

    @property
    def par_points(self) -> int:
        """Par as the side that scores it says it: 110 to East-West when par_score is -110."""
        return abs(self.par_score)

    @property
    def par_pair(self) -> str | None:
        """Who scores par: "NS", "EW", or None when par is 0."""
        if self.par_score == 0:
            return None
        return "NS" if self.par_score > 0 else "EW"
