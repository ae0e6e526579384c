"""The gradebook: every student's standing on an assignment, and how the class did."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property, lru_cache

from django.db.models import Case, DateTimeField, FilteredRelation, Q, TextField, When
from django.db.models.functions import Cast, Lower
from django.utils.translation import gettext, gettext_noop, ngettext

from assignments.models import Allowance, Assignment, AttemptQuestion
from assignments.selectors import question_labels, short_labels
from assignments.terms import FINAL, Terms, attempt_status, counted_attempt, terms
from classes.models import Membership
from common.dates import day_and_time
from quizzes.skills import MISTAKE_SKILLS, SKILLS
from reports.answers import given_text
from scoring import MISTAKES

TOP_MISTAKES = 3

# -- the gradebook ---------------------------------------------------------------------------------


def percent_of(part: int, whole: int) -> int:
    """A share in whole per cent, halves rounded up: 1 of 8 is 13, 3 of 8 is 38 (Python's
    round() would give 12 and 38, rounding halves to even)."""
    return (200 * part + whole) // (2 * whole)


@dataclass(slots=True)
class Student:
    """A student as the gradebook reads them: ids and name, their own terms and attempts."""

    id: int
    public_id: str
    display_name: str
    allowance: Allowance | None = None
    """What the teacher allowed them alone on this assignment, if anything."""
    attempts: list[_Attempt] = field(default_factory=list)
    """Their attempts that count (not reset), oldest first."""


@dataclass(slots=True)
class GradeRow:
    """One student's line in the gradebook: the attempt that counts, and where they stand."""

    membership: Student
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
    """What the teacher allowed this student alone: "Excused", "Due 3 Dec, 17:00", "1 extra
    attempt" (allowance_note)."""
    excused: bool = False
    due_at: datetime | None = None
    """The student's own due date: the class's, or a later one the teacher allowed them."""
    attempt_id: int | None = None
    """The attempt that counts, if any (its answers are read for the CSV: answers_given)."""

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
    """Answers graded: those given, and the blanks of attempts that take no more answers,
    handed in or closed by the due date (wrong, as in the students' scores)."""
    right: int = 0
    blank: int = 0
    """Of `answered`, the questions left blank in an attempt that takes no more answers."""
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
class QuestionSet:
    """How the class did per question on one set of questions."""

    number: int | None
    """The attempt number whose set this is (everyone's set at that attempt), or None where
    one table covers every attempt: each student their own set, or questions fixed."""
    questions: list[Stat]

    @property
    def title(self) -> str:
        if self.number:
            return gettext("The questions of attempt {number}").format(number=self.number)
        return gettext("Question by question")


@dataclass
class Gradebook:
    assignment: Assignment
    rows: list[GradeRow]
    question_sets: list[QuestionSet]
    skills: list[Stat]
    labels: list[str]
    short_labels: list[str]
    changes_at: datetime | None = None
    """When its figures next change with no write: the first of its students' due dates
    still to come (an attempt not handed in is closed then). None if no date is to come."""

    @cached_property
    def counts(self) -> Counter:
        return Counter(row.status for row in self.rows)

    @property
    def by_attempt(self) -> bool:
        """Whether the per-question figures are given set by set, one per attempt number."""
        return self.question_sets[0].number is not None

    @property
    def questions(self) -> list[Stat]:
        """The per-question figures, where there is one table of them."""
        (only,) = self.question_sets
        return only.questions


STATUS_TEXT = {
    "not_started": gettext_noop("Not started"),
    "in_progress": gettext_noop("In progress"),
    "submitted": gettext_noop("Submitted"),
    "closed": gettext_noop("Not submitted (closed)"),
}
NOT_STARTED = STATUS_TEXT["not_started"]


