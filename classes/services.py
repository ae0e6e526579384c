"""Writes for classes and their students: a class and its code, joining, personal links,
a browser's student, taking a student off the class and putting them back.

A write that changes a class's list of students sends classes.signals.students_changed
inside its transaction: the gradebooks' stamps (assignments.stamps) move on it, and
classes never imports the assignments above it.
"""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from classes import limits
from classes.codes import link_hash, new_link_secret
from classes.models import Classroom, LinkSession, Membership
from classes.signals import students_changed
from common.ids import new_join_code
from common.text import fill
from quizzes import services as practice
from quizzes.models import Learner

JOIN_CODE_UNKNOWN = gettext_noop(
    "No class has that code. Check it with your teacher: a code stops working when the "
    "teacher makes a new one."
)
JOIN_NAME_TAKEN = gettext_noop(
    "Someone in this class already uses that name: add an initial or your surname. If it "
    "is you, joining again would make a second you: open the personal link you were given "
    "when you first joined, or ask your teacher for a new one."
)
JOIN_OWN_CLASS = gettext_noop(
    "You teach this class, so you can't join it as a student. "
    "Use “Preview as a student” on an assignment instead."
)
JOIN_MERGED = gettext_noop(
    "Your teacher has put your two records in this class together, so this browser's one "
    "is closed. Open the personal link your teacher gives you for the record they kept."
)
JOIN_ARCHIVED = gettext_noop(
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


class LimitReached(TeachingError):
    """A teacher or a class holds as much of something as it can (classes.limits and
    assignments.limits)."""


def _students_changed(classroom_id: int) -> None:
    """The class's list of students changed (in the caller's transaction)."""
    students_changed.send(sender=Classroom, classroom_id=classroom_id)


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
                _students_changed(classroom.pk)  # ready for its gradebooks
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
        raise JoinRefused(gettext(JOIN_CODE_UNKNOWN), field="code")
    if classroom.archived_at is not None:
        raise JoinRefused(gettext(JOIN_ARCHIVED), field="code")
    sent = _joined_by_form(classroom, form_key)
    if sent is not None:
        # The same form sent again (Back, then Send): the student it made, as joining
        # with the code again would find them, taken off or merged since included.
        return _joined_again(sent), False
    learner = learner_for_join()
    if learner.user_id is not None and learner.user_id == classroom.teacher_id:
        raise JoinRefused(gettext(JOIN_OWN_CLASS))
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
        raise JoinRefused(gettext(JOIN_NAME_TAKEN), field="display_name")
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                classroom=classroom, learner=learner, display_name=display_name, form_key=form_key
            )
            _students_changed(classroom.pk)
    except IntegrityError:
        # Two joins at once: the same learner, the same form, or the same name got there first.
        existing = Membership.all_objects.filter(classroom=classroom, learner=learner).first()
        if existing is not None:
            return existing, False
        sent = _joined_by_form(classroom, form_key)
        if sent is not None:
            _drop_if_unused(learner)
            return sent, False
        raise JoinRefused(gettext(JOIN_NAME_TAKEN), field="display_name") from None
    return membership, True


def _joined_again(existing: Membership) -> Membership:
    """A student already in the class who joins again: merged records stay merged, and a
    student taken off the class is back, the same student, work and all."""
    if existing.merged_into_id is not None:
        raise JoinRefused(gettext(JOIN_MERGED))
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
# page's header links to the student's classes (classes/context_processors.py).
STUDENT_KEY = "student"


def learner_fresh_for_session(*, session) -> Learner:
    """A new learner for this browser: another student at a shared computer."""
    learner = Learner.objects.create()
    session[practice.SESSION_KEY] = learner.pk
    session.pop(practice.BORROWED_KEY, None)  # this browser's own
    session.pop(STUDENT_KEY, None)  # not a student of any class yet
    return learner


def session_restore_learner(*, session, membership: Membership, via_link=False) -> None:
    """Put the student's learner back into this browser: their personal link (`via_link`),
    or the class's code typed again where the student already is (a live class's join).

    A browser that holds the student by a personal link holds them so under its new session
    id too: every such session ends when the teacher makes a new link (membership_new_link),
    and no account signing up or logging in there takes the student's record
    (practice.BORROWED_KEY)."""
    before = session.session_key
    by_link = via_link or (
        before is not None
        and LinkSession.objects.filter(session_key=before, membership=membership).exists()
    )
    session.cycle_key()  # a new session id: the link grants access, so renew like a login
    session[practice.SESSION_KEY] = membership.learner_id
    session[STUDENT_KEY] = True
    if by_link:
        session[practice.BORROWED_KEY] = True
        LinkSession.objects.filter(session_key=before).delete()  # cycle_key ended it
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


def membership_account_allow(*, membership: Membership, allow: bool) -> None:
    """The teacher's switch: whether the student's record may join an account signed up
    or logged in from a browser that holds the student by their personal link."""
    membership.may_join_account = allow
    membership.save(update_fields=["may_join_account"])


def learner_an_account_may_take(*, request) -> Learner | None:
    """The learner that signing up or logging in here takes into the account: the
    browser's own (practice.learner_of_session), or a student's brought in by their
    personal link when the teacher of every class they are in allows it
    (Membership.may_join_account). Read it before login() renews the session."""
    own = practice.learner_of_session(request)
    if own is not None or not request.session.get(practice.BORROWED_KEY):
        return own
    pk = request.session.get(practice.SESSION_KEY)
    learner = Learner.objects.filter(pk=pk, user=None).first() if pk else None
    if learner is None:
        return None
    classes = Membership.all_objects.filter(learner=learner, is_preview=False)
    if not classes.exists() or classes.filter(may_join_account=False).exists():
        return None
    return learner


def memberships_of(learner: Learner | None) -> list[int]:
    """The ids of a learner's class records (taken before an account takes the learner)."""
    if learner is None:
        return []
    return list(Membership.all_objects.filter(learner=learner).values_list("pk", flat=True))


def memberships_joined_account(*, membership_ids: list[int]) -> None:
    """These class records went into an account just now: the teacher's student page says
    so, and the teacher's switch is used up (it lets one account in, not every one)."""
    Membership.all_objects.filter(pk__in=membership_ids).update(
        account_joined_at=timezone.now(), may_join_account=False
    )


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


NAME_TAKEN_ON_RESTORE = gettext_noop(
    "Someone in the class now uses the name {name}: change one of the names first."
)


def membership_remove(*, membership: Membership) -> None:
    """Take the student off the class: out of its lists and gradebooks, their work kept.
    Put back with membership_restore, or by joining again with the class code."""
    with transaction.atomic():
        Membership.all_objects.filter(pk=membership.pk).update(removed_at=timezone.now())
        _students_changed(membership.classroom_id)


def membership_restore(*, membership: Membership) -> None:
    try:
        with transaction.atomic():
            Membership.all_objects.filter(pk=membership.pk).update(removed_at=None)
            _students_changed(membership.classroom_id)
    except IntegrityError:
        raise TeachingError(
            fill(gettext(NAME_TAKEN_ON_RESTORE), name=membership.display_name)
        ) from None
    membership.removed_at = None
