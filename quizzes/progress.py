"""A learner's standing on a skill, from their recent answers (pure Python).

>>> level(""), level("0"), level("0110"), level("1011111")
('new', 'learning', 'practised', 'mastered')
>>> push("11111111", False)
'11111110'
"""

from __future__ import annotations

LEVELS = ("new", "learning", "practised", "mastered")
LEVEL_NAMES = {
    "new": "New",
    "learning": "Learning",
    "practised": "Practised",
    "mastered": "Mastered",
}
RECENT = 8
MASTERED_RUN = 5


def level(recent: str) -> str:
    """new: never answered; mastered: the last five right; practised: three of the last five."""
    if not recent:
        return "new"
    last = recent[-MASTERED_RUN:]
    if len(last) == MASTERED_RUN and last == "1" * MASTERED_RUN:
        return "mastered"
    if len(recent) >= 3 and last.count("1") >= 3:
        return "practised"
    return "learning"


def push(recent: str, right: bool) -> str:
    return (recent + ("1" if right else "0"))[-RECENT:]


def weakness(recent: str) -> tuple:
    """A sort key: lower is weaker. Skills being learned come first, then new ones."""
    rank = {"learning": 0, "new": 1, "practised": 2, "mastered": 3}[level(recent)]
    share = recent.count("1") / len(recent) if recent else 0.0
    return rank, share
