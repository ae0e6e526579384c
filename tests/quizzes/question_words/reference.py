"""A second scorer, written from the rules' tables (docs/rules.md §1 to §6 and §9)
without reading scoring/.

The readers work each question's answer out from its words with these, never with the
engine (no `score_deal`, `FourDeal`, IMP or VP tables of scoring/), so a question that the
engine and its kind got wrong together would still be caught. Closed forms where the rules
have them; each deal as the lines a sheet gets: (who scores it, where it is written, its
points).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

PER_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
TIMES = {"": 1, "X": 2, "XX": 4}
HONORS = {"four_trumps": 100, "five_trumps": 150, "four_aces": 150}


def parts(contract: str) -> tuple[int, str, str]:
    level, strain, doubling = re.fullmatch(r"([1-7])(NT|C|D|H|S)(X{0,2})", contract).groups()
    return int(level), strain, doubling


def trick_score(contract: str) -> int:
    level, strain, doubling = parts(contract)
    first = 40 if strain == "NT" else PER_TRICK[strain]
    return (first + PER_TRICK[strain] * (level - 1)) * TIMES[doubling]


def overtricks(contract: str, over: int, vulnerable: bool) -> int:
    _, strain, doubling = parts(contract)
    if not doubling:
        return over * PER_TRICK[strain]
    return over * 100 * TIMES[doubling] // 2 * (2 if vulnerable else 1)


def slam_bonus(level: int, vulnerable: bool) -> int:
    return {6: 500, 7: 1000}.get(level, 0) * (3 if vulnerable else 2) // 2


def undertricks(contract: str, down: int, vulnerable: bool) -> int:
    """The penalty table of rules §1, as arithmetic."""
    doubling = parts(contract)[2]
    if not doubling:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 300 * down - 100
    else:  # 100, then 200 for the 2nd and 3rd, then 300 each
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * TIMES[doubling] // 2


def rubber_bonus(opponents_games: int) -> int:
    return 500 if opponents_games else 700


@dataclass(frozen=True)
class Line:
    owner: str
    """"declarer" or "defenders"."""
    place: str
    """"above" or "below" the line (a duplicate form has no line: all read as above)."""
    points: int
    part_score_contract: bool = False
    """The trick score of a contract made short of game (for Chicago's fourth deal)."""


def deal_lines(
    contract: str,
    tricks: int,
    vulnerable: bool,
    *,
    form: str = "rubber",
    honors: str | None = None,
    honors_side: str | None = "declarer",
) -> list[Line]:
    """One deal's lines under `form`: "rubber" (also a chukker's deal before its bonuses),
    "duplicate" or "simplicity" (duplicate's bonuses, with honors and a 50 redouble insult)."""
    level, _, doubling = parts(contract)
    needed = 6 + level
    lines = []
    if honors and form != "duplicate":
        lines.append(Line(honors_side or "declarer", "above", HONORS[honors]))
    if tricks < needed:
        return [
            *lines,
            Line("defenders", "above", undertricks(contract, needed - tricks, vulnerable)),
        ]
    score = trick_score(contract)
    lines.append(Line("declarer", "below", score, part_score_contract=score < 100))
    if tricks > needed:
        lines.append(Line("declarer", "above", overtricks(contract, tricks - needed, vulnerable)))
    if doubling:
        insult = 50 if doubling == "X" or form == "simplicity" else 100
        lines.append(Line("declarer", "above", insult))
    if level >= 6:
        lines.append(Line("declarer", "above", slam_bonus(level, vulnerable)))
    if form in ("duplicate", "simplicity"):
        lines.append(
            Line("declarer", "above", (500 if vulnerable else 300) if score >= 100 else 50)
        )
    return lines


def score(contract: str, tricks: int, vulnerable: bool, **kwargs) -> int:
    """The declaring side's score (negative when it goes down), as a duplicate scorer writes it."""
    lines = deal_lines(contract, tricks, vulnerable, **kwargs)
    return sum(line.points * (1 if line.owner == "declarer" else -1) for line in lines)


def penalty(contract: str, tricks: int, vulnerable: bool) -> int:
    """What the defenders score for the declaring side's undertricks (0 when it makes)."""
    return sum(
        line.points
        for line in deal_lines(contract, tricks, vulnerable, form="duplicate")
        if line.owner == "defenders"
    )


# -- a Chicago (or Cavendish) chukker, rules §3 ---------------------------------------------------

OTHER = {"we": "they", "they": "we"}


@dataclass
class Chukker:
    """Four deals dealt in turn; vulnerability by the deal's number; a game's bonus at once;
    part-scores carried until a game; 100 for a part-score contract made on deal 4 short of
    game."""

    form: str
    first_dealer: str
    number: int = 1
    below: dict = field(default_factory=lambda: {"we": 0, "they": 0})

    def dealer(self) -> str:
        return self.first_dealer if self.number % 2 else OTHER[self.first_dealer]

    def vulnerable(self) -> set[str]:
        if self.number == 1:
            return set()
        if self.number == 4:
            return {"we", "they"}
        return {self.dealer() if self.form == "chicago" else OTHER[self.dealer()]}

    def play(self, side, contract, tricks, honors=None, honors_side=None) -> dict[str, int]:
        """The points this deal gives each side."""
        vulnerable = side in self.vulnerable()
        holder = (
            None if honors_side is None else ("declarer" if honors_side == side else "defenders")
        )
        lines = deal_lines(contract, tricks, vulnerable, honors=honors, honors_side=holder)
        points = {"we": 0, "they": 0}
        below, short_of_game = 0, False
        for line in lines:
            points[side if line.owner == "declarer" else OTHER[side]] += line.points
            if line.place == "below":
                below, short_of_game = line.points, line.part_score_contract
        self.below[side] += below
        if self.below[side] >= 100:
            points[side] += 500 if vulnerable else 300
            self.below = {"we": 0, "they": 0}
        elif self.number == 4 and below and short_of_game:
            points[side] += 100
        self.number += 1
        return points


# -- comparing results: IMPs, the Butler datum, club victory points (rules §5, docs/rules.md §9) --

IMP_BANDS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300)
IMP_BANDS += (1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)
"""The lower figure of the bands worth 1, 2, ... 24 IMPs."""


