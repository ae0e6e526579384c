"""Pages of classes: the teacher's classes, a class with its students and its code, the
teacher's time zone; a class's life (archive, delete, undo) and its students' (take off,
put back, a new personal link); and the student's side of joining (the join form, the
personal link shown once, coming back by it).

Every teacher's object is looked up through its owner first (classes.access): another
teacher's class or student answers 404, for any method, before anything else is looked at.
Whatever loses work asks first (classes.pages.confirm), and can be undone.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.exceptions import Ratelimited

from classes import limits, selectors, services, zones
from classes.access import context as _context
from classes.access import (
    in_teachers_zone,
    with_classroom,
    with_deleted_classroom,
    with_removed_student,
    with_student,
)
from classes.forms import ClassroomForm, JoinForm, ZoneForm
from classes.models import UNDO_DAYS, TeacherSettings
from classes.pages import RESTORED, confirm, crumbs, deleted_said
from common.text import fill
from quizzes import services as practice

CLASS_CREATED = gettext_noop("Class created. Give your students the code below.")
CODE_CHANGED = gettext_noop("New code made. The old code no longer works.")
CODE_ARCHIVED = gettext_noop(
    "The class is archived, so it takes no new students whatever the code: take it out of "
    "the archive first."
)
ZONE_SAVED = gettext_noop("Dates are now typed and shown in {zone}.")
ARCHIVED = gettext_noop(
    "Archived: the class takes no new students and is listed under “Archived classes”."
)
UNARCHIVED = gettext_noop("The class is back on your list and takes new students again.")
REMOVED = gettext_noop("{name} is off the class. Put them back from “Removed students” below.")
STUDENT_BACK = gettext_noop("{name} is back in the class, with their work.")
WELCOME_KEY = "joined"
WELCOME_BACK = gettext_noop("Welcome back, {name}.")


def _class_students(number: int) -> str:
    return ngettext("{count} student", "{count} students", number)


def _class_assignments(number: int) -> str:
    return ngettext("{count} assignment", "{count} assignments", number)


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
        messages.success(request, gettext(ZONE_SAVED).format(zone=name))
        return redirect("classes:dashboard")
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
        messages.success(request, gettext(CLASS_CREATED))
        return redirect("classes:classroom", classroom.public_id)
    return render(
        request,
        "teachers/classroom_new.html",
        _context(form=form),
        status=422 if form.errors else 200,
    )


# -- a class ---------------------------------------------------------------------------------------


@with_classroom
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
            join_url=request.build_absolute_uri(reverse("classes:join")),
        ),
    )


CODE_CONFIRM = [
    gettext_noop(
        "The code {code} stops working at once: anyone who has not joined yet needs the new "
        "one, and a code on a printed sheet or a message no longer lets anyone in."
    ),
    gettext_noop(
        "Students already in the class stay in, with their work. There is no undo: the old "
        "code cannot be brought back."
    ),
]


@with_classroom
@require_http_methods(["GET", "POST"])
def classroom_code(request, classroom):
    """GET asks first (in place, with htmx; otherwise on a page of its own); POST makes it.
    An archived class takes nobody, so its code is not changed."""
    if classroom.archived_at is not None:
        messages.error(request, gettext(CODE_ARCHIVED))
        return redirect("classes:classroom", classroom.public_id)
    if request.method == "GET":
        lines = [gettext(line).format(code=classroom.join_code_display) for line in CODE_CONFIRM]
        if request.htmx:
            return _join_code_part(request, classroom, confirm_code=lines)
        return confirm(
            request,
            title=gettext("Make a new code for “{name}”?").format(name=classroom.name),
            lines=lines,
            button=gettext("Make a new code"),
            back=reverse("classes:classroom", args=[classroom.public_id]),
            crumbs=crumbs(classroom),
        )
    services.classroom_regenerate_code(classroom=classroom)
    if request.htmx:
        return _join_code_part(request, classroom, code_changed=gettext(CODE_CHANGED))
    messages.success(request, gettext(CODE_CHANGED))
    return redirect("classes:classroom", classroom.public_id)


def _join_code_part(request, classroom, **extra):
    """The class page's join-code part, for htmx: asking first, or the new code made."""
    join_url = request.build_absolute_uri(reverse("classes:join"))
    context = _context(classroom=classroom, join_url=join_url, **extra)
    return render(request, "teachers/classroom.html#join-code", context)


