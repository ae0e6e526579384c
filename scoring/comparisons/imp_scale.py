"""The WBF IMP scale, and one board of a teams match swung into IMPs."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from scoring.comparisons.checks import _whole
from scoring.comparisons.wording import _bracketed, _imps_text, _signed
from scoring.words import Words, gettext_noop

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
        where = Words(gettext_noop("under {high}"), high=IMP_STEPS[0])
    elif won == len(IMP_STEPS):
        where = Words(gettext_noop("{low} or more"), low=IMP_STEPS[-1])
    else:
        where = Words(
            gettext_noop("at least {low} and under {high}"),
            low=IMP_STEPS[won - 1],
            high=IMP_STEPS[won],
        )
    return Words(
        gettext_noop("{size} is {where}: {imps}"),
        size=size,
        where=where,
        imps=_imps_text(won if difference >= 0 else -won),
    )


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
    reason = Words(
        gettext_noop("N-S {room1} in room 1, {room2} in room 2: a swing of {sum}; {band}"),
        room1=_signed(room1),
        room2=_signed(room2),
        sum=f"{room1} {sign} {_bracketed(room2)} = {_signed(swing)}",
        band=imp_band(swing),
    )
    return TeamBoard(room1, room2, swing, imps(swing), reason)
