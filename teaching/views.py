"""Teachers' pages: classes, assignments, gradebooks, worksheets and the student preview.

Every object is looked up through its owner first: another teacher's class, assignment
or student answers 404, for any method, before anything else is looked at.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from assignments import review_quiz
from assignments.terms import counted_attempt
from classes.models import TeacherSettings
from common.text import fill
from teaching import selectors, services, taking, zones
from teaching.access import context as _context
from teaching.access import in_teachers_zone
from teaching.access import with_assignment as _with_assignment
from teaching.access import with_classroom as _with_classroom
from teaching.access import with_student as _with_student
from teaching.forms import (
    AllowanceForm,
    AssignmentForm,
    AssignmentSettingsForm,
    ClassroomForm,
    ReviewQuizForm,
    ZoneForm,
)
from teaching.pages import confirm, crumbs

CLASS_CREATED = "Class created. Give your students the code below."
CODE_CHANGED = "New code made. The old code no longer works."
CODE_ARCHIVED = (
    "The class is archived, so it takes no new students whatever the code: take it out of "
    "the archive first."
)
SENT_AGAIN_DELETED = (
    "This form already set “{title}”, and you have since deleted it: nothing new was set. "
    "You can bring it back from the list of deleted assignments below."
)
ASSIGNMENT_CREATED = "Assignment set. Students of the class see it now (or when it opens)."
ZONE_SAVED = "Dates are now typed and shown in {zone}."
DRAFT_SAVED = "Saved as a draft: students do not see it until you publish it."
ASSIGNMENT_SAVED = "Changes saved."
PREVIEW_RESET = "The preview starts again from the beginning."


# -- the dashboard ---------------------------------------------------------------------------------


@require_safe
@in_teachers_zone
def dashboard(request):
    if not request.user.is_authenticated:
        return render(request, "teachers/landing.html", _context())
    classrooms = selectors.teacher_classrooms(user=request.user)
    return render(
        request,
        "teachers/dashboard.html",
        _context(
            classrooms=[c for c in classrooms if c.archived_at is None],
            archived=[c for c in classrooms if c.archived_at is not None],
            deleted=selectors.deleted_classrooms(user=request.user),
        ),
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@in_teachers_zone
def zone_settings(request):
    """The teacher's time zone (the browser's is offered, where scripts run)."""
    current = timezone.get_current_timezone_name()
    chosen = TeacherSettings.objects.filter(user=request.user).exists()
    form = ZoneForm(
        request.POST if request.method == "POST" else None, initial={"time_zone": current}
    )
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["time_zone"]
        zones.choose(user=request.user, session=request.session, name=name)
        messages.success(request, ZONE_SAVED.format(zone=name))
        return redirect("teachers:dashboard")
    return render(
        request,
        "teachers/zone_settings.html",
        _context(form=form, chosen=chosen, current=current),
        status=422 if form.errors else 200,
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@in_teachers_zone
def classroom_new(request):
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_create(teacher=request.user, **form.cleaned_data)
        except services.LimitReached as error:
            form.add_error(None, str(error))
            return render(request, "teachers/classroom_new.html", _context(form=form), status=422)
        if classroom.deleted_at is not None:
            # This form made a class that has since been deleted (Back, then send again).
            context = _context(form=ClassroomForm(), deleted=classroom)
            return render(request, "teachers/classroom_new.html", context, status=409)
        messages.success(request, CLASS_CREATED)
        return redirect("teachers:classroom", classroom.public_id)
    return render(
        request,
        "teachers/classroom_new.html",
        _context(form=form),
        status=422 if form.errors else 200,
    )


# -- a class ---------------------------------------------------------------------------------------


@_with_classroom
@require_safe
def classroom(request, classroom):
    return render(
        request,
        "teachers/classroom.html",
        _context(
            classroom=classroom,
            students=selectors.classroom_students(classroom=classroom),
            assignments=selectors.classroom_assignments(classroom=classroom),
            off=selectors.off_the_class(classroom=classroom),
            deleted=selectors.deleted_assignments(classroom=classroom),
            join_url=request.build_absolute_uri(reverse("join:join")),
        ),
    )


CODE_CONFIRM = [
    "The code {code} stops working at once: anyone who has not joined yet needs the new one, "
    "and a code on a printed sheet or a message no longer lets anyone in.",
    "Students already in the class stay in, with their work. There is no undo: the old code "
    "cannot be brought back.",
]


@_with_classroom
@require_http_methods(["GET", "POST"])
def classroom_code(request, classroom):
    """GET asks first (in place, with htmx; otherwise on a page of its own); POST makes it.
    An archived class takes nobody, so its code is not changed."""
    if classroom.archived_at is not None:
        messages.error(request, CODE_ARCHIVED)
        return redirect("teachers:classroom", classroom.public_id)
    if request.method == "GET":
        lines = [line.format(code=classroom.join_code_display) for line in CODE_CONFIRM]
        if request.htmx:
            return _join_code_part(request, classroom, confirm_code=lines)
        return confirm(
            request,
            title=f"Make a new code for “{classroom.name}”?",
            lines=lines,
            button="Make a new code",
            back=reverse("teachers:classroom", args=[classroom.public_id]),
            crumbs=crumbs(classroom),
        )
    services.classroom_regenerate_code(classroom=classroom)
    if request.htmx:
        return _join_code_part(request, classroom, code_changed=CODE_CHANGED)
    messages.success(request, CODE_CHANGED)
    return redirect("teachers:classroom", classroom.public_id)


def _join_code_part(request, classroom, **extra):
    """The class page's join-code part, for htmx: asking first, or the new code made."""
    join_url = request.build_absolute_uri(reverse("join:join"))
    context = _context(classroom=classroom, join_url=join_url, **extra)
    return render(request, "teachers/classroom.html#join-code", context)


