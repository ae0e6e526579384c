"""The WE/THEY score sheet that rubber bridge and four-deal bridge share.

A sheet is a list of entries. Each entry is an item (points, side, above or below
the line, reason) plus the deal it came from and, below the line, which game it
counts toward. Game lines fall between those games; totals are sums of entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.contract import Contract
from scoring.deal import DealResult, score_deal
from scoring.errors import GameOver
from scoring.forms import Form
from scoring.items import Item, Kind, Place
from scoring.played import PlayedDeal
from scoring.sides import THEY, WE, Role, check_side


def difference_between(we_total: int, they_total: int) -> int:
    """The difference written on a rubber's back score: the higher total less the lower.

    >>> difference_between(2380, 550), difference_between(230, 300)
    (1830, 70)
    """
    return abs(we_total - they_total)


def round_to_hundreds(points: int, fifty: str = "up") -> int:
    """Round a rubber's difference to hundreds, as written on the back score.

    Exactly 50 rounds away from zero by default ("550 is a 6 rubber"), or toward zero with
    fifty="down", as some clubs do (rules §2.6).

    >>> round_to_hundreds(1830), round_to_hundreds(550), round_to_hundreds(550, fifty="down")
    (18, 6, 5)
    >>> round_to_hundreds(-1830), round_to_hundreds(1570, fifty="down")
    (-18, 16)
    """
    if fifty not in ("up", "down"):
        raise ValueError(f"fifty must be 'up' or 'down', got {fifty!r}")
    size = abs(points)
    hundreds, rest = divmod(size, 100)
    if rest > 50 or (rest == 50 and fifty == "up"):
        hundreds += 1
    return hundreds if points >= 0 else -hundreds


@dataclass(frozen=True, slots=True)
class Entry:
    """One number on the sheet, with where it came from."""

    item: Item
    deal: int | None
    """The deal number that produced it; None for end-of-rubber bonuses."""
    game: int
    """Below the line: which game (0, 1, 2) it counts toward."""

    @property
    def side(self) -> str:
        return self.item.side

    @property
    def points(self) -> int:
        return self.item.points

    @property
    def place(self) -> Place:
        return self.item.place


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as written on a sheet: what happened and what it added."""

    number: int
    """Position on the sheet (1-based), passed-out deals included."""
    declarer: str | None
    contract: Contract | None
    tricks: int | None
    result: DealResult | None
    """None for a passed-out deal."""
    entries: tuple[Entry, ...]
    vulnerable: frozenset[str]
    """Sides vulnerable while this deal was played."""
    game: int = 0
    """Which game (0, 1, 2) this deal was played toward."""
    dealer: str | None = None
    deal_in_chukker: int | None = None
    game_to: str | None = None
    """The side that made a game on this deal."""
    ends_rubber: bool = False
    honors: str | None = None
    honors_side: str | None = None

    def items_for(self, side: str) -> tuple[Item, ...]:
        """What this deal wrote for `side`, item by item."""
        return tuple(entry.item for entry in self.entries if entry.side == side)

    @property
    def passed_out(self) -> bool:
        return self.result is None

    def points(self, side: str, place: Place | None = None) -> int:
        return sum(
            e.points for e in self.entries if e.side == side and (place is None or e.place is place)
        )


@dataclass
class Segment:
    """The entries below the line between two game lines."""

    we: list[Entry] = field(default_factory=list)
    they: list[Entry] = field(default_factory=list)
    closed_by: str | None = None
    """The side whose game drew the line under this segment, if any."""

    def side(self, side: str) -> list[Entry]:
        return self.we if side == WE else self.they


