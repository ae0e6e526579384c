"""Pages of one student's record on an assignment, for their teacher: their work with the
engine's breakdown, what they are allowed (a later due date, more attempts, excused), an
attempt reset or made to count again; and two records of one student merged, and undone
(a merge moves attempts, so it is here, above classes).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from assignments import selectors, services
from assignments.access import with_assignment
from assignments.forms import AllowanceForm, MergeForm
from assignments.models import Attempt
from assignments.terms import counted_attempt
from classes import selectors as class_selectors
from classes.access import context as _context
from classes.access import with_classroom, with_merged_record, with_student
from common.text import fill

ALLOWANCE_SAVED = gettext_noop("Saved for {name}.")
RESET = gettext_noop("Attempt reset: {name} can start again. The reset attempt is kept below.")
UNRESET = gettext_noop(
    "Attempt {number} is back among {name}'s attempts. The gradebook counts the best one "
    "handed in, marked below."
)


# Said of a number: one for one, the other for any other number (ngettext, so that a
# translation can have as many forms as its language needs).
def _merged(number: int) -> str:
    return ngettext(
        "Merged: {moved} attempt moved to {name}.{reset} Give {name}'s personal link to the "
        "student. To undo it, see “Merged records” below.",
        "Merged: {moved} attempts moved to {name}.{reset} Give {name}'s personal link to the "
        "student. To undo it, see “Merged records” below.",
        number,
    )


def _merged_reset(number: int) -> str:
    return ngettext(
        " {count} of them went beyond the attempts {name} is allowed, so it is kept but reset "
        "(not counted): see {name}'s work on the assignment.",
        " {count} of them went beyond the attempts {name} is allowed, so they are kept but reset "
        "(not counted): see {name}'s work on the assignment.",
        number,
    )


def _unmerged(number: int) -> str:
    return ngettext(
        "Merge undone: {name} has their own record again, with {moved} attempt.",
        "Merge undone: {name} has their own record again, with {moved} attempts.",
        number,
    )


# -- one student's work ----------------------------------------------------------------------------


@with_assignment
@with_student
@require_safe
def student_work(request, assignment, student):
    return student_work_page(request, assignment, student)


def student_work_page(
    request, assignment, student, *, allowance_form=None, restore_error=None, status=200
):
    """One student's answers, each with the engine's breakdown; their own terms, and the
    attempts the teacher reset."""
    labels = selectors.question_labels(assignment)
    attempts = []
    found = selectors.attempts_with_questions(
        assignment=assignment, membership=student, with_reset=True
    )
    for attempt in found:
        items = [
            selectors.answer_review(
                question=item.question, label=selectors.label_at(labels, item.position)
            )
            for item in attempt.items.all()
        ]
        attempt.right = selectors.item_counts(attempt.items.all()).right
        error = restore_error[1] if restore_error and restore_error[0] == attempt.number else ""
        attempts.append(
            {"attempt": attempt, "items": items, "right": attempt.right, "error": error}
        )
    # The one that counts, as the gradebook chooses it; reset attempts never count.
    kept = [entry["attempt"] for entry in attempts if entry["attempt"].voided_at is None]
    counted = counted_attempt(kept) if kept else None
    for entry in attempts:
        entry["counts"] = entry["attempt"] is counted
    if allowance_form is None:
        allowance_form = AllowanceForm(
            assignment=assignment,
            initial=selectors.allowance_initial(assignment=assignment, membership=student),
        )
    return render(
        request,
        "teachers/student_work.html",
        _context(
            assignment=assignment,
            classroom=assignment.classroom,
            student=student,
            attempts=attempts,
            allowance_form=allowance_form,
        ),
        status=status,
    )


@with_assignment
@with_student
@require_POST
def student_allowance(request, assignment, student):
    form = AllowanceForm(
        request.POST,
        assignment=assignment,
        initial=selectors.allowance_initial(assignment=assignment, membership=student),
    )
    if form.is_valid():
        services.allowance_set(assignment=assignment, membership=student, **form.cleaned_data)
        messages.success(request, fill(gettext(ALLOWANCE_SAVED), name=student.display_name))
        return redirect("assignments:student_work", assignment.public_id, student.public_id)
    return student_work_page(request, assignment, student, allowance_form=form, status=422)


def _attempt(assignment, student, number) -> Attempt:
    attempt = Attempt.objects.filter(
        assignment=assignment, membership=student, number=number
    ).first()
    if attempt is None:
        raise Http404("There is no such attempt.")
    return attempt


@with_assignment
@with_student
@require_POST
def attempt_reset(request, assignment, student, number):
    services.attempt_reset(attempt=_attempt(assignment, student, number))
    messages.success(request, fill(gettext(RESET), name=student.display_name))
    return redirect("assignments:student_work", assignment.public_id, student.public_id)


@with_assignment
@with_student
@require_POST
def attempt_restore(request, assignment, student, number):
    try:
        services.attempt_restore(attempt=_attempt(assignment, student, number))
    except services.TeachingError as error:
        return student_work_page(
            request, assignment, student, restore_error=(number, str(error)), status=422
        )
    messages.success(request, fill(gettext(UNRESET), number=number, name=student.display_name))
    return redirect("assignments:student_work", assignment.public_id, student.public_id)


# -- two records of one student -----------------------------------------------------------------


@with_classroom
@with_student
@require_http_methods(["GET", "HEAD", "POST"])
def student_merge(request, classroom, student):
    others = [
        s for s in class_selectors.classroom_students(classroom=classroom) if s.pk != student.pk
    ]
    form = MergeForm(request.POST if request.method == "POST" else None, others=others)
    if request.method == "POST" and form.is_valid():
        into = form.cleaned_data["into"]
        moved = services.membership_merge(source=student, target=into)
        count = len(student.merge_moved.get("voided", []))
        reset = fill(_merged_reset(count), count=count, name=into.display_name) if count else ""
        messages.success(
            request,
            fill(_merged(moved), moved=moved, name=into.display_name, reset=reset),
        )
        return redirect("classes:classroom", classroom.public_id)
    return render(
        request,
        "teachers/student_merge.html",
        _context(classroom=classroom, student=student, form=form, others=others),
        status=422 if form.errors else 200,
    )


@with_classroom
@with_merged_record
@require_POST
def student_unmerge(request, classroom, student):
    try:
        back = services.membership_unmerge(source=student)
    except services.TeachingError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            fill(_unmerged(back), name=student.display_name, moved=back),
        )
    return redirect("classes:classroom", classroom.public_id)
