"""Classes, their students, assignments, and each student's attempts at an assignment."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Manager, Q
from django.db.models.functions import Lower

from common.ids import JOIN_CODE_LENGTH, new_join_code, new_public_id, new_secret_seed
from quizzes.models import Learner, Question
from teaching.draws import distinct_by, scope


class Kept(models.Manager):
    """What a teacher has not deleted (or removed). Deleted things are kept for a while, so
    that the teacher can undo: `all_objects` finds them too."""

    gone = "deleted_at"

    def get_queryset(self):
        return super().get_queryset().filter(**{f"{self.gone}__isnull": True})


class Present(Kept):
    """The students of a class the teacher has not taken off it."""

    gone = "removed_at"


UNDO_DAYS = 30
"""How long something deleted can be brought back before it is gone for good."""


class Classroom(models.Model):
    """A teacher's class. Students join it with its code; a new code retires the old one."""

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classrooms"
    )
    name = models.CharField(max_length=80)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code)
    created = models.DateTimeField(auto_now_add=True)
    # The form's key (common.forms.FormKeyField): a double click makes one class.
    form_key = models.CharField(max_length=32, null=True, blank=True, editable=False)
    # A finished class: off the teacher's list of classes, closed to joining, kept as it is.
    archived_at = models.DateTimeField(null=True, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    all_objects = Manager()
    objects = Kept()

    class Meta:
        base_manager_name = "all_objects"
        default_manager_name = "objects"
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["teacher", "form_key"], name="one_class_per_form")
        ]

    def __str__(self):
        return self.name

    @property
    def join_code_display(self) -> str:
        """The code in two groups of four, easier to read out: "ABCD-EFGH"."""
        half = JOIN_CODE_LENGTH // 2
        return f"{self.join_code[:half]}-{self.join_code[half:]}"


class Membership(models.Model):
    """A student in a class: a learner with the name the teacher sees."""

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="memberships")
    display_name = models.CharField(max_length=40)
    # A hash of the secret in the student's personal link: the link itself is never stored.
    link_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The teacher's own "student", for previewing assignments; never in the gradebook.
    is_preview = models.BooleanField(default=False)
    joined = models.DateTimeField(auto_now_add=True)
    # The join form's key (common.forms.FormKeyField): a double click joins once.
    form_key = models.CharField(max_length=32, null=True, blank=True, editable=False)
    # Taken off the class by the teacher: out of every list, until put back (or joining again).
    removed_at = models.DateTimeField(null=True, blank=True)
    # Merged by the teacher into another record of the same student: taken off the class
    # (removed_at) and kept, with what the merge moved, so that the merge can be undone.
    merged_into = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="merged_records"
    )
    # What the merge moved to `merged_into`: {"attempts": {attempt id: its number here},
    # "allowances": [allowance ids]}.
    merge_moved = models.JSONField(default=dict, blank=True)

    all_objects = Manager()
    objects = Present()

    class Meta:
        base_manager_name = "all_objects"
        default_manager_name = "objects"
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "learner"], name="one_membership_per_class"
            ),
            models.UniqueConstraint(
                Lower("display_name"),
                "classroom",
                condition=models.Q(is_preview=False, removed_at__isnull=True),
                name="one_display_name_per_class_present",
            ),
            models.UniqueConstraint(
                fields=["classroom"],
                condition=models.Q(is_preview=True),
                name="one_preview_student_per_class",
            ),
            models.UniqueConstraint(
                fields=["classroom", "form_key"], name="one_student_per_join_form"
            ),
        ]

    def __str__(self):
        return f"{self.display_name} in {self.classroom_id}"


class AssignmentShowAnswers(models.TextChoices):
    IMMEDIATELY = "immediately", "Right away, after each answer"
    AFTER_SUBMIT = "after_submit", "After the student submits"
    AFTER_DUE = "after_due", "After the due date"


class AssignmentLayout(models.TextChoices):
    ONE_AT_A_TIME = "one", "One question at a time"
    ALL_ON_ONE_PAGE = "all", "All questions on one page"


class AssignmentPreset(models.TextChoices):
    NONE = "", "Built from kinds and skills"
    REVIEW_000 = "review_000", "The ready-made review quiz"
    LIVE = "live", "Asked in a live class"


class Assignment(models.Model):
    """A review quiz set for a class: what to draw, when, how often, and when answers show."""

    ShowAnswers = AssignmentShowAnswers
    Layout = AssignmentLayout
    Preset = AssignmentPreset

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(max_length=120)
    preset = models.CharField(max_length=16, blank=True, default="", choices=Preset.choices)
    kinds = models.JSONField(default=list, blank=True)
    skills = models.JSONField(default=list, blank=True)
    # What the teacher left out of the questions (teaching.draws.LEAVE_OUT): "doubles", ...
    leave_out = models.JSONField(default=list, blank=True)
    question_count = models.PositiveSmallIntegerField()
    # Questions given rather than drawn (a live class's, as asked): each one's label, kind
    # and situation, the same for everyone.
    fixed_questions = models.JSONField(default=list, blank=True)
    same_for_everyone = models.BooleanField(default=True)
    # Every question drawn for the assignment derives from its own secret seed.
    secret_seed = models.BigIntegerField(default=new_secret_seed)
    # Questions the teacher replaced in the draft: position -> a salt mixed into that
    # position's seeds (teaching.draws.question_seed), so every student gets the new one.
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
        """What its questions may need (teaching.draws.scope)."""
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
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "membership"], name="one_allowance_per_student"
            )
        ]

    def __str__(self):
        return f"Allowance on {self.assignment_id} for {self.membership_id}"


class TeacherSettings(models.Model):
    """A teacher's own settings: the time zone their dates are typed and shown in (and
    shown to their students in)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teacher_settings"
    )
    time_zone = models.CharField(max_length=64, default="UTC")

    def __str__(self):
        return f"{self.user_id}: {self.time_zone}"


class LinkSession(models.Model):
    """A browser session opened with a student's personal link. A new link from the
    teacher ends every one of them: a lost or shared link stops working at once."""

    membership = models.ForeignKey(
        Membership, on_delete=models.CASCADE, related_name="link_sessions"
    )
    session_key = models.CharField(max_length=40, unique=True)
    opened = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"A session opened with {self.membership}'s link"


class GradebookRevision(models.Model):
    """How many times what a gradebook shows has changed: one counter per assignment
    ("assignment:<pk>") and one per class for its list of students ("classroom:<pk>").
    A kept gradebook table's key carries both (teaching/stamps.py). A table of its own,
    so that no save() of an assignment or a class ever writes back an older count."""

    key = models.CharField(max_length=40, unique=True)
    number = models.PositiveBigIntegerField(default=0)

    def __str__(self):
        return f"{self.key}: {self.number}"
