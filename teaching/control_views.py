"""A teacher's control of what they made: publish or withdraw, draw other questions or
replace one, copy, archive, delete and undo; and of one student: remove and put back, merge
two records and undo the merge, a later due date, more attempts, excused, an attempt reset.

Whatever loses work asks first, on a page that says what will go, and can be undone: a
deleted class or assignment waits UNDO_DAYS under "Recently deleted"; a removed student
under "Removed students"; a merged record under "Merged records"; a reset attempt on the
student's page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from assignments.models import Attempt
from classes.models import UNDO_DAYS
from common.text import fill
from teaching import selectors, services
from teaching.access import (
    context,
    with_assignment,
    with_classroom,
    with_deleted_assignment,
    with_deleted_classroom,
    with_merged_record,
    with_removed_student,
    with_student,
)
from teaching.forms import AllowanceForm, CopyForm, MergeForm
from teaching.pages import confirm, crumbs
from teaching.taking import page as taking_page
from teaching.views import SENT_AGAIN_DELETED, preview_taker, student_work_page

PUBLISHED = "Published: the students of the class see it now (or when it opens)."
REDRAWN = "Other questions drawn. Preview them, and publish when they suit you."
REPLACED = "Question {number} replaced by another of the same kind; the others are unchanged."
WITHDRAWN = (
    "Taken back: students no longer see it. Their work is kept; publish it again at any time."
)
COPIED = "Copied as a draft to {classroom}. Check its dates, then publish it."
COPIED_SAME_QUESTIONS = "It asks the same questions as the one you copied."
COPIED_HOW_TO_CHANGE = (
    "To change them, replace any one in its preview, or use “Draw other questions” below."
)
DELETED = f"Deleted. You can bring it back from “Recently deleted” below for {UNDO_DAYS} days."
RESTORED = "Brought back, as it was."
ARCHIVED = "Archived: the class takes no new students and is listed under “Archived classes”."
UNARCHIVED = "The class is back on your list and takes new students again."
REMOVED = "{name} is off the class. Put them back from “Removed students” below."
STUDENT_BACK = "{name} is back in the class, with their work."


ALLOWANCE_SAVED = "Saved for {name}."
RESET = "Attempt reset: {name} can start again. The reset attempt is kept below."
UNRESET = (
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


def _started(number: int) -> str:
    return ngettext(
        "{count} student started it: their answers go with it.",
        "{count} students started it: their answers go with it.",
        number,
    )


def _class_students(number: int) -> str:
    return ngettext("{count} student", "{count} students", number)


def _class_assignments(number: int) -> str:
    return ngettext("{count} assignment", "{count} assignments", number)


# -- assignments -----------------------------------------------------------------------------


@with_assignment
@require_POST
def assignment_publish(request, assignment):
    services.assignment_publish(assignment=assignment)
    messages.success(request, PUBLISHED)
    return redirect("reports:gradebook", assignment.public_id)


@with_assignment
@require_http_methods(["GET", "POST"])
def assignment_redraw(request, assignment):
    if request.method == "GET":
        return confirm(
            request,
            title=f"Draw other questions for “{assignment.title}”?",
            lines=[
                f"All {assignment.question_count} questions of the draft are replaced by new "
                "ones of the same kinds, also any you replaced one by one in the preview.",
                "The questions you have now cannot be brought back. To change only one, use "
                "“Replace this question” in the preview instead.",
            ],
            button="Draw other questions",
            back=reverse("reports:gradebook", args=[assignment.public_id]),
            crumbs=crumbs(assignment.classroom, assignment),
        )
    try:
        services.assignment_redraw(assignment=assignment)
    except services.TeachingError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, REDRAWN)
    return redirect("reports:gradebook", assignment.public_id)


@with_assignment
@require_POST
def assignment_replace(request, assignment, number):
    """Another question at one number of the draft's preview, the others kept."""
    if not 1 <= number <= assignment.question_count:
        raise Http404("The assignment has no question with that number.")
    try:
        new = services.assignment_replace_question(assignment=assignment, position=number - 1)
    except services.TeachingError as error:
        messages.error(request, str(error))
        return taking_page(request, preview_taker(assignment), position=number, status=422)
    messages.success(request, REPLACED.format(number=number))
    anchor = f"#q-{new.public_id}" if new is not None else ""
    preview = reverse("teachers:preview", args=[assignment.public_id])
    return redirect(f"{preview}?n={number}{anchor}")


