"""Writes for teachers and their students: classes, joining, assignments, attempts, answers."""

from __future__ import annotations

from collections.abc import Sequence
from copy import deepcopy
from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from assignments import draws, review_quiz, stamps
from assignments.models import Allowance, Assignment, Attempt, AttemptQuestion
from assignments.terms import Terms, answers_visible, terms_for
from classes.codes import link_hash, new_link_secret
from classes.models import UNDO_DAYS, Classroom, LinkSession, Membership
from common.ids import new_join_code, new_secret_seed
from common.text import fill
from quizzes import services as practice
from quizzes.generator import generate
from quizzes.models import Answer, Learner, Question
from teaching import limits

JOIN_CODE_UNKNOWN = (
    "No class has that code. Check it with your teacher: a code stops working when the "
    "teacher makes a new one."
)
JOIN_NAME_TAKEN = (
    "Someone in this class already uses that name: add an initial or your surname. If it "
    "is you, joining again would make a second you: open the personal link you were given "
    "when you first joined, or ask your teacher for a new one."
)
JOIN_OWN_CLASS = (
    "You teach this class, so you can't join it as a student. "
    "Use “Preview as a student” on an assignment instead."
)
NOT_OPEN_YET = "This assignment is not open yet."
PAST_DUE = "This assignment is closed: the due date has passed, so no new answers are accepted."
NO_ATTEMPTS_LEFT = "You have used every attempt this assignment allows."
ALREADY_SUBMITTED = "You have already submitted these answers: they can no longer change."
NOT_IN_ATTEMPT = "This question is not part of your assignment."
ATTEMPT_RESET = (
    "Your teacher has reset this attempt, so it no longer takes answers: start a new one."
)
JOIN_MERGED = (
    "Your teacher has put your two records in this class together, so this browser's one "
    "is closed. Open the personal link your teacher gives you for the record they kept."
)
JOIN_ARCHIVED = (
    "This class has finished, so it takes no new students. Ask your teacher if that is a mistake."
)

PREVIEW_NAME = "Preview"
CODE_TRIES = 5


class TeachingError(ValueError):
    """A request a person can fix: the message says how."""