class ScoreSheet:
    """What rubber and four-deal bridge have in common: entries, games, totals."""

    form: Form

    def __init__(self, form: Form, fifty: str = "up"):
        self.form = form
        self.fifty = fifty
        self.entries: list[Entry] = []
        self.deals: list[DealRecord] = []
        self._game_index = 0
        self._below = {WE: 0, THEY: 0}
        self._games = {WE: 0, THEY: 0}
        self._finished = False

    # -- what the sheet says -------------------------------------------------

    def total(self, side: str) -> int:
        check_side(side)
        return sum(e.points for e in self.entries if e.side == side)

    @property
    def difference(self) -> int:
        """WE's total minus THEY's: positive when WE are ahead (difference_between: the
        back score's, unsigned)."""
        return self.total(WE) - self.total(THEY)

    @property
    def winner(self) -> str | None:
        """The side with the higher total, or None when level."""
        diff = self.difference
        return WE if diff > 0 else THEY if diff < 0 else None

    def points(self, fifty: str | None = None) -> int:
        """The difference in hundreds, signed from WE's side: an 18 rubber is 18."""
        return round_to_hundreds(self.difference, fifty or self.fifty)

    def games(self, side: str) -> int:
        return self._games[check_side(side)]

    def part_score(self, side: str) -> int:
        """Points below the line toward the game now in progress."""
        return self._below[check_side(side)]

    @property
    def is_finished(self) -> bool:
        return self._finished

    def column(self, side: str, place: str | Place) -> list[int]:
        """The numbers in one column above or below the line, in the order written."""
        place = Place(place) if isinstance(place, str) else place
        return [e.points for e in self.entries if e.side == check_side(side) and e.place is place]

    def segments(self) -> list[Segment]:
        """Below-the-line entries grouped by game, each closed by a game line or still open."""
        segments = [Segment() for _ in range(self._game_index + 1)]
        for entry in self.entries:
            if entry.place is Place.BELOW:
                segments[entry.game].side(entry.side).append(entry)
        for record in self.deals:
            if record.game_to is not None:
                segments[record.game].closed_by = record.game_to
        # A finished sheet has no room left for another game.
        if self._finished and len(segments) > 1 and not (segments[-1].we or segments[-1].they):
            segments.pop()
        return segments

    def above(self, side: str) -> list[Entry]:
        return [e for e in self.entries if e.side == side and e.place is Place.ABOVE]

    # -- writing deals -------------------------------------------------------

    def record(
        self,
        declarer: str,
        contract: str | Contract,
        tricks: int,
        honors: str | None = None,
        honors_side: str | None = None,
        *,
        vulnerable: bool | None = None,
    ) -> DealRecord:
        """Score the next deal, played by `declarer`'s side, and write it on the sheet.

        `vulnerable` overrides the sheet's own vulnerability for declarer (to replay a
        learner who misread it). A deal that breaks a rule raises a ScoringError and
        leaves the sheet unchanged.
        """
        self._check_open()
        declarer = check_side(declarer, "declaring side")
        vulnerable_now = self.vulnerable_sides()
        if vulnerable is None:
            vulnerable = declarer in vulnerable_now
        result = self._play(
            declarer,
            contract,
            tricks,
            vulnerable=vulnerable,
            honors=honors,
            honors_side=honors_side,
            last_deal=self._is_last_deal(),
        )
        number, game = len(self.deals) + 1, self._game_index
        # Honors go on the sheet last, after any rubber bonus, as the documents write them.
        honors_items = [i for i in result.items if i.kind is Kind.HONORS]
        entries = self._write(
            [i for i in result.items if i.kind is not Kind.HONORS], declarer, number
        )
        game_to = declarer if result.completes_game and self.form.carry_over else None
        if game_to:
            self._close_game(declarer)
            entries += self._after_game(declarer, number)
        entries += self._write(honors_items, declarer, number)
        record = DealRecord(
            number=number,
            declarer=declarer,
            contract=result.contract,
            tricks=result.tricks,
            result=result,
            entries=tuple(entries),
            vulnerable=vulnerable_now,
            game=game,
            game_to=game_to,
            ends_rubber=self._finished,
            honors=honors,
            honors_side=check_side(honors_side or declarer) if honors else None,
            **self._deal_context(),
        )
        self.deals.append(record)
        self._after_deal()
        return record

    def record_deal(self, deal: PlayedDeal | None, *, vulnerable: bool | None = None) -> DealRecord:
        """Write one played deal; None, or a deal passed out, is a passed-out deal.

        `vulnerable` is as for `record`.
        """
        if deal is None or deal.passed_out:
            return self.record_passed_out()
        return self.record(
            deal.declarer,
            deal.contract,
            deal.tricks,
            deal.honors or None,
            deal.honors_side or None,
            vulnerable=vulnerable,
        )

    def record_all(self, deals) -> list[DealRecord]:
        """Write played deal after played deal; returns what each wrote.

        >>> from scoring import PASSED_OUT, PlayedDeal, Rubber
        >>> rubber = Rubber()
        >>> _ = rubber.record_all([PlayedDeal("we", "4S", 10), PASSED_OUT, None])
        >>> rubber.total("we"), len(rubber.deals)
        (120, 3)
        """
        return [self.record_deal(deal) for deal in deals]

    def record_passed_out(self) -> DealRecord:
        """Nobody bid: nothing is scored and the cards are dealt again."""
        self._check_open()
        record = DealRecord(
            number=len(self.deals) + 1,
            declarer=None,
            contract=None,
            tricks=None,
            result=None,
            entries=(),
            vulnerable=self.vulnerable_sides(),
            game=self._game_index,
            **self._deal_context(),
        )
        self.deals.append(record)
        return record

    # Hooks for the kinds of sheet.

    def vulnerable_sides(self) -> frozenset[str]:
        """The sides vulnerable on the next deal."""
        raise NotImplementedError

    def _is_last_deal(self) -> bool:
        return False

    def _after_game(self, side: str, number: int) -> list[Entry]:
        return []

    def _deal_context(self) -> dict:
        return {}

    def _after_deal(self) -> None:
        pass

    def _play(
        self,
        declarer: str,
        contract: str | Contract,
        tricks: int,
        *,
        vulnerable: bool,
        honors: str | None,
        honors_side: str | None,
        last_deal: bool = False,
    ) -> DealResult:
        self._check_open()
        check_side(declarer, "declaring side")
        if honors_side is None:
            honors_side = declarer
        check_side(honors_side, "side holding the honors")
        return score_deal(
            contract,
            tricks,
            vulnerable,
            form=self.form,
            honors=honors,
            honors_side=Role.of(honors_side, declarer),
            part_score=self._below[declarer],
            last_deal=last_deal,
        )

    _over_message = "This score sheet is finished: start a new one"

    def _write(self, items, declarer: str, number: int) -> list[Entry]:
        """Copy a deal's items onto the sheet as WE/THEY entries; returns them."""
        written = [
            Entry(
                item.for_side(Role(item.side).side_for(declarer)),
                number,
                self._game_index,
            )
            for item in items
        ]
        self.entries.extend(written)
        self._below[declarer] += sum(e.points for e in written if e.place is Place.BELOW)
        return written

    def _close_game(self, side: str) -> None:
        """Draw a game line: `side` has a game; part-scores stop counting toward the next."""
        self._games[side] += 1
        self._game_index += 1
        if self.form.game_cancels_part_scores:
            self._below = {WE: 0, THEY: 0}
        else:
            self._below[side] = 0

    def _bonus(self, kind: Kind, points: int, side: str, reason: str, deal=None) -> Entry:
        entry = Entry(Item(kind, points, side, Place.ABOVE, reason), deal, self._game_index)
        self.entries.append(entry)
        return entry

    def _check_open(self) -> None:
        if self._finished:
            raise GameOver(self._over_message)
