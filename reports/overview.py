"""The class-wide view: every student against every assignment, each student's level per
skill (practice and assignments together), their last activity, and who needs attention;
beside the assignments, each live class at the tables with each student's pair's result
(reports.at_tables), which is not a mark and is in no average.

A fixed number of queries, whatever the size of the class, the number of assignments or
of sessions at the tables.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, Max, Q
from django.utils.translation import gettext, ngettext

from assignments.models import Assignment, Attempt
from assignments.selectors import allowances_of_class
from assignments.terms import FINAL, attempt_status, counted_attempt, terms
from classes.models import Classroom, Membership
from classes.selectors import classroom_students
from common.figures import percent
from quizzes import progress
from quizzes.models import Answer, SkillProgress
from quizzes.progress import LEVEL_NAMES
from quizzes.skills import SKILLS
from reports.at_tables import PairResult, TableSession, table_sessions
from reports.gradebook import percent_of
from scoring import MISTAKES

IDLE_AFTER = timedelta(days=2)
"""An attempt left this long without an answer, before its due date, needs a look."""
MISTAKE_AGAIN = 3
"""The same named mistake this many times in a class's assignments needs a look."""


@dataclass
class Cell:
    """One student on one assignment: the attempt that counts, in a few words."""

    status: str  # not_started, in_progress, submitted, closed, excused
    right: int = 0
    total: int = 0

    @property
    def percent(self) -> int | None:
        if self.status in ("not_started", "excused") or not self.total:
            return None
        return percent_of(self.right, self.total)

    @property
    def final(self) -> int | None:
        """The score that counts toward averages: handed in, or closed at the due date. (An
        attempt still in progress would pull them down before the student has finished.)"""
        return self.percent if self.status in FINAL else None

    @property
    def text(self) -> str:
        """As the table shows it: "5 / 6 (83%)", "In progress: 2 / 6", "Excused", "–"."""
        if self.status == "not_started":
            return "–"
        if self.status == "excused":
            return gettext("Excused")
        score = f"{self.right} / {self.total}"
        if self.status == "submitted":
            return f"{score} ({percent(self.percent)})"
        if self.status == "in_progress":
            return gettext("In progress: {score}").format(score=score)
        return gettext("Closed: {score}").format(score=score)


@dataclass
class StudentLine:
    membership: Membership
    cells: list[Cell]
    levels: dict[str, str] = field(default_factory=dict)
    """Each skill's level: new, learning, practised, mastered."""
    trends: dict[str, int] = field(default_factory=dict)
    """Each skill's latest answers against the ones before: +1 better, -1 worse, 0 same."""
    last_activity: datetime | None = None
    skill_cells: list[tuple[str, str, str, int]] = field(default_factory=list)
    """Per skill of the table, in its order: (key, level, level's name, trend)."""
    at_tables: list[PairResult | None] = field(default_factory=list)
    """Per session at the tables, in its order: their pair's result, or None if they did
    not play. Not marks: the average leaves them out."""

    @property
    def average(self) -> int | None:
        shares = [c.final for c in self.cells if c.final is not None]
        return _mean(shares)


@dataclass
class Attention:
    membership: Membership
    reason: str


@dataclass(frozen=True)
class ColumnAverage:
    """A class average of one assignment, and whom it counts: only students whose mark is
    final (handed in, or closed at the due date), so the page says how many of the class."""

    percent: int | None
    counted: int
    """Students whose mark the average counts."""
    students: int
    """Students of the class it could count: all but those excused."""
    reset: int = 0
    """Of the others, students whose attempt the teacher reset, with no mark since."""

    @property
    def partial(self) -> bool:
        return self.percent is not None and self.counted < self.students


@dataclass
class Overview:
    classroom: Classroom
    assignments: list[Assignment]
    lines: list[StudentLine]
    skills: list[tuple[str, str]]  # (key, name) of the skills anyone has met
    attention: list[Attention]
    reset: set[tuple[int, int]] = field(default_factory=set)
    """(student, assignment) pairs where the teacher reset an attempt."""
    table_sessions: list[TableSession] = field(default_factory=list)
    """The class's finished live classes at the tables, oldest first (reports.at_tables)."""

    @property
    def has_columns(self) -> bool:
        return bool(self.assignments or self.table_sessions)

    def column_averages(self) -> list[ColumnAverage]:
        averages = []
        for i, assignment in enumerate(self.assignments):
            cells = [(line.membership.pk, line.cells[i]) for line in self.lines]
            shares = [c.final for _, c in cells if c.final is not None]
            averages.append(
                ColumnAverage(
                    _mean(shares),
                    len(shares),
                    sum(c.status != "excused" for _, c in cells),
                    sum(c.final is None and (pk, assignment.pk) in self.reset for pk, c in cells),
                )
            )
        return averages


