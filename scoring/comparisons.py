"""Comparing results across tables: IMPs, matchpoints, Butler, cross-IMPs, victory points.

Every table of a duplicate event plays the same cards, so a score means little alone: it
earns what it earns by comparison with the scores at the other tables.

>>> imps(450), imps(-450)
(10, -10)
>>> [r.matchpoints for r in matchpoints([420, 420, 450, -100])]
[Fraction(3, 2), Fraction(3, 2), Fraction(3, 1), Fraction(0, 1)]
>>> butler([420, 420, 500, -100]).datum
310
>>> wbf_vp(13, boards=20)
VictoryPoints(ours=13.2, theirs=6.8)

A traveller scores one board at every table; N-S scores are signed from N-S's side:

>>> board = Traveller(3)  # dealer S, E-W vulnerable
>>> board.record("1", "S", "4S", tricks=10).ns_score
420
>>> board.record("2", "E", "5DX", tricks=9).ns_score  # two down, doubled, vulnerable
500
>>> [str(r.matchpoints) for r in board.matchpoints()]
['0', '1']
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from scoring.deal import score_deal
from scoring.duplicate import board_conditions, pair_of, seat_vulnerable
from scoring.errors import InvalidForm, ScoringError


class InvalidComparison(ScoringError):
    """Scores that cannot be compared: too few, not whole numbers, or a match of no boards."""


# -- IMPs -------------------------------------------------------------------------

IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The lower figure of each band of the WBF IMP scale: a difference of at least
IMP_STEPS[k - 1] points is worth k IMPs, up to 24 for 4000 and more."""


def imps(difference: int) -> int:
    """IMPs for a difference in points, signed like the difference.

    The WBF table is written for multiples of 10 (0-10: 0, 20-40: 1, 50-80: 2, ...).
    For any other whole number, as a Butler datum can give, each band starts at its
    lower figure and runs up to the next band's lower figure less one: 19 is 0 IMPs,
    20 to 49 is 1 IMP, 4000 and more is 24.

    >>> imps(10), imps(19), imps(20), imps(49), imps(50)
    (0, 0, 1, 1, 2)
    >>> imps(-620), imps(10_000)
    (-12, 24)
    """
    size = abs(_whole(difference, "A difference in points"))
    won = bisect_right(IMP_STEPS, size)
    return won if difference >= 0 else -won


def imp_band(difference: int) -> str:
    """Which band of the IMP scale a difference falls in, and its IMPs, in words.

    >>> imp_band(450), imp_band(-450)
    ('450 is at least 430 and under 500: 10 IMPs', '450 is at least 430 and under 500: -10 IMPs')
    """
    size = abs(_whole(difference, "A difference in points"))
    won = bisect_right(IMP_STEPS, size)
    if won == 0:
        where = f"under {IMP_STEPS[0]}"
    elif won == len(IMP_STEPS):
        where = f"{IMP_STEPS[-1]} or more"
    else:
        where = f"at least {IMP_STEPS[won - 1]} and under {IMP_STEPS[won]}"
    return f"{size} is {where}: {_imps_text(won if difference >= 0 else -won)}"


def imps_read_off(difference: int, bands: int) -> int:
    """IMPs read `bands` rows off the WBF table (-1: one band low, +1: one band high).

    What a learner who misreads the table by a row gets, signed like the difference,
    never under 0 nor over 24: the practice questions name this slip by replaying it.

    >>> imps(450), imps_read_off(450, -1), imps_read_off(-450, 1), imps_read_off(4000, 1)
    (10, 9, -11, 24)
    """
    read = min(len(IMP_STEPS), max(0, abs(imps(difference)) + bands))
    return read if difference >= 0 else -read


@dataclass(frozen=True)
class TeamBoard:
    """One board of a teams match: the swing to the team sitting N-S in room 1."""

    room1: int
    """N-S's score in room 1, where the team sits N-S."""
    room2: int
    """N-S's score in room 2, where the same team sits E-W."""
    swing: int
    """Points the team nets: its N-S score in room 1 less the opponents' in room 2."""
    imps: int
    reason: str


