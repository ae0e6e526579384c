"""Reads for teachers and students. Every list is a fixed number of queries, whatever its size."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, Prefetch, Q
from django.db.models.functions import Lower

from quizzes.generator import generate, kind_for
from quizzes.models import (
    Assignment,
    Attempt,
    AttemptQuestion,
    Classroom,
    Learner,
    Membership,
    Question,
)
from quizzes.selectors import (
    choice_text,
    question_base_context,
    question_context,
    solution_context,
)
from quizzes.skills import SKILLS
from quizzes.teaching import draws, review_quiz
from quizzes.teaching.codes import link_hash, normalize_join_code
from scoring import MISTAKES

TOP_MISTAKES = 3

# -- what a teacher owns ---------------------------------------------------------------------------


def teacher_classrooms(*, user) -> list[Classroom]:
    return list(
        Classroom.objects.filter(teacher=user).annotate(
            student_count=Count(
                "memberships", filter=Q(memberships__is_preview=False), distinct=True
            ),
            assignment_count=Count("assignments", distinct=True),
        )
    )


def classroom_for_teacher(*, user, public_id: str) -> Classroom | None:
    """The teacher's own class, or None: another teacher's class is never shown."""
    if not user.is_authenticated:
        return None
    return Classroom.objects.filter(teacher=user, public_id=public_id).first()


def classroom_students(*, classroom: Classroom) -> list[Membership]:
    return list(
        Membership.objects.filter(classroom=classroom, is_preview=False).order_by(
            Lower("display_name"), "id"
        )
    )


def classroom_assignments(*, classroom: Classroom) -> list[Assignment]:
    return list(
        Assignment.objects.filter(classroom=classroom).annotate(
            submitted_count=Count(
                "attempts__membership",
                filter=Q(
                    attempts__submitted_at__isnull=False, attempts__membership__is_preview=False
                ),
                distinct=True,
            ),
            started_count=Count(
                "attempts__membership",
                filter=Q(attempts__membership__is_preview=False),
                distinct=True,
            ),
        )
    )


def assignment_for_teacher(*, user, public_id: str) -> Assignment | None:
    if not user.is_authenticated:
        return None
    return (
        Assignment.objects.select_related("classroom")
        .filter(classroom__teacher=user, public_id=public_id)
        .first()
    )


def student_for_teacher(*, classroom: Classroom, public_id: str) -> Membership | None:
    return Membership.objects.filter(
        classroom=classroom, public_id=public_id, is_preview=False
    ).first()


# -- labels ----------------------------------------------------------------------------------------


def question_labels(assignment: Assignment) -> list[str]:
    """What each position is called: "1a: rubber, deal a", or "3. Vulnerability"."""
    if assignment.preset == Assignment.Preset.REVIEW_000:
        return review_quiz.labels()
    chosen = draws.topics(kinds=assignment.kinds, skills=assignment.skills)
    return [f"{i + 1}. {chosen[i % len(chosen)].label}" for i in range(assignment.question_count)]


def label_at(labels: list[str], position: int) -> str:
    """The label of a position, or "" past the end (the assignment had more questions once)."""
    return labels[position] if position < len(labels) else ""


def short_labels(assignment: Assignment) -> list[str]:
    """Column names for a spreadsheet: "Q1", or "1a" for the ready-made quiz."""
    if assignment.preset == Assignment.Preset.REVIEW_000:
        return [label.split(":")[0] for label in review_quiz.labels()]
    return [f"Q{i + 1}" for i in range(assignment.question_count)]


# -- counts --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerCounts:
    """An attempt's questions, how many of them are answered, and how many of those are right."""

    total: int = 0
    answered: int = 0
    right: int = 0


def answer_counts(marks: Iterable[bool | None]) -> AnswerCounts:
    """The counts from each question's mark: True (right), False (wrong) or None (not answered)."""
    marks = list(marks)
    answered = [mark for mark in marks if mark is not None]
    return AnswerCounts(total=len(marks), answered=len(answered), right=answered.count(True))


def question_mark(question: Question) -> bool | None:
    """Whether the question's answer is right; None if it has no answer yet."""
    answer = getattr(question, "answer", None)
    return None if answer is None else answer.correct


def item_counts(items: Iterable[AttemptQuestion]) -> AnswerCounts:
    """The counts of an attempt's questions, loaded with their answers (no query)."""
    return answer_counts(question_mark(item.question) for item in items)


def _counts_in_sql() -> dict:
    """The same counts made by the database, to annotate many attempts in one query."""
    answers = "items__question__answer"
    return {
        "total": Count("items"),
        "answered": Count(answers),
        "right": Count(answers, filter=Q(**{f"{answers}__correct": True})),
    }


# -- the gradebook ---------------------------------------------------------------------------------


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
    marks: list = field(default_factory=list)
    """Per position: True (right), False (wrong) or None (not answered)."""

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.total) if self.total else None

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
        return round(100 * self.right / self.answered) if self.answered else None

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

    @property
    def counts(self) -> Counter:
        return Counter(row.status for row in self.rows)


