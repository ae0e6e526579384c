"""What every question kind provides: the protocol the rest of the practice app reads.

Pure Python, no Django. A situation is a small JSON-able dict (what the learner is told);
the kind turns it into a prompt, the answer boxes, and the engine's solution, optionally
as a learner holding a named misunderstanding would work it out. Nothing outside the
kinds needs to know which kind a question is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scoring import MISTAKES, Misreading, Misunderstanding, find_form


@dataclass(frozen=True)
class Field:
    """One answer box: a whole number or a choice."""

    name: str
    label: str
    type: str = "int"  # "int" (0 or more), "signed" (may be negative), "choice"
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class Solution:
    """The answer to a question, and the engine's working that explains it."""

    answer: dict
    items: tuple = ()
    """The engine's items behind the answer, drawn as a breakdown."""
    sheet: object | None = None
    """A score sheet (after the deal) to draw with the feedback."""
    notes: tuple[str, ...] = ()
    highlight: int | None = None
    """The deal on `sheet` the question was about, marked as new when drawn."""


YES_NO = (("yes", "Yes"), ("no", "No"))


class QuestionKind:
    """One kind of practice question. Subclasses fill in every method that raises."""

    key = ""
    title = ""
    instruction = ""
    template = ""
    """The template that shows the situation; it reads `q.s` (the situation) and `q.prompt`."""
    possible_skills: tuple[str, ...] = ()
    mistakes: tuple[str, ...] = ()
    """Keys of the misunderstandings this kind can replay (scoring.MISTAKES)."""

    def generate(self, rng: random.Random) -> dict:
        """A new situation, drawn with `rng` (the same seed gives the same situation)."""
        raise NotImplementedError

    def fields(self, situation: dict) -> list[Field]:
        raise NotImplementedError

    def solve(self, situation: dict, mistake: Misunderstanding | None = None) -> Solution:
        raise NotImplementedError

    def skills(self, situation: dict) -> list[str]:
        raise NotImplementedError

    def prompt(self, situation: dict) -> dict:
        """What the template shows besides the situation itself (never the answer)."""
        return {}

    def attributes(self, situation: dict) -> dict:
        """Facts of the situation for data-* attributes (never the answer)."""
        return {}

    def applicable_mistakes(self, situation: dict) -> list[Misunderstanding]:
        return [MISTAKES[key] for key in self.mistakes]


def believes(mistake: Misunderstanding | None, misreading: Misreading) -> bool:
    """Does the learner holding `mistake` read the situation this wrong way?"""
    return mistake is not None and mistake.flag is misreading


def form_believed(name: str, mistake: Misunderstanding | None):
    """The form `name` as the learner holding `mistake` believes its rules to be."""
    return mistake.apply_to(name) if mistake is not None else find_form(name)
