"""Writes of a teacher's assignments: set one (or the ready-made quiz, or a live class's
results), change it, publish it or take it back, draw other questions or replace one, copy,
delete and undo, the preview's own attempts, and what is purged for good."""

from __future__ import annotations

from collections.abc import Sequence
from copy import deepcopy
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from assignments import draws, limits, review_quiz, stamps
from assignments.models import Assignment, Attempt, AttemptQuestion, question_set
from classes.models import UNDO_DAYS, Classroom, Membership
from classes.services import LimitReached, TeachingError, preview_membership
from common.ids import new_secret_seed
from quizzes import services as practice
from quizzes.generator import generate
from quizzes.models import Question

SET_FIELDS = ("secret_seed", "replaced", "distinct_draws")
"""What draws an assignment's questions beyond the choices every copy takes (COPY_FIELDS):
with the same values, assignments.draws.plan draws the same set."""


def assignment_create(
    *,
    classroom: Classroom,
    title: str,
    fixed_questions: Sequence[dict] = (),
    kinds: Sequence[str] = (),
    skills: Sequence[str] = (),
    leave_out: Sequence[str] = (),
    question_count: int,
    same_for_everyone: bool,
    preset: str = Assignment.Preset.NONE,
    opens_at=None,
    due_at=None,
    attempts_allowed: int = 1,
    show_answers: str = Assignment.ShowAnswers.AFTER_SUBMIT,
    layout: str = Assignment.Layout.ONE_AT_A_TIME,
    form_key: str | None = None,
    publish: bool = True,
    same_set_as: Assignment | None = None,
) -> Assignment:
    """A new assignment, published at once or kept as a draft that students do not see;
    the same form sent twice sets it once (`form_key`). With `same_set_as`, it draws its
    questions exactly as that assignment does (a copy of a set the teacher chose).
    LimitReached when the class, or its teacher, has as many assignments as it can have;
    a live class's results (Preset.LIVE) are always kept."""
    full = preset != Assignment.Preset.LIVE and limits.assignments_full(classroom)
    if full:
        made = form_key and Assignment.all_objects.filter(classroom=classroom, form_key=form_key)
        if made and made.exists():
            return made.get()  # the form that set the last one, sent again
        raise LimitReached(full)
    drawn_as = {n: deepcopy(getattr(same_set_as, n)) for n in SET_FIELDS} if same_set_as else {}
    try:
        with transaction.atomic():
            assignment = Assignment.objects.create(
                classroom=classroom,
                title=title,
                preset=preset,
                fixed_questions=list(fixed_questions),
                **question_set(
                    kinds=kinds, skills=skills, leave_out=leave_out, question_count=question_count
                ),
                same_for_everyone=same_for_everyone,
                opens_at=opens_at,
                due_at=due_at,
                attempts_allowed=attempts_allowed,
                show_answers=show_answers,
                layout=layout,
                form_key=form_key,
                published_at=timezone.now() if publish else None,
                **drawn_as,
            )
            stamps.assignment_changed(assignment_id=assignment.pk)  # ready for its gradebook
            return assignment
    except IntegrityError:
        if form_key is None:
            raise
        # A double click, or Back and send: the first one set it, whatever became of it
        # since (the default manager hides a deleted one).
        return Assignment.all_objects.get(classroom=classroom, form_key=form_key)


REVIEW_QUIZ_LAYOUT = Assignment.Layout.ALL_ON_ONE_PAGE  # its questions build on each other


def assignment_create_review_quiz(
    *,
    classroom: Classroom,
    title: str = review_quiz.TITLE,
    layout: str = REVIEW_QUIZ_LAYOUT,
    **settings,
) -> Assignment:
    """The ready-made assignment: the review quiz (rules §8.3), the same for everyone.

    `settings` are assignment_create's dates, attempts and when answers show.
    """
    return assignment_create(
        classroom=classroom,
        title=title,
        preset=Assignment.Preset.REVIEW_000,
        question_count=len(review_quiz.questions()),
        same_for_everyone=True,
        layout=layout,
        **settings,
    )


def assignment_record_fixed(
    *,
    classroom: Classroom,
    title: str,
    questions: Sequence[dict],
    answered: dict[Membership, dict[int, Question]],
    opened,
    closed,
) -> Assignment:
    """Questions already asked and answered elsewhere (a live class), set down as an
    assignment handed in by each student who took part: `questions` are each position's
    label, kind and situation; `answered` each student's graded questions by position.
    A position a student did not answer is a blank, as in any assignment."""
    with transaction.atomic():
        assignment = assignment_create(
            classroom=classroom,
            title=title[: Assignment._meta.get_field("title").max_length],
            preset=Assignment.Preset.LIVE,
            fixed_questions=questions,
            question_count=len(questions),
            same_for_everyone=True,
            # An end that reads as the start or before it (two servers' clocks differ a
            # little) leaves the opening out: never due before it opens.
            opens_at=opened if opened < closed else None,
            due_at=closed,
            show_answers=Assignment.ShowAnswers.IMMEDIATELY,
            layout=Assignment.Layout.ALL_ON_ONE_PAGE,
        )
        # A new assignment: the stamp assignment_create set in this transaction covers the
        # work recorded below (no gradebook of it was drawn before this commits).
        for membership, given in answered.items():
            attempt = Attempt.objects.create(
                assignment=assignment, membership=membership, number=1, submitted_at=closed
            )
            items = []
            for position, spec in enumerate(questions):
                question = given.get(position) or practice.question_fixed(
                    learner=membership.learner, kind=spec["kind"], situation=spec["situation"]
                )
                items.append(AttemptQuestion(attempt=attempt, position=position, question=question))
            AttemptQuestion.objects.bulk_create(items)
    return assignment