@with_classroom
@require_POST
def classroom_archive(request, classroom):
    if request.POST.get("archive") == "no":
        services.classroom_unarchive(classroom=classroom)
        messages.success(request, gettext(UNARCHIVED))
    else:
        services.classroom_archive(classroom=classroom)
        messages.success(request, gettext(ARCHIVED))
    return redirect("classes:classroom", classroom.public_id)


@with_classroom
@require_http_methods(["GET", "HEAD", "POST"])
def classroom_delete(request, classroom):
    if request.method == "POST":
        services.classroom_delete(classroom=classroom)
        messages.success(request, deleted_said())
        return redirect("classes:dashboard")
    students = len(selectors.classroom_students(classroom=classroom))
    assignments = len(selectors.classroom_assignments(classroom=classroom))
    return confirm(
        request,
        title=gettext("Delete the class “{name}”?").format(name=classroom.name),
        lines=[
            fill(
                gettext("Its {students} and {assignments} go with it; its code stops working."),
                students=fill(_class_students(students), count=students),
                assignments=fill(_class_assignments(assignments), count=assignments),
            ),
            gettext("You can bring it back, with everything in it, for {days} days.").format(
                days=UNDO_DAYS
            ),
            gettext("To keep it but close it to new students, archive it instead."),
        ],
        button=gettext("Delete the class"),
        back=reverse("classes:classroom", args=[classroom.public_id]),
        crumbs=crumbs(classroom),
    )


@with_deleted_classroom
@require_POST
def classroom_restore(request, classroom):
    services.classroom_restore(classroom=classroom)
    messages.success(request, gettext(RESTORED))
    return redirect("classes:classroom", classroom.public_id)


# -- its students ---------------------------------------------------------------------------------


@never_cache
@with_classroom
@with_student
@require_http_methods(["GET", "POST"])
def student_link(request, classroom, student):
    """A new personal link for a student who lost theirs: shown once, here. GET asks first."""
    if request.method == "GET":
        name = student.display_name
        return confirm(
            request,
            title=gettext("Make a new personal link for {name}?").format(name=name),
            lines=[
                fill(
                    gettext(
                        "{name}'s old personal link stops working at once, and every browser "
                        "that came in with it is signed out of {name}."
                    ),
                    name=name,
                ),
                gettext(
                    "{name}'s work is kept: they carry on with the new link, shown to you once "
                    "on the next page. There is no undo: the old link cannot be brought back."
                ).format(name=name),
            ],
            button=gettext("Make a new link for {name}").format(name=name),
            back=reverse("classes:classroom", args=[classroom.public_id]),
            crumbs=crumbs(classroom),
        )
    secret = services.membership_new_link(membership=student)
    link = request.build_absolute_uri(reverse("classes:back", args=[secret]))
    return render(
        request,
        "teachers/student_link.html",
        _context(classroom=classroom, student=student, link=link),
    )


ACCOUNT_ALLOWED = gettext_noop(
    "{name}'s record may now join an account: the next sign-up or log-in from a browser "
    "that opened {name}'s personal link takes it in."
)
ACCOUNT_KEPT = gettext_noop(
    "{name}'s record stays with their personal link: no account can take it in."
)


@with_classroom
@with_student
@require_POST
def student_account(request, classroom, student):
    """The teacher's switch on the student's page: may an account take the record in?"""
    allow = request.POST.get("allow") == "yes"
    services.membership_account_allow(membership=student, allow=allow)
    messages.success(
        request,
        fill(gettext(ACCOUNT_ALLOWED if allow else ACCOUNT_KEPT), name=student.display_name),
    )
    return redirect("reports:student", classroom.public_id, student.public_id)


