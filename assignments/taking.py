"""Taking an assignment: the pages a student sees, and the teacher's preview of them.

The student's pages and the preview are the same code with different addresses, so the
preview is exactly what a student sees (it only ignores the opening and due dates).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from assignments import selectors, services
from assignments.models import Assignment, Attempt
from assignments.selectors import worksheet_context
from assignments.terms import Terms, answers_visible, counted_attempt, terms, terms_for
from classes.models import Membership
from quizzes.forms import answer_form
from quizzes.kinds import kind_for
from quizzes.selectors import choice_text, question_context

SUBMITTED = gettext_noop("Your answers are handed in.")
ANSWER_SAVED = gettext_noop("Answer saved.")
STARTED = gettext_noop("Your questions are ready. Each answer is saved as soon as you give it.")
HIDDEN_UNTIL_SUBMIT = gettext_noop("You will see the right answers when you submit.")
HIDDEN_UNTIL_DUE = gettext_noop("You will see the right answers after the due date.")


@dataclass(frozen=True)
class Taker:
    """Who is taking the assignment, and the addresses their forms post to."""

    assignment: Assignment
    membership: Membership
    preview: bool = False

    def _name(self, action: str) -> str:
        prefix = "assignments:preview" if self.preview else "assignments:take"
        return prefix if action == "page" else f"{prefix}_{action}"

    def url(self, action: str = "page", *args) -> str:
        return reverse(self._name(action), args=[self.assignment.public_id, *args])

    @cached_property
    def terms(self) -> Terms:
        """The student's own dates and attempts (the class's, for the teacher's preview)."""
        if self.preview:
            return terms(self.assignment)
        return terms_for(self.assignment, self.membership)


def _hidden_message(assignment: Assignment) -> str:
    if assignment.show_answers == Assignment.ShowAnswers.AFTER_DUE:
        return gettext(HIDDEN_UNTIL_DUE)
    return gettext(HIDDEN_UNTIL_SUBMIT)


def _state(taker: Taker, now, forms=None, position: int | None = None) -> dict:
    """Everything the page shows: the attempt, its questions, what may be done next."""
    assignment, forms, rules = taker.assignment, forms or {}, taker.terms
    attempts = selectors.attempts_with_questions(assignment=assignment, membership=taker.membership)
    current = attempts[-1] if attempts else None
    accepts = taker.preview or rules.accepts_answers(now)
    in_progress = current is not None and current.submitted_at is None and accepts
    visible = answers_visible(rules, current, now)
    labels = selectors.question_labels(assignment)
    items = [
        _item_context(taker, item, labels, forms.get(item.question_id), in_progress, visible)
        for item in (current.items.all() if current else [])
    ]
    counts = selectors.item_counts(current.items.all() if current else [])
    one_at_a_time = in_progress and assignment.layout == Assignment.Layout.ONE_AT_A_TIME
    graded = _graded(attempts, current, rules, now)
    if one_at_a_time and items:
        if position is None:
            unanswered = [ctx["number"] for ctx in items if ctx["answer"] is None]
            position = unanswered[0] if unanswered else len(items)
        position = min(max(position, 1), len(items))
    shown = [items[position - 1]] if one_at_a_time and items else items
    return {
        "taker": taker,
        "assignment": assignment,
        "classroom": assignment.classroom,
        "membership": taker.membership,
        "preview": taker.preview,
        "attempts": attempts,
        "attempt": current,
        "earlier": [_summary(a, rules, now) for a in attempts[:-1]],
        "graded": graded,
        "items": items,
        "shown": shown,
        "position": position if one_at_a_time else None,
        "one_at_a_time": one_at_a_time,
        "answered": counts.answered,
        "right": counts.right,
        "in_progress": in_progress,
        "visible": visible,
        "terms": rules,
        "not_open": not taker.preview and not rules.has_opened(now),
        "past_due": not taker.preview and rules.is_past_due(now),
        "attempts_left": rules.attempts_allowed - len(attempts),
        "can_start": accepts
        and (current is None or current.submitted_at is not None)
        and len(attempts) < rules.attempts_allowed,
        "page_url": taker.url(),
        "start_url": taker.url("start"),
        "submit_url": taker.url("submit"),
        "section": "teachers" if taker.preview else "",
        "replaceable": taker.preview and selectors.replaceable(assignment),
        "time_zone": timezone.get_current_timezone_name(),
    }


SAVE_BUTTON = gettext_noop("Save my answer")
SAVE_NOTES = {
    # Shown only where answers are not marked on the spot; each setting says when they are.
    Assignment.ShowAnswers.AFTER_SUBMIT: gettext_noop(
        "Your answer is kept as you send it and cannot be changed afterwards; "
        "it is marked when you hand in your answers, and you see the right answers then."
    ),
    Assignment.ShowAnswers.AFTER_DUE: gettext_noop(
        "Your answer is kept as you send it and cannot be changed afterwards; "
        "it is marked after the due date, when you see the right answers."
    ),
}


def _item_context(taker, item, labels, form, in_progress: bool, visible: bool) -> dict:
    """One question as the student sees it: to answer, answered, or closed unanswered."""
    ctx = question_context(question=item.question, form=form)
    ctx.update(
        action_url=taker.url("answer", item.question.public_id),
        label=selectors.label_at(labels, item.position),
        number=item.position + 1,
        closed=ctx["answer"] is None and not in_progress and form is None,
    )
    if ctx["answer"] is not None and not visible:
        ctx["feedback_hidden"] = _hidden_message(taker.assignment)
        # What the student sent, box by box, to read over before handing in (not marked).
        given = ctx["answer"].given
        ctx["given_rows"] = [
            {"label": field.label, "text": choice_text(field, given.get(field.name))}
            for field in ctx["kind"].fields(item.question.situation)
        ]
    if ctx["answer"] is None and not visible:
        # Nothing is marked on the spot here: the button says what it does.
        note = SAVE_NOTES.get(taker.assignment.show_answers)
        ctx.update(button=gettext(SAVE_BUTTON), save_note=gettext(note) if note else None)
    if ctx["closed"] and visible:
        # Left blank, and the answers now show: this one's too, with the engine's working.
        key = worksheet_context(question=item.question)
        ctx.update(show_key=True, answers=key["answers"], solution=key["solution"])
    return ctx


