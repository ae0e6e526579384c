"""Classes and their students: a teacher's class with its join code, each student in it,
the browser sessions a personal link opened, and the teacher's own settings.

The tables keep the names they had in teaching (teaching_classroom...), rows and all.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Manager
from django.db.models.functions import Lower

from common.ids import JOIN_CODE_LENGTH, new_join_code, new_public_id
from quizzes.models import Learner

UNDO_DAYS = 30
"""How long something deleted can be brought back before it is gone for good."""


class Kept(models.Manager):
    """What a teacher has not deleted (or removed). Deleted things are kept for a while, so
    that the teacher can undo: `all_objects` finds them too."""

    gone = "deleted_at"

    def get_queryset(self):
        return super().get_queryset().filter(**{f"{self.gone}__isnull": True})


class Present(Kept):
    """The students of a class the teacher has not taken off it."""

    gone = "removed_at"


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
        db_table = "teaching_classroom"  # as it was in teaching: every row stays
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
    # The teacher lets this student's record join an account: the next sign-up or log-in
    # from a browser that holds the student by their personal link takes it in (once).
    may_join_account = models.BooleanField(default=False)
    # When the record went into an account (signing up or logging in where it was held).
    account_joined_at = models.DateTimeField(null=True, blank=True)

    all_objects = Manager()
    objects = Present()

    class Meta:
        db_table = "teaching_membership"  # as it was in teaching: every row stays
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


class TeacherSettings(models.Model):
    """A teacher's own settings: the time zone their dates are typed and shown in (and
    shown to their students in)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teacher_settings"
    )
    time_zone = models.CharField(max_length=64, default="UTC")

    class Meta:
        db_table = "teaching_teachersettings"  # as it was in teaching: every row stays

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

    class Meta:
        db_table = "teaching_linksession"  # as it was in teaching: every row stays

    def __str__(self):
        return f"A session opened with {self.membership}'s link"