def imps(difference: int) -> int:
    won = sum(1 for low in IMP_BANDS if abs(difference) >= low)
    return won if difference >= 0 else -won


def butler_datum(scores: list[int]) -> int:
    """The mean of the N-S scores, one top and one bottom left out from five scores on, to the
    nearest 10 with halves away from zero."""
    kept = sorted(scores)[1:-1] if len(scores) >= 5 else list(scores)
    tens, rest = divmod(abs(sum(kept)) * 10, 100 * len(kept))  # |mean| / 10, as a fraction
    tens += 1 if 2 * rest >= 100 * len(kept) else 0
    return 10 * tens if sum(kept) >= 0 else -10 * tens


CLUB_VP = ((1550, 19), (1250, 18), (950, 17), (750, 16), (550, 15), (350, 14), (250, 13))
CLUB_VP += ((150, 12), (50, 11), (0, 10))


def club_victory_points(difference: int) -> tuple[int, int]:
    """(winners, losers) for a round's difference in points (rules §5)."""
    winners = next(vp for low, vp in CLUB_VP if difference >= low)
    return winners, 20 - winners


def wbf_victory_points(ours: int, theirs: int, boards: int) -> tuple[float, float]:
    """A teams match's VPs on the WBF 20-point scale (docs/rules.md §9.5): the formula in
    hundredths for every margin up to the blitz, then each margin raised by 0.01 while the
    IMP after it would be worth more than the IMP before it."""
    blitz = 15 * math.sqrt(boards)
    tau = (math.sqrt(5) - 1) / 2
    top = math.ceil(blitz) + 1
    scale = [
        min(2000, round(100 * (10 + 10 * (1 - tau ** (3 * m / blitz)) / (1 - tau**3))))
        for m in range(top + 1)
    ]
    while True:
        growing = [
            m for m in range(top - 1, 0, -1) if scale[m + 1] - scale[m] > scale[m] - scale[m - 1]
        ]
        if not growing:
            break
        for m in growing[:1]:
            scale[m] += 1
    winners = scale[min(abs(ours - theirs), top)] / 100
    if ours >= theirs:
        return winners, round(20 - winners, 2)
    return round(20 - winners, 2), winners
