"""What teaching does when practice merges two learners (quizzes.signals.learner_merging)."""

from django.dispatch import receiver

from quizzes.models import Learner, Question
from quizzes.signals import learner_merging
from teaching.models import Membership


@receiver(learner_merging)
def memberships_follow_learner(sender, *, source, target, **kwargs):
    """The browser's classes become the account's.

    A class the account is already in keeps the two students apart: the browser's one
    gets a learner of its own, with its assignment questions, so the teacher loses no work.
    """
    taken = set(Membership.objects.filter(learner=target).values_list("classroom_id", flat=True))
    for membership in Membership.objects.filter(learner=source, classroom_id__in=taken):
        membership.learner = Learner.objects.create()
        membership.save(update_fields=["learner"])
        Question.objects.filter(assignment_item__attempt__membership=membership).update(
            learner=membership.learner
        )
    Membership.objects.filter(learner=source).update(learner=target)
