"""What a student answered, as their teacher reads it: each box's figure or choice as the
question names it, and the slips the engine named behind a wrong answer."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext

from quizzes.kinds import UnknownQuestion, kind_for
from quizzes.models import Question
from scoring import MISTAKES


@dataclass(frozen=True)
class Box:
    """One answer box as the student filled it."""

    label: str
    text: str | Decimal
    """The value as the question reads it ("120", "Yes", "2½", 13.52 as a Decimal that the
    page writes in its language); "" for a box left empty."""
    right: bool | None
    """Whether the box was right (or followed from the student's own figures); None where
    the answer has no mark for it."""


def given_boxes(question: Question) -> list[Box]:
    """The boxes of the question's answer, in the question's order (no query: the answer is
    loaded with the question). No answer: no boxes."""
    answer = getattr(question, "answer", None)
    if answer is None:
        return []
    given = answer.given or {}
    marked = {mark.get("name"): mark.get("right") for mark in answer.marks or []}
    try:
        fields = kind_for(question.kind).fields(question.situation)
    except UnknownQuestion:  # a kind since retired: the values as they were sent
        return [Box(str(name), _plain(value), marked.get(name)) for name, value in given.items()]
    return [Box(f.label, _plain(f.text(given.get(f.name))), marked.get(f.name)) for f in fields]


def given_text(question: Question) -> str:
    """The answer on one line, for a spreadsheet: "120" for a single box, else "Trick score:
    120; Overtricks: 30" (as the live class's CSV writes it)."""
    boxes = given_boxes(question)
    if len(boxes) == 1:
        return str(boxes[0].text)
    return "; ".join(f"{box.label}: {box.text}" for box in boxes)


def slip_names(question: Question) -> list[str]:
    """The slips the engine named behind the answer, in plain words (none for a right one)."""
    answer = getattr(question, "answer", None)
    if answer is None:
        return []
    return [MISTAKES[key].name if key in MISTAKES else key for key in answer.mistakes or []]


def slips_text(names: list[str]) -> str:
    """The slips on one line. Two or more fit one answer: the student made one of them,
    not all, so the line says so."""
    if len(names) > 1:
        return gettext("One of these slips: {names}").format(names=" / ".join(names))
    return names[0] if names else ""


def _plain(value) -> str | Decimal:
    if value is None:
        return ""
    return value if isinstance(value, Decimal) else str(value)