def _graded(attempts: list[Attempt], current, rules: Terms, now) -> dict | None:
    """The attempt the gradebook grades, chosen as it chooses it (gradebook.counted_attempt:
    the best handed in), when it is not the one on the page and its answers show."""
    if len(attempts) < 2:
        return None
    for attempt in attempts:
        attempt.right = selectors.item_counts(attempt.items.all()).right
    counted = counted_attempt(attempts)
    if counted is current or not answers_visible(rules, counted, now):
        return None
    return _summary(counted, rules, now)


def _summary(attempt: Attempt, rules: Terms, now) -> dict:
    counts = selectors.item_counts(attempt.items.all())
    return {
        "number": attempt.number,
        "submitted_at": attempt.submitted_at,
        "right": counts.right,
        "total": counts.total,
        "visible": answers_visible(rules, attempt, now),
    }


def _position(request) -> int | None:
    try:
        return int(request.GET.get("n", ""))
    except ValueError:
        return None


def page(request, taker: Taker, *, forms=None, position=None, status=200, blanks=0):
    context = _state(taker, timezone.now(), forms, position or _position(request))
    context["confirm_blanks"] = blanks
    return render(request, "teachers/take.html", context, status=status)


def start(request, taker: Taker):
    try:
        services.attempt_start(
            assignment=taker.assignment, membership=taker.membership, preview=taker.preview
        )
    except services.AnswersClosed as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext(STARTED))
    return redirect(taker.url())


def answer(request, taker: Taker, question_public_id: str):
    item = selectors.item_for_student(
        assignment=taker.assignment,
        membership=taker.membership,
        question_public_id=question_public_id,
    )
    if item is None:
        raise Http404(services.NOT_IN_ATTEMPT)
    if request.method in ("GET", "HEAD"):
        # A question's own address leads to it on the assignment's page.
        return redirect(f"{taker.url()}?n={item.position + 1}#q-{question_public_id}")
    question = item.question
    form = answer_form(kind_for(question.kind).fields(question.situation), data=request.POST)
    if hasattr(question, "answer"):
        return _after_answer(request, taker, item)  # a replay: the first answer stands
    if not form.is_valid():
        return _refused(request, taker, item, form, status=422)
    try:
        services.attempt_answer(
            item=item, given=form.cleaned_data, preview=taker.preview, rules=taker.terms
        )
    except services.AnswersClosed as error:
        form.add_error(None, str(error))
        if not request.htmx:
            messages.error(request, str(error))
        return _refused(request, taker, item, form, status=403)
    return _after_answer(request, taker, item)


def _refused(request, taker, item, form, status):
    if request.htmx:
        # The form with its message replaces the question: htmx swaps a 422 in place (the
        # layout says so); answers refused for a closed assignment come back as a 200.
        return _fragment(request, taker, item, form, status=status if status == 422 else 200)
    return page(
        request, taker, forms={item.question_id: form}, position=item.position + 1, status=status
    )


def _after_answer(request, taker: Taker, item):
    if request.htmx:
        return _fragment(request, taker, item)
    anchor = f"#q-{item.question.public_id}"
    assignment = taker.assignment
    if assignment.layout == Assignment.Layout.ALL_ON_ONE_PAGE:
        return redirect(taker.url() + anchor)
    if answers_visible(taker.terms, item.attempt, timezone.now()):
        # Stay on the question, so its feedback shows; the pager leads on.
        return redirect(f"{taker.url()}?n={item.position + 1}{anchor}")
    messages.success(request, gettext(ANSWER_SAVED))
    return redirect(taker.url())  # on to the first question still unanswered


def _fragment(request, taker: Taker, item, form=None, status=200):
    """The answered question, and the progress and navigation around it, swapped in place."""
    context = _state(
        taker, timezone.now(), {item.question_id: form} if form else None, item.position + 1
    )
    current = [ctx for ctx in context["items"] if ctx["question"].pk == item.question_id]
    if current:
        context["item"] = current[0]
    else:
        # A question of an earlier attempt, from a tab left open: shown as it now stands.
        now = timezone.now()
        context["item"] = _item_context(
            taker,
            item,
            selectors.question_labels(taker.assignment),
            form,
            in_progress=False,
            visible=answers_visible(taker.terms, item.attempt, now),
        )
    return render(request, "teachers/take_fragment.html", context, status=status)


def submit(request, taker: Taker):
    attempt = selectors.latest_attempt(assignment=taker.assignment, membership=taker.membership)
    if attempt is not None and attempt.submitted_at is None and request.POST.get("blanks") != "yes":
        # Blank questions count as wrong: asked once more before handing in.
        counts = selectors.item_counts(attempt.items.select_related("question__answer"))
        if counts.answered < counts.total:
            return page(request, taker, blanks=counts.total - counts.answered)
    if attempt is not None:
        try:
            changed = services.attempt_submit(attempt=attempt, preview=taker.preview)
        except services.AnswersClosed as error:
            messages.error(request, str(error))
        else:
            messages.success(request, gettext(SUBMITTED if changed else services.ALREADY_SUBMITTED))
    return redirect(taker.url())
