"""Reads for teachers and students: whose class, whose assignment, which attempt.

Every list is a fixed number of queries, whatever the size of the class.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q
from django.db.models.functions import Lower

from quizzes.models import Learner, Question
from quizzes.selectors import question_context
from teaching import draws, review_quiz
from teaching.codes import link_hash, normalize_join_code
from teaching.models import Assignment, Attempt, AttemptQuestion, Classroom, Membership

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


def gradebook_students(*, classroom: Classroom) -> list[Membership]:
    """The class's students as the gradebook shows them: their ids and names only (the
    other fields are deferred; reading one would cost a query per student)."""
    return list(
        Membership.objects.filter(classroom=classroom, is_preview=False)
        .only("id", "public_id", "display_name")
        .order_by(Lower("display_name"), "id")
    )


def classroom_assignments(*, classroom: Classroom) -> list[Assignment]:
    return list(
        Assignment.objects.filter(classroom=classroom)
        .annotate(
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
        .order_by("-created", "-pk")  # newest first, as the class page says
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