def team_board(
    ns_score_room1: int, ns_score_room2: int, *, other_room_as_ours: bool = False
) -> TeamBoard:
    """The swing in points and IMPs to the team sitting N-S in room 1 and E-W in room 2.

    `other_room_as_ours` replays a slip: room 2's N-S score taken as the team's own
    (added, not taken away), though the team sat E-W there.

    >>> board = team_board(620, 170)
    >>> board.swing, board.imps
    (450, 10)
    >>> print(board.reason.replace("; ", ";\\n"))
    N-S +620 in room 1, +170 in room 2: a swing of 620 - 170 = +450;
    450 is at least 430 and under 500: 10 IMPs
    """
    room1 = _whole(ns_score_room1, "A score")
    room2 = _whole(ns_score_room2, "A score")
    swing = room1 + room2 if other_room_as_ours else room1 - room2
    sign = "+" if other_room_as_ours else "-"
    reason = (
        f"N-S {_signed(room1)} in room 1, {_signed(room2)} in room 2: a swing of "
        f"{room1} {sign} {_bracketed(room2)} = {_signed(swing)}; {imp_band(swing)}"
    )
    return TeamBoard(room1, room2, swing, imps(swing), reason)


# -- matchpoints --------------------------------------------------------------------

SCALES = {"acbl": 1, "international": 2}
"""Matchpoints for each score beaten; a tie earns half as much."""

TIES = {"half": Fraction(1, 2), "won": Fraction(1), "lost": Fraction(0)}
"""What a tie is worth, as a share of a score beaten: half, as the rules say, or as
a learner who counts ties as wins (or as losses) reckons it."""


@dataclass(frozen=True)
class MatchpointResult:
    """One score's matchpoints on a board: what it beat, tied and lost to."""

    score: int
    matchpoints: Fraction
    """Exact: a tie at the ACBL scale is worth ½, which a float can hold but a sum of
    many floats may not; Fraction keeps every total exact."""
    top: int
    """The most a score can earn: beating every other score."""
    beaten: int
    tied: int
    lost_to: int
    percentage: float
    """Matchpoints as a percentage of the top, to 2 decimals, halves rounded up."""
    reason: str


def matchpoints(
    scores: Iterable[int], scale: str = "acbl", *, ties: str = "half"
) -> tuple[MatchpointResult, ...]:
    """Each score's matchpoints against the other scores of the same direction on a board.

    "acbl": 1 for each score beaten and ½ for each tie (top n - 1); "international":
    2 and 1 (top 2(n - 1)). The results come in the order of the scores. `ties`
    replays a slip: "won" or "lost" counts each tie as a score beaten or lost to.

    >>> first, *_ = matchpoints([420, 420, 450, 170, -100])
    >>> first.reason
    '+420 beats 2 and ties 1 of the 4 other scores: 2 + ½ = 2½ of a top of 4'
    >>> first.percentage
    62.5
    >>> matchpoints([420, 420, 450, 170, -100], scale="international")[0].reason
    '+420 beats 2 and ties 1 of the 4 other scores: 2 × 2 + 1 = 5 of a top of 8'
    """
    per_win = _per_win(scale)
    if ties not in TIES:
        raise InvalidComparison(f"A tie counts as 'half', 'won' or 'lost', got {ties!r}")
    scores = _scores(scores, "Matchpoints")
    top = per_win * (len(scores) - 1)
    return tuple(_matchpoint(score, scores, per_win, top, TIES[ties]) for score in scores)


def _matchpoint(
    score: int, scores: tuple[int, ...], per_win: int, top: int, tie: Fraction = TIES["half"]
) -> MatchpointResult:
    beaten = sum(other < score for other in scores)
    lost_to = sum(other > score for other in scores)
    tied = len(scores) - 1 - beaten - lost_to  # every other table with the same score
    earned = per_win * (beaten + tied * tie)
    others = len(scores) - 1
    noun = "score" if others == 1 else "scores"
    if tied:
        what = f"beats {beaten} and ties {tied} of the {others} other {noun}"
    else:
        what = f"beats {beaten or 'none'} of the {others} other {noun}"
    if tie == TIES["half"]:
        working = _matchpoint_working(beaten, tied, per_win, earned)
    else:  # a slip replayed: its working is never shown, only its figure compared
        working = _number_text(earned)
    reason = f"{_signed(score)} {what}: {working} of a top of {top}"
    return MatchpointResult(
        score, earned, top, beaten, tied, lost_to, _percent(earned, top), reason
    )


