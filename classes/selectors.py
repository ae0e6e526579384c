"""Reads of classes and their students: whose class, which student, which code or link.

Every list is a fixed number of queries, whatever the size of the class. The class page's
list of assignments is read through the class's own relation (`classroom.assignments`), so
that classes imports none of the assignments app above it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.db.models.functions import Lower

from classes.codes import link_hash, normalize_join_code
from classes.models import Classroom, Membership

# -- what a teacher owns ---------------------------------------------------------------------------


def teacher_classrooms(*, user) -> list[Classroom]:
    """The teacher's classes, archived ones too (the page lists them apart)."""
    return list(
        Classroom.objects.filter(teacher=user).annotate(
            student_count=Count(
                "memberships",
                filter=Q(memberships__is_preview=False, memberships__removed_at__isnull=True),
                distinct=True,
            ),
            assignment_count=Count(
                "assignments", filter=Q(assignments__deleted_at__isnull=True), distinct=True
            ),
        )
    )


def deleted_classrooms(*, user) -> list[Classroom]:
    """The teacher's classes deleted lately, which can still be brought back."""
    return list(
        Classroom.all_objects.filter(teacher=user, deleted_at__isnull=False).order_by("-deleted_at")
    )


def deleted_classroom_for_teacher(*, user, public_id: str) -> Classroom | None:
    if not user.is_authenticated:
        return None
    return Classroom.all_objects.filter(
        teacher=user, public_id=public_id, deleted_at__isnull=False
    ).first()


def classroom_for_teacher(*, user, public_id: str) -> Classroom | None:
    """The teacher's own class, or None: another teacher's class is never shown."""
    if not user.is_authenticated:
        return None
    return Classroom.objects.filter(teacher=user, public_id=public_id).first()


def classroom_students(*, classroom: Classroom) -> list[Membership]:
    return list(
        Membership.objects.filter(classroom=classroom, is_preview=False).order_by(
            Lower("display_name"), "id"
        )
    )


def _removed(classroom: Classroom, *, merged: bool | None = None):
    """Records taken off the class: removed ones (merged=False), merged ones (True), or both."""
    found = Membership.all_objects.filter(
        classroom=classroom, is_preview=False, removed_at__isnull=False
    )
    return found if merged is None else found.filter(merged_into__isnull=not merged)


def removed_student_for_teacher(*, classroom: Classroom, public_id: str) -> Membership | None:
    return _removed(classroom, merged=False).filter(public_id=public_id).first()


@dataclass(frozen=True)
class OffTheClass:
    """Who is off the class list: students taken off it (to put back, by name), and records
    merged into another (to undo, newest first)."""

    removed: list[Membership]
    merged: list[Membership]


def off_the_class(*, classroom: Classroom) -> OffTheClass:
    """Both lists of the class page, in one query."""
    found = list(_removed(classroom).select_related("merged_into"))
    removed = [m for m in found if m.merged_into_id is None]
    merged = [m for m in found if m.merged_into_id is not None]
    removed.sort(key=lambda m: (m.display_name.lower(), m.pk))
    merged.sort(key=lambda m: (m.removed_at, m.pk), reverse=True)
    return OffTheClass(removed=removed, merged=merged)


def merged_record_for_teacher(*, classroom: Classroom, public_id: str) -> Membership | None:
    return _removed(classroom, merged=True).filter(public_id=public_id).first()


def student_for_teacher(*, classroom: Classroom, public_id: str) -> Membership | None:
    """The student, with their learner: the student's page says whether an account or a
    browser link holds the record, in the same query."""
    return (
        Membership.objects.filter(classroom=classroom, public_id=public_id, is_preview=False)
        .select_related("learner")
        .first()
    )


# An attempt that counts: a present student's (not the teacher's preview), not reset.
_COUNTED = Q(
    attempts__membership__is_preview=False,
    attempts__membership__removed_at__isnull=True,
    attempts__voided_at__isnull=True,
)


def classroom_assignments(*, classroom: Classroom) -> list:
    """The class's assignments (not deleted), each with how many students started it and
    handed it in."""
    return list(
        classroom.assignments.annotate(
            submitted_count=Count(
                "attempts__membership",
                filter=_COUNTED & Q(attempts__submitted_at__isnull=False),
                distinct=True,
            ),
            started_count=Count("attempts__membership", filter=_COUNTED, distinct=True),
        ).order_by("-created", "-pk")  # newest first, as the class page says
    )


def deleted_assignments(*, classroom: Classroom) -> list:
    """The class's assignments deleted lately, which can still be brought back."""
    deleted = classroom.assignments(manager="all_objects").filter(deleted_at__isnull=False)
    return list(deleted.order_by("-deleted_at"))


# -- what a student opens --------------------------------------------------------------------------


def classroom_for_code(*, code: str) -> Classroom | None:
    code = normalize_join_code(code)
    return Classroom.objects.filter(join_code=code).first() if code else None


def membership_for_link(*, secret: str) -> Membership | None:
    if not secret:
        return None
    return (
        Membership.objects.select_related("classroom", "learner")
        .filter(link_hash=link_hash(secret), is_preview=False, classroom__deleted_at__isnull=True)
        .first()
    )