def gradebook_report(*, assignment: Assignment, now: datetime) -> Gradebook:
    """Every student of the class, starters or not, with the attempt that counts.

    The attempt that counts is the best submitted one; with none submitted, the latest.
    One query whatever the size of the class: the students with their own terms, attempts,
    and the questions of the attempts with their answers. Each attempt's counts
    and the time of its last answer are worked out here from the rows of its questions,
    which the statistics need anyway, rather than by joins and GROUP BY in the database;
    the times are read only for attempts not handed in, the only ones whose minutes they
    give.
    """
    # The teacher's own preview attempts, and those of students taken off the class, are
    # left out: their students are not listed, so their attempts are not either.
    students, attempts, items = _students_with_attempts(assignment)
    _mark(attempts, items)
    counted = {
        student.id: counted_attempt(student.attempts) for student in students if student.attempts
    }
    labels = question_labels(assignment)
    class_terms = terms(assignment)  # the same for every student the teacher allowed nothing
    rules = {s.id: terms(assignment, s.allowance) if s.allowance else class_terms for s in students}
    # An attempt that takes no more answers (handed in, or closed by the student's own due
    # date) has its blanks counted wrong in the figures, as in its score: one still open
    # may yet fill them.
    finished = {
        attempt.id
        for student_id, attempt in counted.items()
        if attempt_status(attempt, rules[student_id], now) in FINAL
    }
    questions, skills = _statistics(labels, items, {a.id for a in counted.values()}, finished)
    if sets_by_attempt(assignment):
        question_sets = _sets_by_attempt(labels, items, attempts, rules, now)
    else:
        question_sets = [QuestionSet(None, questions)]
    rows = [
        _row(student, counted.get(student.id), len(labels), rules[student.id], now)
        for student in students
    ]
    to_come = [r.due_at for r in rules.values() if r.due_at is not None and r.due_at > now]
    if assignment.due_at is not None and assignment.due_at > now:
        to_come.append(assignment.due_at)
    return Gradebook(
        assignment,
        rows,
        question_sets,
        skills,
        labels,
        short_labels(assignment),
        changes_at=min(to_come, default=None),
    )


def sets_by_attempt(assignment: Assignment) -> bool:
    """Whether everyone is given the same set at each attempt number, and a new attempt a
    fresh set (assignments/draws.py: the number is part of every seed; the ready-made quiz
    has its variants): question 2 of attempt 1 and question 2 of attempt 2 are then two
    different questions, and their figures cannot be added up. Questions fixed by the
    teacher are asked again at every attempt."""
    return assignment.same_for_everyone and not assignment.fixed_questions


def _sets_by_attempt(
    labels: list[str], items: list, attempts: dict[int, _Attempt], rules: dict, now
) -> list[QuestionSet]:
    """The per-question figures of each attempt number's set, each over every attempt at it
    (not reset), whether it counts in the gradebook or not: which question the class got
    wrong is seen over everyone who answered it. With no attempt yet, the first set."""
    by_number: dict[int, set[int]] = {}
    finished = set()
    for attempt in attempts.values():
        by_number.setdefault(attempt.number, set()).add(attempt.id)
        if attempt_status(attempt, rules[attempt.membership_id], now) in FINAL:
            finished.add(attempt.id)
    return [
        QuestionSet(number, _statistics(labels, items, by_number[number], finished)[0])
        for number in sorted(by_number)
    ] or [QuestionSet(1, _statistics(labels, [], set())[0])]


def _mark(attempts: dict[int, _Attempt], items: list) -> None:
    """Each attempt's marks per position, its counts, and when it was last answered."""
    for attempt_id, position, correct, _, _, created in items:
        attempt = attempts[attempt_id]
        attempt.marks[position] = correct
        if created is not None and (attempt.last_answer is None or created > attempt.last_answer):
            attempt.last_answer = created
    for attempt in attempts.values():
        marks = list(attempt.marks.values())
        attempt.total = len(marks)
        attempt.answered = attempt.total - marks.count(None)
        attempt.right = marks.count(True)