@with_classroom
@with_student
@require_http_methods(["GET", "HEAD", "POST"])
def student_remove(request, classroom, student):
    if request.method == "POST":
        services.membership_remove(membership=student)
        messages.success(request, fill(gettext(REMOVED), name=student.display_name))
        return redirect("classes:classroom", classroom.public_id)
    return confirm(
        request,
        title=gettext("Take {name} off the class?").format(name=student.display_name),
        lines=[
            gettext(
                "{name} leaves the class list and every gradebook, and can no "
                "longer open the class's assignments."
            ).format(name=student.display_name),
            gettext(
                "Their work is kept: put them back at any time from “Removed students”, or they "
                "come back themselves by joining again with the class code."
            ),
            gettext(
                "To keep someone out for good, make a new code for the class afterwards (on the "
                "class page) and give it only to your students."
            ),
        ],
        button=gettext("Take {name} off").format(name=student.display_name),
        back=reverse("classes:classroom", args=[classroom.public_id]),
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
        messages.success(request, fill(gettext(STUDENT_BACK), name=student.display_name))
    return redirect("classes:classroom", classroom.public_id)


# -- joining, for the student ----------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def join(request):
    if request.method in ("GET", "HEAD"):
        form = JoinForm(initial={"code": request.GET.get("code", "")})
        return render(request, "teachers/student/join.html", {"form": form})
    if limits.too_many_failures(request, "join"):
        raise Ratelimited
    form = JoinForm(request.POST)
    context = {"form": form}
    if form.is_valid():
        classroom = selectors.classroom_for_code(code=form.cleaned_data["code"])
        # At a shared computer, "someone else" joins as a new learner of this browser.
        someone_else = bool(request.POST.get("someone_else")) and not request.user.is_authenticated

        def learner_for_join():
            if someone_else:
                return services.learner_fresh_for_session(session=request.session)
            return practice.learner_for_request(request, create=True)

        try:
            membership, created = services.membership_join(
                classroom=classroom,
                display_name=form.cleaned_data["display_name"],
                learner_for_join=learner_for_join,
                form_key=form.cleaned_data["form_key"],
            )
        except services.JoinRefused as error:
            if error.field == "code":  # a wrong code: a guess, counted toward the rate limit
                limits.count_failure(request, "join")
            form.add_error(error.field, str(error))
        else:
            if created:
                return _welcome(request, membership)
            mine = request.session.get(practice.SESSION_KEY) == membership.learner_id
            if not (mine or request.user.is_authenticated or membership.learner.user_id):
                # The same form sent twice made two learners: this browser's is the student.
                services.session_restore_learner(session=request.session, membership=membership)
            context["already"] = membership
    status = 200 if context.get("already") else 422
    return render(request, "teachers/student/join.html", context, status=status)


def _welcome(request, membership):
    if membership.learner.user_id is None:
        secret = services.membership_new_link(membership=membership)
        link = request.build_absolute_uri(reverse("classes:back", args=[secret]))
    else:
        link = ""  # an account holder comes back by logging in
    request.session[services.STUDENT_KEY] = True  # the header links to their classes
    request.session[WELCOME_KEY] = {
        "classroom": membership.classroom.name,
        "name": membership.display_name,
        "link": link,
    }
    return redirect("classes:welcome")


@never_cache  # the personal link is a secret: no cache may keep this page
@require_safe
def welcome(request):
    """The personal link, shown once: reloading the page does not show it again."""
    joined = request.session.pop(WELCOME_KEY, None)
    return render(request, "teachers/student/welcome.html", {"joined": joined})


@require_safe
def back(request, secret):
    """A student's personal link: their work comes back into this browser.

    Only wrong links are limited. A personal link is opened by a plain GET, often in a
    browser with no cookie yet, so every such browser behind one school address looks the
    same to the limit: checked first, a guesser's wrong links would refuse the student's
    right one. A right link (32 random characters: no guesser finds one) always works."""
    membership = selectors.membership_for_link(secret=secret)
    if membership is None:
        if limits.too_many_failures(request, "link"):
            raise Ratelimited
        limits.count_failure(request, "link")
        raise Http404(
            "This personal link does not work (any more). Ask your teacher for a new one."
        )
    if request.user.is_authenticated or membership.learner.user_id is not None:
        return render(request, "teachers/student/link_account.html", {"membership": membership})
    services.session_restore_learner(session=request.session, membership=membership, via_link=True)
    messages.success(request, fill(gettext(WELCOME_BACK), name=membership.display_name))
    return redirect("assignments:student_classes")
