"""Reports on what students did: an assignment's gradebook (and its CSV), the whole class's
overview (and its CSV), one student's work (and its CSV), worksheets, answer keys and answer
lists to print.

Every object is looked up through its owner first (classes.access, assignments.access):
another teacher's class, assignment or student answers 404. An assignment the teacher
deleted answers a page that says so, with the way to bring it back.
"""

from __future__ import annotations

from datetime import timedelta
from functools import wraps

from django.core.cache import caches
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from assignments import draws, selectors, services, stamps
from assignments.access import with_assignment as _with_own_assignment
from classes.access import context as _context
from classes.access import in_teachers_zone
from classes.access import with_classroom as _with_classroom
from classes.access import with_student as _with_student
from classes.models import UNDO_DAYS
from reports import export
from reports.gradebook import gradebook_report
from reports.overview import class_overview
from reports.student import student_work
from reports.worksheets import worksheets


def _with_assignment(view):
    """The teacher's own assignment named in the address (assignments.access.with_assignment);
    for one they deleted, a page that says so and offers it back, not "not found"."""
    guarded = _with_own_assignment(view)

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return guarded(request, *args, **kwargs)
        except Http404:
            deleted = selectors.deleted_assignment_for_teacher(
                user=request.user, public_id=kwargs.get("assignment_id", "")
            )
            if deleted is None:
                raise
            return _deleted_assignment(request, deleted)  # in the teacher's zone (below)

    return wrapper


@in_teachers_zone
def _deleted_assignment(request, assignment):
    return render(
        request,
        "reports/assignment_deleted.html",
        _context(
            assignment=assignment,
            classroom=assignment.classroom,
            kept_until=assignment.deleted_at + timedelta(days=UNDO_DAYS),
        ),
        status=404,
    )


# -- a class's overview ----------------------------------------------------------------------------


@_with_classroom
@require_safe
def classroom_overview(request, classroom):
    """The whole class: students against assignments, skills, last activity, attention."""
    services.answers_settle(classroom=classroom)  # the levels count what now shows
    report = class_overview(classroom=classroom, now=timezone.now())
    return render(
        request,
        "reports/overview.html",
        _context(
            classroom=classroom,
            report=report,
            averages=report.column_averages(),
        ),
    )


@_with_classroom
@require_safe
def classroom_overview_csv(request, classroom):
    services.answers_settle(classroom=classroom)
    return export.overview_response(class_overview(classroom=classroom, now=timezone.now()))


# -- one student's work ----------------------------------------------------------------------------


@_with_classroom
@_with_student
@require_safe
def student_page(request, classroom, student):
    """Every assignment and live class of one student: attempts, marks, answers, slips."""
    work = student_work(classroom=classroom, membership=student, now=timezone.now())
    return render(
        request,
        "reports/student.html",
        _context(classroom=classroom, student=student, work=work),
    )


@_with_classroom
@_with_student
@require_safe
def student_csv(request, classroom, student):
    work = student_work(classroom=classroom, membership=student, now=timezone.now())
    return export.student_response(work)


# -- an assignment's gradebook --------------------------------------------------------------------


@_with_assignment
@require_safe
def gradebook(request, assignment):
    return render(
        request,
        "reports/gradebook.html",
        _context(
            assignment=assignment,
            classroom=assignment.classroom,
            tables=_gradebook_tables(assignment, now=timezone.now()),
            left_out=[draws.LEAVE_OUT[k] for k in assignment.leave_out if k in draws.LEAVE_OUT],
            taken_back=assignment.is_draft and selectors.students_started(assignment),
        ),
    )


FRAGMENTS = "fragments"
"""The cache each app server keeps drawn fragments in (config/settings.py)."""


def _gradebook_tables(assignment, *, now) -> str:
    """The gradebook's tables, drawn once and kept until something in them changes: an
    answer, a hand-in, a date, an allowance, a reset, a student joining or leaving (their
    stamps, assignments/stamps.py) or a due date passing (Gradebook.changes_at)."""
    zone = timezone.get_current_timezone_name()
    # Drawn in the page's language, so kept under it too.
    key = f"{stamps.gradebook_key(assignment=assignment, zone=zone)}:{get_language()}"
    kept = caches[FRAGMENTS].get(key)
    if kept is not None:
        changes_at, tables = kept
        if changes_at is None or now < changes_at:
            return mark_safe(tables)  # drawn by the template below
    book = gradebook_report(assignment=assignment, now=now)
    tables = render_to_string(
        "reports/_gradebook_tables.html", _context(assignment=assignment, book=book)
    )
    caches[FRAGMENTS].set(key, (book.changes_at, str(tables)))
    return tables


@_with_assignment
@require_safe
def gradebook_csv(request, assignment):
    book = gradebook_report(assignment=assignment, now=timezone.now())
    return export.gradebook_response(book)


# -- paper -----------------------------------------------------------------------------------------


def _paper(request, assignment, *, key: bool):
    """The worksheet, or with key=True its answer key: for everyone, or one per student."""
    per_student = request.GET.get("for") == "students"
    sheets = worksheets(assignment=assignment, per_student=per_student)
    return render(
        request,
        "reports/worksheet.html",
        _context(
            assignment=assignment,
            classroom=assignment.classroom,
            sheets=sheets,
            per_student=per_student,
            key=key,
        ),
    )


@_with_assignment
@require_safe
def worksheet(request, assignment):
    return _paper(request, assignment, key=False)


@_with_assignment
@require_safe
def answer_key(request, assignment):
    return _paper(request, assignment, key=True)


@_with_assignment
@require_safe
def answer_list(request, assignment):
    """Every answer of the set on one page, without the working: for marking in class."""
    per_student = request.GET.get("for") == "students"
    return render(
        request,
        "reports/answer_list.html",
        _context(
            assignment=assignment,
            classroom=assignment.classroom,
            sheets=worksheets(assignment=assignment, per_student=per_student),
            per_student=per_student,
        ),
    )