def _mean(shares: list[int]) -> int | None:
    """The mean of whole per cents, halves up as every per cent on these pages (62.5: 63;
    Python's round() would give 62)."""
    return percent_of(sum(shares), 100 * len(shares)) if shares else None


def _trend(recent: str) -> int:
    """The last half of the recent answers against the first half: better, worse or same."""
    if len(recent) < 4:
        return 0
    half = len(recent) // 2
    before, after = recent[:half].count("1") / half, recent[half:].count("1") / (len(recent) - half)
    return (after > before) - (after < before)


def class_overview(*, classroom: Classroom, now: datetime) -> Overview:
    """Every student against every published assignment and every session at the tables."""
    students = classroom_students(classroom=classroom)
    assignments = list(
        Assignment.objects.filter(classroom=classroom, published_at__isnull=False).order_by(
            "created", "pk"
        )
    )
    allowed = allowances_of_class(classroom=classroom)
    answers = "items__question__answer"
    attempts = (
        Attempt.objects.filter(assignment__in=assignments, membership__in=students)
        .annotate(
            total=Count("items", distinct=True),
            right=Count("items", filter=Q(**{f"{answers}__correct": True}), distinct=True),
            last_answer=Max(f"{answers}__created"),
        )
        .order_by("number")
    )
    by_pair, reset = defaultdict(list), set()
    for attempt in attempts:
        pair = (attempt.membership_id, attempt.assignment_id)
        if attempt.voided_at is not None:  # reset by the teacher: it does not count
            reset.add(pair)
        else:
            by_pair[pair].append(attempt)

    learners = {s.learner_id: s for s in students}
    levels, trends = defaultdict(dict), defaultdict(dict)
    for row in SkillProgress.objects.filter(learner_id__in=learners):
        levels[row.learner_id][row.skill] = progress.level(row.recent)
        trends[row.learner_id][row.skill] = _trend(row.recent)
    last_answers = dict(
        Answer.objects.filter(question__learner_id__in=learners)
        .values("question__learner_id")
        .annotate(last=Max("created"))
        .values_list("question__learner_id", "last")
    )
    mistakes = defaultdict(Counter)
    for membership_id, named in Answer.objects.filter(
        question__assignment_item__attempt__membership__in=students,
        question__assignment_item__attempt__voided_at__isnull=True,
    ).values_list("question__assignment_item__attempt__membership_id", "mistakes"):
        mistakes[membership_id].update(named or [])

    at_tables = table_sessions(classroom=classroom)
    lines, attention = [], []
    for student in students:
        cells = []
        for assignment in assignments:
            rules = terms(assignment, allowed.get((assignment.pk, student.pk)))
            theirs = by_pair.get((student.pk, assignment.pk), [])
            cells.append(_cell(theirs, rules, now))
            idle = _idle(theirs, rules, now)
            if idle is not None:
                attention.append(Attention(student, _idle_reason(assignment, idle.days)))
        for key, count in mistakes[student.pk].most_common():
            if count >= MISTAKE_AGAIN and key in MISTAKES:
                attention.append(Attention(student, _mistake_reason(MISTAKES[key].name, count)))
        lines.append(
            StudentLine(
                student,
                cells,
                levels=levels[student.learner_id],
                trends=trends[student.learner_id],
                last_activity=last_answers.get(student.learner_id),
                at_tables=[played.of(student.pk) for played in at_tables],
            )
        )
    met = {skill for line in lines for skill in line.levels}
    skills = [(key, gettext(name)) for key, name in SKILLS.items() if key in met]
    for line in lines:
        for key, _ in skills:
            level = line.levels.get(key, "new")
            line.skill_cells.append((key, level, LEVEL_NAMES[level], line.trends.get(key, 0)))
    return Overview(classroom, assignments, lines, skills, attention, reset, at_tables)


def _cell(attempts: list[Attempt], rules, now) -> Cell:
    """The attempt that counts, as the gradebook chooses it (counted_attempt)."""
    if not attempts:
        return Cell("excused" if rules.excused else "not_started")
    counted = counted_attempt(attempts)
    return Cell(attempt_status(counted, rules, now), counted.right, counted.total)


def _idle_reason(assignment: Assignment, days: int) -> str:
    return ngettext(
        "started “{title}” and has given no answer for {count} day.",
        "started “{title}” and has given no answer for {count} days.",
        days,
    ).format(title=assignment.title, count=days)


def _mistake_reason(name: str, count: int) -> str:
    return ngettext(
        "the same mistake {count} time in assignments: {name}",
        "the same mistake {count} times in assignments: {name}",
        count,
    ).format(count=count, name=name)


def _idle(attempts: list[Attempt], rules, now) -> timedelta | None:
    """How long an attempt still open has gone without an answer, when that is too long."""
    if not attempts or attempts[-1].submitted_at is not None or rules.is_past_due(now):
        return None
    latest = attempts[-1]
    since = now - (latest.last_answer or latest.started)
    return since if since >= IDLE_AFTER else None
