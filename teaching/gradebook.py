"""The gradebook: every student's standing on an assignment, and how the class did."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache, cached_property

from django.db.models import Case, DateTimeField, QuerySet, TextField, When
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.formats import date_format

from quizzes.skills import MISTAKE_SKILLS, SKILLS
from scoring import MISTAKES
from teaching.models import Assignment, Attempt, AttemptQuestion, Membership
from teaching.queries import (
    allowances,
    answer_counts,
    gradebook_students,
    question_labels,
    short_labels,
)
from teaching.terms import Terms, terms

TOP_MISTAKES = 3

# -- the gradebook ---------------------------------------------------------------------------------


def percent_of(part: int, whole: int) -> int:
    """A share in whole per cent, halves rounded up: 1 of 8 is 13, 3 of 8 is 38 (Python's
    round() would give 12 and 38, rounding halves to even)."""
    return (200 * part + whole) // (2 * whole)


@dataclass
class GradeRow:
    """One student's line in the gradebook: the attempt that counts, and where they stand."""

    membership: Membership
    status: str
    status_text: str
    attempts_used: int = 0
    answered: int = 0
    right: int = 0
    total: int = 0
    started: datetime | None = None
    submitted: datetime | None = None
    last_answer: datetime | None = None
    """When the attempt was last answered, if it is not handed in."""
    marks: list = field(default_factory=list)
    """Per position: True (right), False (wrong) or None (not answered)."""
    note: str = ""
    """What the teacher allowed this student alone: "Excused", "Due 3 Dec", "+1 attempt"."""

    @property
    def percent(self) -> int | None:
        return percent_of(self.right, self.total) if self.total else None

    @property
    def time_taken(self) -> timedelta | None:
        end = self.submitted or self.last_answer
        return end - self.started if end and self.started else None

    @property
    def minutes(self) -> int | None:
        taken = self.time_taken
        return max(1, round(taken.total_seconds() / 60)) if taken is not None else None


@dataclass
class Stat:
    """How the class did on one question (or skill): the share right and common mistakes."""

    label: str
    key: str = ""
    """The skill's key, or the question's position counted from 1."""
    answered: int = 0
    right: int = 0
    mistakes: Counter = field(default_factory=Counter)

    @property
    def percent(self) -> int | None:
        return percent_of(self.right, self.answered) if self.answered else None

    @property
    def top_mistakes(self) -> list[tuple[str, str, int]]:
        return [
            (key, MISTAKES[key].name if key in MISTAKES else key, count)
            for key, count in self.mistakes.most_common(TOP_MISTAKES)
        ]


@dataclass
class Gradebook:
    assignment: Assignment
    rows: list[GradeRow]
    questions: list[Stat]
    skills: list[Stat]
    labels: list[str]
    short_labels: list[str]

    @cached_property
    def counts(self) -> Counter:
        return Counter(row.status for row in self.rows)


STATUS_TEXT = {
    "not_started": "Not started",
    "in_progress": "In progress",
    "submitted": "Submitted",
    "closed": "Not submitted (closed)",
}


def gradebook_report(*, assignment: Assignment, now: datetime) -> Gradebook:
    """Every student of the class, starters or not, with the attempt that counts.

    The attempt that counts is the best submitted one; with none submitted, the latest.
    Three queries whatever the size of the class. Each attempt's counts and the time of
    its last answer are worked out here from the rows of its questions, which the
    statistics need anyway, rather than by joins and GROUP BY in the database; the times
    are read only for attempts not handed in, the only ones whose minutes they give.
    """
    students = gradebook_students(classroom=assignment.classroom)
    allowed = allowances(assignment=assignment)
    # The teacher's own preview attempts are left out: their student is not in the list.
    student_ids = {student.pk for student in students}
    attempts = [
        _Attempt(*values)
        # Attempts the teacher reset do not count: they are left out here.
        for values in _attempt_rows().filter(assignment=assignment, voided_at__isnull=True)
        if values[1] in student_ids
    ]
    attempt_ids = {attempt.id for attempt in attempts}
    items = [
        item
        for item in _item_rows().filter(
            attempt__assignment=assignment, attempt__voided_at__isnull=True
        )
        if item[0] in attempt_ids
    ]
    marks = defaultdict(dict)  # attempt id: {position: True (right), False or None}
    last_answer = {}
    for attempt_id, position, correct, _, _, created in items:
        marks[attempt_id][position] = correct
        if created is not None:
            latest = last_answer.get(attempt_id)
            last_answer[attempt_id] = created if latest is None else max(latest, created)
    by_student = defaultdict(list)
    for attempt in attempts:
        counts = answer_counts(marks[attempt.id].values())
        attempt.total, attempt.answered, attempt.right = counts.total, counts.answered, counts.right
        attempt.last_answer = last_answer.get(attempt.id)
        by_student[attempt.membership_id].append(attempt)
    counted = {
        m_id: counted_attempt(student_attempts) for m_id, student_attempts in by_student.items()
    }
    counted_ids = {a.id for a in counted.values()}
    labels = question_labels(assignment)
    question_stats = [Stat(label, str(i + 1)) for i, label in enumerate(labels)]
    skill_stats: dict[str, Stat] = {}
    lists = _lists()

    def skill_stat(skill: str) -> Stat:
        stat = skill_stats.get(skill)
        if stat is None:
            stat = skill_stats[skill] = Stat(SKILLS.get(skill, skill), skill)
        return stat

    # Answers and right answers per list of skills, added to each skill of the list after:
    # a class's questions share a few lists, so this is a few additions per skill, not one
    # per skill of every answer.
    by_skills: dict[str | None, list[int]] = defaultdict(lambda: [0, 0])
    for attempt_id, position, correct, skills, mistakes, _ in items:
        if correct is None or attempt_id not in counted_ids or position >= len(question_stats):
            continue
        question = question_stats[position]
        question.answered += 1
        question.right += correct
        tally = by_skills[skills]
        tally[0] += 1
        tally[1] += correct
        mistakes = lists(mistakes)
        if mistakes:
            # A question counts all its mistakes; a skill only those that belong to it.
            question.mistakes.update(mistakes)
            for skill in dict.fromkeys(lists(skills)):
                skill_stat(skill).mistakes.update(
                    m for m in mistakes if MISTAKE_SKILLS.get(m) == skill
                )
    for skills, (answered, right) in by_skills.items():
        for skill in dict.fromkeys(lists(skills)):
            stat = skill_stat(skill)
            stat.answered += answered
            stat.right += right
    rows = [
        _row(
            student,
            by_student.get(student.pk, []),
            counted.get(student.pk),
            marks,
            len(labels),
            terms(assignment, allowed.get(student.pk)),
            now,
        )
        for student in students
    ]
    skills_in_order = [skill_stats[key] for key in SKILLS if key in skill_stats]
    return Gradebook(
        assignment, rows, question_stats, skills_in_order, labels, short_labels(assignment)
    )


