"""A class's live classes at the tables, as its teacher's reports show them: for each
student who played, their pair's share of the matchpoints and its place.

These are not marks: a pair's percentage says how its scores compared with the other
pairs' on the same boards, not how many answers were right, so no average of marks counts
them.

Reports sits below live (the README's layers), so it never reads live's rows itself: live
hands over what the reports show (live.pairs.class_table_sessions, connected when the live
app is ready) through `table_sessions`. Every percentage and place in them is the engine's
(scoring.PairsSession), worked out from the results the tables entered each time it is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from django.template.defaultfilters import floatformat
from django.utils.translation import gettext, gettext_noop

from common.places import place_text

NOT_PLAYED = "–"
NO_BOARDS = gettext_noop("no boards entered")
# The directions as the room's screen says them (live.pairs), in the reader's language.
DIRECTIONS = {"NS": gettext_noop("N-S"), "EW": gettext_noop("E-W")}


@dataclass(frozen=True)
class PairResult:
    """One student's pair in one session at the tables, as the engine's standing has it."""

    pair: int
    direction: str
    """"NS" or "EW": the way the pair sat all session (a Mitchell)."""
    percentage: float | None = None
    """Its matchpoints as a share of the most it could have earned; None when no board of
    its was compared (nothing entered, or entered at only one table)."""
    place: int | None = None
    tied: bool = False
    ranked: int = 0
    """How many pairs of its direction the standing ranks."""
    boards: int = 0
    """The boards of its that count in the standing."""

    @property
    def direction_text(self) -> str:
        known = DIRECTIONS.get(self.direction)
        return gettext(known) if known else self.direction

    @property
    def percent_text(self) -> str:
        """ "62.50%", as the room's screen shows it; "" when no board counts."""
        return "" if self.percentage is None else f"{floatformat(self.percentage, 2)}%"

    @property
    def place_text(self) -> str:
        """ "2nd of 3 N-S pairs", "joint 2nd of 3 E-W pairs"; "" when no board counts."""
        if self.place is None:
            return ""
        return gettext("{place} of {ranked} {direction} pairs").format(
            place=place_text(self.place, self.tied),
            ranked=self.ranked,
            direction=self.direction_text,
        )

    @property
    def text(self) -> str:
        """ "62.50%, 1st of 3 N-S pairs", or "no boards entered"."""
        if self.percentage is None:
            return gettext(NO_BOARDS)
        return f"{self.percent_text}, {self.place_text}"


@dataclass(frozen=True)
class TableSession:
    """A finished live class at the tables, and each student's pair in it."""

    public_id: str
    title: str
    finished_at: datetime
    results: dict[int, PairResult] = field(default_factory=dict)
    """By membership id: the students of the class who played, with a pair chosen."""

    @property
    def heading(self) -> str:
        return gettext("At the tables: {title}").format(title=self.title)

    def of(self, membership_id: int) -> PairResult | None:
        return self.results.get(membership_id)


Source = Callable[..., list[TableSession]]
_sources: list[Source] = []


def read_sessions_with(source: Source) -> None:
    """Let an app above hand over a class's sessions at the tables: `source(classroom_id=,
    membership_id=)` returns them, oldest first, in a few queries however many there are."""
    if source not in _sources:
        _sources.append(source)


def table_sessions(*, classroom, membership=None) -> list[TableSession]:
    """The class's finished sessions at the tables, oldest first; with `membership`, only
    that student's results are filled in (the sessions they missed are listed too)."""
    membership_id = membership.pk if membership is not None else None
    found: list[TableSession] = []
    for source in _sources:
        found.extend(source(classroom_id=classroom.pk, membership_id=membership_id))
    return sorted(found, key=lambda s: s.finished_at)