def _matchpoint_working(beaten: int, tied: int, per_win: int, earned: Fraction) -> str:
    if per_win == 1:
        wins, ties = str(beaten), "½" if tied == 1 else f"{tied} × ½"
    else:
        wins, ties = f"{beaten} × {per_win}", f"{tied * per_win // 2}"
    if not tied:
        return _number_text(earned) if per_win == 1 else f"{wins} = {_number_text(earned)}"
    return f"{wins} + {ties} = {_number_text(earned)}"


# -- Butler -----------------------------------------------------------------------


@dataclass(frozen=True)
class ButlerImps:
    """One score against the datum."""

    score: int
    datum: int
    difference: int
    imps: int
    reason: str


@dataclass(frozen=True)
class Butler:
    """A board scored against a datum: the average score, leaving out the extremes."""

    scores: tuple[int, ...]
    left_out: tuple[int, ...]
    """One highest and one lowest score when there are five or more; else none."""
    mean: Fraction
    datum: int
    results: tuple[ButlerImps, ...]
    """Each score's IMPs against the datum, in the order of the scores."""
    reason: str
    """How the datum was found."""


BUTLER_TRIM_FROM = 5
"""From this many scores on, one top and one bottom are left out of the datum."""


def butler(scores: Iterable[int], *, keep_extremes: bool = False) -> Butler:
    """The Butler datum of a board's scores, and each score's IMPs against it.

    The datum is the mean of the scores, leaving out one highest and one lowest when
    there are five or more, rounded to the nearest 10 with halves away from zero.
    `keep_extremes` replays a slip: the mean of every score, the extremes left in.

    >>> board = butler([620, 420, 650, 420, -50, 200])
    >>> print(board.reason.replace(", the", ",\\nthe").replace("; ", ";\\n"))
    Leaving out one top (+650) and one bottom (-50),
    the mean of the other 4 scores is 1660 / 4 = 415;
    to the nearest 10, halves away from zero: 420
    >>> [r.imps for r in board.results]
    [5, 0, 6, 0, -10, -6]
    >>> board.results[0].reason
    '+620 against a datum of +420: +200; 200 is at least 170 and under 220: 5 IMPs'
    """
    scores = _scores(scores, "A Butler datum")
    # The extremes are left out so one wild result at one table cannot drag the datum
    # that every other table is measured against.
    if len(scores) >= BUTLER_TRIM_FROM and not keep_extremes:
        ranked = sorted(scores)
        left_out = (ranked[-1], ranked[0])
        kept = ranked[1:-1]
        why = (
            f"Leaving out one top ({_signed(ranked[-1])}) and one bottom "
            f"({_signed(ranked[0])}), the mean of the other {len(kept)} scores is"
        )
    else:
        left_out, kept = (), list(scores)
        why = f"The mean of all {len(kept)} scores is"
    mean = Fraction(sum(kept), len(kept))
    datum = _nearest_ten(mean)
    rounding = (
        f"already a multiple of 10: {datum}"
        if mean == datum
        else f"to the nearest 10, halves away from zero: {datum}"
    )
    reason = f"{why} {sum(kept)} / {len(kept)} = {_number_text(mean)}; {rounding}"
    results = tuple(against_datum(score, datum) for score in scores)
    return Butler(scores, left_out, mean, datum, results, reason)


def against_datum(score: int, datum: int) -> ButlerImps:
    """One table's score against a datum, whichever datum: the board's, or one a learner
    worked out (their IMPs judged from their own datum).

    >>> against_datum(620, 400).imps
    6
    """
    score = _whole(score, "A score")
    datum = _whole(datum, "A datum")
    difference = score - datum
    reason = (
        f"{_signed(score)} against a datum of {_signed(datum)}: {_signed(difference)}; "
        f"{imp_band(difference)}"
    )
    return ButlerImps(score, datum, difference, imps(difference), reason)


def _nearest_ten(value: Fraction) -> int:
    """To the nearest 10, halves away from zero (415 -> 420, -415 -> -420)."""
    tens = math.floor(abs(value) / 10 + Fraction(1, 2))
    return 10 * tens if value >= 0 else -10 * tens


# -- cross-IMPs ---------------------------------------------------------------------


