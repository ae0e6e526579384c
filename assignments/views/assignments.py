"""Pages of an assignment, for its teacher: set it (or the ready-made quiz), change its
settings, publish it or take it back, draw other questions or replace one, copy it, delete
it and bring it back; and the preview, exactly what a student sees (assignments.taking).

Every object is looked up through its owner first (assignments.access): another teacher's
assignment answers 404, for any method, before anything else is looked at.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from assignments import review_quiz, services, taking
from assignments.access import with_assignment, with_deleted_assignment
from assignments.forms import AssignmentForm, AssignmentSettingsForm, CopyForm, ReviewQuizForm
from classes import selectors as class_selectors
from classes import services as class_services
from classes.access import context as _context
from classes.access import with_classroom
from classes.models import UNDO_DAYS
from classes.pages import RESTORED, confirm, crumbs, deleted_said
from common.text import fill

SENT_AGAIN_DELETED = gettext_noop(
    "This form already set “{title}”, and you have since deleted it: nothing new was set. "
    "You can bring it back from the list of deleted assignments below."
)
ASSIGNMENT_CREATED = gettext_noop(
    "Assignment set. Students of the class see it now (or when it opens)."
)
DRAFT_SAVED = gettext_noop("Saved as a draft: students do not see it until you publish it.")
ASSIGNMENT_SAVED = gettext_noop("Changes saved.")
PREVIEW_RESET = gettext_noop("The preview starts again from the beginning.")
PUBLISHED = gettext_noop("Published: the students of the class see it now (or when it opens).")
REDRAWN = gettext_noop("Other questions drawn. Preview them, and publish when they suit you.")
REPLACED = gettext_noop(
    "Question {number} replaced by another of the same kind; the others are unchanged."
)
WITHDRAWN = gettext_noop(
    "Taken back: students no longer see it. Their work is kept; publish it again at any time."
)
COPIED = gettext_noop("Copied as a draft to {classroom}. Check its dates, then publish it.")
COPIED_SAME_QUESTIONS = gettext_noop("It asks the same questions as the one you copied.")
COPIED_HOW_TO_CHANGE = gettext_noop(
    "To change them, replace any one in its preview, or use “Draw other questions” below."
)


def _started(number: int) -> str:
    return ngettext(
        "{count} student started it: their answers go with it.",
        "{count} students started it: their answers go with it.",
        number,
    )


# -- a new assignment, and its settings ------------------------------------------------------------


def _publishing(request) -> bool:
    """Which button set the assignment: "Set it for the class", or "Save as a draft"."""
    return request.POST.get("publish") != "no"


def _assignment_set(request, classroom, *, form, create, mode, **extra):
    """A new assignment's page: the form, or, sent and valid, the assignment set (or kept
    as a draft) by `create`, and its gradebook."""
    if request.method == "POST" and form.is_valid():
        publish = _publishing(request)
        try:
            assignment = create(classroom=classroom, publish=publish, **form.cleaned_data)
        except services.LimitReached as error:
            form.add_error(None, str(error))
        else:
            if assignment.deleted_at is not None:
                messages.warning(request, fill(gettext(SENT_AGAIN_DELETED), title=assignment.title))
                return redirect("classes:classroom", classroom.public_id)
            messages.success(request, gettext(ASSIGNMENT_CREATED if publish else DRAFT_SAVED))
            return redirect("reports:gradebook", assignment.public_id)
    return render(
        request,
        "teachers/assignment_form.html",
        _context(classroom=classroom, form=form, mode=mode, **extra),
        status=422 if form.errors else 200,
    )


@with_classroom
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_new(request, classroom):
    form = AssignmentForm(request.POST or None)
    return _assignment_set(
        request, classroom, form=form, create=services.assignment_create, mode="new"
    )


@with_classroom
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_review_quiz(request, classroom):
    """The ready-made assignment: the review quiz (rules §8.3)."""
    form = ReviewQuizForm(
        request.POST or None,
        initial={"title": review_quiz.TITLE, "layout": services.REVIEW_QUIZ_LAYOUT},
    )
    return _assignment_set(
        request,
        classroom,
        form=form,
        create=services.assignment_create_review_quiz,
        mode="review_quiz",
        review_labels=review_quiz.labels(),
    )


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_edit(request, assignment):
    initial = AssignmentSettingsForm.initial_from(assignment)
    form = AssignmentSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.assignment_update(assignment=assignment, **form.cleaned_data)
        messages.success(request, gettext(ASSIGNMENT_SAVED))
        return redirect("reports:gradebook", assignment.public_id)
    return render(
        request,
        "teachers/assignment_form.html",
        _context(classroom=assignment.classroom, assignment=assignment, form=form, mode="edit"),
        status=422 if form.errors else 200,
    )


# -- its questions, its students' view of it, its life ------------------------------------------


@with_assignment
@require_POST
def assignment_publish(request, assignment):
    services.assignment_publish(assignment=assignment)
    messages.success(request, gettext(PUBLISHED))
    return redirect("reports:gradebook", assignment.public_id)


@with_assignment
@require_http_methods(["GET", "POST"])
def assignment_redraw(request, assignment):
    if request.method == "GET":
        return confirm(
            request,
            title=gettext("Draw other questions for “{title}”?").format(title=assignment.title),
            lines=[
                ngettext(
                    "The draft's only question is replaced by a new one of the same kind, even "
                    "if you replaced it in the preview.",
                    "All {count} questions of the draft are replaced by new ones of the same "
                    "kinds, also any you replaced one by one in the preview.",
                    assignment.question_count,
                ).format(count=assignment.question_count),
                gettext(
                    "The questions you have now cannot be brought back. To change only one, use "
                    "“Replace this question” in the preview instead."
                ),
            ],
            button=gettext("Draw other questions"),
            back=reverse("reports:gradebook", args=[assignment.public_id]),
            crumbs=crumbs(assignment.classroom, assignment),
        )
    try:
        services.assignment_redraw(assignment=assignment)
    except services.TeachingError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext(REDRAWN))
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
        return taking.page(request, preview_taker(assignment), position=number, status=422)
    messages.success(request, gettext(REPLACED).format(number=number))
    anchor = f"#q-{new.public_id}" if new is not None else ""
    preview = reverse("assignments:preview", args=[assignment.public_id])
    return redirect(f"{preview}?n={number}{anchor}")


@with_assignment
@require_POST
def assignment_withdraw(request, assignment):
    services.assignment_withdraw(assignment=assignment)
    messages.success(request, gettext(WITHDRAWN))
    return redirect("reports:gradebook", assignment.public_id)


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_copy(request, assignment):
    mine = class_selectors.teacher_classrooms(user=request.user)
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
                _context(assignment=assignment, classroom=assignment.classroom, form=form),
                status=422,
            )
        if copy.deleted_at is not None:
            messages.warning(request, fill(gettext(SENT_AGAIN_DELETED), title=copy.title))
            return redirect("classes:classroom", copy.classroom.public_id)
        copied = [fill(gettext(COPIED), classroom=copy.classroom.name)]
        if copy.keeps_its_set:
            copied.append(gettext(COPIED_SAME_QUESTIONS))
            if not copy.preset:  # a new draft: its questions can still change
                copied.append(gettext(COPIED_HOW_TO_CHANGE))
        messages.success(request, " ".join(copied))
        return redirect("reports:gradebook", copy.public_id)
    return render(
        request,
        "teachers/assignment_copy.html",
        _context(assignment=assignment, classroom=assignment.classroom, form=form),
        status=422 if form.errors else 200,
    )


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_delete(request, assignment):
    if request.method == "POST":
        services.assignment_delete(assignment=assignment)
        messages.success(request, deleted_said())
        return redirect("classes:classroom", assignment.classroom.public_id)
    book = class_selectors.classroom_assignments(classroom=assignment.classroom)
    started = next((a.started_count for a in book if a.pk == assignment.pk), 0)
    return confirm(
        request,
        title=gettext("Delete “{title}”?").format(title=assignment.title),
        lines=[
            gettext("Students no longer see it, and it leaves the class page."),
            fill(_started(started), count=started)
            if started
            else gettext("No student has started it."),
            gettext("You can bring it back, answers and all, for {days} days.").format(
                days=UNDO_DAYS
            ),
        ],
        button=gettext("Delete the assignment"),
        back=reverse("reports:gradebook", args=[assignment.public_id]),
        export=reverse("reports:gradebook_csv", args=[assignment.public_id]) if started else "",
        crumbs=crumbs(assignment.classroom, assignment),
    )


@with_deleted_assignment
@require_POST
def assignment_restore(request, assignment):
    services.assignment_restore(assignment=assignment)
    messages.success(request, gettext(RESTORED))
    return redirect("reports:gradebook", assignment.public_id)


# -- preview: exactly what a student sees ----------------------------------------------------------


def preview_taker(assignment) -> taking.Taker:
    membership = class_services.preview_membership(classroom=assignment.classroom)
    return taking.Taker(assignment=assignment, membership=membership, preview=True)


@with_assignment
@require_safe
def preview(request, assignment):
    return taking.page(request, preview_taker(assignment))


@with_assignment
@require_POST
def preview_start(request, assignment):
    return taking.start(request, preview_taker(assignment))


@with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def preview_answer(request, assignment, question_id):
    return taking.answer(request, preview_taker(assignment), question_id)


@with_assignment
@require_POST
def preview_submit(request, assignment):
    return taking.submit(request, preview_taker(assignment))


@with_assignment
@require_POST
def preview_reset(request, assignment):
    services.preview_reset(assignment=assignment)
    messages.success(request, gettext(PREVIEW_RESET))
    return redirect("assignments:preview", assignment.public_id)
