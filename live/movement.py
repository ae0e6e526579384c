"""A Mitchell movement for a live class at tables: who plays which boards against whom.

Pure: no Django, no scoring (the matchpoints are the engine's, in live.tables). With T
tables and the boards cut into T sets, the session has T rounds:

- the N-S pair of table t (pair t) stays at table t all session;
- the E-W pairs (pairs T+1 to 2T, pair T+t starting at table t) move up one table after
  each round (from the last table to table 1);
- the boards move down one table (from table 1 to the last).

So at round r, table t plays set t + r - 1 and hosts the E-W pair that started at table
t - r + 1 (counted round the tables). With an odd number of tables every E-W pair meets
every N-S pair once and plays every board once; with an even number an E-W pair would
meet the same boards twice, so a Mitchell here takes an odd number of tables.

>>> m = Mitchell(tables=3, first_board=1, board_count=6)
>>> m.seat(round=2, table=1)
Seat(round=2, table=1, ns=1, ew=6, boards=(3, 4))
>>> [s.table for s in m.rounds_of(4)]
[1, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass

NS, EW = "NS", "EW"


@dataclass(frozen=True)
class Seat:
    """One table at one round: its N-S and E-W pairs (by number) and the boards they play."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]

    def direction_of(self, pair: int) -> str:
        return NS if pair == self.ns else EW

    def opponent_of(self, pair: int) -> int:
        return self.ew if pair == self.ns else self.ns


@dataclass(frozen=True)
class Mitchell:
    tables: int
    first_board: int
    board_count: int

    @property
    def rounds(self) -> int:
        return self.tables

    @property
    def per_round(self) -> int:
        return self.board_count // self.tables

    @property
    def pairs(self) -> range:
        return range(1, 2 * self.tables + 1)

    def direction(self, pair: int) -> str:
        return NS if pair <= self.tables else EW

    def set_boards(self, number: int) -> tuple[int, ...]:
        """The boards of set `number` (1 to T): set 1 is the first `per_round` boards."""
        start = self.first_board + (number - 1) * self.per_round
        return tuple(range(start, start + self.per_round))

    def seat(self, *, round: int, table: int) -> Seat:
        t = self.tables
        boards = self.set_boards((table - 1 + round - 1) % t + 1)
        ew = t + (table - 1 - (round - 1)) % t + 1
        return Seat(round=round, table=table, ns=table, ew=ew, boards=boards)

    def seats(self) -> list[Seat]:
        """Every table at every round, round by round."""
        return [
            self.seat(round=r, table=t)
            for r in range(1, self.rounds + 1)
            for t in range(1, self.tables + 1)
        ]

    def rounds_of(self, pair: int) -> list[Seat]:
        """Where `pair` sits at each round, first round first."""
        return [s for s in self.seats() if pair in (s.ns, s.ew)]

    def seat_of(self, *, pair: int, board: int) -> Seat | None:
        """The round and table at which `pair` plays `board` (None: not a board of it)."""
        return next((s for s in self.rounds_of(pair) if board in s.boards), None)

    def seat_of_board(self, *, board: int, table: int) -> Seat | None:
        """Who plays `board` at `table`, and in which round."""
        return next((s for s in self.seats() if s.table == table and board in s.boards), None)


def fits(*, tables: int, board_count: int) -> bool:
    """A Mitchell here: an odd number of tables, 3 or more, each playing the same number of
    boards a round."""
    return tables >= 3 and tables % 2 == 1 and board_count % tables == 0
