"""Writes of learners: this browser's or this user's learner, made on first need, merged."""

from __future__ import annotations

from django.db import transaction

from quizzes import progress
from quizzes.models import Learner, Question, SheetDrill, SkillProgress
from quizzes.services.review_cards import review_merge
from quizzes.signals import learner_merging

SESSION_KEY = "learner"
BORROWED_KEY = "learner_borrowed"
"""In a browser's session: its learner is not the browser's own but a class's student's,
brought in by their personal link. No account that signs up or logs in here takes that
learner in (learner_of_session): the student's record stays where the student has it."""


def learner_lookup(request) -> dict | None:
    """How a query finds this browser's learner; None when it has none yet.

    A signed-in user's learner, or else the session's, so long as no account has claimed
    it. Queries can filter by it without loading the learner first.
    """
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return {"user": user}
    pk = request.session.get(SESSION_KEY)
    return {"pk": pk, "user": None} if pk else None


def learner_for_request(request, *, create: bool = False) -> Learner | None:
    """The learner of this browser (or signed-in user); created on first need."""
    lookup = learner_lookup(request)
    learner = Learner.objects.filter(**lookup).first() if lookup else None
    if learner is not None or not create:
        return learner
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return learner_for_user(user=user, session_learner=learner_of_session(request))
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    request.session.pop(BORROWED_KEY, None)  # the browser's own
    return learner


def learner_of_session(request) -> Learner | None:
    """The browser's own learner, unless an account has claimed it (or it is a student's,
    brought in by their personal link: BORROWED_KEY)."""
    if request.session.get(BORROWED_KEY):
        return None
    pk = request.session.get(SESSION_KEY)
    return Learner.objects.filter(pk=pk, user=None).first() if pk else None


@transaction.atomic
def learner_for_user(*, user, session_learner: Learner | None = None) -> Learner:
    """The user's learner. Progress made before signing in is kept: it moves to the user."""
    learner = Learner.objects.select_for_update().filter(user=user).first()
    if learner is None:
        if session_learner is not None and session_learner.user_id is None:
            session_learner.user = user
            session_learner.save(update_fields=["user"])
            return session_learner
        return Learner.objects.create(user=user)
    if session_learner is not None and session_learner.pk != learner.pk:
        learner_merge(source=session_learner, target=learner)
    return learner


@transaction.atomic
def learner_merge(*, source: Learner, target: Learner) -> None:
    """Move a browser's questions and progress into an account's learner, then delete it.

    Other apps take what they own of the browser's learner first (learner_merging): a
    class membership, say, which deleting the learner would otherwise delete with it.
    """
    learner_merging.send(sender=Learner, source=source, target=target)
    Question.objects.filter(learner=source).update(learner=target)
    SheetDrill.objects.filter(learner=source).update(learner=target)
    review_merge(source=source, target=target)
    for row in SkillProgress.objects.filter(learner=source):
        mine, _ = SkillProgress.objects.get_or_create(learner=target, skill=row.skill)
        mine.recent = (mine.recent + row.recent)[-progress.RECENT :]
        mine.answered += row.answered
        mine.right += row.right
        mine.save()
    source.delete()