def _statistics(
    labels: list[str], items: list, counted: set[int], finished: frozenset[int] = frozenset()
) -> tuple[list, list]:
    """How the class did per question and per skill, over the attempts that count. A question
    left blank in an attempt that takes no more answers (`finished`: handed in, or closed by
    the due date) counts as answered wrong, as it does in the student's score; one not yet
    answered in an attempt still open does not count."""
    count = len(labels)
    answered, right, blank = [0] * count, [0] * count, [0] * count
    question_stats = [Stat(label, str(i + 1)) for i, label in enumerate(labels)]
    skill_stats: dict[str, Stat] = {}

    def skill_stat(skill: str) -> Stat:
        stat = skill_stats.get(skill)
        if stat is None:
            stat = skill_stats[skill] = Stat(
                gettext(SKILLS[skill]) if skill in SKILLS else skill, skill
            )
        return stat

    # Answers and right answers per list of skills, added to each skill of the list after:
    # a class's questions share a few lists, so this is a few additions per skill, not one
    # per skill of every answer.
    by_skills: dict[str | None, list[int]] = {}
    for attempt_id, position, correct, skills, mistakes, _ in items:
        if attempt_id not in counted or position >= count:
            continue
        if correct is None:
            if attempt_id not in finished:
                continue
            blank[position] += 1  # left blank, and no more answers taken: wrong
        answered[position] += 1
        tally = by_skills.get(skills)
        if tally is None:
            tally = by_skills[skills] = [0, 0, 0]
        tally[0] += 1
        tally[2] += correct is None
        if correct:
            right[position] += 1
            tally[1] += 1
        if mistakes is not None and mistakes != "[]":  # most answers name no mistake
            mistakes = _list(mistakes)
            # A question counts all its mistakes; a skill only those that belong to it.
            question_stats[position].mistakes.update(mistakes)
            for skill in dict.fromkeys(_list(skills)):
                skill_stat(skill).mistakes.update(
                    m for m in mistakes if MISTAKE_SKILLS.get(m) == skill
                )
    for stat, stat_answered, stat_right, stat_blank in zip(
        question_stats, answered, right, blank, strict=True
    ):
        stat.answered, stat.right, stat.blank = stat_answered, stat_right, stat_blank
    for skills, (skills_answered, skills_right, skills_blank) in by_skills.items():
        for skill in dict.fromkeys(_list(skills)):
            stat = skill_stat(skill)
            stat.answered += skills_answered
            stat.right += skills_right
            stat.blank += skills_blank
    return question_stats, [skill_stats[key] for key in SKILLS if key in skill_stats]


def _rows(assignment: Assignment):
    """The class's students (the teacher's preview left out by the manager and is_preview),
    each with their own terms on the assignment, if any, and the questions of their attempts
    at it, attempt by attempt, oldest first: one row per question, each with its answer's
    mark, skills, mistakes and, if the attempt is not handed in, when it was answered. A
    student who never started has one row, with no attempt. The teacher's resets do not
    count: those attempts are left out."""
    item = "attempt__items__"
    return (
        Membership.objects.filter(classroom_id=assignment.classroom_id, is_preview=False)
        .annotate(
            allowance=FilteredRelation(
                "allowances", condition=Q(allowances__assignment_id=assignment.pk)
            ),
            attempt=FilteredRelation(
                "attempts",
                condition=Q(
                    attempts__assignment_id=assignment.pk, attempts__voided_at__isnull=True
                ),
            ),
        )
        .order_by(Lower("display_name"), "id", "attempt__number")
        .values_list(
            "id",
            "public_id",
            "display_name",
            "allowance__due_at",
            "allowance__extra_attempts",
            "allowance__excused",
            "attempt__id",
            "attempt__number",
            "attempt__started",
            "attempt__submitted_at",
            f"{item}position",
            f"{item}question__answer__correct",
            # Lists of keys, read as text and decoded once per distinct list (see _list).
            Cast(f"{item}question__skills", TextField()),
            Cast(f"{item}question__answer__mistakes", TextField()),
            # When an attempt was last answered matters only until it is handed in.
            Case(
                When(attempt__submitted_at__isnull=True, then=f"{item}question__answer__created"),
                output_field=DateTimeField(),
            ),
        )
    )


