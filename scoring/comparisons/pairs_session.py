"""A pairs session: several boards played by moving pairs, matchpointed board by board."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from scoring.comparisons.matchpointing import _per_win
from scoring.comparisons.travellers import Traveller, _direction
from scoring.comparisons.wording import _decimal, _exact_figure, _percent
from scoring.errors import InvalidComparison
from scoring.sides import Pair
from scoring.words import Words, ngettext


@dataclass(frozen=True)
class PairStanding:
    """A pair's matchpoints over the boards it played, and its percentage of the tops."""

    pair: str
    boards: int
    matchpoints: Fraction
    top: int
    """The sum of the tops of the boards the pair played: the most it could have earned."""
    percentage: float
    reason: str
    direction: Pair | None = None
    """"NS" or "EW" when the pair sat that way on every board it played (a Mitchell's
    fields), None when it sat both ways (a Howell)."""
    place: int = 0
    """Its place in the ranking it came in: 1 + the pairs with a better share of their
    tops. Pairs with the same share have the same place."""
    shared: bool = False
    """Another pair in the same ranking has the same place."""


@dataclass
class PairsSession:
    """Boards played by moving pairs, each with its traveller, matchpointed board by board.

    Each row names its N-S pair (the row's label) and its E-W pair, and a pair keeps
    its label all session, whichever direction it sits: give N-S and E-W pairs distinct
    labels in a Mitchell ("1", "2" ... and "A", "B" ...).

    >>> session = PairsSession()
    >>> board = session.traveller(1)
    >>> _ = board.record("1", "S", "4H", tricks=10, ew_pair="A")
    >>> _ = board.record("2", "S", "4H", tricks=9, ew_pair="B")
    >>> [(s.place, s.pair, str(s.matchpoints), s.percentage) for s in session.standings()]
    [(1, '1', '1', 100.0), (1, 'B', '1', 100.0), (3, '2', '0', 0.0), (3, 'A', '0', 0.0)]

    At a Mitchell the N-S pairs and the E-W pairs never meet in the ranking: each
    direction is a field of its own.

    >>> [(s.place, s.pair) for s in session.standings("EW")]
    [(1, 'B'), (2, 'A')]
    """

    scale: str = "acbl"
    travellers: dict[int, Traveller] = field(default_factory=dict)

    def __post_init__(self):
        _per_win(self.scale)

    def traveller(self, board: int) -> Traveller:
        """The board's traveller, started the first time it is asked for."""
        if board not in self.travellers:
            self.travellers[board] = Traveller(board)
        return self.travellers[board]

    def standings(self, direction: Pair | str | None = None) -> tuple[PairStanding, ...]:
        """Every pair's total, best share of its tops first, each with its place.

        With `direction` ("NS" or "EW"), the pairs of that field alone, ranked among
        themselves; a pair that sat both ways belongs to no one field and is refused.
        """
        if direction is not None:
            direction = _direction(direction)
        earned: dict[str, list[tuple[int, Fraction, int]]] = {}
        sat: dict[str, set[Pair]] = {}
        for board, traveller in sorted(self.travellers.items()):
            if len(traveller.rows) < 2:
                count = len(traveller.rows)
                raise InvalidComparison(
                    ngettext(
                        "Board {board} has results from {count} table: matchpoints need at "
                        "least 2 tables to compare",
                        "Board {board} has results from {count} tables: matchpoints need at "
                        "least 2 tables to compare",
                        count,
                        board=board,
                        count=count,
                    )
                )
            ns = traveller.matchpoints(Pair.NS, self.scale)
            ew = traveller.matchpoints(Pair.EW, self.scale)
            for row, ns_result, ew_result in zip(traveller.rows, ns, ew, strict=True):
                if row.ew_pair is None:
                    raise InvalidComparison(
                        f"Board {board}, {row.label!r}: name the E-W pair too "
                        "(ew_pair=...) so a pairs session can credit it"
                    )
                for pair, way, result in (
                    (row.label, Pair.NS, ns_result),
                    (row.ew_pair, Pair.EW, ew_result),
                ):
                    earned.setdefault(pair, []).append((board, result.matchpoints, result.top))
                    sat.setdefault(pair, set()).add(way)
        standings = [
            _standing(pair, boards, next(iter(sat[pair])) if len(sat[pair]) == 1 else None)
            for pair, boards in earned.items()
        ]
        if direction is not None:
            both = sorted(s.pair for s in standings if s.direction is None)
            if both:
                raise InvalidComparison(
                    f"{both[0]!r} sat both N-S and E-W: rank every pair together, "
                    "not one direction's field"
                )
            standings = [s for s in standings if s.direction is direction]
        return _ranked(standings)


def pair_total(board_matchpoints, top: int) -> tuple[Fraction, Fraction]:
    """A pair's matchpoints over its boards, and that total as a percentage of `top` (the
    sum of its boards' tops), both exact: what a session's totals table states.

    >>> pair_total([Fraction(7, 2), 2, 4], 12)
    (Fraction(19, 2), Fraction(475, 6))
    """
    total = sum((Fraction(mp) for mp in board_matchpoints), Fraction(0))
    return total, total * 100 / top


def _standing(
    pair: str, boards: list[tuple[int, Fraction, int]], direction: Pair | None
) -> PairStanding:
    top = sum(board_top for _, _, board_top in boards)
    total, _ = pair_total((mp for _, mp, _ in boards), top)
    percentage = _percent(total, top)
    terms = Words.joined([_exact_figure(mp) for _, mp, _ in boards], " + ")
    reason = ngettext(
        "{pair}: {terms} = {total} of {top} over {count} board: {percentage}%",
        "{pair}: {terms} = {total} of {top} over {count} boards: {percentage}%",
        len(boards),
        pair=pair,
        terms=terms,
        total=_exact_figure(total),
        top=top,
        count=len(boards),
        percentage=_decimal(percentage, 2),
    )
    return PairStanding(pair, len(boards), total, top, percentage, reason, direction)


def _ranked(standings: list[PairStanding]) -> tuple[PairStanding, ...]:
    """Best share of the tops first (exact, not the rounded percentage); places shared."""

    def share(standing: PairStanding) -> Fraction:
        return Fraction(standing.matchpoints) / standing.top

    ordered = sorted(standings, key=lambda s: (-share(s), _natural(s.pair)))
    shares = [share(s) for s in ordered]
    return tuple(
        replace(
            standing,
            place=1 + sum(other > shares[i] for other in shares),
            shared=shares.count(shares[i]) > 1,
        )
        for i, standing in enumerate(ordered)
    )


def _natural(label: str) -> tuple:
    """'N-S 2' before 'N-S 10': the numbers in a label compared as numbers."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.split(r"(\d+)", label)
        if part
    )