@dataclass(frozen=True)
class CrossImpComparison:
    """One score IMPed against one other table's score."""

    score: int
    other: int
    imps: int
    reason: str


@dataclass(frozen=True)
class CrossImps:
    """One score IMPed against every other table's score, summed."""

    score: int
    imps: int
    """The sum over every comparison: the main figure."""
    comparisons: tuple[CrossImpComparison, ...]
    reason: str

    @property
    def count(self) -> int:
        """How many comparisons the sum is over: for clubs that average it."""
        return len(self.comparisons)

    @property
    def average(self) -> Fraction:
        return Fraction(self.imps, self.count)


def cross_imps(scores: Iterable[int]) -> tuple[CrossImps, ...]:
    """Each score's IMPs against every other table's score, summed.

    Tables with the same score are still compared (for 0 IMPs): the count of
    comparisons is the number of other tables, whatever they scored.

    >>> first, *_ = cross_imps([420, 450, 170, -100])
    >>> first.imps, first.count
    (16, 3)
    >>> first.reason
    '+420 against the 3 other scores: -1 + 6 + 11 = +16 IMPs over 3 comparisons'
    """
    scores = _scores(scores, "Cross-IMPs")
    return tuple(_cross(i, scores) for i in range(len(scores)))


def _cross(index: int, scores: tuple[int, ...]) -> CrossImps:
    score = scores[index]
    comparisons = tuple(
        CrossImpComparison(
            score,
            other,
            imps(score - other),
            f"{_signed(score)} against {_signed(other)}: {_signed(score - other)}; "
            f"{imp_band(score - other)}",
        )
        for j, other in enumerate(scores)
        if j != index
    )
    total = sum(c.imps for c in comparisons)
    terms = str(comparisons[0].imps) + "".join(
        f" + {c.imps}" if c.imps >= 0 else f" - {-c.imps}" for c in comparisons[1:]
    )
    reason = (
        f"{_signed(score)} against the {len(comparisons)} other "
        f"{'score' if len(comparisons) == 1 else 'scores'}: {terms} = {_signed(total)} "
        f"{'IMP' if abs(total) == 1 else 'IMPs'} over {len(comparisons)} "
        f"{'comparison' if len(comparisons) == 1 else 'comparisons'}"
    )
    return CrossImps(score, total, comparisons, reason)


# -- victory points: the WBF continuous 20-point scale (2013) ----------------------

TAU = (math.sqrt(5) - 1) / 2
"""The golden ratio's reciprocal, 0.618...: the WBF scale's curve is a power of it."""

VP_TOTAL = 2000
"""The two teams' victory points together, in hundredths: 20.00."""


class VictoryPoints(NamedTuple):
    """VPs for the side whose margin it is (ours) and for its opponents (theirs)."""

    ours: float
    theirs: float


def opponents_vp(vp: float) -> float:
    """The other team's victory points when one team has `vp`: the two always make 20.00.

    >>> opponents_vp(13.2), opponents_vp(20), opponents_vp(9.45)
    (6.8, 0.0, 10.55)
    """
    hundredths = round(vp * 100) if isinstance(vp, int | float) else None
    exact = hundredths is not None and abs(vp * 100 - hundredths) < 1e-6
    if isinstance(vp, bool) or not exact or not 0 <= hundredths <= VP_TOTAL:
        raise InvalidComparison(
            f"A team's victory points are from 0.00 to {VP_TOTAL / 100:.2f}, to 2 decimals; "
            f"got {vp!r}"
        )
    return (VP_TOTAL - hundredths) / 100


