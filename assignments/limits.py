"""Limits on how much one class, one teacher and one student hold of assignments: far
beyond honest use (a big school year sets a few assignments a week), so that nobody meets
them but a script, which then gets a clear message. (classes.limits: classes, students, and
guessing join codes and personal links.)"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from assignments.models import Assignment, Attempt
from classes.models import UNDO_DAYS, Classroom
from common.text import fill

ASSIGNMENTS_PER_CLASS = 500
ASSIGNMENTS_PER_TEACHER = 2000
ATTEMPTS_PER_STUDENT = 100
"""Attempts at one assignment by one student, reset ones included (each reset lets the
student start again)."""
ASSIGNMENTS_FULL_CLASS = gettext_noop(
    "This class has {limit} assignments, as many as a class can have. Delete one it no "
    "longer needs: it counts until it is gone for good, {days} days later."
)
ASSIGNMENTS_FULL_TEACHER = gettext_noop(
    "Your classes have {limit} assignments between them, as many as an account can have. "
    "Delete some you no longer need: they count until they are gone for good, {days} days "
    "later."
)
ATTEMPTS_FULL = gettext_noop(
    "You have started this assignment {limit} times, as many as it keeps for one student. "
    "Ask your teacher."
)


def assignments_full(classroom: Classroom) -> str:
    """Why no new assignment can be set for the class, or "" (deleted ones count until
    purged): the class's own limit first, then its teacher's."""
    in_class = Assignment.all_objects.filter(classroom=classroom).count()
    if in_class >= ASSIGNMENTS_PER_CLASS:
        return fill(gettext(ASSIGNMENTS_FULL_CLASS), limit=ASSIGNMENTS_PER_CLASS, days=UNDO_DAYS)
    teachers = Assignment.all_objects.filter(classroom__teacher_id=classroom.teacher_id)
    if teachers.count() >= ASSIGNMENTS_PER_TEACHER:
        return fill(
            gettext(ASSIGNMENTS_FULL_TEACHER), limit=ASSIGNMENTS_PER_TEACHER, days=UNDO_DAYS
        )
    return ""


def attempts_full(attempts: list[Attempt]) -> str:
    """Why the student can start no new attempt, or "": `attempts` are all of theirs at the
    assignment, reset ones included."""
    if len(attempts) >= ATTEMPTS_PER_STUDENT:
        return fill(gettext(ATTEMPTS_FULL), limit=ATTEMPTS_PER_STUDENT)
    return ""
