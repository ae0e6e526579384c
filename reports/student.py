"""One student's work, for their teacher: every assignment and live class of the class, each
attempt with its mark, the answers given and the slips named.

A live class reaches this page as the gradebook has it: a finished live class of a class is
recorded as an assignment of the "live" preset (live.services, through assignments'
assignment_record_fixed), so reports reads it from assignments, never from live (a layer
above). A live class at the tables is no assignment: its pairs' results are handed over by
live (reports.at_tables), and are not marks. Four queries, however many assignments and
attempts, and one to three for the sessions at the tables, however many there are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext, gettext_noop, ngettext

from assignments.models import Allowance, Assignment, Attempt, AttemptQuestion
from assignments.selectors import label_at, question_labels
from assignments.terms import FINAL, Terms, attempt_status, counted_attempt, terms
from classes.models import Classroom, Membership
from reports.answers import Box, given_boxes, given_text, slip_names, slips_text
from reports.at_tables import PairResult, TableSession, table_sessions
from reports.gradebook import STATUS_TEXT, allowance_note, percent_of

EXCUSED_TEXT = gettext_noop("Excused")
NOT_THERE = gettext_noop("Not at this live class")


@dataclass
class QuestionLine:
    """One question of an attempt: its mark, the answer given and the slips behind it."""

    position: int
    label: str
    right: bool | None
    """True (right), False (wrong) or None (not answered)."""
    boxes: list[Box]
    slips: list[str]

    @property
    def number(self) -> int:
        return self.position + 1

    @property
    def mark_text(self) -> str:
        return {True: gettext("Right"), False: gettext("Wrong")}.get(
            self.right, gettext("Not answered")
        )

    @property
    def given(self) -> str:
        return "; ".join(f"{b.label}: {b.text}" for b in self.boxes) if self.boxes else ""

    @property
    def slips_text(self) -> str:
        return slips_text(self.slips)


@dataclass
class AttemptLine:
    """One attempt: when, how it stands, and its questions."""

    number: int
    started: datetime
    submitted_at: datetime | None
    voided_at: datetime | None
    questions: list[QuestionLine]
    given_text: list[str]
    """Each question's answer on one line, for the CSV."""
    counts: bool = False

    @property
    def total(self) -> int:
        return len(self.questions)

    @property
    def answered(self) -> int:
        return sum(q.right is not None for q in self.questions)

    @property
    def right(self) -> int:
        return sum(q.right is True for q in self.questions)

    @property
    def percent(self) -> int | None:
        return percent_of(self.right, self.total) if self.total else None


@dataclass
class WorkLine:
    """The student on one assignment (or live class): where they stand, and every attempt."""

    assignment: Assignment
    rules: Terms
    status: str
    """not_started, in_progress, submitted, closed or excused."""
    attempts: list[AttemptLine] = field(default_factory=list)
    note: str = ""
    """What the teacher allowed this student alone: "Due 3 Dec, 17:00, 1 extra attempt"."""

    @property
    def is_live(self) -> bool:
        return self.assignment.preset == Assignment.Preset.LIVE

    @property
    def status_text(self) -> str:
        if self.status == "excused":
            return gettext(EXCUSED_TEXT)
        if self.is_live and self.status == "not_started":
            return gettext(NOT_THERE)
        return gettext(STATUS_TEXT[self.status])

    @property
    def counted(self) -> AttemptLine | None:
        return next((a for a in self.attempts if a.counts), None)

    @property
    def final(self) -> int | None:
        """The score that counts toward the average: handed in, or closed at the due date."""
        counted = self.counted
        return counted.percent if counted and self.status in FINAL else None

    @property
    def reset_count(self) -> int:
        return sum(a.voided_at is not None for a in self.attempts)


@dataclass(frozen=True)
class TableLine:
    """One live class at the tables, and the student's pair in it (None: not there)."""

    session: TableSession
    played: PairResult | None