@dataclass(frozen=True)
class WbfScale:
    """The WBF continuous 20-VP scale for matches of one length, margin by margin.

    The WBF's formula for a margin of M IMPs over N boards, with the blitz
    B = 15 × √N and τ = (√5 - 1) / 2, gives the winner

        10 + 10 × (1 - τ^(3M / B)) / (1 - τ³), capped at 20,

    rounded to 2 decimals. Rounding can make one IMP worth 0.01 more than the IMP
    before it, which the WBF's rule forbids ("each additional IMP in the winner's
    margin is worth no more than the previous one"), so wherever the step after a
    margin is bigger than the step before it, that margin's VPs are raised by 0.01,
    until no step grows. `adjusted` lists the margins so raised.
    """

    boards: int
    blitz: float
    """15 × √boards: from this margin on the winner takes 20.00 and the loser 0.00."""
    formula: tuple[int, ...]
    """The winner's VPs in hundredths by margin 0, 1, 2 ..., as the formula rounds them."""
    table: tuple[int, ...]
    """The published scale in hundredths: the formula's figures after the adjustment.
    It ends at the first margin worth 20.00; every bigger margin is worth 20.00 too."""
    adjusted: tuple[int, ...]

    def winner_hundredths(self, imp_margin: int) -> int:
        margin = abs(_whole(imp_margin, "An IMP margin", unit="IMPs"))
        return self.table[margin] if margin < len(self.table) else VP_TOTAL

    def vp(self, imp_margin: int) -> VictoryPoints:
        """VPs for the side whose margin it is, then for its opponents.

        >>> wbf_scale(20).vp(-2)
        VictoryPoints(ours=9.45, theirs=10.55)
        """
        winner = self.winner_hundredths(imp_margin)
        ours = winner if imp_margin >= 0 else VP_TOTAL - winner
        # Whole hundredths over 100: each side's figure is the float nearest its two
        # decimals, and the two always add up to exactly 20.0.
        return VictoryPoints(ours / 100, (VP_TOTAL - ours) / 100)

    def reason(self, imp_margin: int) -> str:
        """How the VPs for a margin come out of the formula.

        >>> print(wbf_scale(20).reason(13).replace(": ", ":\\n").replace("; ", ";\\n"))
        Won by 13 IMPs over 20 boards:
        10 + 10 × (1 - τ^(3 × 13 / 67.08)) / (1 - τ³) = 13.19, where τ = (√5 - 1) / 2, about 0.618;
        raised to 13.20 so no IMP is worth more than the one before:
        13.20 to 6.80
        >>> print(wbf_scale(20).reason(-13).split("; ")[-1])
        the losers get 20 - 13.20 = 6.80: 6.80 to 13.20
        >>> print(wbf_scale(20).reason(-70).replace(", ", ",\\n"))
        Lost by 70 IMPs over 20 boards,
        at or beyond the blitz of 15 × √20 = 67.08 IMPs: 0.00 to 20.00
        """
        margin = abs(_whole(imp_margin, "An IMP margin", unit="IMPs"))
        ours, theirs = self.vp(imp_margin)
        score = f"{ours:.2f} to {theirs:.2f}"
        over = f"{_imps_text(margin)} over {self.boards} {_plural(self.boards, 'board')}"
        if margin == 0:
            return f"A drawn match over {self.boards} {_plural(self.boards, 'board')}: {score}"
        result = f"{'Won' if imp_margin > 0 else 'Lost'} by {over}"
        if margin >= self.blitz:
            root = f"15 × √{self.boards} = {self.blitz:.2f}"
            return f"{result}, at or beyond the blitz of {root} IMPs: {score}"
        if margin >= len(self.table):
            reached = len(self.table) - 1
            return f"{result}: the scale already reaches 20.00 at {reached} IMPs: {score}"
        formula = self.formula[margin]
        working = (
            f"10 + 10 × (1 - τ^(3 × {margin} / {self.blitz:.2f})) / (1 - τ³) = "
            f"{_hundredths(formula)}, where τ = (√5 - 1) / 2, about {TAU:.3f}"
        )
        if self.table[margin] != formula:
            working = (
                f"{working}; raised to {_hundredths(self.table[margin])} so no IMP is "
                "worth more than the one before"
            )
        if imp_margin < 0:
            # The formula gives the winners' share: the losers get what is left of 20.
            winners = _hundredths(self.table[margin])
            working = f"the winners get {working}; the losers get 20 - {winners} = {ours:.2f}"
        return f"{result}: {working}: {score}"


def wbf_vp(imp_margin: int, boards: int) -> VictoryPoints:
    """Victory points on the WBF continuous 20-point scale (2013): (ours, theirs).

    A positive margin gives (winner's VP, loser's VP); a negative one, the loser's
    view: (loser's VP, winner's VP). See WbfScale for the formula and its adjustment;
    `wbf_scale(boards).reason(imp_margin)` says how a figure was found.

    >>> wbf_vp(0, boards=16)
    VictoryPoints(ours=10.0, theirs=10.0)
    >>> wbf_vp(1, boards=20), wbf_vp(-1, boards=20)
    (VictoryPoints(ours=10.28, theirs=9.72), VictoryPoints(ours=9.72, theirs=10.28))
    >>> wbf_vp(60, boards=16)
    VictoryPoints(ours=20.0, theirs=0.0)
    """
    return wbf_scale(boards).vp(imp_margin)


