"""What teachers' pages share beyond their context (classes.access.context): the
breadcrumbs to a class and an assignment, and the page that asks before doing something."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from classes.access import context
from classes.models import UNDO_DAYS

_DELETED = gettext_noop(
    "Deleted. You can bring it back from “Recently deleted” below for {days} days."
)
DELETED = _DELETED.format(days=UNDO_DAYS)
RESTORED = gettext_noop("Brought back, as it was.")


def deleted_said() -> str:
    """DELETED in the reader's language."""
    return gettext(_DELETED).format(days=UNDO_DAYS)


def crumbs(classroom, assignment=None) -> list[tuple[str, str]]:
    """The breadcrumbs after "For teachers": the class, and the assignment if any."""
    trail = [(classroom.name, reverse("classes:classroom", args=[classroom.public_id]))]
    if assignment is not None:
        trail.append((assignment.title, reverse("reports:gradebook", args=[assignment.public_id])))
    return trail


def confirm(request, *, title, lines, button, back, crumbs, export=""):
    """A page that says what will happen, and asks before doing it: its form posts to the
    same address. `back` is the address of the page it came from (Cancel); `export`, a
    download to take first."""
    return render(
        request,
        "teachers/confirm.html",
        context(
            title=title,
            lines=lines,
            button=button,
            action=request.path,
            back=back,
            export=export,
            crumbs=crumbs,
        ),
    )
