"""What classes tells the apps above it, which it never imports.

students_changed: a class's list of students changed (a class made, a student joins, is
taken off or put back). Sent inside the transaction of the change, with `classroom_id`:
the gradebooks' stamps (assignments.stamps) move on it, so that they move when the change
commits, not before or after.
"""

from django.dispatch import Signal

students_changed = Signal()
