"""Victory points: the WBF continuous 20-point scale (2013), and a teams match on it."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from scoring.comparisons.checks import _whole
from scoring.comparisons.wording import _decimal, _hundredths, _imps_text
from scoring.errors import InvalidComparison
from scoring.words import Words, gettext_noop, ngettext

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
        boards = self.boards
        score = Words(
            gettext_noop("{ours} to {theirs}"), ours=_decimal(ours, 2), theirs=_decimal(theirs, 2)
        )
        if margin == 0:
            return ngettext(
                "A drawn match over {count} board: {score}",
                "A drawn match over {count} boards: {score}",
                boards,
                count=boards,
                score=score,
            )
        over = ngettext(
            "{imps} over {count} board",
            "{imps} over {count} boards",
            boards,
            imps=_imps_text(margin),
            count=boards,
        )
        if imp_margin > 0:
            result = Words(gettext_noop("Won by {over}"), over=over)
        else:
            result = Words(gettext_noop("Lost by {over}"), over=over)
        if margin >= self.blitz:
            return Words(
                gettext_noop("{result}, at or beyond the blitz of {root} IMPs: {score}"),
                result=result,
                # No words, only figures: it needs no catalogue entry (Words.is_only_joining).
                root=Words(
                    "15 × √{boards} = {blitz}", boards=boards, blitz=_decimal(self.blitz, 2)
                ),
                score=score,
            )
        if margin >= len(self.table):
            return Words(
                gettext_noop(
                    "{result}: the scale already reaches 20.00 at {reached} IMPs: {score}"
                ),
                result=result,
                reached=len(self.table) - 1,
                score=score,
            )
        formula = self.formula[margin]
        working = Words(
            gettext_noop("{formula} = {value}, where τ = (√5 - 1) / 2, about {tau}"),
            formula=Words(
                gettext_noop("10 + 10 × (1 - τ^(3 × {margin} / {blitz})) / (1 - τ³)"),
                margin=margin,
                blitz=_decimal(self.blitz, 2),
            ),
            value=_hundredths(formula),
            tau=_decimal(TAU, 3),
        )
        if self.table[margin] != formula:
            working = Words(
                gettext_noop(
                    "{working}; raised to {raised} so no IMP is worth more than the one before"
                ),
                working=working,
                raised=_hundredths(self.table[margin]),
            )
        if imp_margin < 0:
            # The formula gives the winners' share: the losers get what is left of 20.
            working = Words(
                gettext_noop("the winners get {working}; the losers get 20 - {winners} = {ours}"),
                working=working,
                winners=_hundredths(self.table[margin]),
                ours=_decimal(ours, 2),
            )
        return Words(
            gettext_noop("{result}: {working}: {score}"),
            result=result,
            working=working,
            score=score,
        )


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
    reason = Words(
        "{ours} - {theirs} = {imps}. {why}",
        ours=ours,
        theirs=theirs,
        imps=_imps_text(margin),
        why=scale.reason(margin),
    )
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
