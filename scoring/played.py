"""A played deal: what happened at the table, the one shape every part of the site uses.

The engine's sheets record it, the lessons store their worked deals as it, questions and
score pads keep it in the database as `as_data()` and read it back with `from_data()`, and
lesson templates may write it as text (`parse`).

>>> deal = PlayedDeal.parse("we 6C 13 four_trumps")
>>> deal
PlayedDeal(declarer='we', contract='6C', tricks=13, honors='four_trumps', honors_side='we')
>>> PlayedDeal.from_data(deal.as_data()) == deal
True
>>> PlayedDeal.parse("they 3NT 9 four_aces@we").honors_side
'we'
>>> PlayedDeal.parse("passed").passed_out
True
>>> PlayedDeal("S", "3NT", 9, "four_aces", "EW", board=5).honors_role
'defenders'
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.contract import Contract
from scoring.errors import ScoringError
from scoring.sides import Role


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """Who declared what, how many tricks they took, and any honors held.

    `declarer` is a side ("we" or "they") on a WE/THEY sheet, or a seat (N, E, S, W) at
    duplicate, where `board` gives the board number. `honors_side` is the side (or, with
    seats, the pair: NS or EW) whose player held the honors; None means declarer's side.
    A passed-out deal has only `passed_out` (and, at duplicate, its board).
    """

    declarer: str | None = None
    contract: str | Contract | None = None
    tricks: int | None = None
    honors: str | None = None
    honors_side: str | None = None
    passed_out: bool = False
    board: int | None = None

    def __post_init__(self):
        # Honors are always somebody's: with no side named, declarer's side holds them.
        holder = (self.honors_side or self.declarer) if self.honors else None
        object.__setattr__(self, "honors_side", holder)

    @property
    def honors_role(self) -> Role | None:
        """Who held the honors, as a role in this deal; None without honors."""
        return Role.of(self.honors_side, self.declarer) if self.honors else None

    @classmethod
    def parse(cls, text: str) -> PlayedDeal:
        """Read "we 4HX 10", "they 6C 12 four_trumps", "we 3NT 9 four_aces@they" or "passed"."""
        words = text.split()
        if words == ["passed"]:
            return PASSED_OUT
        if len(words) not in (3, 4):
            raise ScoringError(
                f"Can't read {text.strip()!r} as a deal: write the side, the contract and "
                "the tricks, like 'we 4HX 10', then any honors, like 'four_trumps@they'"
            )
        declarer, contract, tricks, *rest = words
        honors, honors_side = None, None
        if rest:
            honors, _, holder = rest[0].partition("@")
            honors_side = holder or None
        return cls(declarer, contract, int(tricks), honors, honors_side)

    def as_data(self) -> dict:
        """The deal as JSON-able data, as questions and score pads store it."""
        board = {} if self.board is None else {"board": self.board}
        if self.passed_out:
            return {**board, "passed_out": True}
        data = {
            **board,
            "declarer": str(self.declarer),
            "contract": str(self.contract),
            "tricks": self.tricks,
        }
        if self.honors:
            data["honors"] = self.honors
            data["honors_side"] = str(self.honors_side)
        return data

    @classmethod
    def from_data(cls, data: dict) -> PlayedDeal:
        """A deal stored by `as_data()`."""
        if data.get("passed_out"):
            return cls(passed_out=True, board=data.get("board"))
        return cls(
            data["declarer"],
            data["contract"],
            data["tricks"],
            data.get("honors") or None,
            data.get("honors_side") or None,
            board=data.get("board"),
        )

    def __repr__(self) -> str:
        # Only the fields that say something, so a repr reads like the deal.
        names = ("declarer", "contract", "tricks", "honors", "honors_side", "passed_out", "board")
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in names
            if getattr(self, name) is not None and getattr(self, name) is not False
        )
        return f"PlayedDeal({shown})"


PASSED_OUT = PlayedDeal(passed_out=True)
"""A deal nobody bid: a sheet writes it as passed out (so does None)."""


def parse_deals(text: str) -> list[PlayedDeal]:
    """Deals written one after another: "we 2C 8; they 4H 10; passed"."""
    return [PlayedDeal.parse(part) for part in text.split(";") if part.strip()]
