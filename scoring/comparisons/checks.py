"""What a comparison accepts: whole numbers of points, at least two scores, a label."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.errors import InvalidComparison


def _whole(value, what: str, unit: str = "points") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidComparison(f"{what} is a whole number of {unit}, got {value!r}")
    return value


def _scores(scores: Iterable[int], what: str) -> tuple[int, ...]:
    scores = tuple(_whole(score, "A score") for score in scores)
    if len(scores) < 2:
        raise InvalidComparison(
            f"{what} need at least 2 scores to compare, got {len(scores)}: a board "
            "played at one table has nothing to be compared with"
        )
    return scores


def _label(label) -> str:
    # A bare table number is as good a label as its text.
    if isinstance(label, int) and not isinstance(label, bool):
        label = str(label)
    if not isinstance(label, str) or not label.strip():
        raise InvalidComparison(
            f"A table or pair is named by a label such as '1' or 'A', got {label!r}"
        )
    return label.strip()
