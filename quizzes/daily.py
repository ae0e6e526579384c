"""Today's set and the next step on the course path, for one learner.

Reads and writes of the practice app's database live in selectors/ and services/;
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
MOVE_ON_AFTER = 12
"""Answers on a skill after which the path moves on even if it is not mastered yet: its
review keeps bringing it back, and a learner is never stuck on one lesson."""


@dataclass(frozen=True)
class Step:
    """What one question of today's set practises, and within which part of the course."""

    skill: str
    upto: str
    """The lesson (by its skill) whose course so far bounds the question."""
    single_idea: bool
    why: str
    """"review" (it was due) or "new" (the next skill on the path)."""


def frontier(
    levels: dict[str, str],
    answered: dict[str, int] | None = None,
    passed=frozenset(),
    held=frozenset(),
) -> str | None:
    """The lesson the learner is at, by its skill: the first on the path whose lesson check
    is not passed (`passed`: ever, so "three more questions" on a passed check keeps it
    behind) and which is held (`held`: its check finished with one wrong, so the learner
    stays there until three more are right) or not yet practised to mastery nor tried
    MOVE_ON_AFTER times (a learner who never takes a check is never stuck). None once every
    lesson is behind the learner. Every page that says where a learner is on the course,
    and today's set, go by this (selectors.course_position).

    >>> frontier({"sheet": "learning"}, {"sheet": 3})
    'sheet'
    >>> frontier({"sheet": "learning"}, {"sheet": 3}, passed={"sheet"})
    'trick_score'
    >>> frontier({"sheet": "mastered"}, {"sheet": 20}, held={"sheet"})
    'sheet'
    """
    answered = answered or {}
    return next(
        (
            skill
            for skill in COURSE
            if skill not in passed
            and (
                skill in held
                or (levels.get(skill) != "mastered" and answered.get(skill, 0) < MOVE_ON_AFTER)
            )
        ),
        None,
    )


def reached(
    levels: dict[str, str],
    answered: dict[str, int] | None = None,
    passed=frozenset(),
    held=frozenset(),
) -> str:
    """The furthest skill on the path the learner has practised, or the frontier."""
    met = [COURSE.index(skill) for skill, level in levels.items() if level != "new"]
    ahead = frontier(levels, answered, passed, held)
    return COURSE[max([*met, COURSE.index(ahead) if ahead else len(COURSE) - 1])]


def skill_of_card(key: str) -> str:
    return MISTAKE_SKILLS[review.mistake_of(key)] if review.is_mistake(key) else key


def next_step(
    levels: dict[str, str],
    due: list[str],
    position: int,
    answered: dict[str, int] | None = None,
    upcoming: list[str] = (),
    passed=frozenset(),
    recent: list[str] = (),
    held=frozenset(),
) -> Step:
    """Question number `position` (0, 1, ...) of today's set: a due review, or the path.

    Once the whole path is behind the learner, the path's slot goes to the card that
    comes due soonest (`upcoming`), so every skill keeps coming round. `recent` is the
    skills of the set's questions so far, oldest first: after two in a row on one skill,
    the next goes to another skill, due or ahead, whenever there is one.
    """
    upto = reached(levels, answered, passed, held)
    ahead = frontier(levels, answered, passed, held)
    reviews = [key for key in due if COURSE.index(skill_of_card(key)) <= COURSE.index(upto)]
    tired = recent[-1] if len(recent) >= 2 and recent[-1] == recent[-2] else None
    fresh = [key for key in reviews if skill_of_card(key) != tired]
    review_slot = position % REVIEW_EVERY != REVIEW_EVERY - 1 or ahead is None
    if tired and ahead == tired and fresh:
        review_slot = True  # the path would be a third in a row: a review of another skill
    elif tired and review_slot and not fresh and ahead not in (None, tired):
        review_slot = False  # every due review is a third in a row: the path instead
    if reviews and review_slot:
        skill = skill_of_card((fresh or reviews)[0])
        mastered = levels.get(skill) == "mastered"
        return Step(skill, upto, single_idea=not mastered, why="review")
    if ahead is None:
        soonest = [skill_of_card(key) for key in upcoming] or [COURSE[position % len(COURSE)]]
        skill = soonest[position % len(soonest)]
        if skill == tired:
            skill = next((other for other in soonest if other != tired), skill)
        return Step(skill, upto, single_idea=levels.get(skill) != "mastered", why="review")
    return Step(ahead, upto, single_idea=levels.get(ahead) != "mastered", why="new")


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