SETTINGS_FIELDS = ("title", "opens_at", "due_at", "attempts_allowed", "show_answers", "layout")


def assignment_update(*, assignment: Assignment, **changes) -> Assignment:
    """Change dates, attempts, answers and layout; the questions never change once drawn."""
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"These cannot change after an assignment is set: {sorted(unknown)}")
    for name, value in changes.items():
        setattr(assignment, name, value)
    with transaction.atomic():
        assignment.save(update_fields=list(changes))
        stamps.assignment_changed(assignment_id=assignment.pk)
    return assignment


def assignment_publish(*, assignment: Assignment) -> bool:
    """Students of the class see it from now on. False if it was already published."""
    if assignment.published_at is not None:
        return False
    assignment.published_at = timezone.now()
    with transaction.atomic():
        assignment.save(update_fields=["published_at"])
        stamps.assignment_changed(assignment_id=assignment.pk)
    return True


REDRAW_STARTED = gettext_noop(
    "Students have started this assignment, so its questions stay as they are. Copy it, and "
    "draw other questions in the copy."
)


def assignment_redraw(*, assignment: Assignment) -> None:
    """Other questions for a draft nobody has started: a new secret seed (the preview
    starts again with them). The ready-made quiz's questions are fixed."""
    with transaction.atomic():
        started = Attempt.objects.filter(assignment=assignment, membership__is_preview=False)
        if started.exists():
            raise TeachingError(gettext(REDRAW_STARTED))
        assignment.secret_seed = new_secret_seed()
        assignment.replaced = {}  # the salts were for the old seed's questions
        assignment.save(update_fields=["secret_seed", "replaced"])
        preview_reset(assignment=assignment)
        stamps.assignment_changed(assignment_id=assignment.pk)


REPLACE_PUBLISHED = gettext_noop(
    "Students can see this assignment, so its questions stay as they are. Take it back from "
    "students first (it becomes a draft again), or copy it."
)
REPLACE_FIXED = gettext_noop(
    "The ready-made quiz's questions build on each other, so one of them cannot be "
    "replaced on its own."
)
REPLACE_NO_SUCH = gettext_noop("This assignment has no question {number}.")
REPLACE_TRIES = 20


def assignment_replace_question(*, assignment: Assignment, position: int) -> Question | None:
    """Another question of the same kind or skill at one position of a draft nobody has
    started, the others unchanged: a new salt for the position's seeds, so every student
    and the printed sheets get it. The teacher's preview has it at once, in place; the new
    preview question is returned (None before the preview is started)."""
    with transaction.atomic():
        locked = Assignment.all_objects.select_for_update().get(pk=assignment.pk)
        if locked.preset:
            raise TeachingError(gettext(REPLACE_FIXED))
        if locked.published_at is not None:
            raise TeachingError(gettext(REPLACE_PUBLISHED))
        if not 0 <= position < locked.question_count:
            raise TeachingError(gettext(REPLACE_NO_SUCH).format(number=position + 1))
        if Attempt.objects.filter(assignment=locked, membership__is_preview=False).exists():
            raise TeachingError(gettext(REDRAW_STARTED))
        preview = preview_membership(classroom=locked.classroom)
        salts = locked.salts
        salts[position] = _new_salt(locked, preview, position, salts.get(position, 0))
        locked.replaced = {str(p): salt for p, salt in sorted(salts.items())}
        locked.save(update_fields=["replaced"])
        stamps.assignment_changed(assignment_id=locked.pk)
        assignment.replaced = locked.replaced
        return _replace_in_preview(locked, preview, position)


def planned(assignment: Assignment, membership: Membership, attempt: int, salts=None):
    """What `plan` draws for the membership's attempt (its own set, or everyone's)."""
    who = draws.EVERYONE if assignment.same_for_everyone else membership.public_id
    return draws.plan(
        kinds=assignment.kinds,
        skills=assignment.skills,
        count=assignment.question_count,
        secret=assignment.secret_seed,
        who=who,
        attempt=attempt,
        salts=assignment.salts if salts is None else salts,
        situation_of=assignment.situation_of,
    )


