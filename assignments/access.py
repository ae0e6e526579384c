"""Whose is it: an assignment's pages find it through its teacher first (classes.access),
another teacher's assignment answering 404 before anything else is looked at."""

from assignments import selectors
from classes.access import teachers

with_assignment = teachers(selectors.assignment_for_teacher, "assignment_id")
with_deleted_assignment = teachers(selectors.deleted_assignment_for_teacher, "assignment_id")