def _students_with_attempts(assignment: Assignment) -> tuple[list[Student], dict, list]:
    """The class's students in the gradebook's order (by name), their attempts by id, and
    the questions of those attempts, each as (attempt id, position, right, skills, mistakes,
    time answered if the attempt is not handed in)."""
    students: list[Student] = []
    attempts: dict[int, _Attempt] = {}
    items = []
    student = attempt = None
    for row in _rows(assignment):
        student_id, due_at, extra_attempts, excused, attempt_id = row[0], *row[3:7]
        if student is None or student.id != student_id:
            student = Student(*row[:3])
            if extra_attempts is not None:  # a column never null: the student has an allowance
                student.allowance = Allowance(
                    assignment_id=assignment.pk,
                    membership_id=student_id,
                    due_at=due_at,
                    extra_attempts=extra_attempts,
                    excused=excused,
                )
            students.append(student)
        if attempt_id is None:
            continue
        if attempt is None or attempt.id != attempt_id:
            attempt = attempts[attempt_id] = _Attempt(attempt_id, student_id, *row[7:10])
            student.attempts.append(attempt)
        if row[10] is not None:
            items.append((attempt_id, *row[10:]))
    return students, attempts, items


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
    marks: dict[int, bool | None] = field(default_factory=dict)
    """Per position answered or not: True (right), False (wrong) or None (not answered)."""


@lru_cache(maxsize=1024)
def _list(text: str | None) -> tuple:
    """A list stored as JSON text (a question's skills, an answer's mistakes), decoded once
    per process: as a tuple, so that no reader can change what others share. A class's
    questions share a few lists of skills, and the lists of mistakes are few too."""
    return tuple(json.loads(text) or ()) if text is not None else ()


def _row(student: Student, attempt: _Attempt | None, count: int, rules: Terms, now) -> GradeRow:
    note = allowance_note(rules, student.allowance) if student.allowance is not None else ""
    if attempt is None:
        return GradeRow(
            student,
            "not_started",
            gettext(NOT_STARTED),
            total=count,
            marks=[None] * count,
            note=note,
            excused=rules.excused,
            due_at=rules.due_at,
        )
    status = attempt_status(attempt, rules, now)
    marks = attempt.marks
    return GradeRow(
        student,
        status,
        gettext(STATUS_TEXT[status]),
        len(student.attempts),
        attempt.answered,
        attempt.right,
        attempt.total,
        attempt.started,
        attempt.submitted_at,
        attempt.last_answer,
        [marks.get(i) for i in range(count)],
        note,
        rules.excused,
        rules.due_at,
        attempt.id,
    )


def answers_given(book: Gradebook) -> dict[int, list[str]]:
    """Each counted attempt's answers, position by position, each on one line as the student
    gave it ("" where none): for the CSV, one query whatever the size of the class."""
    count = len(book.short_labels)  # one column per question of the CSV
    given: dict[int, list[str]] = {
        row.attempt_id: [""] * count for row in book.rows if row.attempt_id is not None
    }
    if not given:
        return given
    items = AttemptQuestion.objects.filter(
        attempt_id__in=given, position__lt=count, question__answer__isnull=False
    ).select_related("question__answer")
    for item in items:
        given[item.attempt_id][item.position] = given_text(item.question)
    return given


def allowance_note(rules: Terms, allowance: Allowance) -> str:
    """What the teacher allowed one student alone, in a few words for their row: "Excused",
    "Due 3 Dec, 17:00", "1 extra attempt" (or several of them, with commas)."""
    parts = []
    if rules.excused:
        parts.append(gettext("Excused"))
    if rules.extended:
        when = day_and_time(rules.due_at)
        parts.append(gettext("Due {when}").format(when=when))
    extra = allowance.extra_attempts
    if extra:
        parts.append(ngettext("%(n)d extra attempt", "%(n)d extra attempts", extra) % {"n": extra})
    return ", ".join(parts)
