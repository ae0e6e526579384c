"""Where each figure of a WE/THEY sheet is written: layout as data, for any drawing of it.

No HTML here: which entry sits in which row, above the line or below it, and where the
game lines fall. A template (or a printout, or a test) draws it.

>>> from scoring.rubber import Rubber
>>> rubber = Rubber()
>>> _ = rubber.record("we", "2S", 9)
>>> _ = rubber.record("they", "4H", 10)
>>> layout = sheet_layout(rubber, highlight=2)
>>> [[cell.points if cell else None for cell in row] for row in layout.above_rows]
[[30, None]]
>>> [[[c.points if c else None for c in row] for row in game.rows] for game in layout.segments]
[[[60, 120]], [[None, None]]]
>>> layout.segments[0].closed_by == "they", layout.segments[1].closed_by
(True, None)
>>> layout.segments[0].rows[0][1].new, layout.totals
(True, {'we': 90, 'they': 120})
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.sheet import Entry, ScoreSheet
from scoring.sides import SIDES, THEY, WE


@dataclass(frozen=True, slots=True)
class Cell:
    """One figure on the sheet, and whether the deal being shown wrote it."""

    entry: Entry
    new: bool = False

    @property
    def points(self) -> int:
        return self.entry.points

    @property
    def label(self) -> str:
        return self.entry.item.label

    @property
    def reason(self) -> str:
        return self.entry.item.reason

    @property
    def deal(self) -> int | None:
        return self.entry.deal

    @property
    def kind(self) -> str:
        return self.entry.item.key


Row = tuple[Cell | None, Cell | None]
"""WE's figure and THEY's figure on one line of the sheet; None where a column is empty."""


@dataclass(frozen=True, slots=True)
class GameSegment:
    """The rows below the line toward one game, and who closed it with a game line."""

    rows: list[Row]
    closed_by: str | None


@dataclass(frozen=True, slots=True)
class SheetLayout:
    above_rows: list[Row]
    """Above the line, top row first: the first figure written sits next to the line."""
    segments: list[GameSegment]
    """Below the line, game by game, from the line down."""
    totals: dict[str, int]
    games: dict[str, int]


END = "end"
"""highlight=END marks the entries written when play stops (the rubber or unfinished-rubber
bonuses), which belong to no deal."""


def sheet_layout(
    sheet: ScoreSheet, highlight: int | str | None = None, hide: tuple[str, ...] | str = ()
) -> SheetLayout:
    """The sheet as rows; entries of deal `highlight` (or END) are marked new.

    `hide` names item kinds left off (a question's answer, say: "rubber_bonus").
    """
    hidden = set(hide.split()) if isinstance(hide, str) else set(hide)

    def cell(entry: Entry) -> Cell:
        if highlight == END:
            return Cell(entry, new=entry.deal is None)
        return Cell(entry, new=highlight is not None and entry.deal == highlight)

    we_above = [cell(e) for e in sheet.above(WE) if e.item.key not in hidden]
    they_above = [cell(e) for e in sheet.above(THEY) if e.item.key not in hidden]
    height = max(len(we_above), len(they_above))
    # Above the line the columns grow upward, so the rows are read from the top down.
    we_column = [None] * (height - len(we_above)) + we_above[::-1]
    they_column = [None] * (height - len(they_above)) + they_above[::-1]

    segments = []
    for segment in sheet.segments():
        rows = max(len(segment.we), len(segment.they), 1)
        we = [cell(e) for e in segment.we] + [None] * (rows - len(segment.we))
        they = [cell(e) for e in segment.they] + [None] * (rows - len(segment.they))
        segments.append(GameSegment(list(zip(we, they, strict=True)), segment.closed_by))
    return SheetLayout(
        above_rows=list(zip(we_column, they_column, strict=True)),
        segments=segments,
        totals={side: sheet.total(side) for side in SIDES},
        games={side: sheet.games(side) for side in SIDES},
    )
