"""When each learner should next review each skill: one FSRS card per skill (quizzes/review.py)."""

from django.db import models
from django.db.models import F, Q

from quizzes.models.practice import Learner


class ReviewCard(models.Model):
    """A learner's schedule for one skill, or for one misunderstanding they have shown."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="review_cards")
    key = models.CharField(max_length=64, help_text='A skill\'s key, or "mistake:" and its key.')
    card = models.JSONField(help_text="The fsrs Card, as Card.to_dict() gives it.")
    due = models.DateTimeField()
    last_review = models.DateTimeField()
    reviews = models.PositiveIntegerField(default=0)
    lapses = models.PositiveIntegerField(default=0, help_text="Reviews answered wrong.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "key"], name="one_review_card_per_key"),
            models.CheckConstraint(
                condition=Q(lapses__lte=F("reviews")), name="reviewcard_lapses_of_reviews"
            ),
            # FSRS schedules the next review after the last one, never before it.
            models.CheckConstraint(
                condition=Q(due__gte=F("last_review")), name="reviewcard_due_after_last_review"
            ),
        ]
        indexes = [models.Index(fields=["learner", "due"])]

    def __str__(self):
        return f"{self.key} due {self.due:%Y-%m-%d %H:%M}"
