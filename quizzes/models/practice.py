"""Learners, the questions they are served, their answers, and progress per skill."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

# The migrations of this app name the id maker here.
from common.ids import new_public_id
from quizzes.kinds import KINDS
from quizzes.skills import SKILLS

SKILL_OR_NONE = ["", *SKILLS]


class Learner(models.Model):
    """Whoever practises: a browser session, a signed-in user, or a class member."""

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="learner",
    )
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Learner {self.public_id}"


class QuestionSource(models.TextChoices):
    PRACTICE = "practice", "Practice"
    CHECK = "check", "Check yourself"
    DAILY = "daily", "Today's set"
    SHEET = "sheet", "Fill in the sheet"
    ASSIGNMENT = "assignment", "Assignment"


class Question(models.Model):
    """A question as served: its situation is stored, so grading never trusts the browser."""

    Source = QuestionSource

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="questions")
    kind = models.CharField(max_length=32)
    seed = models.BigIntegerField()
    situation = models.JSONField()
    skills = models.JSONField(default=list)
    focus = models.CharField(max_length=32, blank=True, choices=[(k, v) for k, v in SKILLS.items()])
    upto = models.CharField(
        max_length=32,
        blank=True,
        choices=[(k, v) for k, v in SKILLS.items()],
        help_text="The lesson (by its skill) whose course so far bounded this question; "
        "blank: free practice, anything.",
    )
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.PRACTICE)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["learner", "-created"])]
        constraints = [
            # Only a kind the registry has can be graded. A new kind changes this list, so
            # it comes with a migration (`makemigrations --check` in `make check` says so).
            models.CheckConstraint(condition=Q(kind__in=list(KINDS)), name="question_kind_known"),
            models.CheckConstraint(
                condition=Q(source__in=QuestionSource.values), name="question_source_known"
            ),
            models.CheckConstraint(
                condition=Q(focus__in=SKILL_OR_NONE), name="question_focus_a_skill"
            ),
            models.CheckConstraint(
                condition=Q(upto__in=SKILL_OR_NONE), name="question_upto_a_skill"
            ),
        ]

    def __str__(self):
        return f"{self.kind} {self.public_id}"


class Answer(models.Model):
    """The one graded answer to a question: a replayed submission finds it and stops."""

    question = models.OneToOneField(Question, on_delete=models.CASCADE, related_name="answer")
    given = models.JSONField()
    correct = models.BooleanField()
    marks = models.JSONField(default=list)
    mistakes = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    retry_given = models.JSONField(
        null=True, blank=True, help_text="The second try, after a hint (progress counts the first)."
    )
    retry_correct = models.BooleanField(null=True, blank=True)
    credited = models.BooleanField(
        default=True,
        help_text="Counted in the learner's progress and review. An answer whose grade the "
        "learner may not see yet (an assignment's before its answers show, a live class's "
        "before the reveal) is counted when they may.",
    )

    class Meta:
        constraints = [
            # The second try comes after a hint, which a wrong first try gets, and is graded.
            models.CheckConstraint(
                condition=Q(retry_given__isnull=True, retry_correct__isnull=True)
                | Q(correct=False, retry_given__isnull=False, retry_correct__isnull=False),
                name="answer_second_try_after_a_wrong_first",
            )
        ]

    def __str__(self):
        return f"Answer to {self.question.public_id}: {'right' if self.correct else 'wrong'}"

    @property
    def awaiting_retry(self) -> bool:
        """Wrong at the first try, and no second try yet: the hint is shown, not the answer."""
        return not self.correct and self.retry_given is None


class SkillProgress(models.Model):
    """A learner's recent results on one skill, newest last ("1" right, "0" wrong)."""

    RECENT = 8

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="progress")
    skill = models.CharField(max_length=32, choices=[(k, v) for k, v in SKILLS.items()])
    recent = models.CharField(max_length=RECENT, blank=True, default="")
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "skill"], name="one_progress_per_skill"),
            models.CheckConstraint(
                condition=Q(skill__in=list(SKILLS)), name="skillprogress_skill_known"
            ),
            models.CheckConstraint(
                condition=Q(right__lte=F("answered")), name="skillprogress_right_of_answered"
            ),
        ]

    def __str__(self):
        return f"{self.skill}: {self.recent}"