@with_assignment
@require_POST
def assignment_withdraw(request, assignment):
    services.assignment_withdraw(assignment=assignment)
    messages.success(request, WITHDRAWN)
    return redirect("reports:gradebook", assignment.public_id)


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_copy(request, assignment):
    mine = selectors.teacher_classrooms(user=request.user)
    classrooms = [c for c in mine if c.archived_at is None]
    form = CopyForm(
        request.POST if request.method == "POST" else None,
        classrooms=classrooms,
        initial={"classroom": assignment.classroom.public_id},
    )
    if request.method == "POST" and form.is_valid():
        try:
            copy = services.assignment_copy(
                assignment=assignment,
                classroom=form.cleaned_data["classroom"],
                form_key=form.cleaned_data["form_key"],
            )
        except services.LimitReached as error:
            form.add_error(None, str(error))
            return render(
                request,
                "teachers/assignment_copy.html",
                context(assignment=assignment, classroom=assignment.classroom, form=form),
                status=422,
            )
        if copy.deleted_at is not None:
            messages.warning(request, fill(SENT_AGAIN_DELETED, title=copy.title))
            return redirect("teachers:classroom", copy.classroom.public_id)
        copied = [fill(COPIED, classroom=copy.classroom.name)]
        if copy.keeps_its_set:
            copied.append(COPIED_SAME_QUESTIONS)
            if not copy.preset:  # a new draft: its questions can still change
                copied.append(COPIED_HOW_TO_CHANGE)
        messages.success(request, " ".join(copied))
        return redirect("reports:gradebook", copy.public_id)
    return render(
        request,
        "teachers/assignment_copy.html",
        context(assignment=assignment, classroom=assignment.classroom, form=form),
        status=422 if form.errors else 200,
    )


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_delete(request, assignment):
    if request.method == "POST":
        services.assignment_delete(assignment=assignment)
        messages.success(request, DELETED)
        return redirect("teachers:classroom", assignment.classroom.public_id)
    book = selectors.classroom_assignments(classroom=assignment.classroom)
    started = next((a.started_count for a in book if a.pk == assignment.pk), 0)
    return confirm(
        request,
        title=f"Delete “{assignment.title}”?",
        lines=[
            "Students no longer see it, and it leaves the class page.",
            fill(_started(started), count=started) if started else "No student has started it.",
            f"You can bring it back, answers and all, for {UNDO_DAYS} days.",
        ],
        button="Delete the assignment",
        back=reverse("reports:gradebook", args=[assignment.public_id]),
        export=reverse("reports:gradebook_csv", args=[assignment.public_id]) if started else "",
        crumbs=crumbs(assignment.classroom, assignment),
    )


@with_deleted_assignment
@require_POST
def assignment_restore(request, assignment):
    services.assignment_restore(assignment=assignment)
    messages.success(request, RESTORED)
    return redirect("reports:gradebook", assignment.public_id)


# -- classes ---------------------------------------------------------------------------------


@with_classroom
@require_POST
def classroom_archive(request, classroom):
    if request.POST.get("archive") == "no":
        services.classroom_unarchive(classroom=classroom)
        messages.success(request, UNARCHIVED)
    else:
        services.classroom_archive(classroom=classroom)
        messages.success(request, ARCHIVED)
    return redirect("teachers:classroom", classroom.public_id)


@with_classroom
@require_http_methods(["GET", "HEAD", "POST"])
def classroom_delete(request, classroom):
    if request.method == "POST":
        services.classroom_delete(classroom=classroom)
        messages.success(request, DELETED)
        return redirect("teachers:dashboard")
    students = len(selectors.classroom_students(classroom=classroom))
    assignments = len(selectors.classroom_assignments(classroom=classroom))
    return confirm(
        request,
        title=f"Delete the class “{classroom.name}”?",
        lines=[
            fill(
                "Its {students} and {assignments} go with it; its code stops working.",
                students=fill(_class_students(students), count=students),
                assignments=fill(_class_assignments(assignments), count=assignments),
            ),
            f"You can bring it back, with everything in it, for {UNDO_DAYS} days.",
            "To keep it but close it to new students, archive it instead.",
        ],
        button="Delete the class",
        back=reverse("teachers:classroom", args=[classroom.public_id]),
        crumbs=crumbs(classroom),
    )


@with_deleted_classroom
@require_POST
def classroom_restore(request, classroom):
    services.classroom_restore(classroom=classroom)
    messages.success(request, RESTORED)
    return redirect("teachers:classroom", classroom.public_id)


# -- one student -----------------------------------------------------------------------------


@with_classroom
@with_student
@require_http_methods(["GET", "HEAD", "POST"])
def student_remove(request, classroom, student):
    if request.method == "POST":
        services.membership_remove(membership=student)
        messages.success(request, fill(REMOVED, name=student.display_name))
        return redirect("teachers:classroom", classroom.public_id)
    return confirm(
        request,
        title=f"Take {student.display_name} off the class?",
        lines=[
            f"{student.display_name} leaves the class list and every gradebook, and can no "
            "longer open the class's assignments.",
            "Their work is kept: put them back at any time from “Removed students”, or they "
            "come back themselves by joining again with the class code.",
            "To keep someone out for good, make a new code for the class afterwards (on the "
            "class page) and give it only to your students.",
        ],
        button=f"Take {student.display_name} off",
        back=reverse("teachers:classroom", args=[classroom.public_id]),
        crumbs=crumbs(classroom),
    )


@with_classroom
@with_removed_student
@require_POST
def student_restore(request, classroom, student):
    try:
        services.membership_restore(membership=student)
    except services.TeachingError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, fill(STUDENT_BACK, name=student.display_name))
    return redirect("teachers:classroom", classroom.public_id)


@with_classroom
@with_student
@require_http_methods(["GET", "HEAD", "POST"])
def student_merge(request, classroom, student):
    others = [s for s in selectors.classroom_students(classroom=classroom) if s.pk != student.pk]
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
        return redirect("teachers:classroom", classroom.public_id)
    return render(
        request,
        "teachers/student_merge.html",
        context(classroom=classroom, student=student, form=form, others=others),
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
    return redirect("teachers:classroom", classroom.public_id)


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
        messages.success(request, fill(ALLOWANCE_SAVED, name=student.display_name))
        return redirect("teachers:student_work", assignment.public_id, student.public_id)
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
    messages.success(request, fill(RESET, name=student.display_name))
    return redirect("teachers:student_work", assignment.public_id, student.public_id)


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
    messages.success(request, fill(UNRESET, number=number, name=student.display_name))
    return redirect("teachers:student_work", assignment.public_id, student.public_id)