@dataclass(frozen=True)
class MatchVictoryPoints:
    """A teams match: each team's IMPs, the margin and the victory points it is worth."""

    boards: int
    ours: int
    theirs: int
    margin: int
    """Our IMPs less theirs: minus when we lost."""
    vp: VictoryPoints
    reason: str


def match_imps(swings: Iterable[int]) -> tuple[int, int]:
    """Each team's IMPs over a match, from the first team's IMPs on each board (a board's
    loss is the other team's gain), ready for `match_vp`.

    >>> match_imps([5, -3, 0, 12, -1])
    (17, 4)
    """
    swings = tuple(_whole(swing, "a board's IMPs", "IMPs") for swing in swings)
    return sum(s for s in swings if s > 0), -sum(s for s in swings if s < 0)


def match_vp(ours: int, theirs: int, boards: int, *, at_total: bool = False) -> MatchVictoryPoints:
    """Victory points for a match from each team's IMP total, with the working.

    `at_total` replays a slip: the scale read at the winners' total, not the margin.

    >>> result = match_vp(47, 34, boards=20)
    >>> result.margin, result.vp
    (13, VictoryPoints(ours=13.2, theirs=6.8))
    >>> result.reason.split(". ")[0]
    '47 - 34 = 13 IMPs'
    >>> match_vp(47, 34, boards=20, at_total=True).vp.ours  # read at 47, not 13
    18.33
    """
    ours = _whole(ours, "A team's IMPs", unit="IMPs")
    theirs = _whole(theirs, "A team's IMPs", unit="IMPs")
    scale = wbf_scale(boards)
    margin = ours - theirs
    read_at = margin
    if at_total and margin:
        read_at = max(ours, theirs) if margin > 0 else -max(ours, theirs)
    reason = f"{ours} - {theirs} = {_imps_text(margin)}. {scale.reason(margin)}"
    return MatchVictoryPoints(boards, ours, theirs, margin, scale.vp(read_at), reason)


@lru_cache(maxsize=128, typed=True)  # typed: True must not find the scale for 1 board
def wbf_scale(boards: int) -> WbfScale:
    """The WBF continuous scale for matches of `boards` boards.

    >>> scale = wbf_scale(20)
    >>> round(scale.blitz, 2), scale.table[:4], scale.adjusted[:3]
    (67.08, (1000, 1028, 1055, 1082), (13, 28, 31))
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise InvalidComparison(f"A match has at least 1 board, got {boards!r}")
    blitz = 15 * math.sqrt(boards)
    formula = tuple(_formula_hundredths(margin, blitz) for margin in range(math.ceil(blitz) + 1))
    table, adjusted = _never_worth_more(formula)
    # Past the first 20.00 every margin is worth 20.00: no need to keep them.
    end = table.index(VP_TOTAL) + 1
    return WbfScale(boards, blitz, formula[:end], table[:end], adjusted)


def _formula_hundredths(margin: int, blitz: float) -> int:
    winner = 10 + 10 * (1 - TAU ** (3 * margin / blitz)) / (1 - TAU**3)
    # Halves up; the formula's values are irrational, so a half never actually occurs.
    return min(VP_TOTAL, math.floor(100 * winner + 0.5))


def _never_worth_more(formula: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Raise by 0.01 each margin whose next IMP would be worth more than its last one."""
    table, raised = list(formula), set()
    changed = True
    while changed:
        changed = False
        for margin in range(1, len(table) - 1):
            if table[margin + 1] - table[margin] > table[margin] - table[margin - 1]:
                table[margin] += 1
                raised.add(margin)
                changed = True
    return tuple(table), tuple(sorted(raised))


# -- travellers: one board at every table -----------------------------------------

DIRECTIONS = ("NS", "EW")


