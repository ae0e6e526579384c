"""A traveller: one board as played at every table, scored from N-S's side and compared."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.comparisons.checks import _label
from scoring.comparisons.imp_pairs import Butler, CrossImps, butler, cross_imps
from scoring.comparisons.imp_scale import TeamBoard, team_board
from scoring.comparisons.matchpointing import MatchpointResult, matchpoints
from scoring.comparisons.wording import _side_name, _signed, _who
from scoring.deal import DealResult, score_deal
from scoring.duplicate import BoardVulnerability, board_conditions, seat_vulnerable
from scoring.errors import InvalidComparison
from scoring.sides import PAIRS, Pair, Seat, check_seat
from scoring.words import Words, gettext_noop, vulnerability_word

DIRECTIONS = PAIRS
"""A traveller's two directions: N-S's scores, and E-W's (the same with the sign turned)."""


@dataclass(frozen=True)
class TravellerRow:
    """One table's result on a board, scored from N-S's side."""

    label: str
    """The table, or the N-S pair when pairs move (a Mitchell's "1", "2" ...)."""
    ew_pair: str | None
    """The E-W pair (a Mitchell's "A", "B" ...), when the traveller names it."""
    declarer: Seat | None
    """The declarer's seat, or None when the board was passed out."""
    result: DealResult | None
    """The DealResult that score_deal gave, or None when the board was passed out."""
    ns_score: int
    """Signed from N-S's side: +420 when N-S make 4♠, -100 when they go one down."""
    reason: str

    @property
    def ew_score(self) -> int:
        return -self.ns_score

    @property
    def passed_out(self) -> bool:
        return self.result is None

    def score(self, direction: Pair | str) -> int:
        return self.ns_score if _direction(direction) is Pair.NS else -self.ns_score


@dataclass
class Traveller:
    """One board as played at several tables, and the comparisons of its results."""

    board: int
    rows: list[TravellerRow] = field(default_factory=list)

    def __post_init__(self):
        board_conditions(self.board)  # refuses a board number that does not exist

    @property
    def dealer(self) -> Seat:
        return board_conditions(self.board)[0]

    @property
    def vulnerable(self) -> BoardVulnerability:
        """The board's vulnerability: "none", "NS", "EW" or "both"."""
        return board_conditions(self.board)[1]

    def record(
        self, label, declarer: Seat | str, contract, tricks: int, *, ew_pair=None
    ) -> TravellerRow:
        """Score a table's result; `label` names the table or its N-S pair."""
        label, ew_pair = self._check_new(label, ew_pair)
        declarer = check_seat(declarer)
        vulnerable = seat_vulnerable(self.board, declarer)
        result = score_deal(contract, tricks, vulnerable, form="duplicate")
        side = declarer.pair
        ns_score = result.total if side is Pair.NS else -result.total
        if side is Pair.EW:
            done = gettext_noop(
                "{contract} by {declarer}, {tricks} tricks, {vul}: {side} {score}, so N-S {ns}"
            )
        else:
            done = gettext_noop("{contract} by {declarer}, {tricks} tricks, {vul}: {side} {score}")
        done = Words(
            done,
            contract=result.contract.display,
            declarer=declarer,
            tricks=tricks,
            vul=vulnerability_word(vulnerable),
            side=_side_name(side),
            score=_signed(result.total),
            ns=_signed(ns_score),
        )
        reason = Words(gettext_noop("{who}: {done}"), who=_who(label, ew_pair), done=done)
        row = TravellerRow(label, ew_pair, declarer, result, ns_score, reason)
        self.rows.append(row)
        return row

    def record_passed_out(self, label, *, ew_pair=None) -> TravellerRow:
        label, ew_pair = self._check_new(label, ew_pair)
        reason = Words(gettext_noop("{who}: passed out, 0 to each side"), who=_who(label, ew_pair))
        row = TravellerRow(label, ew_pair, None, None, 0, reason)
        self.rows.append(row)
        return row

    def row(self, label) -> TravellerRow:
        label = _label(label)
        for row in self.rows:
            if row.label == label:
                return row
        raise InvalidComparison(f"Board {self.board} has no result for {label!r}")

    def scores(self, direction: Pair | str = Pair.NS) -> tuple[int, ...]:
        """Every table's score from one direction's side, in the order recorded."""
        return tuple(row.score(direction) for row in self.rows)

    def matchpoints(
        self, direction: Pair | str = Pair.NS, scale: str = "acbl"
    ) -> tuple[MatchpointResult, ...]:
        """Each row's matchpoints for one direction, in the order of the rows.

        E-W's scores are N-S's with the sign turned, so each E-W pair earns the top
        less what its N-S opponents earned.
        """
        return matchpoints(self.scores(direction), scale)

    def butler(self, direction: Pair | str = Pair.NS) -> Butler:
        return butler(self.scores(direction))

    def cross_imps(self, direction: Pair | str = Pair.NS) -> tuple[CrossImps, ...]:
        return cross_imps(self.scores(direction))

    def teams(self, room1, room2) -> TeamBoard:
        """The swing to the team sitting N-S at table `room1` and E-W at table `room2`."""
        return team_board(self.row(room1).ns_score, self.row(room2).ns_score)

    def _check_new(self, label, ew_pair) -> tuple[str, str | None]:
        label = _label(label)
        ew_pair = None if ew_pair is None else _label(ew_pair)
        if label == ew_pair:
            raise InvalidComparison(f"{label!r} cannot sit both N-S and E-W at one table")
        taken = {row.label for row in self.rows} | {row.ew_pair for row in self.rows}
        for name in (label, ew_pair):
            if name is not None and name in taken:
                raise InvalidComparison(
                    f"{name!r} already has a result on board {self.board}: edit it instead"
                )
        return label, ew_pair


def _direction(direction: Pair | str) -> Pair:
    if direction not in DIRECTIONS:
        raise InvalidComparison(f"A direction is NS or EW, got {direction!r}")
    return Pair(direction)
