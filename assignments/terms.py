"""One student's terms on an assignment: the class's dates and attempts, with whatever the
teacher has allowed that student alone (a later due date, more attempts, excused).

A Terms answers the same questions as an Assignment (has it opened, is it past due, does it
accept answers, when do answers show), so the pages a student sees ask it instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from assignments.models import Allowance, Assignment


@dataclass(frozen=True)
class Terms:
    opens_at: datetime | None
    due_at: datetime | None
    attempts_allowed: int
    show_answers: str
    excused: bool = False
    extended: bool = False
    """The due date is the student's own, later than the class's."""

    def has_opened(self, now) -> bool:
        return self.opens_at is None or now >= self.opens_at

    def is_past_due(self, now) -> bool:
        return self.due_at is not None and now >= self.due_at

    def accepts_answers(self, now) -> bool:
        return self.has_opened(now) and not self.is_past_due(now)


def terms(assignment: Assignment, allowance: Allowance | None = None) -> Terms:
    """The student's terms, from the assignment and the student's allowance (if any)."""
    due_at, extra, excused = assignment.due_at, 0, False
    extended = False
    if allowance is not None:
        extra, excused = allowance.extra_attempts, allowance.excused
        if allowance.due_at is not None and (due_at is None or allowance.due_at > due_at):
            due_at, extended = allowance.due_at, True
    return Terms(
        opens_at=assignment.opens_at,
        due_at=due_at,
        attempts_allowed=assignment.attempts_allowed + extra,
        show_answers=assignment.show_answers,
        excused=excused,
        extended=extended,
    )


def terms_for(assignment: Assignment, membership) -> Terms:
    """The student's terms, looking up their allowance (one query)."""
    allowance = Allowance.objects.filter(assignment=assignment, membership=membership).first()
    return terms(assignment, allowance)


def answers_visible(rules: Assignment | Terms, attempt, now) -> bool:
    """Whether the answers of the attempt show, under an assignment's terms (or one
    student's: a student given a later due date sees them after their own)."""
    if attempt is None:
        return False
    if rules.show_answers == Assignment.ShowAnswers.IMMEDIATELY:
        return True
    if rules.show_answers == Assignment.ShowAnswers.AFTER_SUBMIT:
        return attempt.submitted_at is not None or rules.is_past_due(now)
    return rules.is_past_due(now)


def counted_attempt(attempts):
    """The attempt that counts: the best handed in, otherwise the latest (oldest first)."""
    submitted = [a for a in attempts if a.submitted_at is not None]
    if submitted:
        return max(submitted, key=lambda a: (a.right, a.number))
    return attempts[-1]


FINAL = frozenset({"submitted", "closed"})
"""The statuses of an attempt that takes no more answers: its mark is final."""


def attempt_status(attempt, rules: Terms, now) -> str:
    """Where an attempt stands under the student's terms: "submitted" (handed in),
    "closed" (its due date passed before it was handed in: marked as it stands, its blanks
    wrong) or "in_progress"."""
    if attempt.submitted_at is not None:
        return "submitted"
    return "closed" if rules.is_past_due(now) else "in_progress"