@dataclass(frozen=True)
class TravellerRow:
    """One table's result on a board, scored from N-S's side."""

    label: str
    """The table, or the N-S pair when pairs move (a Mitchell's "1", "2" ...)."""
    ew_pair: str | None
    """The E-W pair (a Mitchell's "A", "B" ...), when the traveller names it."""
    declarer: str | None
    """The declarer's seat, or None when the board was passed out."""
    result: Any
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

    def score(self, direction: str) -> int:
        return self.ns_score if _direction(direction) == "NS" else -self.ns_score


@dataclass
class Traveller:
    """One board as played at several tables, and the comparisons of its results."""

    board: int
    rows: list[TravellerRow] = field(default_factory=list)

    def __post_init__(self):
        board_conditions(self.board)  # refuses a board number that does not exist

    @property
    def dealer(self) -> str:
        return board_conditions(self.board)[0]

    @property
    def vulnerable(self) -> str:
        """The board's vulnerability: "none", "NS", "EW" or "both"."""
        return board_conditions(self.board)[1]

    def record(self, label, declarer: str, contract, tricks: int, *, ew_pair=None) -> TravellerRow:
        """Score a table's result; `label` names the table or its N-S pair."""
        label, ew_pair = self._check_new(label, ew_pair)
        vulnerable = seat_vulnerable(self.board, declarer)  # refuses a seat that is not one
        result = score_deal(contract, tricks, vulnerable, form="duplicate")
        side = pair_of(declarer)
        ns_score = result.total if side == "NS" else -result.total
        done = (
            f"{result.contract.display} by {declarer}, {tricks} tricks, "
            f"{'vulnerable' if vulnerable else 'not vulnerable'}: "
            f"{_side_name(side)} {_signed(result.total)}"
        )
        if side == "EW":
            done += f", so N-S {_signed(ns_score)}"
        row = TravellerRow(
            label, ew_pair, declarer, result, ns_score, f"{_who(label, ew_pair)}: {done}"
        )
        self.rows.append(row)
        return row

    def record_passed_out(self, label, *, ew_pair=None) -> TravellerRow:
        label, ew_pair = self._check_new(label, ew_pair)
        reason = f"{_who(label, ew_pair)}: passed out, 0 to each side"
        row = TravellerRow(label, ew_pair, None, None, 0, reason)
        self.rows.append(row)
        return row

    def row(self, label) -> TravellerRow:
        label = _label(label)
        for row in self.rows:
            if row.label == label:
                return row
        raise InvalidComparison(f"Board {self.board} has no result for {label!r}")

    def scores(self, direction: str = "NS") -> tuple[int, ...]:
        """Every table's score from one direction's side, in the order recorded."""
        return tuple(row.score(direction) for row in self.rows)

    def matchpoints(
        self, direction: str = "NS", scale: str = "acbl"
    ) -> tuple[MatchpointResult, ...]:
        """Each row's matchpoints for one direction, in the order of the rows.

        E-W's scores are N-S's with the sign turned, so each E-W pair earns the top
        less what its N-S opponents earned.
        """
        return matchpoints(self.scores(direction), scale)

    def butler(self, direction: str = "NS") -> Butler:
        return butler(self.scores(direction))

    def cross_imps(self, direction: str = "NS") -> tuple[CrossImps, ...]:
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


