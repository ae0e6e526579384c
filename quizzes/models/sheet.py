"""The sheet drill: a whole rubber, or a Chicago chukker, written on a sheet deal by deal."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from common.ids import new_public_id
from quizzes.models.practice import Learner, Question
from scoring import SIDES


class SheetForm(models.TextChoices):
    RUBBER = "rubber", gettext_lazy("A rubber")
    CHICAGO = "chicago", gettext_lazy("A Chicago chukker (four deals)")


class SheetDrill(models.Model):
    """One sheet a learner fills in: its deals are drawn when it starts, and each step (a
    deal, then the totals) is a question served when the step before is done."""

    Form = SheetForm

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="sheet_drills")
    form = models.CharField(max_length=16, choices=Form.choices)
    seed = models.BigIntegerField()
    deals = models.JSONField(help_text="The deals of the whole sheet, as played deals.")
    first_dealer = models.CharField(max_length=8, blank=True, help_text="Chicago: WE or THEY.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["learner", "-created"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(form__in=SheetForm.values), name="sheetdrill_form_known"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__in=["", *(side.value for side in SIDES)]),
                name="sheetdrill_first_dealer_a_side",
            ),
        ]

    def __str__(self):
        return f"{self.form} sheet {self.public_id}"


class SheetStep(models.Model):
    """A step of a sheet drill: the question that asks it."""

    drill = models.ForeignKey(SheetDrill, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField()
    question = models.OneToOneField(Question, on_delete=models.CASCADE, related_name="sheet_step")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["drill", "number"], name="one_question_per_sheet_step"),
            models.CheckConstraint(condition=Q(number__gte=1), name="sheetstep_number_from_1"),
        ]
        ordering = ["number"]

    def __str__(self):
        return f"Step {self.number} of {self.drill}"
