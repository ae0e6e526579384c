"""Reads of assignments: whose assignment, which attempt, what each question is called, how
many answers are right, and what a student sees of their classes' assignments.

Every list is a fixed number of queries, whatever the size of the class.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q
from django.db.models.functions import Lower

from assignments import draws, review_quiz
from assignments.models import Allowance, Assignment, Attempt, AttemptQuestion
from classes.models import Classroom, Membership
from quizzes.models import Learner, Question
from quizzes.selectors import choice_text, question_base_context, question_context

# -- what a teacher owns ---------------------------------------------------------------------------


def replaceable(assignment: Assignment) -> bool:
    """Whether the teacher may still replace the assignment's questions one by one: a
    draft drawn from kinds and skills that no student has started."""
    if assignment.preset or not assignment.is_draft:
        return False
    return not students_started(assignment)


def students_started(assignment: Assignment) -> bool:
    """Whether any student (not the teacher's preview) has started the assignment: a draft
    that students started is one the teacher took back from them."""
    return Attempt.objects.filter(assignment=assignment, membership__is_preview=False).exists()


def assignment_for_teacher(*, user, public_id: str) -> Assignment | None:
    """The teacher's own assignment, with its class, or None (one query)."""
    if not user.is_authenticated:
        return None
    return (
        Assignment.objects.select_related("classroom")
        .filter(classroom__teacher=user, classroom__deleted_at__isnull=True, public_id=public_id)
        .first()
    )


def deleted_assignment_for_teacher(*, user, public_id: str) -> Assignment | None:
    if not user.is_authenticated:
        return None
    return (
        Assignment.all_objects.select_related("classroom")
        .filter(
            classroom__teacher=user,
            classroom__deleted_at__isnull=True,
            public_id=public_id,
            deleted_at__isnull=False,
        )
        .first()
    )


def allowance_initial(*, assignment: Assignment, membership: Membership) -> dict:
    """The student's allowance as its form starts: as saved, or nothing extra."""
    found = Allowance.objects.filter(assignment=assignment, membership=membership).first()
    if found is None:
        return {"due_at": None, "extra_attempts": 0, "excused": False}
    return {
        "due_at": found.due_at,
        "extra_attempts": found.extra_attempts,
        "excused": found.excused,
    }


def allowances_of_class(*, classroom: Classroom) -> dict[tuple[int, int], Allowance]:
    """Each (assignment, student) pair's allowance in the class (one query)."""
    found = Allowance.objects.filter(assignment__classroom=classroom)
    return {(a.assignment_id, a.membership_id): a for a in found}


# -- labels ----------------------------------------------------------------------------------------


def question_labels(assignment: Assignment) -> list[str]:
    """What each position is called: "1a: rubber, deal a", or "3. Vulnerability"."""
    if assignment.preset == Assignment.Preset.REVIEW_000:
        return review_quiz.labels()
    if assignment.fixed_questions:
        return [f"{i + 1}. {q['label']}" for i, q in enumerate(assignment.fixed_questions)]
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


def attempts_with_questions(
    *, assignment: Assignment, membership: Membership, with_reset: bool = False
) -> list[Attempt]:
    """The student's attempts, oldest first, each with its questions and answers (2 queries).
    Attempts the teacher reset are left out, unless `with_reset`."""
    attempts = Attempt.objects.filter(assignment=assignment, membership=membership)
    if not with_reset:
        attempts = attempts.filter(voided_at__isnull=True)
    return list(attempts.prefetch_related(_items_prefetch()).order_by("number"))


def latest_attempt(*, assignment: Assignment, membership: Membership) -> Attempt | None:
    return (
        Attempt.objects.select_related("assignment")
        .filter(assignment=assignment, membership=membership, voided_at__isnull=True)
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
        Membership.objects.filter(
            learner=learner, is_preview=False, classroom__deleted_at__isnull=True
        )
        .select_related("classroom__teacher__teacher_settings")
        .prefetch_related(
            Prefetch(
                "classroom__assignments",
                queryset=Assignment.objects.filter(published_at__isnull=False).order_by("-created"),
            )
        )
        .order_by(Lower("classroom__name"), "id")
    )


def assignment_for_student(
    *, learner: Learner | None, public_id: str
) -> tuple[Assignment, Membership] | None:
    """The assignment and the learner's place in its class, or None if not theirs."""
    if learner is None:
        return None
    # One filter(), so that the three conditions are on the same assignment: a published
    # one (not a draft, not deleted) of a class that still exists.
    membership = (
        Membership.objects.select_related("classroom__teacher__teacher_settings")
        .filter(
            learner=learner,
            is_preview=False,
            classroom__deleted_at__isnull=True,
            classroom__assignments__public_id=public_id,
            classroom__assignments__published_at__isnull=False,
            classroom__assignments__deleted_at__isnull=True,
        )
        .first()
    )
    if membership is None:
        return None
    assignment = Assignment.objects.get(public_id=public_id)
    assignment.classroom = membership.classroom
    return assignment, membership


def student_allowances(*, memberships: list[Membership]) -> dict[tuple[int, int], Allowance]:
    """Each (assignment, student) pair's allowance, for a student's classes (one query)."""
    found = Allowance.objects.filter(membership__in=memberships)
    return {(a.assignment_id, a.membership_id): a for a in found}


def student_attempts(*, memberships: list[Membership]) -> dict[tuple[int, int], list[Attempt]]:
    """Each (assignment, student) pair's attempts that count (not reset), oldest first, each
    with its counts (one query)."""
    attempts = (
        Attempt.objects.filter(membership__in=memberships, voided_at__isnull=True)
        .annotate(**_counts_in_sql())
        .order_by("number")
    )
    found = defaultdict(list)
    for attempt in attempts:
        found[(attempt.assignment_id, attempt.membership_id)].append(attempt)
    return found


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


def worksheet_context(*, question: Question) -> dict:
    """What paper shows of a question: the situation and empty boxes; and, for the key, answers."""
    context = question_base_context(question)
    kind = context["kind"]
    solution = context["solution"] = kind.solve(question.situation)
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
