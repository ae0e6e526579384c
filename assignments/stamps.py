"""Stamps of what a gradebook shows, so that its drawn tables can be kept until they change.

Each assignment has a revision counter, and each class one more for its list of students
(GradebookRevision); a write that changes what an assignment's gradebook shows (an answer,
a hand-in, a new attempt, a due date, an allowance, a reset, a publish, a redraw) counts
one more for the assignment, and one that changes the list (a student joins, is removed,
put back, merged or unmerged) one more for the class. A kept table's key carries both
(gradebook_key), so a change makes every copy of the table a copy nobody asks for again.

The counters live in the database: every app server reads the same ones, whatever cache
each keeps its tables in. A counter moves with an F() expression inside the transaction of
the change it marks, so it moves when the change commits, not before or after, and two
changes at once both count.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F

from assignments.models import GradebookRevision


def _assignment_key(assignment_id: int) -> str:
    return f"assignment:{assignment_id}"


def _classroom_key(classroom_id: int) -> str:
    return f"classroom:{classroom_id}"


def _count(key: str) -> None:
    if GradebookRevision.objects.filter(key=key).update(number=F("number") + 1):
        return
    # The first change of this assignment or class: its counter is made, at 1. Should
    # another request make it first, that one's row stands and this change counts on it.
    try:
        with transaction.atomic():
            GradebookRevision.objects.create(key=key, number=1)
    except IntegrityError:
        GradebookRevision.objects.filter(key=key).update(number=F("number") + 1)


def assignment_changed(*, assignment_id: int) -> None:
    """What the assignment's gradebook shows has changed (call inside the change's
    transaction)."""
    _count(_assignment_key(assignment_id))


def classroom_changed(*, classroom_id: int) -> None:
    """The class's list of students has changed: every gradebook of the class shows it
    (call inside the change's transaction)."""
    _count(_classroom_key(classroom_id))


def gradebook_key(*, assignment, zone: str) -> str:
    """The key a drawn gradebook table of the assignment is kept under, shown in the time
    zone `zone`: both counters in one query (a counter not yet made is 0)."""
    keys = [_assignment_key(assignment.pk), _classroom_key(assignment.classroom_id)]
    found = dict(GradebookRevision.objects.filter(key__in=keys).values_list("key", "number"))
    numbers = [str(found.get(key, 0)) for key in keys]
    return ":".join(["gradebook", str(assignment.pk), *numbers, zone])
