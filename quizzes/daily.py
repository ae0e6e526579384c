"""Today's set and the next step on the course path, for one learner.

Reads and writes of the practice app's database live in selectors.py and services.py;
this module decides, from a learner's standing, what comes next.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from quizzes import progress, review
from quizzes.skills import COURSE, MISTAKE_SKILLS

DAILY_SIZE = 10
"""Questions in a day's set: a few minutes' work."""
REVIEW_EVERY = 3
"""In a day's set, two of every three questions go to due reviews while any are due."""


@dataclass(frozen=True)
class Step:
    """What one question of today's set practises, and within which part of the course."""

    skill: str
    upto: str
    """The lesson (by its skill) whose course so far bounds the question."""
    single_idea: bool
    why: str
    """"review" (it was due) or "new" (the next skill on the path)."""


def frontier(levels: dict[str, str]) -> str:
    """The first skill on the path not yet mastered (the last one once all are)."""
    return next((skill for skill in COURSE if levels.get(skill) != "mastered"), COURSE[-1])


def reached(levels: dict[str, str]) -> str:
    """The furthest skill on the path the learner has practised, or the frontier."""
    met = [COURSE.index(skill) for skill, level in levels.items() if level != "new"]
    return COURSE[max([*met, COURSE.index(frontier(levels))])]


def skill_of_card(key: str) -> str:
    return MISTAKE_SKILLS[review.mistake_of(key)] if review.is_mistake(key) else key


def next_step(levels: dict[str, str], due: list[str], position: int) -> Step:
    """Question number `position` (0, 1, ...) of today's set: a due review, or the path."""
    upto = reached(levels)
    if due and position % REVIEW_EVERY != REVIEW_EVERY - 1:
        skill = skill_of_card(due[0])
        if COURSE.index(skill) <= COURSE.index(upto):
            mastered = levels.get(skill) == "mastered"
            return Step(skill, upto, single_idea=not mastered, why="review")
    skill = frontier(levels)
    return Step(skill, upto, single_idea=levels.get(skill) != "mastered", why="new")


def streak(days: list[date], today: date) -> int:
    """Days in a row with practice, ending today (or yesterday, if today has none yet)."""
    seen = set(days)
    day = today if today in seen else today - timedelta(days=1)
    count = 0
    while day in seen:
        count += 1
        day -= timedelta(days=1)
    return count


def levels_of(rows) -> dict[str, str]:
    """Each skill's level from SkillProgress-like rows (skill, recent)."""
    return {skill: progress.level(recent) for skill, recent in rows}
