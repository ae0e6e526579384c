"""Assignments set for a class, each student's attempts at them, the questions of an
attempt, what one student is allowed beyond the class's terms, and the gradebook's counters.

The tables keep the names they had in teaching (teaching_assignment...), rows and all.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Manager, Q
from django.utils.translation import gettext_lazy as _

from assignments.draws import distinct_by, scope
from classes.models import Classroom, Kept, Membership
from common.ids import new_public_id, new_secret_seed
from quizzes.models import Question


class AssignmentShowAnswers(models.TextChoices):
    IMMEDIATELY = "immediately", _("Right away, after each answer")
    AFTER_SUBMIT = "after_submit", _("After the student submits")
    AFTER_DUE = "after_due", _("After the due date")


class AssignmentLayout(models.TextChoices):
    ONE_AT_A_TIME = "one", _("One question at a time")
    ALL_ON_ONE_PAGE = "all", _("All questions on one page")


class AssignmentPreset(models.TextChoices):
    NONE = "", "Built from kinds and skills"
    REVIEW_000 = "review_000", "The ready-made review quiz"
    LIVE = "live", "Asked in a live class"
    DEALS = "deals", "A bridge file's boards, as they were played"


class QuestionSet(models.Model):
    """What questions are drawn from, and how many: an assignment's and a live class's
    (`question_set` gives the values to make one with; `ScopeForm` asks for them)."""

    kinds = models.JSONField(default=list, blank=True)
    skills = models.JSONField(default=list, blank=True)
    # What the teacher left out of the questions (assignments.draws.LEAVE_OUT): "doubles", ...
    leave_out = models.JSONField(default=list, blank=True)
    question_count = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True


def question_set(*, kinds, skills, leave_out, question_count: int) -> dict:
    """A QuestionSet's fields, each list a list of its own (the caller's may be a tuple,
    or one it changes later)."""
    return {
        "kinds": list(kinds),
        "skills": list(skills),
        "leave_out": list(leave_out),
        "question_count": question_count,
    }


class Assignment(QuestionSet):
    """A review quiz set for a class: what to draw, when, how often, and when answers show."""

    ShowAnswers = AssignmentShowAnswers
    Layout = AssignmentLayout
    Preset = AssignmentPreset

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(max_length=120)
    preset = models.CharField(max_length=16, blank=True, default="", choices=Preset.choices)
    # Questions given rather than drawn (a live class's, as asked): each one's label, kind
    # and situation, the same for everyone.
    fixed_questions = models.JSONField(default=list, blank=True)
    same_for_everyone = models.BooleanField(default=True)
    # Every question drawn for the assignment derives from its own secret seed.
    secret_seed = models.BigIntegerField(default=new_secret_seed)
    # Questions the teacher replaced in the draft: position -> a salt mixed into that
    # position's seeds (assignments.draws.question_seed), so every student gets the new one.
    replaced = models.JSONField(default=dict, blank=True)
    # A question repeating one before it in the set is drawn again (draws.plan). Off for
    # assignments made before this rule, so their worksheets and keys, drawn again from
    # the seeds, still match the sets their students were given.
    distinct_draws = models.BooleanField(default=True)
    opens_at = models.DateTimeField(null=True, blank=True)
    due_at = models.DateTimeField(null=True, blank=True)
    attempts_allowed = models.PositiveSmallIntegerField(default=1)
    show_answers = models.CharField(
        max_length=16, choices=ShowAnswers.choices, default=ShowAnswers.AFTER_SUBMIT
    )
    layout = models.CharField(max_length=8, choices=Layout.choices, default=Layout.ONE_AT_A_TIME)
    created = models.DateTimeField(auto_now_add=True)
    # The form's key (common.forms.FormKeyField): a double click sets one assignment.
    form_key = models.CharField(max_length=32, null=True, blank=True, editable=False)
    # When students could first see it; None for a draft (or one taken back).
    published_at = models.DateTimeField(null=True, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    all_objects = Manager()
    objects = Kept()

    class Meta:
        db_table = "teaching_assignment"  # as it was in teaching: every row stays
        base_manager_name = "all_objects"
        default_manager_name = "objects"
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "form_key"], name="one_assignment_per_form"
            ),
            models.CheckConstraint(
                condition=Q(preset__in=AssignmentPreset.values), name="assignment_preset_known"
            ),
            models.CheckConstraint(
                condition=Q(show_answers__in=AssignmentShowAnswers.values),
                name="assignment_show_answers_known",
            ),
            models.CheckConstraint(
                condition=Q(layout__in=AssignmentLayout.values), name="assignment_layout_known"
            ),
            models.CheckConstraint(
                condition=Q(question_count__gte=1),
                name="assignment_at_least_one_question",
                violation_error_message="An assignment has at least one question.",
            ),
            models.CheckConstraint(
                condition=Q(attempts_allowed__gte=1),
                name="assignment_at_least_one_attempt",
                violation_error_message="An assignment allows at least one attempt.",
            ),
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True)
                | Q(due_at__isnull=True)
                | Q(due_at__gt=F("opens_at")),
                name="assignment_opens_before_due",
                violation_error_message="The due date must be after the opening date.",
            ),
        ]

    def __str__(self):
        return self.title

    def has_opened(self, now) -> bool:
        return self.opens_at is None or now >= self.opens_at

    def is_past_due(self, now) -> bool:
        return self.due_at is not None and now >= self.due_at

    def accepts_answers(self, now) -> bool:
        return self.has_opened(now) and not self.is_past_due(now)

    @property
    def scope(self) -> frozenset[str]:
        """What its questions may need (assignments.draws.scope)."""
        return scope(kinds=self.kinds, skills=self.skills, leave_out=self.leave_out)

    @property
    def salts(self) -> dict[int, int]:
        """The replaced positions and their salts, as draws.plan takes them."""
        return {int(position): salt for position, salt in self.replaced.items()}

    @property
    def situation_of(self):
        """How draws.plan tells two of this assignment's questions apart, or None."""
        return distinct_by(self.scope) if self.distinct_draws else None

    @property
    def is_draft(self) -> bool:
        return self.published_at is None

    @property
    def keeps_its_set(self) -> bool:
        """Whether its questions are a set the teacher chose, which a copy asks again:
        questions given (fixed_questions), or a set the same for everyone with questions
        the teacher replaced by hand. Other sets are only drawn, and a copy draws its own."""
        return bool(self.fixed_questions) or (self.same_for_everyone and bool(self.replaced))


