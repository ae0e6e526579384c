"""Pairs scored in IMPs: against a Butler datum, or against every other table (cross-IMPs)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scoring.comparisons.checks import _scores, _whole
from scoring.comparisons.imp_scale import imp_band, imps
from scoring.comparisons.wording import _exact_figure, _imps_text, _signed
from scoring.words import Words, gettext_noop, ngettext

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
        why = gettext_noop(
            "Leaving out one top ({top}) and one bottom ({bottom}), the mean of the other "
            "{count} scores is {sum} / {count} = {mean}; {rounding}"
        )
        ends = {"top": _signed(ranked[-1]), "bottom": _signed(ranked[0])}
    else:
        left_out, kept, ends = (), list(scores), {}
        why = gettext_noop("The mean of all {count} scores is {sum} / {count} = {mean}; {rounding}")
    mean = Fraction(sum(kept), len(kept))
    datum = _nearest_ten(mean)
    if mean == datum:
        rounding = Words(gettext_noop("already a multiple of 10: {datum}"), datum=datum)
    else:
        rounding = Words(
            gettext_noop("to the nearest 10, halves away from zero: {datum}"), datum=datum
        )
    reason = Words(
        why,
        **ends,
        count=len(kept),
        sum=sum(kept),
        mean=_exact_figure(mean),
        rounding=rounding,
    )
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
    reason = Words(
        gettext_noop("{score} against a datum of {datum}: {difference}; {band}"),
        score=_signed(score),
        datum=_signed(datum),
        difference=_signed(difference),
        band=imp_band(difference),
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
            Words(
                gettext_noop("{score} against {other}: {difference}; {band}"),
                score=_signed(score),
                other=_signed(other),
                difference=_signed(score - other),
                band=imp_band(score - other),
            ),
        )
        for j, other in enumerate(scores)
        if j != index
    )
    total = sum(c.imps for c in comparisons)
    terms = str(comparisons[0].imps) + "".join(
        f" + {c.imps}" if c.imps >= 0 else f" - {-c.imps}" for c in comparisons[1:]
    )
    count = len(comparisons)
    reason = Words(
        gettext_noop("{score} against the {others}: {terms} = {imps} over {comparisons}"),
        score=_signed(score),
        others=ngettext("{count} other score", "{count} other scores", count, count=count),
        terms=terms,
        imps=_imps_text(_signed(total), total),
        comparisons=ngettext("{count} comparison", "{count} comparisons", count, count=count),
    )
    return CrossImps(score, total, comparisons, reason)