class JoinRefused(TeachingError):
    """Joining was refused. `field` is the form field the message belongs beside, if any."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class AnswersClosed(TeachingError):
    pass


class LimitReached(TeachingError):
    """A teacher or a class holds as much of something as it can (teaching.limits)."""


# -- classes ------------------------------------------------------------------------------


def classroom_create(*, teacher, name: str, form_key: str | None = None) -> Classroom:
    """A new class with a fresh code; the same form sent twice makes it once (`form_key`).
    LimitReached when the teacher has as many classes as an account can have."""
    full = limits.classes_full(teacher)
    if full:
        made = form_key and Classroom.all_objects.filter(teacher=teacher, form_key=form_key)
        if made and made.exists():
            return made.get()  # the form that made the last one, sent again
        raise LimitReached(full)
    for _ in range(CODE_TRIES):
        try:
            with transaction.atomic():
                classroom = Classroom.objects.create(
                    teacher=teacher, name=name, join_code=new_join_code(), form_key=form_key
                )
                stamps.classroom_changed(classroom_id=classroom.pk)  # ready for its gradebooks
                return classroom
        except IntegrityError:
            # Whatever became of it since (deleted, archived): the default manager hides a
            # deleted class, and would send this round the loop for a code that is not taken.
            made = form_key and Classroom.all_objects.filter(teacher=teacher, form_key=form_key)
            if made and made.exists():
                return made.get()  # a double click, or Back and send: the first one made it
            continue  # the code was taken (about one chance in 10**11): draw another
    raise IntegrityError("Could not find a free join code")


def classroom_regenerate_code(*, classroom: Classroom) -> Classroom:
    """A new code; the old one stops working at once."""
    for _ in range(CODE_TRIES):
        classroom.join_code = new_join_code()
        try:
            with transaction.atomic():
                classroom.save(update_fields=["join_code"])
            return classroom
        except IntegrityError:
            continue
    raise IntegrityError("Could not find a free join code")


# -- students ------------------------------------------------------------------------------


def membership_join(
    *,
    classroom: Classroom | None,
    display_name: str,
    learner_for_join,
    form_key: str | None = None,
) -> tuple[Membership, bool]:
    """Join the class, or find the learner already in it (created=False).

    `learner_for_join` gives the learner to join with; it is only called once the code
    has matched a class, so wrong codes create nothing. The join form sent twice (a double
    click, `form_key`) gives the student the first one made, even when the second request
    made a learner of its own before it knew (a browser's first visit): that learner is
    dropped, and the caller should give this browser the student's learner.
    """
    if classroom is None:
        raise JoinRefused(JOIN_CODE_UNKNOWN, field="code")
    if classroom.archived_at is not None:
        raise JoinRefused(JOIN_ARCHIVED, field="code")
    sent = _joined_by_form(classroom, form_key)
    if sent is not None:
        # The same form sent again (Back, then Send): the student it made, as joining
        # with the code again would find them, taken off or merged since included.
        return _joined_again(sent), False
    learner = learner_for_join()
    if learner.user_id is not None and learner.user_id == classroom.teacher_id:
        raise JoinRefused(JOIN_OWN_CLASS)
    existing = Membership.all_objects.filter(classroom=classroom, learner=learner).first()
    if existing is not None:
        return _joined_again(existing), False
    full = limits.class_full(classroom)
    if full:
        raise JoinRefused(full, field="code")
    if Membership.objects.filter(
        classroom=classroom, display_name__iexact=display_name, is_preview=False
    ).exists():
        # The same form, sent twice at once, may have joined since it was looked for above.
        sent = _joined_by_form(classroom, form_key)
        if sent is not None:
            _drop_if_unused(learner)
            return sent, False
        raise JoinRefused(JOIN_NAME_TAKEN, field="display_name")
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                classroom=classroom, learner=learner, display_name=display_name, form_key=form_key
            )
            stamps.classroom_changed(classroom_id=classroom.pk)
    except IntegrityError:
        # Two joins at once: the same learner, the same form, or the same name got there first.
        existing = Membership.all_objects.filter(classroom=classroom, learner=learner).first()
        if existing is not None:
            return existing, False
        sent = _joined_by_form(classroom, form_key)
        if sent is not None:
            _drop_if_unused(learner)
            return sent, False
        raise JoinRefused(JOIN_NAME_TAKEN, field="display_name") from None
    return membership, True


def _joined_again(existing: Membership) -> Membership:
    """A student already in the class who joins again: merged records stay merged, and a
    student taken off the class is back, the same student, work and all."""
    if existing.merged_into_id is not None:
        raise JoinRefused(JOIN_MERGED)
    if existing.removed_at is not None:
        membership_restore(membership=existing)
    return existing


def _joined_by_form(classroom: Classroom, form_key: str | None) -> Membership | None:
    if not form_key:
        return None
    return Membership.all_objects.filter(classroom=classroom, form_key=form_key).first()


def _drop_if_unused(learner: Learner) -> None:
    """A learner made for a join that its twin request made first: nothing else uses it."""
    unused = learner.user_id is None and not (
        learner.memberships.exists() or learner.questions.exists()
    )
    if unused:
        learner.delete()


# In the session of a browser that joined a class or came back by its personal link: every
# page's header links to the student's classes (teaching/context_processors.py).
STUDENT_KEY = "student"


def learner_fresh_for_session(*, session) -> Learner:
    """A new learner for this browser: another student at a shared computer."""
    learner = Learner.objects.create()
    session[practice.SESSION_KEY] = learner.pk
    session.pop(STUDENT_KEY, None)  # not a student of any class yet
    return learner


def session_restore_learner(*, session, membership: Membership, via_link=False) -> None:
    """Put the student's learner back into this browser (their personal link)."""
    session.cycle_key()  # a new session id: the link grants access, so renew like a login
    session[practice.SESSION_KEY] = membership.learner_id
    session[STUDENT_KEY] = True
    if via_link:  # ended when the teacher makes a new link
        LinkSession.objects.get_or_create(
            session_key=session.session_key, defaults={"membership": membership}
        )


def membership_new_link(*, membership: Membership) -> str:
    """A new personal link secret for the student; any earlier link stops working."""
    secret = new_link_secret()
    membership.link_hash = link_hash(secret)
    membership.save(update_fields=["link_hash"])
    # Every browser that came in with an earlier link is signed out of the student.
    opened = dict(membership.link_sessions.values_list("pk", "session_key"))
    if opened:
        store = import_module(settings.SESSION_ENGINE).SessionStore
        for key in opened.values():
            store().delete(key)
        LinkSession.objects.filter(pk__in=opened).delete()
    return secret


def preview_membership(*, classroom: Classroom) -> Membership:
    """The teacher's own pretend student in the class, created on first preview."""
    membership = Membership.objects.filter(classroom=classroom, is_preview=True).first()
    if membership is not None:
        return membership
    try:
        with transaction.atomic():
            return Membership.objects.create(
                classroom=classroom,
                learner=Learner.objects.create(),
                display_name=PREVIEW_NAME,
                is_preview=True,
            )
    except IntegrityError:  # the preview opened in two tabs at once: one preview student
        return Membership.objects.get(classroom=classroom, is_preview=True)


def preview_reset(*, assignment: Assignment) -> None:
    """Forget the teacher's preview attempts, so the preview starts from the beginning."""
    Question.objects.filter(
        assignment_item__attempt__assignment=assignment,
        assignment_item__attempt__membership__is_preview=True,
    ).delete()
    Attempt.objects.filter(assignment=assignment, membership__is_preview=True).delete()


# -- assignments ---------------------------------------------------------------------------


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
                kinds=list(kinds),
                skills=list(skills),
                leave_out=list(leave_out),
                question_count=question_count,
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


REDRAW_STARTED = (
    "Students have started this assignment, so its questions stay as they are. Copy it, and "
    "draw other questions in the copy."
)


def assignment_redraw(*, assignment: Assignment) -> None:
    """Other questions for a draft nobody has started: a new secret seed (the preview
    starts again with them). The ready-made quiz's questions are fixed."""
    with transaction.atomic():
        started = Attempt.objects.filter(assignment=assignment, membership__is_preview=False)
        if started.exists():
            raise TeachingError(REDRAW_STARTED)
        assignment.secret_seed = new_secret_seed()
        assignment.replaced = {}  # the salts were for the old seed's questions
        assignment.save(update_fields=["secret_seed", "replaced"])
        preview_reset(assignment=assignment)
        stamps.assignment_changed(assignment_id=assignment.pk)


REPLACE_PUBLISHED = (
    "Students can see this assignment, so its questions stay as they are. Take it back from "
    "students first (it becomes a draft again), or copy it."
)
REPLACE_FIXED = (
    "The ready-made quiz's questions build on each other, so one of them cannot be "
    "replaced on its own."
)
REPLACE_NO_SUCH = "This assignment has no question {number}."
REPLACE_TRIES = 20


def assignment_replace_question(*, assignment: Assignment, position: int) -> Question | None:
    """Another question of the same kind or skill at one position of a draft nobody has
    started, the others unchanged: a new salt for the position's seeds, so every student
    and the printed sheets get it. The teacher's preview has it at once, in place; the new
    preview question is returned (None before the preview is started)."""
    with transaction.atomic():
        locked = Assignment.all_objects.select_for_update().get(pk=assignment.pk)
        if locked.preset:
            raise TeachingError(REPLACE_FIXED)
        if locked.published_at is not None:
            raise TeachingError(REPLACE_PUBLISHED)
        if not 0 <= position < locked.question_count:
            raise TeachingError(REPLACE_NO_SUCH.format(number=position + 1))
        if Attempt.objects.filter(assignment=locked, membership__is_preview=False).exists():
            raise TeachingError(REDRAW_STARTED)
        preview = preview_membership(classroom=locked.classroom)
        salts = locked.salts
        salts[position] = _new_salt(locked, preview, position, salts.get(position, 0))
        locked.replaced = {str(p): salt for p, salt in sorted(salts.items())}
        locked.save(update_fields=["replaced"])
        stamps.assignment_changed(assignment_id=locked.pk)
        assignment.replaced = locked.replaced
        return _replace_in_preview(locked, preview, position)


def _planned(assignment: Assignment, membership: Membership, attempt: int, salts=None):
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
        p = _planned(assignment, preview, 1, {position: salt})[position]
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
        p = _planned(assignment, preview, item.attempt.number)[position]
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


# -- a class's life --------------------------------------------------------------------------


def classroom_archive(*, classroom: Classroom) -> None:
    """A finished class: off the teacher's list of classes and closed to joining; its
    students still see their work."""
    Classroom.all_objects.filter(pk=classroom.pk, archived_at__isnull=True).update(
        archived_at=timezone.now()
    )


def classroom_unarchive(*, classroom: Classroom) -> None:
    Classroom.all_objects.filter(pk=classroom.pk).update(archived_at=None)


def classroom_delete(*, classroom: Classroom) -> None:
    """Delete the class, undoably for UNDO_DAYS: its code stops working and its students
    no longer see it."""
    Classroom.all_objects.filter(pk=classroom.pk).update(deleted_at=timezone.now())


def classroom_restore(*, classroom: Classroom) -> None:
    Classroom.all_objects.filter(pk=classroom.pk).update(deleted_at=None)


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


# -- one student -----------------------------------------------------------------------------

NAME_TAKEN_ON_RESTORE = (
    "Someone in the class now uses the name {name}: change one of the names first."
)


def membership_remove(*, membership: Membership) -> None:
    """Take the student off the class: out of its lists and gradebooks, their work kept.
    Put back with membership_restore, or by joining again with the class code."""
    with transaction.atomic():
        Membership.all_objects.filter(pk=membership.pk).update(removed_at=timezone.now())
        stamps.classroom_changed(classroom_id=membership.classroom_id)


def membership_restore(*, membership: Membership) -> None:
    try:
        with transaction.atomic():
            Membership.all_objects.filter(pk=membership.pk).update(removed_at=None)
            stamps.classroom_changed(classroom_id=membership.classroom_id)
    except IntegrityError:
        raise TeachingError(fill(NAME_TAKEN_ON_RESTORE, name=membership.display_name)) from None
    membership.removed_at = None


def membership_merge(*, source: Membership, target: Membership) -> int:
    """One student with two records (joined twice, on two devices): the source's attempts
    move to the target, numbered after the target's own, and the source record is taken
    off the class, kept with what moved (membership_unmerge puts it all back). The student
    keeps using the target's personal link. How many attempts moved."""
    if source.classroom_id != target.classroom_id or source.pk == target.pk:
        raise TeachingError("Choose two different students of the same class.")
    with transaction.atomic():
        Membership.all_objects.select_for_update().filter(pk__in=[source.pk, target.pk]).count()
        numbers = {}
        theirs = Attempt.objects.filter(membership=source).order_by("assignment_id", "number")
        for attempt in theirs:
            last = (
                Attempt.objects.filter(assignment_id=attempt.assignment_id, membership=target)
                .order_by("-number")
                .values_list("number", flat=True)
                .first()
            )
            numbers[str(attempt.pk)] = attempt.number
            attempt.membership, attempt.number = target, (last or 0) + 1
            attempt.save(update_fields=["membership", "number"])
        # The attempts' questions go to the kept record's learner too, as its own do.
        Question.objects.filter(assignment_item__attempt__membership=target).exclude(
            learner_id=target.learner_id
        ).update(learner_id=target.learner_id)
        allowances = []
        for allowance in Allowance.objects.filter(membership=source):
            if not Allowance.objects.filter(
                assignment_id=allowance.assignment_id, membership=target
            ).exists():
                allowance.membership = target
                allowance.save(update_fields=["membership"])
                allowances.append(allowance.pk)
        voided = _reset_beyond_allowance(target, moved=[int(pk) for pk in numbers])
        source.merged_into = target
        source.merge_moved = {"attempts": numbers, "allowances": allowances, "voided": voided}
        source.removed_at = timezone.now()
        source.save(update_fields=["merged_into", "merge_moved", "removed_at"])
        stamps.classroom_changed(classroom_id=source.classroom_id)
    return len(numbers)


def _reset_beyond_allowance(target: Membership, *, moved: list[int]) -> list[int]:
    """After a merge, the attempts moved in beyond what the kept record allows on each
    assignment are reset (kept, not counted), so that it never has more counted attempts than
    allowed and the gradebook and the student agree. The kept record's own attempts come
    first, then the moved ones in their new order. The ids of the attempts reset."""
    voided = []
    counted = Attempt.objects.filter(membership=target, voided_at__isnull=True)
    by_assignment: dict[int, list[Attempt]] = {}
    for attempt in counted.select_related("assignment").order_by("number"):
        by_assignment.setdefault(attempt.assignment_id, []).append(attempt)
    for attempts in by_assignment.values():
        allowed = terms_for(attempts[0].assignment, target.pk).attempts_allowed
        own = [a for a in attempts if a.pk not in moved]
        extra = [a for a in attempts if a.pk in moved][max(0, allowed - len(own)) :]
        voided.extend(a.pk for a in extra)
    if voided:
        Attempt.objects.filter(pk__in=voided).update(voided_at=timezone.now())
    return voided


UNMERGE_CHAINED = (
    "{target} has since been merged into {later}: undo that merge first, then this one."
)


def membership_unmerge(*, source: Membership) -> int:
    """Undo a merge: the source record is back in the class, and the attempts and
    allowances the merge moved are its own again, with their numbers and questions (and
    whatever was answered on them since). How many attempts came back."""
    with transaction.atomic():
        source = Membership.all_objects.select_for_update().get(pk=source.pk)
        target = Membership.all_objects.select_for_update().get(pk=source.merged_into_id)
        if target.merged_into_id is not None:
            raise TeachingError(
                fill(
                    UNMERGE_CHAINED,
                    target=target.display_name,
                    later=target.merged_into.display_name,
                )
            )
        numbers = source.merge_moved.get("attempts", {})
        back = list(Attempt.objects.filter(pk__in=[int(pk) for pk in numbers], membership=target))
        # Those the merge reset for the kept record's allowance count again on their own.
        reset = source.merge_moved.get("voided", [])
        Attempt.objects.filter(pk__in=reset, membership=target).update(voided_at=None)
        for attempt in back:
            if attempt.pk in reset:
                attempt.voided_at = None
        for attempt in back:
            attempt.membership, attempt.number = source, numbers[str(attempt.pk)]
            attempt.save(update_fields=["membership", "number"])
        Question.objects.filter(assignment_item__attempt__in=back).update(
            learner_id=source.learner_id
        )
        Allowance.objects.filter(
            pk__in=source.merge_moved.get("allowances", []), membership=target
        ).update(membership=source)
        source.merged_into, source.merge_moved = None, {}
        source.save(update_fields=["merged_into", "merge_moved"])
        membership_restore(membership=source)
    return len(back)


def allowance_set(*, assignment: Assignment, membership: Membership, **changes) -> Allowance:
    """Change what one student is allowed on an assignment: `due_at` (their own due date,
    later than the class's; None for the class's), `extra_attempts`, `excused`."""
    unknown = set(changes) - {"due_at", "extra_attempts", "excused"}
    if unknown:
        raise TypeError(f"Not a student's allowance: {sorted(unknown)}")
    with transaction.atomic():
        allowance, _ = Allowance.objects.get_or_create(assignment=assignment, membership=membership)
        for name, value in changes.items():
            setattr(allowance, name, value)
        allowance.save()
        stamps.assignment_changed(assignment_id=assignment.pk)
    return allowance


def attempt_reset(*, attempt: Attempt) -> bool:
    """Let the student start again: the attempt is kept (and can be put back) but no longer
    counts toward the grade or the attempts allowed."""
    with transaction.atomic():
        reset = Attempt.objects.filter(pk=attempt.pk, voided_at__isnull=True).update(
            voided_at=timezone.now()
        )
        if reset:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
    return bool(reset)


RESTORE_OVER_ALLOWANCE = (
    "Attempt {number} cannot count again: {name} already has {counted} counted "
    "attempt{s} ({numbers}) and {allowed} {is_are} allowed. Reset the newer attempt first "
    "(it is kept, and can count again later), or allow {name} more attempts below; then "
    "make this one count."
)


def attempt_restore(*, attempt: Attempt) -> bool:
    """Make a reset attempt count again, if the student's attempts allowed leave room for
    it; otherwise TeachingError, and nothing changes (the student's grade and the gradebook
    would disagree, and the student would have more attempts than allowed)."""
    with transaction.atomic():
        Membership.all_objects.select_for_update().filter(pk=attempt.membership_id).first()
        attempt = Attempt.objects.select_related("membership").get(pk=attempt.pk)
        if attempt.voided_at is None:
            return False
        counted = list(
            Attempt.objects.filter(
                assignment_id=attempt.assignment_id,
                membership_id=attempt.membership_id,
                voided_at__isnull=True,
            )
            .order_by("number")
            .values_list("number", flat=True)
        )
        allowed = terms_for(attempt.assignment, attempt.membership_id).attempts_allowed
        if len(counted) >= allowed:
            raise TeachingError(
                fill(
                    RESTORE_OVER_ALLOWANCE,
                    number=attempt.number,
                    name=attempt.membership.display_name,
                    counted=len(counted),
                    s="" if len(counted) == 1 else "s",
                    numbers=", ".join(f"attempt {n}" for n in counted),
                    allowed=allowed,
                    is_are="is" if allowed == 1 else "are",
                )
            )
        restored = Attempt.objects.filter(pk=attempt.pk, voided_at__isnull=False).update(
            voided_at=None
        )
        if restored:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
        return bool(restored)


# -- attempts ------------------------------------------------------------------------------


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
            raise AnswersClosed(NOT_OPEN_YET)
        if rules.is_past_due(now):
            raise AnswersClosed(PAST_DUE)
    with transaction.atomic():
        # Lock the student's row: a double click on "Start" draws one attempt, not two.
        Membership.all_objects.select_for_update().filter(pk=membership.pk).first()
        attempts = list(Attempt.objects.filter(assignment=assignment, membership=membership))
        counted = [a for a in attempts if a.voided_at is None]
        if counted and counted[-1].submitted_at is None:
            return counted[-1]
        if len(counted) >= rules.attempts_allowed:
            raise AnswersClosed(NO_ATTEMPTS_LEFT)
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
    planned = _planned(assignment, membership, number)
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
        for p in planned
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
        raise AnswersClosed(ALREADY_SUBMITTED)
    if voided is not None:
        raise AnswersClosed(ATTEMPT_RESET)
    if not preview:
        rules = rules or terms_for(attempt.assignment, attempt.membership_id)
        if not rules.accepts_answers(now):
            raise AnswersClosed(PAST_DUE if rules.is_past_due(now) else NOT_OPEN_YET)
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
        raise AnswersClosed(PAST_DUE)
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
