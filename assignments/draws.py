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
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from quizzes.generator import generate, kinds_for
from quizzes.kinds import KINDS, kind_for
from quizzes.skills import COURSE, EVERYTHING, SKILLS, taught_through

EVERYONE = "everyone"


@dataclass(frozen=True)
class Topic:
    """What one position of an assignment practises: a kind of question or a skill."""

    kind: str | None = None
    skill: str | None = None

    @property
    def label(self) -> str:
        """In the page's language: "Trick score"."""
        return gettext(KINDS[self.kind].title if self.kind else SKILLS[self.skill])


@dataclass(frozen=True)
class PlannedQuestion:
    position: int
    topic: Topic
    seed: int


def question_seed(*, secret: int, who: str, attempt: int, position: int, salt: int = 0) -> int:
    """The seed of one question. A `salt` other than 0 (a question the teacher replaced)
    gives the position another seed; 0 leaves the seeds already drawn as they were."""
    text = f"{secret}:{who}:{attempt}:{position}" + (f":{salt}" if salt else "")
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits: fits a signed BigIntegerField


def topics(*, kinds: list[str], skills: list[str]) -> list[Topic]:
    return [Topic(kind=k) for k in kinds] + [Topic(skill=s) for s in skills]


REDRAW_SALT = 1_000_000
"""The salt step of a question drawn again because it repeats one before it in its set: far
past the salts a teacher's "replace this question" reaches (one step at a time)."""
REDRAWS = 20


def plan(
    *,
    kinds: list[str],
    skills: list[str],
    count: int,
    secret: int,
    who: str,
    attempt: int,
    salts: Mapping[int, int] | None = None,
    situation_of: Callable | None = None,
) -> list[PlannedQuestion]:
    """The questions of one set: the chosen kinds and skills in turn, each from its own seed
    (salted where the teacher replaced the question: `salts`, position -> salt).

    With `situation_of` (distinct_by), a question whose situation repeats one before it in
    the set is drawn again, up to REDRAWS times: a kind with few situations (undertricks
    alone) drew the same question twice in one set."""
    chosen, salts = topics(kinds=kinds, skills=skills), salts or {}
    planned, seen = [], set()
    for i in range(count):
        topic = chosen[i % len(chosen)]
        for redraw in range(REDRAWS + 1):
            salt = salts.get(i, 0) + redraw * REDRAW_SALT
            seed = question_seed(secret=secret, who=who, attempt=attempt, position=i, salt=salt)
            if situation_of is None:
                break
            drawn = situation_of(topic, seed)
            if drawn not in seen:
                break
        if situation_of is not None:
            seen.add(drawn)
        planned.append(PlannedQuestion(position=i, topic=topic, seed=seed))
    return planned


def distinct_by(taught: frozenset[str]) -> Callable:
    """What makes two questions of a set the same: their kind and situation as drawn."""

    def situation_of(topic: Topic, seed: int) -> tuple[str, str]:
        kind, situation = generate(topic.kind, seed, topic.skill, taught)
        return kind.key, json.dumps(situation, sort_keys=True)

    return situation_of


LEAVE_OUT = {
    "doubles": gettext_lazy("Doubled and redoubled contracts"),
    "slams": gettext_lazy("Slams"),
    "honors": gettext_lazy("Honors"),
    "chicago": gettext_lazy("Four-deal bridge (Chicago)"),
    "duplicate": gettext_lazy("Duplicate (boards and their vulnerability)"),
    "simplicity": gettext_lazy("Simplicity Bridge"),
    "victory_points": gettext_lazy("Club rounds (victory points)"),
}
"""What a teacher can leave out of an assignment's questions, beyond what its choice bounds."""


def scope(*, kinds: list[str], skills: list[str], leave_out: list[str] = ()) -> frozenset[str]:
    """What an assignment's questions may need: the course up to the latest lesson its
    chosen skills (and the lessons its chosen kinds are about) reach, less what the teacher
    left out. A class choosing trick score and undertricks gets no doubles, slams, honors,
    Chicago or duplicate."""
    reached = [*skills, *(need for key in kinds for need in kind_for(key).requires)]
    course = [skill for skill in COURSE if skill in reached]
    upto = taught_through(course[-1]) if course else EVERYTHING
    return upto - set(leave_out)


def undrawable(*, kinds: list[str], skills: list[str], leave_out: list[str]) -> list[str]:
    """The chosen kinds and skills that cannot be asked within the assignment's scope."""
    taught = scope(kinds=kinds, skills=skills, leave_out=leave_out)
    refused = [gettext(kind_for(key).title) for key in kinds if not kind_for(key).available(taught)]
    refused += [gettext(SKILLS[s]) for s in skills if s not in taught or not kinds_for(s, taught)]
    return refused