# -- a pairs session --------------------------------------------------------------


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
    direction: str | None = None
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

    def standings(self, direction: str | None = None) -> tuple[PairStanding, ...]:
        """Every pair's total, best share of its tops first, each with its place.

        With `direction` ("NS" or "EW"), the pairs of that field alone, ranked among
        themselves; a pair that sat both ways belongs to no one field and is refused.
        """
        if direction is not None:
            _direction(direction)
        earned: dict[str, list[tuple[int, Fraction, int]]] = {}
        sat: dict[str, set[str]] = {}
        for board, traveller in sorted(self.travellers.items()):
            if len(traveller.rows) < 2:
                raise InvalidComparison(
                    f"Board {board} has results from {len(traveller.rows)} "
                    f"{_plural(len(traveller.rows), 'table')}: matchpoints need at least "
                    "2 tables to compare"
                )
            ns = traveller.matchpoints("NS", self.scale)
            ew = traveller.matchpoints("EW", self.scale)
            for row, ns_result, ew_result in zip(traveller.rows, ns, ew, strict=True):
                if row.ew_pair is None:
                    raise InvalidComparison(
                        f"Board {board}, {row.label!r}: name the E-W pair too "
                        "(ew_pair=...) so a pairs session can credit it"
                    )
                for pair, way, result in (
                    (row.label, "NS", ns_result),
                    (row.ew_pair, "EW", ew_result),
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
            standings = [s for s in standings if s.direction == direction]
        return _ranked(standings)


def _standing(
    pair: str, boards: list[tuple[int, Fraction, int]], direction: str | None
) -> PairStanding:
    total = sum((mp for _, mp, _ in boards), Fraction(0))
    top = sum(board_top for _, _, board_top in boards)
    percentage = _percent(total, top)
    terms = " + ".join(_number_text(mp) for _, mp, _ in boards)
    reason = (
        f"{pair}: {terms} = {_number_text(total)} of {top} over {len(boards)} "
        f"{_plural(len(boards), 'board')}: {percentage:.2f}%"
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


# -- helpers ----------------------------------------------------------------------


def _whole(value, what: str, unit: str = "points") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidComparison(f"{what} is a whole number of {unit}, got {value!r}")
    return value


def _scores(scores: Iterable[int], what: str) -> tuple[int, ...]:
    scores = tuple(_whole(score, "A score") for score in scores)
    if len(scores) < 2:
        raise InvalidComparison(
            f"{what} need at least 2 scores to compare, got {len(scores)}: a board "
            "played at one table has nothing to be compared with"
        )
    return scores


def _per_win(scale: str) -> int:
    if scale not in SCALES:
        raise InvalidForm(f"Matchpoint scales are 'acbl' or 'international', got {scale!r}")
    return SCALES[scale]


def _direction(direction: str) -> str:
    if direction not in DIRECTIONS:
        raise InvalidComparison(f"A direction is NS or EW, got {direction!r}")
    return direction


def _label(label) -> str:
    # A bare table number is as good a label as its text.
    if isinstance(label, int) and not isinstance(label, bool):
        label = str(label)
    if not isinstance(label, str) or not label.strip():
        raise InvalidComparison(
            f"A table or pair is named by a label such as '1' or 'A', got {label!r}"
        )
    return label.strip()


def _percent(part: Fraction, whole: int) -> float:
    """A percentage to 2 decimals, halves rounded up (Fraction's round() goes to even)."""
    hundredths = math.floor(Fraction(part) * 100 * 100 / whole + Fraction(1, 2))
    return hundredths / 100


def _number_text(value: Fraction) -> str:
    """3½, ½, 415, 282.5, or about 333.33: exact where the value allows."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = abs(value.numerator) // 2
        sign = "-" if value < 0 else ""
        return f"{sign}{whole or ''}½"
    for places in range(1, 4):
        if (value * 10**places).denominator == 1:
            return f"{float(value):.{places}f}"
    return f"about {float(value):.2f}"


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _bracketed(points: int) -> str:
    return f"({points})" if points < 0 else str(points)


def _hundredths(value: int) -> str:
    return f"{value // 100}.{value % 100:02d}"


def _imps_text(count: int) -> str:
    return f"{count} {'IMP' if abs(count) == 1 else 'IMPs'}"


def _plural(count: int, noun: str) -> str:
    return noun if count == 1 else f"{noun}s"


def _side_name(pair: str) -> str:
    return "N-S" if pair == "NS" else "E-W"


def _who(label: str, ew_pair: str | None) -> str:
    return label if ew_pair is None else f"{label} v {ew_pair}"


__all__ = [
    "BUTLER_TRIM_FROM",
    "IMP_STEPS",
    "SCALES",
    "TAU",
    "TIES",
    "Butler",
    "ButlerImps",
    "CrossImpComparison",
    "CrossImps",
    "InvalidComparison",
    "MatchVictoryPoints",
    "MatchpointResult",
    "PairStanding",
    "PairsSession",
    "TeamBoard",
    "Traveller",
    "TravellerRow",
    "VictoryPoints",
    "WbfScale",
    "butler",
    "cross_imps",
    "imp_band",
    "imps",
    "imps_read_off",
    "match_imps",
    "match_vp",
    "matchpoints",
    "team_board",
    "wbf_scale",
    "wbf_vp",
]