@dataclass
class StudentWork:
    classroom: Classroom
    membership: Membership
    lines: list[WorkLine]
    """Every assignment and live class of theirs, newest first."""
    at_tables: list[TableLine] = field(default_factory=list)
    """The class's live classes at the tables, newest first: results, not marks."""

    @property
    def assignments(self) -> list[WorkLine]:
        """Assignments set by the teacher, newest first."""
        return [line for line in self.lines if not line.is_live]

    @property
    def live(self) -> list[WorkLine]:
        """The class's live classes, newest first (those the student missed too)."""
        return [line for line in self.lines if line.is_live]

    @property
    def finals(self) -> list[int]:
        return [line.final for line in self.lines if line.final is not None]

    @property
    def average(self) -> int | None:
        """The mean of the marks that count (handed in or closed), halves up as elsewhere."""
        finals = self.finals
        return percent_of(sum(finals), 100 * len(finals)) if finals else None

    @property
    def average_over(self) -> str:
        """What the average counts: "over 2 assignments handed in or closed"."""
        count = len(self.finals)
        return ngettext(
            "over %(n)d assignment handed in or closed",
            "over %(n)d assignments handed in or closed",
            count,
        ) % {"n": count}

    @property
    def handed_in(self) -> int:
        return sum(line.status == "submitted" for line in self.assignments)


def student_work(*, classroom: Classroom, membership: Membership, now: datetime) -> StudentWork:
    """Every assignment of the class the student could see (published), and any draft they
    had started before the teacher took it back, each with the student's attempts, reset ones
    included, their questions and answers; and the class's live classes at the tables, with
    the student's pair's result in each (4 queries, and 1 to 3 for the tables)."""
    assignments = list(Assignment.objects.filter(classroom=classroom).order_by("-created", "-pk"))
    items = Prefetch(
        "items",
        queryset=AttemptQuestion.objects.select_related("question__answer").order_by("position"),
    )
    attempts: dict[int, list[Attempt]] = {}
    for attempt in (
        Attempt.objects.filter(membership=membership, assignment__in=assignments)
        .prefetch_related(items)
        .order_by("number")
    ):
        attempts.setdefault(attempt.assignment_id, []).append(attempt)
    allowances = {
        a.assignment_id: a
        for a in Allowance.objects.filter(membership=membership, assignment__in=assignments)
    }
    lines = []
    for assignment in assignments:
        theirs = attempts.get(assignment.pk, [])
        if assignment.is_draft and not theirs:
            continue  # a draft they never saw
        lines.append(_work_line(assignment, theirs, allowances.get(assignment.pk), now))
    played = table_sessions(classroom=classroom, membership=membership)
    at_tables = [TableLine(session, session.of(membership.pk)) for session in reversed(played)]
    return StudentWork(classroom, membership, lines, at_tables)


def _work_line(assignment: Assignment, attempts: list[Attempt], allowance, now) -> WorkLine:
    rules = terms(assignment, allowance)
    labels = question_labels(assignment)
    lines = [_attempt_line(attempt, labels) for attempt in attempts]
    kept = [line for line in lines if line.voided_at is None]
    counted = counted_attempt(kept) if kept else None
    if counted is not None:
        counted.counts = True
        status = attempt_status(counted, rules, now)
    else:
        status = "excused" if rules.excused else "not_started"
    note = allowance_note(rules, allowance) if allowance is not None else ""
    return WorkLine(assignment, rules, status, lines, note)


def _attempt_line(attempt: Attempt, labels: list[str]) -> AttemptLine:
    questions, texts = [], []
    for item in attempt.items.all():
        question = item.question
        answer = getattr(question, "answer", None)
        questions.append(
            QuestionLine(
                item.position,
                label_at(labels, item.position) or f"{item.position + 1}.",
                None if answer is None else answer.correct,
                given_boxes(question),
                slip_names(question),
            )
        )
        texts.append(given_text(question))
    return AttemptLine(
        attempt.number, attempt.started, attempt.submitted_at, attempt.voided_at, questions, texts
    )
