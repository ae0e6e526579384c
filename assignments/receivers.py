"""What assignments does when practice wants a learner's standing
(quizzes.signals.standing_wanted), and when a class's list of students changes
(classes.signals.students_changed)."""

from django.dispatch import receiver

from assignments import services, stamps
from classes.signals import students_changed
from quizzes.signals import standing_wanted


@receiver(standing_wanted)
def assignment_answers_counted(sender, *, learner, **kwargs):
    """Assignment answers whose grades show now join the learner's standing."""
    services.answers_settle(learner_id=learner.pk)


@receiver(students_changed)
def gradebooks_restamped(sender, *, classroom_id, **kwargs):
    """The class's gradebooks list its students: their stamp moves, in the same transaction."""
    stamps.classroom_changed(classroom_id=classroom_id)
