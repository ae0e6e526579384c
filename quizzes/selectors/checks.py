"""Reads of a lesson's "Check yourself": its questions, and how the learner's checks stand."""

from __future__ import annotations

from dataclasses import dataclass

from quizzes.models import Learner, Question

CHECK_COUNT = 3
"""Questions in a lesson's "Check yourself"; all right, and the check is passed."""


def check_questions(*, learner: Learner | None, skill: str, count: int) -> list[Question]:
    if learner is None:
        return []
    latest = (
        Question.objects.select_related("answer")
        .filter(learner=learner, source=Question.Source.CHECK, focus=skill)
        .order_by("-created", "-id")[:count]
    )
    return list(reversed(latest))


@dataclass(frozen=True)
class CheckResult:
    """A lesson's check as it stands: its latest set of questions, how far the learner has
    got through them and how many were right at the first try (as progress counts them).

    The one reading of a check: the lesson page, its "Next for you" and the course map all
    take it from here, so they cannot disagree."""

    size: int
    answered: int
    """Answered for good: right, or wrong and tried a second time after the hint."""
    right: int
    started: bool
    """At least one answer sent, even one still waiting for its second try."""

    @property
    def finished(self) -> bool:
        return self.size > 0 and self.answered == self.size

    @property
    def passed(self) -> bool:
        return self.finished and self.right == CHECK_COUNT


def check_result(marks: list[tuple[bool | None, bool | None]]) -> CheckResult:
    """The check from its latest questions' answers: per question (right at the first try,
    or None when not answered yet; right at the second try, or None when none was sent)."""
    return CheckResult(
        size=len(marks),
        answered=sum(1 for first, second in marks if first or second is not None),
        right=sum(1 for first, _ in marks if first),
        started=any(first is not None for first, _ in marks),
    )


def check_result_of(questions: list[Question]) -> CheckResult:
    """check_result for questions read with their answers (check_questions)."""
    answers = [getattr(q, "answer", None) for q in questions]
    return check_result(
        [(None, None) if a is None else (a.correct, a.retry_correct) for a in answers]
    )


@dataclass(frozen=True)
class CheckHistory:
    """A skill's checks: the latest (as the lesson page shows it), and whether any set of
    three was ever all right (a passed check stays passed: "three more questions" after it
    asks again without taking the lesson back)."""

    latest: CheckResult
    ever_passed: bool


def check_histories(learner: Learner) -> dict[str, CheckHistory]:
    """Each skill's checks, read in one query however many. A check is three questions made
    together (services.check_new), so its sets are taken three by three from the newest."""
    rows = (
        Question.objects.filter(learner=learner, source=Question.Source.CHECK)
        .order_by("focus", "-created", "-id")
        .values_list("focus", "answer__correct", "answer__retry_correct")
    )
    marks: dict[str, list] = {}
    for focus, first, second in rows:
        marks.setdefault(focus, []).append((first, second))
    history = {}
    for focus, found in marks.items():
        sets = [
            check_result(found[i : i + CHECK_COUNT][::-1])
            for i in range(0, len(found), CHECK_COUNT)
        ]
        history[focus] = CheckHistory(sets[0], any(s.passed for s in sets))
    return history


def passed_checks(*, learner: Learner) -> frozenset[str]:
    """The skills whose lesson check the learner has passed, at any try."""
    return frozenset(skill for skill, h in check_histories(learner).items() if h.ever_passed)