def _new_salt(assignment: Assignment, preview: Membership, position: int, salt: int) -> int:
    """The next salt whose question differs from the one at the position now (a kind with
    few questions may draw the same one again)."""
    taught = assignment.scope

    def drawn(salt):
        p = planned(assignment, preview, 1, {position: salt})[position]
        return generate(p.topic.kind, p.seed, p.topic.skill, taught)[1]

    now = drawn(salt)
    for _ in range(REPLACE_TRIES):
        salt += 1
        if drawn(salt) != now:
            break
    return salt


def _replace_in_preview(assignment: Assignment, preview: Membership, position: int):
    """The preview's questions at the position, drawn again (their answers go with them)."""
    new = None
    items = AttemptQuestion.objects.filter(
        attempt__assignment=assignment, attempt__membership=preview, position=position
    ).select_related("attempt", "question")
    for item in items.order_by("attempt__number"):
        p = planned(assignment, preview, item.attempt.number)[position]
        old = item.question
        new = practice.question_new(
            learner=preview.learner,
            kind=p.topic.kind,
            skill=p.topic.skill,
            source=Question.Source.ASSIGNMENT,
            seed=p.seed,
            taught=assignment.scope,
        )
        item.question = new
        item.save(update_fields=["question"])
        old.delete()
    return new


def assignment_withdraw(*, assignment: Assignment) -> bool:
    """Take it back: students no longer see it (their work is kept); a draft again."""
    if assignment.published_at is None:
        return False
    assignment.published_at = None
    with transaction.atomic():
        assignment.save(update_fields=["published_at"])
        stamps.assignment_changed(assignment_id=assignment.pk)
    return True


COPY_FIELDS = (
    "preset",
    "fixed_questions",
    "kinds",
    "skills",
    "leave_out",
    "question_count",
    "same_for_everyone",
    "attempts_allowed",
    "show_answers",
    "layout",
)


def assignment_copy(
    *, assignment: Assignment, classroom: Classroom, form_key: str | None = None, now=None
) -> Assignment:
    """A draft copy, for this class or another of the teacher's: the same kinds, skills and
    settings. A set the teacher chose (Assignment.keeps_its_set) is asked again as it is;
    any other set is drawn afresh (a new secret seed). Dates already past are left out, so
    that the copy does not close before anyone sees it."""
    now = now or timezone.now()

    def future(when):
        return when if when is not None and when > now else None

    opens_at, due_at = future(assignment.opens_at), future(assignment.due_at)
    same_class = classroom.pk == assignment.classroom_id
    title = f"{assignment.title} (copy)" if same_class else assignment.title
    settings = {name: getattr(assignment, name) for name in COPY_FIELDS}
    if settings["show_answers"] == Assignment.ShowAnswers.AFTER_DUE and due_at is None:
        settings["show_answers"] = Assignment.ShowAnswers.AFTER_SUBMIT
    return assignment_create(
        classroom=classroom,
        title=title[: Assignment._meta.get_field("title").max_length],
        opens_at=opens_at,
        due_at=due_at,
        form_key=form_key,
        publish=False,
        same_set_as=assignment if assignment.keeps_its_set else None,
        **settings,
    )


def assignment_delete(*, assignment: Assignment) -> None:
    """Delete it, undoably for UNDO_DAYS: students no longer see it, nor the teacher
    except under "Recently deleted"."""
    with transaction.atomic():
        Assignment.all_objects.filter(pk=assignment.pk).update(deleted_at=timezone.now())
        stamps.assignment_changed(assignment_id=assignment.pk)


def assignment_restore(*, assignment: Assignment) -> None:
    with transaction.atomic():
        Assignment.all_objects.filter(pk=assignment.pk).update(deleted_at=None)
        stamps.assignment_changed(assignment_id=assignment.pk)


def preview_reset(*, assignment: Assignment) -> None:
    """Forget the teacher's preview attempts, so the preview starts from the beginning."""
    Question.objects.filter(
        assignment_item__attempt__assignment=assignment,
        assignment_item__attempt__membership__is_preview=True,
    ).delete()
    Attempt.objects.filter(assignment=assignment, membership__is_preview=True).delete()


def purge_deleted(*, now=None) -> int:
    """Delete for good what was deleted more than UNDO_DAYS ago; how many things went."""
    now = now or timezone.now()
    before = now - timedelta(days=UNDO_DAYS)
    gone = 0
    for model in (Classroom, Assignment):
        for old in model.all_objects.filter(deleted_at__lt=before):
            _delete_with_questions(old)
            gone += 1
    return gone


def _delete_with_questions(thing) -> None:
    """A class or an assignment, and its students' questions (which belong to the students'
    learners, so deleting the attempts alone would leave them behind)."""
    if isinstance(thing, Classroom):
        attempts = {"assignment_item__attempt__assignment__classroom": thing}
    else:
        attempts = {"assignment_item__attempt__assignment": thing}
    with transaction.atomic():
        Question.objects.filter(**attempts).delete()
        thing.delete()
