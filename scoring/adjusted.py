"""Matchpoints when a table has an adjusted score instead of a result.

A table that could not play a board is given an artificial score: "A+" (60 % of the top),
"A" (average, 50 %) or "A-" (40 %). The other tables' results are matchpointed among
themselves, then factored up to the board's full top by Neuberg's formula, so a board with
an adjusted score is worth as much to everyone as any other board:

    (matchpoints + ½ per win) × tables ÷ tables with a result − ½ per win

(docs/rules.md has the matchpoint scales; Neuberg's formula is the one the WBF's and the
national federations' scoring programs use.)

>>> [str(r.matchpoints) for r in adjusted_matchpoints([420, 420, 170, "A+"], "international")]
['13/3', '13/3', '1/3', '18/5']
>>> adjusted_matchpoints([420, 420, 170, "A+"], "international")[-1].reason
'an adjusted score A+: 60% of the top of 6'
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from scoring.comparisons.matchpointing import MatchpointResult, _per_win, matchpoints
from scoring.comparisons.pairs_session import PairStanding, _ranked, _standing
from scoring.comparisons.wording import _exact_figure, _percent
from scoring.errors import InvalidComparison
from scoring.words import Words, gettext_noop

ARTIFICIAL_PERCENT = {"A+": 60, "A": 50, "A-": 40}
"""The share of the top an adjusted score earns: average plus, average, average minus."""


def neuberg(earned: Fraction, played: int, tables: int, per_win: int) -> Fraction:
    """Matchpoints earned among `played` results, factored up to a board of `tables`.

    >>> neuberg(Fraction(27), played=21, tables=22, per_win=2)  # FFB board 1: 28.3 printed
    Fraction(85, 3)
    """
    half = Fraction(per_win, 2)
    return (Fraction(earned) + half) * tables / played - half


def adjusted_matchpoints(
    entries: Iterable[int | str], scale: str = "acbl"
) -> tuple[MatchpointResult, ...]:
    """Each entry's matchpoints on a board where some tables have an adjusted score.

    An entry is a score (from the direction's side) or an adjusted score's code (A+, A,
    A-). With no adjusted score, this is `matchpoints`.
    """
    per_win = _per_win(scale)
    entries = tuple(entries)
    for entry in entries:
        if isinstance(entry, str) and entry not in ARTIFICIAL_PERCENT:
            raise InvalidComparison(f"An adjusted score is A+, A or A-, got {entry!r}")
    scores = [e for e in entries if not isinstance(e, str)]
    if len(entries) < 2:
        raise InvalidComparison("Matchpoints need at least 2 tables to compare")
    top = per_win * (len(entries) - 1)
    if len(scores) == len(entries):
        return matchpoints(scores, scale)
    among = iter(matchpoints(scores, scale) if len(scores) >= 2 else ())
    results = []
    for entry in entries:
        if isinstance(entry, str):
            share = Fraction(ARTIFICIAL_PERCENT[entry], 100) * top
            reason = Words(
                # xgettext:no-python-format (the % is a percentage, not a placeholder)
                gettext_noop("an adjusted score {entry}: {percent}% of the top of {top}"),
                entry=entry,
                percent=ARTIFICIAL_PERCENT[entry],
                top=top,
            )
            results.append(MatchpointResult(0, share, top, 0, 0, 0, _percent(share, top), reason))
            continue
        counts = (0, 0, 0)
        if len(scores) < 2:  # one result and the rest adjusted: it is compared with nothing
            share = Fraction(top, 2)
            reason = Words(
                gettext_noop("{entry} is the only result: an average, {share}"),
                entry=f"{entry:+d}",
                share=_exact_figure(share),
            )
        else:
            plain = next(among)
            share = neuberg(plain.matchpoints, len(scores), len(entries), per_win)
            counts = (plain.beaten, plain.tied, plain.lost_to)
            half = _exact_figure(Fraction(per_win, 2))
            reason = Words(
                gettext_noop(
                    "{plain} among {results} results; factored up to {tables} tables: "
                    "({matchpoints} + {half}) × {tables} / {results} − {half} = {share}"
                ),
                plain=plain.reason,
                results=len(scores),
                tables=len(entries),
                matchpoints=_exact_figure(plain.matchpoints),
                half=half,
                share=_exact_figure(share),
            )
        results.append(MatchpointResult(entry, share, top, *counts, _percent(share, top), reason))
    return tuple(results)


def ranked_standings(
    earned: dict[str, list[tuple[int, Fraction, int]]],
) -> tuple[PairStanding, ...]:
    """Every pair's total and percentage from (board, matchpoints, top) per board played,
    best share of its tops first, places shared as `PairsSession.standings` shares them."""
    return _ranked([_standing(pair, boards, None) for pair, boards in earned.items()])


__all__ = ["ARTIFICIAL_PERCENT", "adjusted_matchpoints", "neuberg", "ranked_standings"]
