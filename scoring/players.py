"""Players: drawing for partners, the five-player rotation, and the back score.

>>> draw = draw_partnerships({"Mr Smith": "9D", "Mrs Smith": "QC", "Mr Jones": "6S",
...                           "Mrs Jones": "9H", "Charlie": "3H"})
>>> draw.first_pair, draw.second_pair, draw.sitting_out
(('Mrs Smith', 'Mrs Jones'), ('Mr Smith', 'Mr Jones'), 'Charlie')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.contract import SUITS, Strain
from scoring.errors import ScoringError

RANKS = "23456789TJQKA"
# A suit by its letter or symbol; SUITS runs lowest to highest: a tie in rank goes to the
# higher suit.
_SUIT_INDEX = {
    **{suit.value: i for i, suit in enumerate(SUITS)},
    **{suit.symbol: i for i, suit in enumerate(SUITS)},
}
_SUIT = "[" + "".join(_SUIT_INDEX) + "]"
_CARD = re.compile(
    rf"^\s*(?:(?P<s1>{_SUIT})\s*(?P<r1>10|[2-9TJQKA]))|"
    rf"(?:(?P<r2>10|[2-9TJQKA])\s*(?P<s2>{_SUIT}))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A card drawn for partners: compared by rank, then suit (spades highest)."""

    rank: int
    suit: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "9D", "D9", "♦9", "10H" or "QC"."""
        match = _CARD.match(text.strip())
        if not match:
            raise ScoringError(f"Can't read {text!r} as a card: write it like 9D or ♦9")
        rank = (match["r1"] or match["r2"]).upper().replace("10", "T")
        suit = (match["s1"] or match["s2"]).upper()
        return cls(RANKS.index(rank), _SUIT_INDEX[suit])

    @property
    def strain(self) -> Strain:
        return SUITS[self.suit]

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: "10", "Q", "7"."""
        return RANKS[self.rank].replace("T", "10")

    def __str__(self) -> str:
        return f"{self.strain.symbol}{self.rank_text}"


@dataclass(frozen=True)
class Draw:
    """The result of drawing cards: players from highest card to lowest."""

    order: tuple[str, ...]
    cards: dict[str, Card]

    @property
    def first_pair(self) -> tuple[str, str]:
        """The two highest cards play together."""
        return self.order[0], self.order[1]

    @property
    def second_pair(self) -> tuple[str, str]:
        return self.order[2], self.order[3]

    @property
    def sitting_out(self) -> str | None:
        """With five players, the lowest card sits out the first rubber."""
        return self.order[4] if len(self.order) == 5 else None


def draw_partnerships(draws: dict[str, str]) -> Draw:
    """Rank four or five players by the cards they drew."""
    if len(draws) not in (4, 5):
        raise ScoringError(f"Partners are drawn by four or five players, got {len(draws)}")
    cards = {player: Card.parse(card) for player, card in draws.items()}
    if len(set(cards.values())) != len(cards):
        raise ScoringError("Two players cannot draw the same card")
    order = tuple(sorted(cards, key=cards.__getitem__, reverse=True))
    return Draw(order, cards)


@dataclass(frozen=True)
class Table:
    """Who sits where for one rubber, and who sits out."""

    north: str
    east: str
    south: str
    west: str
    sitting_out: str | None = None

    @property
    def pairs(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return (self.north, self.south), (self.east, self.west)

    @property
    def seats(self) -> tuple[str, str, str, str]:
        return self.north, self.east, self.south, self.west


def first_table(draw: Draw) -> Table:
    """The highest card sits North with the second highest opposite; the next pair East-West."""
    o = draw.order
    return Table(north=o[0], south=o[1], east=o[2], west=o[3], sitting_out=draw.sitting_out)


def five_player_rotation(draw: Draw, rubbers: int = 5) -> list[Table]:
    """Seating for each rubber when five play (rules §2.8).

    After each rubber the player sitting out takes the seat of the player who drew
    the next-lowest card still to sit out, and the two players to the newcomer's
    right change seats. After five rubbers everyone has sat out once and partnered
    everyone else once.
    """
    if draw.sitting_out is None:
        raise ScoringError("The rotation is for five players")
    table = first_table(draw)
    tables = [table]
    # Who sits out next: lowest card first, then upward.
    to_sit_out = list(reversed(draw.order))
    for n in range(1, rubbers):
        newcomer = table.sitting_out
        leaving = to_sit_out[n % 5]
        seats = list(table.seats)
        at = seats.index(leaving)
        seats[at] = newcomer
        # Seats run clockwise N, E, S, W; the player on your right sits one seat
        # anticlockwise, and the next one to the right is your partner.
        right, beyond = (at - 1) % 4, (at - 2) % 4
        seats[right], seats[beyond] = seats[beyond], seats[right]
        table = Table(*seats, sitting_out=leaving)
        tables.append(table)
    return tables


class BackScore:
    """Each player's running result, in hundreds, rubber by rubber."""

    def __init__(self, players: list[str] | tuple[str, ...]):
        if len(players) not in (4, 5) or len(set(players)) != len(players):
            raise ScoringError("A back score has four or five different players")
        self.players = tuple(players)
        self.rubbers: list[dict[str, int]] = []

    def add(self, winners: tuple[str, str], losers: tuple[str, str], points: int) -> dict[str, int]:
        """Winners +points, losers -points, anyone sitting out 0."""
        named = [*winners, *losers]
        unknown = [p for p in named if p not in self.players]
        if unknown or len(set(named)) != 4:
            raise ScoringError(f"Each rubber needs four different players of {self.players}")
        points = abs(points)
        row = dict.fromkeys(self.players, 0)
        for p in winners:
            row[p] = points
        for p in losers:
            row[p] = -points
        self.rubbers.append(row)
        return row

    def add_rubber(self, sheet, we: tuple[str, str], they: tuple[str, str]) -> dict[str, int]:
        """Enter a finished sheet: the side ahead wins its rounded difference."""
        points = sheet.points()
        return self.add(we, they, points) if points >= 0 else self.add(they, we, -points)

    def total(self, player: str) -> int:
        return sum(row[player] for row in self.rubbers)

    def running(self, player: str) -> list[int]:
        """The player's standing after each rubber, as a back score is written."""
        totals, running = [], 0
        for row in self.rubbers:
            running += row[player]
            totals.append(running)
        return totals