STATUS_TEXT = {
    "not_started": "Not started",
    "in_progress": "In progress",
    "submitted": "Submitted",
    "closed": "Not submitted (closed)",
}


def gradebook(*, assignment: Assignment, now: datetime) -> Gradebook:
    """Every student of the class, starters or not, with the attempt that counts.

    The attempt that counts is the best submitted one; with none submitted, the latest.
    Three queries whatever the size of the class. Each attempt's counts are summed here
    from the rows of its questions, which the statistics need anyway, rather than by a
    second pass of joins and GROUP BY in the database.
    """
    students = classroom_students(classroom=assignment.classroom)
    attempts = list(
        Attempt.objects.filter(assignment=assignment, membership__is_preview=False).order_by(
            "membership_id", "number"
        )
    )
    items = list(
        AttemptQuestion.objects.filter(
            attempt__assignment=assignment, attempt__membership__is_preview=False
        ).values_list(
            "attempt_id",
            "position",
            "question__skills",
            "question__answer__correct",
            "question__answer__mistakes",
            "question__answer__created",
        )
    )
    _count_answers(attempts, items)
    by_student = defaultdict(list)
    for attempt in attempts:
        by_student[attempt.membership_id].append(attempt)
    counted = {
        m_id: _counted_attempt(student_attempts) for m_id, student_attempts in by_student.items()
    }
    counted_ids = {a.pk for a in counted.values()}
    labels = question_labels(assignment)
    question_stats = [Stat(label, str(i + 1)) for i, label in enumerate(labels)]
    skill_stats: dict[str, Stat] = {}
    marks = defaultdict(dict)
    for attempt_id, position, skills, correct, mistakes, _ in items:
        if attempt_id not in counted_ids:
            continue
        marks[attempt_id][position] = correct
        if correct is None or position >= len(question_stats):
            continue
        targets = [question_stats[position]]
        for skill in dict.fromkeys(skills or []):
            targets.append(skill_stats.setdefault(skill, Stat(SKILLS.get(skill, skill), skill)))
        for stat in targets:
            stat.answered += 1
            stat.right += 1 if correct else 0
            stat.mistakes.update(mistakes or [])
    rows = [
        _row(
            student,
            by_student.get(student.pk, []),
            counted.get(student.pk),
            marks,
            len(labels),
            assignment,
            now,
        )
        for student in students
    ]
    skills_in_order = [skill_stats[key] for key in SKILLS if key in skill_stats]
    return Gradebook(
        assignment, rows, question_stats, skills_in_order, labels, short_labels(assignment)
    )


def _count_answers(attempts: list[Attempt], items: list[tuple]) -> None:
    """Each attempt's questions, answers, right answers and time of its last answer."""
    marks, last_answer = defaultdict(list), {}
    for attempt_id, _, _, correct, _, created in items:
        marks[attempt_id].append(correct)
        if correct is not None:  # answered
            latest = last_answer.get(attempt_id)
            last_answer[attempt_id] = created if latest is None else max(latest, created)
    for attempt in attempts:
        counts = answer_counts(marks.get(attempt.pk, []))
        attempt.total, attempt.answered, attempt.right = counts.total, counts.answered, counts.right
        attempt.last_answer = last_answer.get(attempt.pk)


def _counted_attempt(attempts: list[Attempt]) -> Attempt:
    submitted = [a for a in attempts if a.submitted_at is not None]
    if submitted:
        return max(submitted, key=lambda a: (a.right, a.number))
    return attempts[-1]


def _row(student, attempts, attempt, marks, count, assignment, now) -> GradeRow:
    if attempt is None:
        return GradeRow(
            student,
            "not_started",
            STATUS_TEXT["not_started"],
            total=count,
            marks=[None] * count,
        )
    if attempt.submitted_at is not None:
        status = "submitted"
    elif assignment.is_past_due(now):
        status = "closed"
    else:
        status = "in_progress"
    attempt_marks = marks.get(attempt.pk, {})
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
    )


# -- one student's work ----------------------------------------------------------------------------


def _items_prefetch() -> Prefetch:
    return Prefetch(
        "items",
        queryset=AttemptQuestion.objects.select_related("question__answer").order_by("position"),
    )


def attempts_with_questions(*, assignment: Assignment, membership: Membership) -> list[Attempt]:
    """The student's attempts, oldest first, each with its questions and answers (2 queries)."""
    return list(
        Attempt.objects.filter(assignment=assignment, membership=membership)
        .prefetch_related(_items_prefetch())
        .order_by("number")
    )


def latest_attempt(*, assignment: Assignment, membership: Membership) -> Attempt | None:
    return (
        Attempt.objects.select_related("assignment")
        .filter(assignment=assignment, membership=membership)
        .order_by("-number")
        .first()
    )


def answer_review(*, question: Question, label: str) -> dict:
    """A question as the teacher reviews it: the situation, the answer, the engine's breakdown."""
    return {**question_context(question=question), "label": label}


# -- what a student sees ---------------------------------------------------------------------------


