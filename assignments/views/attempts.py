"""The student's pages of their assignments: their classes with where they stand on each
assignment, and taking one (assignments.taking draws it, as it does the teacher's preview).

No account is needed: a student is the learner of their browser session (or of their
account, if they have one). A student sees only their own work; anything else is 404.
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from assignments import selectors, taking
from assignments.terms import FINAL, Terms, answers_visible, attempt_status, counted_attempt, terms
from classes import zones
from quizzes import services as practice

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


@require_safe
def student_classes(request):
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
def take(request, taker):
    return taking.page(request, taker)


@_with_assignment
@require_POST
def take_start(request, taker):
    return taking.start(request, taker)


@_with_assignment
@require_http_methods(["GET", "HEAD", "POST"])
def take_answer(request, taker, question_id):
    return taking.answer(request, taker, question_id)


@_with_assignment
@require_POST
def take_submit(request, taker):
    return taking.submit(request, taker)
