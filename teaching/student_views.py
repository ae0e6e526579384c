"""Students' pages: joining a class with its code, coming back by personal link, assignments.

No account is needed: a student is the learner of their browser session (or of their
account, if they have one). A student sees only their own work; anything else is 404.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.exceptions import Ratelimited

from assignments.terms import FINAL, Terms, answers_visible, attempt_status, counted_attempt, terms
from common.text import fill
from quizzes import services as practice
from teaching import limits, selectors, services, taking, zones
from teaching.forms import JoinForm

WELCOME_KEY = "joined"
WELCOME_BACK = "Welcome back, {name}."
NOT_YOUR_ASSIGNMENT = "There is no such assignment, or it is not for you."


def _with_assignment(view):
    @wraps(view)
    def wrapper(request, assignment_id, *args, **kwargs):
        learner = practice.learner_for_request(request)
        found = selectors.assignment_for_student(learner=learner, public_id=assignment_id)
        if found is None:
            raise Http404(NOT_YOUR_ASSIGNMENT)
        assignment, membership = found
        taker = taking.Taker(assignment=assignment, membership=membership)
        # Dates as the teacher set them, in the teacher's zone, named on the page.
        zones.activate(zones.zone_of_classroom(membership.classroom))
        try:
            return view(request, taker, *args, **kwargs)
        finally:
            timezone.deactivate()

    return wrapper


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
        link = request.build_absolute_uri(reverse("join:back", args=[secret]))
    else:
        link = ""  # an account holder comes back by logging in
    request.session[services.STUDENT_KEY] = True  # the header links to their classes
    request.session[WELCOME_KEY] = {
        "classroom": membership.classroom.name,
        "name": membership.display_name,
        "link": link,
    }
    return redirect("join:welcome")


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
    messages.success(request, fill(WELCOME_BACK, name=membership.display_name))
    return redirect("join:classes")


@require_safe
def classes(request):
    """The student's classes and their assignments, with where they stand on each."""
    learner = practice.learner_for_request(request)
    memberships = selectors.memberships_for_learner(learner=learner)
    attempts = selectors.student_attempts(memberships=memberships)
    allowed = selectors.student_allowances(memberships=memberships)
    now = timezone.now()
    rows = []
    for membership in memberships:
        assignments = []
        for assignment in membership.classroom.assignments.all():
            key = (assignment.pk, membership.pk)
            rules = terms(assignment, allowed.get(key))
            assignments.append(
                {
                    "assignment": assignment,
                    "terms": rules,
                    "not_open": not rules.has_opened(now),
                    "past_due": rules.is_past_due(now),
                    **_standing(attempts.get(key, []), rules, now),
                }
            )
        zone = zones.zone_of_classroom(membership.classroom)
        rows.append({"membership": membership, "assignments": assignments, "zone": zone})
    return render(request, "teachers/student/classes.html", {"rows": rows})


def _standing(attempts: list, rules: Terms, now) -> dict:
    """Where the student is (their latest attempt), and their mark: the attempt that counts,
    chosen as the gradebook chooses it, once it takes no more answers and its answers show."""
    if not attempts:
        return {"attempt": None, "mark": None, "mark_earlier": False}
    latest, counted = attempts[-1], counted_attempt(attempts)
    final = attempt_status(counted, rules, now) in FINAL
    mark = counted if final and answers_visible(rules, counted, now) else None
    return {"attempt": latest, "mark": mark, "mark_earlier": mark is not None and mark != latest}


@_with_assignment
@require_safe
def assignment(request, taker):
    return taking.page(request, taker)


@_with_assignment
@require_POST
def assignment_start(request, taker):
    return taking.start(request, taker)


@_with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_answer(request, taker, question_id):
    return taking.answer(request, taker, question_id)


@_with_assignment
@require_POST
def assignment_submit(request, taker):
    return taking.submit(request, taker)
