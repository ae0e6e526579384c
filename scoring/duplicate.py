"""Duplicate: every deal on its own; the board number sets dealer and vulnerability.

>>> board_conditions(2)
('E', 'NS')
>>> board_conditions(17) == board_conditions(1)
True

A session at one table keeps each pair's score board by board:

>>> session = DuplicateSession()
>>> session.record(1, "S", "4H", tricks=10).ns
420
>>> session.record(2, "W", "3NTX", tricks=7).ns  # two down, doubled, EW not vulnerable
300
>>> session.record_passed_out(3).ns
0
>>> session.total("NS"), session.total("EW"), session.difference, session.winner
(720, 0, 720, 'NS')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from scoring.deal import DealResult, score_deal
from scoring.errors import InvalidForm
from scoring.played import PlayedDeal
from scoring.sides import PAIR_NAMES, SEATS, Pair, Role, Seat, check_pair, check_seat, pair_of


class BoardVulnerability(StrEnum):
    """Who is vulnerable on a board: the text "none", "NS", "EW" or "both" wherever stored.

    >>> BoardVulnerability("EW").full_name, BoardVulnerability.BOTH.includes("NS")
    ('East–West', True)
    """

    NONE = "none"
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def full_name(self) -> str:
        """ "Neither pair", "North–South", "East–West", "Both pairs"."""
        return BOARD_VULNERABILITY_NAMES[self]

    def includes(self, pair: Pair | str) -> bool:
        """Is `pair` ("NS" or "EW") vulnerable?"""
        return self is BoardVulnerability.BOTH or self == check_pair(pair)


# Vulnerability advances one step a board and one more every fourth board, so that
# the sixteen boards hold each dealer with each vulnerability once.
_VULNERABILITY = tuple(BoardVulnerability)
BOARD_CYCLE = 16
"""Boards in one cycle: board 17 is dealt and scored as board 1."""


def board_conditions(board: int) -> tuple[Seat, BoardVulnerability]:
    """(dealer, vulnerable) for a board: dealer N/E/S/W; vulnerable none/NS/EW/both."""
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise InvalidForm(f"Board numbers start at 1, got {board!r}")
    n = (board - 1) % BOARD_CYCLE
    return SEATS[n % 4], _VULNERABILITY[(n + n // 4) % 4]


BOARD_VULNERABILITY_NAMES = {
    BoardVulnerability.NONE: "Neither pair",
    BoardVulnerability.NS: PAIR_NAMES[Pair.NS],
    BoardVulnerability.EW: PAIR_NAMES[Pair.EW],
    BoardVulnerability.BOTH: "Both pairs",
}
"""A board's vulnerability, as board_conditions() gives it, in words."""


def seat_vulnerable(board: int, seat: Seat | str) -> bool:
    """Is the pair sitting at `seat` (N, E, S or W) vulnerable on this board?

    >>> seat_vulnerable(2, "S"), seat_vulnerable(2, "W")
    (True, False)
    """
    return board_conditions(board)[1].includes(pair_of(seat))


@dataclass(frozen=True)
class BoardResult:
    """One board as played at a table: what each pair scores on it (one of them scores 0)."""

    board: int
    dealer: Seat
    vulnerable: BoardVulnerability
    """"none", "NS", "EW" or "both"."""
    declarer: Seat | None
    """The declarer's seat, or None when the board was passed out."""
    result: DealResult | None

    @property
    def passed_out(self) -> bool:
        return self.result is None

    @property
    def contract(self):
        return self.result.contract if self.result else None

    @property
    def tricks(self):
        return self.result.tricks if self.result else None

    def _role(self, pair: Pair | str) -> Role | None:
        """DECLARER or DEFENDERS for the pair; None on a passed-out board."""
        pair = check_pair(pair)
        if self.result is None:
            return None
        return Role.of(pair, self.declarer)

    def score(self, pair: Pair | str) -> int:
        """The pair's score on this board: the declarer's points or the defenders'."""
        role = self._role(pair)
        return 0 if role is None else self.result.points(role)

    def items_for(self, pair: Pair | str) -> tuple:
        """What the pair scores on this board, item by item."""
        role = self._role(pair)
        return () if role is None else tuple(i for i in self.result.items if i.side == role)

    @property
    def ns(self) -> int:
        return self.score(Pair.NS)

    @property
    def ew(self) -> int:
        return self.score(Pair.EW)


def score_board(
    board: int, declarer: Seat | str, contract, tricks: int, *, honors: str | None = None
) -> BoardResult:
    """Score a played board: its number sets dealer and vulnerability."""
    dealer, vulnerable = board_conditions(board)
    declarer = check_seat(declarer)
    result = score_deal(
        contract, tricks, seat_vulnerable(board, declarer), form="duplicate", honors=honors
    )
    return BoardResult(board, dealer, vulnerable, declarer, result)


@dataclass
class DuplicateSession:
    """Boards played at one table, each scored on its own; totals for each pair."""

    boards: list[BoardResult] = field(default_factory=list)

    def _check_new(self, board: int) -> tuple[Seat, BoardVulnerability]:
        conditions = board_conditions(board)
        if any(b.board == board for b in self.boards):
            raise InvalidForm(f"Board {board} is already on this sheet: edit it instead")
        return conditions

    def record(
        self, board: int, declarer: str, contract, tricks: int, *, honors: str | None = None
    ) -> BoardResult:
        self._check_new(board)
        played = score_board(board, declarer, contract, tricks, honors=honors)
        self.boards.append(played)
        return played

    def record_deal(self, deal: PlayedDeal) -> BoardResult:
        """Write one played board: its `board` number, and declarer's seat as `declarer`."""
        if deal.passed_out:
            return self.record_passed_out(deal.board)
        return self.record(
            deal.board, deal.declarer, deal.contract, deal.tricks, honors=deal.honors
        )

    def record_passed_out(self, board: int) -> BoardResult:
        dealer, vulnerable = self._check_new(board)
        played = BoardResult(board, dealer, vulnerable, None, None)
        self.boards.append(played)
        return played

    def total(self, pair: Pair | str) -> int:
        return sum(b.score(pair) for b in self.boards)

    @property
    def difference(self) -> int:
        """NS's total less EW's."""
        return self.total(Pair.NS) - self.total(Pair.EW)

    @property
    def winner(self) -> Pair | None:
        difference = self.difference
        return Pair.NS if difference > 0 else Pair.EW if difference < 0 else None

    @property
    def next_board(self) -> int:
        return max((b.board for b in self.boards), default=0) + 1
