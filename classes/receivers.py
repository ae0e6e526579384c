"""What classes does when practice merges two learners (quizzes.signals.learner_merging),
and when a teacher logs in."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from classes import zones
from classes.models import Membership
from quizzes.models import Learner, Question
from quizzes.signals import learner_merging


@receiver(learner_merging)
def memberships_follow_learner(sender, *, source, target, **kwargs):
    """The browser's classes become the account's.

    A class the account is already in keeps the two students apart: the browser's one
    gets a learner of its own, with its assignment questions, so the teacher loses no work.
    """
    # Removed students too (all_objects): put back, they must find their work.
    mine = Membership.all_objects
    taken = set(mine.filter(learner=target).values_list("classroom_id", flat=True))
    for membership in mine.filter(learner=source, classroom_id__in=taken):
        membership.learner = Learner.objects.create()
        membership.save(update_fields=["learner"])
        Question.objects.filter(assignment_item__attempt__membership=membership).update(
            learner=membership.learner
        )
    mine.filter(learner=source).update(learner=target)


@receiver(user_logged_in)
def teacher_zone_remembered(sender, *, request, user, **kwargs):
    """The teacher's time zone, kept in the session: teachers' pages read it from there."""
    if request is not None and hasattr(request, "session"):
        zones.remember(request.session, zones.zone_of(user))
