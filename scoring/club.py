"""Club four-deal rounds (rules §5): rubber scoring over four deals, then victory points.

>>> victory_points(580)
(15, 5)
>>> victory_points(40), victory_points(1550)
((10, 10), (19, 1))
"""

from __future__ import annotations

from scoring.contract import Contract
from scoring.errors import GameOver, ScoringError
from scoring.rubber import Rubber
from scoring.sheet import DealRecord
from scoring.sides import SEATS, SIDES, THEY, WE, Seat, check_side, other

SIT_OUT_VP = 12
"""Victory points for a pair that sits out a round."""

# (smallest difference, winner's VP, loser's VP), from the largest band down.
VP_SCALE = (
    (1550, 19, 1),
    (1250, 18, 2),
    (950, 17, 3),
    (750, 16, 4),
    (550, 15, 5),
    (350, 14, 6),
    (250, 13, 7),
    (150, 12, 8),
    (50, 11, 9),
    (0, 10, 10),
)

DEALERS = SEATS
"""North deals the first deal of a round, then East, South and West."""


def victory_points(difference: int) -> tuple[int, int]:
    """Winner's and loser's victory points for a total-points difference."""
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise ScoringError(f"A difference is a whole number of points, got {difference!r}")
    if difference < 0:
        raise ScoringError(f"A difference is never negative, got {difference}")
    for floor, winner, loser in VP_SCALE:
        if difference >= floor:
            return winner, loser
    raise AssertionError("unreachable: the scale starts at 0")


def victory_points_by_side(difference: int) -> dict[str, int]:
    """Each side's VP for a difference signed from WE's side, the leading side first.

    Level totals give 10 each, WE named first.

    >>> victory_points_by_side(-580)
    {'they': 15, 'we': 5}
    >>> victory_points_by_side(0)
    {'we': 10, 'they': 10}
    """
    winner_vp, loser_vp = victory_points(abs(difference))
    leader = WE if difference >= 0 else THEY
    return {leader: winner_vp, other(leader): loser_vp}


class ClubRound:
    """Four deals dealt by North, East, South, West; "we" are North-South.

    A rubber won inside the round is followed by a new one; an unfinished rubber at
    the end of the round earns its unfinished-rubber bonuses.
    """

    def __init__(self, fifty: str = "up"):
        self.fifty = fifty
        self.rubbers: list[Rubber] = [Rubber(form="club_round", fifty=fifty)]
        self.deal_number = 1
        self._finished = False

    @property
    def dealer(self) -> Seat:
        return DEALERS[(self.deal_number - 1) % 4]

    @property
    def rubber(self) -> Rubber:
        """The rubber in progress (or the last one, once the round is over)."""
        return self.rubbers[-1]

    def vulnerable(self, side: str) -> bool:
        return self.rubber.vulnerable(side)

    def record(
        self,
        declarer: str,
        contract: str | Contract,
        tricks: int,
        honors: str | None = None,
        honors_side: str | None = None,
    ) -> DealRecord:
        if self._finished:
            raise GameOver("This round has had its four deals")
        if self.rubber.is_finished:
            self.rubbers.append(Rubber(form="club_round", fifty=self.fifty))
        record = self.rubber.record(declarer, contract, tricks, honors, honors_side)
        self._advance()
        return record

    def record_passed_out(self) -> None:
        """A passed-out hand is dealt again by the same dealer: the round does not move on."""
        if self._finished:
            raise GameOver("This round has had its four deals")

    def _advance(self) -> None:
        if self.deal_number == 4:
            self.rubber.finish()
            self._finished = True
        else:
            self.deal_number += 1

    @property
    def is_finished(self) -> bool:
        return self._finished

    def total(self, side: str) -> int:
        check_side(side)
        return sum(r.total(side) for r in self.rubbers)

    @property
    def difference(self) -> int:
        return self.total(WE) - self.total(THEY)

    def victory_points(self) -> dict[str, int]:
        """Each side's VP for the round (only once it is finished)."""
        if not self._finished:
            raise ScoringError("Victory points are given when the round's four deals are done")
        return victory_points_by_side(self.difference)


__all__ = [
    "SIDES",
    "SIT_OUT_VP",
    "VP_SCALE",
    "ClubRound",
    "victory_points",
    "victory_points_by_side",
]
