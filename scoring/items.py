"""A score is never a bare number: it is a list of named items, each with a reason."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from scoring.words import Words, gettext_noop


class Kind(Enum):
    """What an item is for. Lessons, feedback and mistake diagnosis key on these."""

    TRICK_SCORE = "trick_score"
    """Points for the tricks bid and made: the only points that count toward game."""
    OVERTRICKS = "overtricks"
    """Tricks made beyond the contract."""
    INSULT = "insult"
    """The bonus for making a doubled or redoubled contract."""
    PART_SCORE_BONUS = "part_score_bonus"
    """50 for making a part-score contract, in forms that score each deal on its own."""
    GAME_BONUS = "game_bonus"
    """300 or 500 for a game, in forms without a rubber bonus."""
    FOURTH_DEAL_BONUS = "fourth_deal_bonus"
    """Chicago: 100 for a part-score made on the fourth deal that does not complete a game."""
    SLAM_BONUS = "slam_bonus"
    """A small or grand slam bid and made."""
    HONORS = "honors"
    """Four or five trump honors, or four aces at notrump, in one hand."""
    UNDERTRICKS = "undertricks"
    """The penalty the defenders score when the contract fails."""
    RUBBER_BONUS = "rubber_bonus"
    """700 or 500 for winning the rubber."""
    UNFINISHED_GAME = "unfinished_game"
    """300 for the only game in a rubber that stops early."""
    UNFINISHED_PART_SCORE = "unfinished_part_score"
    """100 for the only part-score in the unfinished game."""


class Place(Enum):
    """Where an item is written on a WE/THEY score sheet."""

    BELOW = "below"
    """Below the line: trick scores, which count toward game."""
    ABOVE = "above"
    """Above the line: everything else."""


class Item(NamedTuple):
    """One line of a breakdown: 120 below the line to the declarer, and why.

    `side` is "declarer" or "defenders" in a single deal's result, and "we" or
    "they" once the deal is written on a score sheet. A named tuple rather than a
    dataclass: immutable all the same, and a deal builds several of them.
    """

    kind: Kind
    points: int
    side: str
    place: Place
    reason: str

    @property
    def label(self) -> str:
        return LABELS[self.kind]

    @property
    def key(self) -> str:
        return self.kind.value

    def for_side(self, side: str) -> Item:
        return Item(self.kind, self.points, side, self.place, self.reason)


LABELS = {
    Kind.TRICK_SCORE: Words(gettext_noop("Trick score")),
    Kind.OVERTRICKS: Words(gettext_noop("Overtricks")),
    Kind.INSULT: Words(gettext_noop("Making a doubled or redoubled contract")),
    Kind.PART_SCORE_BONUS: Words(gettext_noop("Part-score bonus")),
    Kind.GAME_BONUS: Words(gettext_noop("Game bonus")),
    Kind.FOURTH_DEAL_BONUS: Words(gettext_noop("Fourth-deal part-score bonus")),
    Kind.SLAM_BONUS: Words(gettext_noop("Slam bonus")),
    Kind.HONORS: Words(gettext_noop("Honors")),
    Kind.UNDERTRICKS: Words(gettext_noop("Undertricks")),
    Kind.RUBBER_BONUS: Words(gettext_noop("Rubber bonus")),
    Kind.UNFINISHED_GAME: Words(gettext_noop("Game in an unfinished rubber")),
    Kind.UNFINISHED_PART_SCORE: Words(gettext_noop("Part-score in an unfinished game")),
}


def points_in(items: Iterable[Item], side: str, place: Place | None = None) -> int:
    """What items add to one side's column: above the line, below it, or both (None).

    >>> items = [
    ...     Item(Kind.TRICK_SCORE, 120, "we", Place.BELOW, "4S: 4 tricks at 30"),
    ...     Item(Kind.HONORS, 100, "they", Place.ABOVE, "four trump honors"),
    ...     Item(Kind.OVERTRICKS, 30, "we", Place.ABOVE, "1 overtrick at 30"),
    ... ]
    >>> points_in(items, "we"), points_in(items, "we", Place.ABOVE), points_in(items, "they")
    (150, 30, 100)
    """
    return sum(i.points for i in items if i.side == side and (place is None or i.place is place))


def changed_lines(right: Iterable[Item], believed: Iterable[Item]) -> list[Item]:
    """The items of the right breakdown on a line whose points the believed one changes.

    A line is a kind of item for one side, whatever its reasons: a belief that splits 120
    into two items of 60 changes nothing. A line only the believed breakdown has is not
    returned, since the right breakdown has no item there to point at.

    >>> right = [
    ...     Item(Kind.TRICK_SCORE, 120, "declarer", Place.BELOW, "4S: 4 tricks at 30"),
    ...     Item(Kind.GAME_BONUS, 500, "declarer", Place.ABOVE, "game, vulnerable"),
    ... ]
    >>> believed = [
    ...     Item(Kind.TRICK_SCORE, 120, "declarer", Place.BELOW, "4S: 4 tricks at 30"),
    ...     Item(Kind.GAME_BONUS, 300, "declarer", Place.ABOVE, "game, not vulnerable"),
    ...     Item(Kind.PART_SCORE_BONUS, 50, "declarer", Place.ABOVE, "part-score"),
    ... ]
    >>> [item.label for item in changed_lines(right, believed)]
    ['Game bonus']
    """
    right = list(right)
    points, wrong = Counter(), Counter()
    for item in right:
        points[item.kind, item.side] += item.points
    for item in believed:
        wrong[item.kind, item.side] += item.points
    return [item for item in right if points[item.kind, item.side] != wrong[item.kind, item.side]]