@never_cache
@_with_classroom
@_with_student
@require_http_methods(["GET", "POST"])
def student_link(request, classroom, student):
    """A new personal link for a student who lost theirs: shown once, here. GET asks first."""
    if request.method == "GET":
        name = student.display_name
        return confirm(
            request,
            title=f"Make a new personal link for {name}?",
            lines=[
                fill(
                    "{name}'s old personal link stops working at once, and every browser "
                    "that came in with it is signed out of {name}.",
                    name=name,
                ),
                f"{name}'s work is kept: they carry on with the new link, shown to you once on "
                "the next page. There is no undo: the old link cannot be brought back.",
            ],
            button=f"Make a new link for {name}",
            back=reverse("teachers:classroom", args=[classroom.public_id]),
            crumbs=crumbs(classroom),
        )
    secret = services.membership_new_link(membership=student)
    link = request.build_absolute_uri(reverse("join:back", args=[secret]))
    return render(
        request,
        "teachers/student_link.html",
        _context(classroom=classroom, student=student, link=link),
    )


def _publishing(request) -> bool:
    """Which button set the assignment: "Set it for the class", or "Save as a draft"."""
    return request.POST.get("publish") != "no"


# -- assignments -----------------------------------------------------------------------------------


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
                messages.warning(request, fill(SENT_AGAIN_DELETED, title=assignment.title))
                return redirect("teachers:classroom", classroom.public_id)
            messages.success(request, ASSIGNMENT_CREATED if publish else DRAFT_SAVED)
            return redirect("reports:gradebook", assignment.public_id)
    return render(
        request,
        "teachers/assignment_form.html",
        _context(classroom=classroom, form=form, mode=mode, **extra),
        status=422 if form.errors else 200,
    )


@_with_classroom
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_new(request, classroom):
    form = AssignmentForm(request.POST or None)
    return _assignment_set(
        request, classroom, form=form, create=services.assignment_create, mode="new"
    )


@_with_classroom
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


@_with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_edit(request, assignment):
    initial = AssignmentSettingsForm.initial_from(assignment)
    form = AssignmentSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.assignment_update(assignment=assignment, **form.cleaned_data)
        messages.success(request, ASSIGNMENT_SAVED)
        return redirect("reports:gradebook", assignment.public_id)
    return render(
        request,
        "teachers/assignment_form.html",
        _context(classroom=assignment.classroom, assignment=assignment, form=form, mode="edit"),
        status=422 if form.errors else 200,
    )


# -- results ---------------------------------------------------------------------------------------


@_with_assignment
@_with_student
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


# -- preview: exactly what a student sees ----------------------------------------------------------


def preview_taker(assignment) -> taking.Taker:
    membership = services.preview_membership(classroom=assignment.classroom)
    return taking.Taker(assignment=assignment, membership=membership, preview=True)


@_with_assignment
@require_safe
def preview(request, assignment):
    return taking.page(request, preview_taker(assignment))


@_with_assignment
@require_POST
def preview_start(request, assignment):
    return taking.start(request, preview_taker(assignment))


@_with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def preview_answer(request, assignment, question_id):
    return taking.answer(request, preview_taker(assignment), question_id)


@_with_assignment
@require_POST
def preview_submit(request, assignment):
    return taking.submit(request, preview_taker(assignment))


@_with_assignment
@require_POST
def preview_reset(request, assignment):
    services.preview_reset(assignment=assignment)
    messages.success(request, PREVIEW_RESET)
    return redirect("teachers:preview", assignment.public_id)