class Attempt(models.Model):
    """One go at an assignment by one student: its questions are drawn once and stored."""

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="attempts")
    membership = models.ForeignKey(Membership, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveSmallIntegerField()
    started = models.DateTimeField(auto_now_add=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    # Reset by the teacher: kept (and can be put back), but no longer counts or limits.
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "teaching_attempt"  # as it was in teaching: every row stays
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "membership", "number"], name="one_attempt_per_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="attempt_number_from_1"),
        ]

    def __str__(self):
        return f"Attempt {self.number} at {self.assignment_id} by {self.membership_id}"


class AttemptQuestion(models.Model):
    """The question at one position of an attempt (the student's own Question row)."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField()
    question = models.OneToOneField(
        Question, on_delete=models.CASCADE, related_name="assignment_item"
    )

    class Meta:
        db_table = "teaching_attemptquestion"  # as it was in teaching: every row stays
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["attempt", "position"], name="one_question_per_position"
            )
        ]

    def __str__(self):
        return f"{self.attempt_id}#{self.position}"


class Allowance(models.Model):
    """What one student is allowed on one assignment beyond the class's terms: a later
    due date, more attempts, or excused from it altogether."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="allowances")
    membership = models.ForeignKey(Membership, on_delete=models.CASCADE, related_name="allowances")
    due_at = models.DateTimeField(null=True, blank=True)
    extra_attempts = models.PositiveSmallIntegerField(default=0)
    excused = models.BooleanField(default=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "teaching_allowance"  # as it was in teaching: every row stays
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "membership"], name="one_allowance_per_student"
            )
        ]

    def __str__(self):
        return f"Allowance on {self.assignment_id} for {self.membership_id}"


class GradebookRevision(models.Model):
    """How many times what a gradebook shows has changed: one counter per assignment
    ("assignment:<pk>") and one per class for its list of students ("classroom:<pk>").
    A kept gradebook table's key carries both (assignments/stamps.py). A table of its own,
    so that no save() of an assignment or a class ever writes back an older count."""

    key = models.CharField(max_length=40, unique=True)
    number = models.PositiveBigIntegerField(default=0)

    class Meta:
        db_table = "teaching_gradebookrevision"  # as it was in teaching: every row stays

    def __str__(self):
        return f"{self.key}: {self.number}"
