"""Whose is it: every teacher's page finds its object through its owner first.

Another teacher's class, assignment or student answers 404, for any method, before anything
else is looked at; a logged-out visitor is asked to log in first. (An assignment's pages
find it the same way: assignments.access.)
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.utils import timezone

from classes import selectors, zones
from classes.models import UNDO_DAYS

NOT_YOURS = "There is no such class or assignment, or it is not yours."


def in_teachers_zone(view):
    """A view decorator: a logged-in teacher's page reads and shows dates in their zone."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        zones.activate_teachers(request)
        try:
            return view(request, *args, **kwargs)
        finally:
            timezone.deactivate()  # the next request on this thread starts from the site's

    return wrapper


def teachers(lookup, url_kwarg: str):
    """A view decorator: the teacher's own object named in the address, else 404."""

    def decorate(view):
        @wraps(view)
        @in_teachers_zone
        def wrapper(request, *args, **kwargs):
            if not request.user.is_authenticated:
                # A bookmark opened after logging out: log in, then back here. (Whether
                # the object exists is told only to its teacher, once logged in.)
                return redirect_to_login(request.get_full_path())
            found = lookup(user=request.user, public_id=kwargs.pop(url_kwarg))
            if found is None:
                raise Http404(NOT_YOURS)
            return view(request, found, *args, **kwargs)

        return wrapper

    return decorate


with_classroom = teachers(selectors.classroom_for_teacher, "class_id")
with_deleted_classroom = teachers(selectors.deleted_classroom_for_teacher, "class_id")


def _students(lookup):
    def decorate(view):
        """After the class or assignment: one of its students, else 404 (before the method)."""

        @wraps(view)
        def wrapper(request, owner, student_id, *args, **kwargs):
            classroom = getattr(owner, "classroom", owner)
            student = lookup(classroom=classroom, public_id=student_id)
            if student is None:
                raise Http404(NOT_YOURS)
            return view(request, owner, student, *args, **kwargs)

        return wrapper

    return decorate


with_student = _students(selectors.student_for_teacher)
with_removed_student = _students(selectors.removed_student_for_teacher)
with_merged_record = _students(selectors.merged_record_for_teacher)


def context(**extra) -> dict:
    return {
        "section": "teachers",
        "time_zone": timezone.get_current_timezone_name(),
        "undo_days": UNDO_DAYS,
        **extra,
    }
