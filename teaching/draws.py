"""Which questions an assignment draws, reproducibly (pure Python).

Each question's seed is derived from the assignment's secret seed, who the set is for
(everyone, or one student) and the attempt number, so a student's set can always be
drawn again exactly; it is still stored when first drawn.

>>> a = question_seed(secret=7, who="everyone", attempt=1, position=0)
>>> a == question_seed(secret=7, who="everyone", attempt=1, position=0)
True
>>> a == question_seed(secret=7, who="student-1", attempt=1, position=0)
False
>>> [t.label for t in topics(kinds=["honors"], skills=["slams"])]
['Honors: who scores them, and how much?', 'Slams']
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from quizzes.kinds import KINDS
from quizzes.skills import SKILLS

EVERYONE = "everyone"


@dataclass(frozen=True)
class Topic:
    """What one position of an assignment practises: a kind of question or a skill."""

    kind: str | None = None
    skill: str | None = None

    @property
    def label(self) -> str:
        return KINDS[self.kind].title if self.kind else SKILLS[self.skill]


@dataclass(frozen=True)
class PlannedQuestion:
    position: int
    topic: Topic
    seed: int


def question_seed(*, secret: int, who: str, attempt: int, position: int) -> int:
    digest = hashlib.sha256(f"{secret}:{who}:{attempt}:{position}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits: fits a signed BigIntegerField


def topics(*, kinds: list[str], skills: list[str]) -> list[Topic]:
    return [Topic(kind=k) for k in kinds] + [Topic(skill=s) for s in skills]


def plan(
    *, kinds: list[str], skills: list[str], count: int, secret: int, who: str, attempt: int
) -> list[PlannedQuestion]:
    """The questions of one set: the chosen kinds and skills in turn, each from its own seed."""
    chosen = topics(kinds=kinds, skills=skills)
    return [
        PlannedQuestion(
            position=i,
            topic=chosen[i % len(chosen)],
            seed=question_seed(secret=secret, who=who, attempt=attempt, position=i),
        )
        for i in range(count)
    ]