def memberships_for_learner(*, learner: Learner | None) -> list[Membership]:
    """The learner's classes, each with its assignments (2 queries)."""
    if learner is None:
        return []
    return list(
        Membership.objects.filter(learner=learner, is_preview=False)
        .select_related("classroom")
        .prefetch_related(
            Prefetch("classroom__assignments", queryset=Assignment.objects.order_by("-created"))
        )
        .order_by(Lower("classroom__name"), "id")
    )


def assignment_for_student(
    *, learner: Learner | None, public_id: str
) -> tuple[Assignment, Membership] | None:
    """The assignment and the learner's place in its class, or None if not theirs."""
    if learner is None:
        return None
    membership = (
        Membership.objects.select_related("classroom")
        .filter(learner=learner, is_preview=False, classroom__assignments__public_id=public_id)
        .first()
    )
    if membership is None:
        return None
    assignment = Assignment.objects.get(public_id=public_id)
    assignment.classroom = membership.classroom
    return assignment, membership


def classroom_for_code(*, code: str) -> Classroom | None:
    code = normalize_join_code(code)
    return Classroom.objects.filter(join_code=code).first() if code else None


def latest_attempts(*, memberships: list[Membership]) -> dict[tuple[int, int], Attempt]:
    """Each (assignment, student) pair's latest attempt, with its counts (one query)."""
    attempts = (
        Attempt.objects.filter(membership__in=memberships)
        .annotate(**_counts_in_sql())
        .order_by("number")
    )
    return {(a.assignment_id, a.membership_id): a for a in attempts}


def item_for_student(
    *, assignment: Assignment, membership: Membership, question_public_id: str
) -> AttemptQuestion | None:
    """A question of one of the student's attempts at this assignment, or None."""
    return (
        AttemptQuestion.objects.select_related("question__answer", "attempt__assignment")
        .filter(
            attempt__assignment=assignment,
            attempt__membership=membership,
            question__public_id=question_public_id,
        )
        .first()
    )


def membership_for_link(*, secret: str) -> Membership | None:
    if not secret:
        return None
    return (
        Membership.objects.select_related("classroom", "learner")
        .filter(link_hash=link_hash(secret), is_preview=False)
        .first()
    )


# -- worksheets and answer keys --------------------------------------------------------------------


@dataclass
class Sheet:
    """One printed set: for everyone, or for one student."""

    title: str
    items: list[dict]
    membership: Membership | None = None


def worksheets(*, assignment: Assignment, per_student: bool) -> list[Sheet]:
    """The sets to print: one for everyone, or each student's first set.

    A student who has started prints the set stored for them; one who has not prints
    the set they will be given, which is drawn from the same seeds.
    """
    labels = question_labels(assignment)
    if not per_student:
        questions = _drawn_set(assignment, draws.EVERYONE)
        return [Sheet(assignment.title, _sheet_items(questions, labels))]
    students = classroom_students(classroom=assignment.classroom)
    stored = defaultdict(list)
    first_attempts = AttemptQuestion.objects.filter(
        attempt__assignment=assignment, attempt__number=1, attempt__membership__in=students
    ).select_related("question", "attempt")
    for item in first_attempts.order_by("position"):
        stored[item.attempt.membership_id].append(item.question)
    sheets = []
    for student in students:
        who = draws.EVERYONE if assignment.same_for_everyone else student.public_id
        questions = stored.get(student.pk) or _drawn_set(assignment, who)
        sheets.append(Sheet(student.display_name, _sheet_items(questions, labels), student))
    return sheets


def _drawn_set(assignment: Assignment, who: str) -> list[Question]:
    """The first set for `who`, drawn exactly as a student's attempt draws it (not stored)."""
    if assignment.preset == Assignment.Preset.REVIEW_000:
        specs = [(q.kind, q.situation) for q in review_quiz.questions()]
    else:
        specs = []
        for p in draws.plan(
            kinds=assignment.kinds,
            skills=assignment.skills,
            count=assignment.question_count,
            secret=assignment.secret_seed,
            who=who,
            attempt=1,
        ):
            kind, situation = generate(p.topic.kind, p.seed, p.topic.skill)
            specs.append((kind.key, situation))
    return [
        Question(kind=key, situation=situation, skills=kind_for(key).skills(situation))
        for key, situation in specs
    ]


def _sheet_items(questions: list[Question], labels: list[str]) -> list[dict]:
    return [
        {"label": label, **worksheet_context(question=question)}
        for question, label in zip(questions, labels, strict=False)
    ]


def worksheet_context(*, question: Question) -> dict:
    """What paper shows of a question: the situation and empty boxes; and, for the key, answers."""
    context = question_base_context(question)
    kind = context["kind"]
    context.update(solution_context(kind, question.situation))
    solution = context["solution"]
    context["answers"] = [
        {
            "name": f.name,
            "label": f.label,
            "value": solution.answer[f.name],
            "text": choice_text(f, solution.answer[f.name]),
            "choices": f.choices,
        }
        for f in kind.fields(question.situation)
    ]
    return context
