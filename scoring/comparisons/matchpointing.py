"""Matchpoints: each score on a board against the other scores of its direction."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scoring.comparisons.checks import _scores
from scoring.comparisons.wording import _exact_figure, _percent, _signed
from scoring.errors import InvalidComparison, InvalidForm
from scoring.words import Words, gettext_noop, ngettext

SCALES = {"acbl": 1, "international": 2}
"""Matchpoints for each score beaten; a tie earns half as much."""

TIES = {"half": Fraction(1, 2), "won": Fraction(1), "lost": Fraction(0)}
"""What a tie is worth, as a share of a score beaten: half, as the rules say, or as
a learner who counts ties as wins (or as losses) reckons it."""


@dataclass(frozen=True)
class MatchpointResult:
    """One score's matchpoints on a board: what it beat, tied and lost to."""

    score: int
    matchpoints: Fraction
    """Exact: a tie at the ACBL scale is worth ½, which a float can hold but a sum of
    many floats may not; Fraction keeps every total exact."""
    top: int
    """The most a score can earn: beating every other score."""
    beaten: int
    tied: int
    lost_to: int
    percentage: float
    """Matchpoints as a percentage of the top, to 2 decimals, halves rounded up."""
    reason: str


def matchpoints(
    scores: Iterable[int], scale: str = "acbl", *, ties: str = "half"
) -> tuple[MatchpointResult, ...]:
    """Each score's matchpoints against the other scores of the same direction on a board.

    "acbl": 1 for each score beaten and ½ for each tie (top n - 1); "international":
    2 and 1 (top 2(n - 1)). The results come in the order of the scores. `ties`
    replays a slip: "won" or "lost" counts each tie as a score beaten or lost to.

    >>> first, *_ = matchpoints([420, 420, 450, 170, -100])
    >>> first.reason
    '+420 beats 2 and ties 1 of the 4 other scores: 2 + ½ = 2½ of a top of 4'
    >>> first.percentage
    62.5
    >>> matchpoints([420, 420, 450, 170, -100], scale="international")[0].reason
    '+420 beats 2 and ties 1 of the 4 other scores: 2 × 2 + 1 = 5 of a top of 8'
    """
    per_win = _per_win(scale)
    if ties not in TIES:
        raise InvalidComparison(f"A tie counts as 'half', 'won' or 'lost', got {ties!r}")
    scores = _scores(scores, "Matchpoints")
    top = per_win * (len(scores) - 1)
    return tuple(_matchpoint(score, scores, per_win, top, TIES[ties]) for score in scores)


def _matchpoint(
    score: int, scores: tuple[int, ...], per_win: int, top: int, tie: Fraction = TIES["half"]
) -> MatchpointResult:
    beaten = sum(other < score for other in scores)
    lost_to = sum(other > score for other in scores)
    tied = len(scores) - 1 - beaten - lost_to  # every other table with the same score
    earned = per_win * (beaten + tied * tie)
    others = len(scores) - 1
    if tied:
        what = ngettext(
            "beats {beaten} and ties {tied} of the {others} other score",
            "beats {beaten} and ties {tied} of the {others} other scores",
            others,
            beaten=beaten,
            tied=tied,
            others=others,
        )
    elif beaten:
        what = ngettext(
            "beats {beaten} of the {others} other score",
            "beats {beaten} of the {others} other scores",
            others,
            beaten=beaten,
            others=others,
        )
    else:
        what = ngettext(
            "beats none of the {others} other score",
            "beats none of the {others} other scores",
            others,
            others=others,
        )
    if tie == TIES["half"]:
        working = _matchpoint_working(beaten, tied, per_win, earned)
    else:  # a slip replayed: its working is never shown, only its figure compared
        working = _exact_figure(earned)
    reason = Words(
        gettext_noop("{score} {what}: {working} of a top of {top}"),
        score=_signed(score),
        what=what,
        working=working,
        top=top,
    )
    return MatchpointResult(
        score, earned, top, beaten, tied, lost_to, _percent(earned, top), reason
    )


def _matchpoint_working(beaten: int, tied: int, per_win: int, earned: Fraction):
    # Words with no words of their own, only figures and signs: the figures are written in
    # the reader's language (282,5 in French), and no catalogue entry is needed.
    if per_win == 1:
        wins, ties = str(beaten), "½" if tied == 1 else f"{tied} × ½"
    else:
        wins, ties = f"{beaten} × {per_win}", f"{tied * per_win // 2}"
    if not tied:
        if per_win == 1:
            return _exact_figure(earned)
        return Words("{wins} = {earned}", wins=wins, earned=_exact_figure(earned))
    return Words("{wins} + {ties} = {earned}", wins=wins, ties=ties, earned=_exact_figure(earned))


def _per_win(scale: str) -> int:
    if scale not in SCALES:
        raise InvalidForm(f"Matchpoint scales are 'acbl' or 'international', got {scale!r}")
    return SCALES[scale]
