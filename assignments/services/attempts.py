"""Writes of a student taking an assignment (and of the teacher's preview of it): start an
attempt, answer its questions, hand it in; and answers counted in practice once their
grades show."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from assignments import limits, review_quiz, stamps
from assignments.models import Assignment, Attempt, AttemptQuestion
from assignments.services.authoring import planned
from assignments.terms import Terms, answers_visible, terms_for
from classes.models import Membership
from classes.services import TeachingError
from quizzes import services as practice
from quizzes.models import Answer, Question

NOT_OPEN_YET = gettext_noop("This assignment is not open yet.")
PAST_DUE = gettext_noop(
    "This assignment is closed: the due date has passed, so no new answers are accepted."
)
NO_ATTEMPTS_LEFT = gettext_noop("You have used every attempt this assignment allows.")
ALREADY_SUBMITTED = gettext_noop(
    "You have already submitted these answers: they can no longer change."
)
NOT_IN_ATTEMPT = gettext_noop("This question is not part of your assignment.")
ATTEMPT_RESET = gettext_noop(
    "Your teacher has reset this attempt, so it no longer takes answers: start a new one."
)


class AnswersClosed(TeachingError):
    pass


def attempt_start(
    *, assignment: Assignment, membership: Membership, now=None, preview: bool = False
) -> Attempt:
    """The attempt to work on: the one in progress, or a new one with its questions drawn.

    A new attempt draws fresh questions (its number is part of every seed), except the
    ready-made quiz, whose questions are fixed. A preview ignores the dates. The student's
    own terms (a later due date, more attempts) count; an attempt the teacher reset does not.
    """
    now = now or timezone.now()
    rules = terms_for(assignment, membership)
    if not preview:
        if not rules.has_opened(now):
            raise AnswersClosed(gettext(NOT_OPEN_YET))
        if rules.is_past_due(now):
            raise AnswersClosed(gettext(PAST_DUE))
    with transaction.atomic():
        # Lock the student's row: a double click on "Start" draws one attempt, not two.
        Membership.all_objects.select_for_update().filter(pk=membership.pk).first()
        attempts = list(Attempt.objects.filter(assignment=assignment, membership=membership))
        counted = [a for a in attempts if a.voided_at is None]
        if counted and counted[-1].submitted_at is None:
            return counted[-1]
        if len(counted) >= rules.attempts_allowed:
            raise AnswersClosed(gettext(NO_ATTEMPTS_LEFT))
        full = limits.attempts_full(attempts)
        if full:
            raise AnswersClosed(full)
        attempt = Attempt.objects.create(
            assignment=assignment,
            membership=membership,
            number=max((a.number for a in attempts), default=0) + 1,
        )
        questions = _draw(assignment=assignment, membership=membership, number=attempt.number)
        AttemptQuestion.objects.bulk_create(
            AttemptQuestion(attempt=attempt, position=i, question=q)
            for i, q in enumerate(questions)
        )
        if not preview:
            stamps.assignment_changed(assignment_id=assignment.pk)
    return attempt


def _draw(*, assignment: Assignment, membership: Membership, number: int) -> list[Question]:
    learner = membership.learner
    if assignment.preset == Assignment.Preset.REVIEW_000:
        return [
            practice.question_fixed(learner=learner, kind=q.kind, situation=q.situation)
            for q in review_quiz.questions(review_quiz.variant_seed(assignment.secret_seed, number))
        ]
    if assignment.fixed_questions:
        return [
            practice.question_fixed(learner=learner, kind=q["kind"], situation=q["situation"])
            for q in assignment.fixed_questions
        ]
    plan = planned(assignment, membership, number)
    taught = assignment.scope
    return [
        practice.question_new(
            learner=learner,
            kind=p.topic.kind,
            skill=p.topic.skill,
            source=Question.Source.ASSIGNMENT,
            seed=p.seed,
            taught=taught,
        )
        for p in plan
    ]


def attempt_answer(
    *, item: AttemptQuestion, given: dict, now=None, preview: bool = False, rules: Terms = None
) -> tuple[Answer, bool]:
    """Save (and grade, once) one answer of an attempt. Refused once it is submitted, reset
    or due (under the student's own terms: `rules`, looked up when not given)."""
    now = now or timezone.now()
    attempt = item.attempt
    # As loaded with the item (selectors.item_for_student takes the answer along), else
    # one query; an answer saved since is caught by answer_submit's one-answer constraint.
    existing = getattr(item.question, "answer", None)
    if existing is not None:
        return existing, False  # a replay: the first answer stands
    # Read afresh: a "Submit" from another tab, or the teacher's reset, may have landed.
    submitted, voided = Attempt.objects.values_list("submitted_at", "voided_at").get(pk=attempt.pk)
    if submitted is not None:
        raise AnswersClosed(gettext(ALREADY_SUBMITTED))
    if voided is not None:
        raise AnswersClosed(gettext(ATTEMPT_RESET))
    if not preview:
        rules = rules or terms_for(attempt.assignment, attempt.membership_id)
        if not rules.accepts_answers(now):
            raise AnswersClosed(gettext(PAST_DUE if rules.is_past_due(now) else NOT_OPEN_YET))
    # Counted in the student's progress now only if its grade shows now; otherwise when it
    # does (answers_settle), so that the progress page does not tell it first.
    shown = attempt.assignment.show_answers == Assignment.ShowAnswers.IMMEDIATELY
    with transaction.atomic():
        answer, created = practice.answer_submit(question=item.question, given=given, credit=shown)
        if created and not preview:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
    return answer, created


def answers_settle(*, learner_id: int | None = None, classroom=None, now=None) -> int:
    """Count in progress and review (practice.answers_credit) the assignment answers of a
    learner, or of a class, whose grades now show: after hand-in or after the due date, as
    the assignment says. Returns how many were counted."""
    now = now or timezone.now()
    pending = Answer.objects.filter(credited=False, question__assignment_item__isnull=False)
    if learner_id is not None:
        pending = pending.filter(question__learner_id=learner_id)
    if classroom is not None:
        in_class = {"question__assignment_item__attempt__assignment__classroom": classroom}
        pending = pending.filter(**in_class)
    pending = list(
        pending.select_related("question__assignment_item__attempt__assignment").order_by(
            "created", "pk"
        )
    )
    if not pending:
        return 0
    visible = {}
    for answer in pending:
        attempt = answer.question.assignment_item.attempt
        if attempt.pk not in visible:
            rules = terms_for(attempt.assignment, attempt.membership_id)
            visible[attempt.pk] = answers_visible(rules, attempt, now)
    return practice.answers_credit(
        answers=[a for a in pending if visible[a.question.assignment_item.attempt_id]]
    )


def attempt_submit(*, attempt: Attempt, now=None, preview: bool = False) -> bool:
    """Hand the attempt in. Submitting again changes nothing (returns False)."""
    now = now or timezone.now()
    closing = attempt.submitted_at is None and not preview
    if closing and terms_for(attempt.assignment, attempt.membership_id).is_past_due(now):
        raise AnswersClosed(gettext(PAST_DUE))
    with transaction.atomic():
        changed = Attempt.objects.filter(pk=attempt.pk, submitted_at__isnull=True).update(
            submitted_at=now
        )
        if changed and not preview:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
    attempt.refresh_from_db(fields=["submitted_at"])
    if changed and not preview:
        answers_settle(learner_id=attempt.membership.learner_id, now=now)
    return bool(changed)