# The two queries' shapes are set up once per process: resolving their fields and expressions
# took longer than running them. Each use filters a shape, which makes a new query and leaves
# the shape itself never run (so it never holds results).


@cache
def _attempt_rows() -> QuerySet:
    """Attempts, each as the values that make an _Attempt, a student's oldest first."""
    return Attempt.objects.order_by("membership_id", "number").values_list(
        "id", "membership_id", "number", "started", "submitted_at"
    )


@cache
def _item_rows() -> QuerySet:
    """The questions of attempts, each as (attempt id, position, right, skills, mistakes,
    time answered if the attempt is not handed in)."""
    return AttemptQuestion.objects.values_list(
        "attempt_id",
        "position",
        "question__answer__correct",
        # Lists of keys, read as text and decoded once per distinct list (see _lists).
        Cast("question__skills", TextField()),
        Cast("question__answer__mistakes", TextField()),
        # When an attempt was last answered matters only until it is handed in.
        Case(
            When(attempt__submitted_at__isnull=True, then="question__answer__created"),
            output_field=DateTimeField(),
        ),
    )


@dataclass(slots=True)
class _Attempt:
    """What the gradebook reads of an attempt, and the counts it works out."""

    id: int
    membership_id: int
    number: int
    started: datetime
    submitted_at: datetime | None
    last_answer: datetime | None = None
    total: int = 0
    answered: int = 0
    right: int = 0


def _lists():
    """A reader of lists stored as JSON text (a question's skills, an answer's mistakes): each
    distinct text is decoded once, as a tuple so that no reader can change what others share.
    A class's questions share a few lists of skills, and most answers name no mistake."""
    decoded: dict[str | None, tuple] = {None: ()}

    def read(text: str | None) -> tuple:
        found = decoded.get(text)
        if found is None:
            found = decoded[text] = tuple(json.loads(text) or ())
        return found

    return read


def counted_attempt(attempts):
    """The attempt that counts: the best handed in, otherwise the latest (oldest first)."""
    submitted = [a for a in attempts if a.submitted_at is not None]
    if submitted:
        return max(submitted, key=lambda a: (a.right, a.number))
    return attempts[-1]


def _row(student, attempts, attempt, marks, count, rules: Terms, now) -> GradeRow:
    note = _note(rules)
    if attempt is None:
        return GradeRow(
            student,
            "not_started",
            STATUS_TEXT["not_started"],
            total=count,
            marks=[None] * count,
            note=note,
        )
    if attempt.submitted_at is not None:
        status = "submitted"
    elif rules.is_past_due(now):
        status = "closed"
    else:
        status = "in_progress"
    attempt_marks = marks[attempt.id]
    return GradeRow(
        student,
        status,
        STATUS_TEXT[status],
        attempts_used=len(attempts),
        answered=attempt.answered,
        right=attempt.right,
        total=attempt.total,
        started=attempt.started,
        submitted=attempt.submitted_at,
        last_answer=attempt.last_answer,
        marks=[attempt_marks.get(i) for i in range(count)],
        note=note,
    )


def _note(rules: Terms) -> str:
    """The student's own terms, in a few words for their row."""
    parts = []
    if rules.excused:
        parts.append("Excused")
    if rules.extended:
        parts.append(f"Due {date_format(timezone.localtime(rules.due_at), 'j M, H:i')}")
    return ", ".join(parts)
