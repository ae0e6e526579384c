"""Reads of the sheet drill: the learner's sheet, its steps, and the page that shows them."""

from __future__ import annotations

from course.map import lesson_number, lesson_title, lesson_url
from quizzes import sheet_drill
from quizzes.models import Learner, SheetDrill, SheetStep
from quizzes.selectors.questions import question_context
from quizzes.selectors.standing import course_frontier, course_standing
from quizzes.skills import COURSE


def sheet_current(*, learner: Learner | None) -> SheetDrill | None:
    """The sheet the learner is filling in (or last filled in)."""
    if learner is None:
        return None
    return SheetDrill.objects.filter(learner=learner).order_by("-created", "-pk").first()


def sheet_for_learner(*, learner: dict | None, public_id: str) -> SheetDrill | None:
    """The learner's own sheet (`learner` a lookup, as in question_for_learner)."""
    if learner is None:
        return None
    owner = {f"learner__{field}": value for field, value in learner.items()}
    return SheetDrill.objects.filter(public_id=public_id, **owner).first()


def sheet_steps(drill: SheetDrill) -> int:
    return sheet_drill.step_count(drill.form, drill.deals)


def sheet_current_step(drill: SheetDrill) -> SheetStep:
    return drill.steps.select_related("question__answer").order_by("-number").first()


def sheet_step_done(step: SheetStep) -> bool:
    """Answered for good: right at once, or after the second try."""
    answer = getattr(step.question, "answer", None)
    return answer is not None and not answer.awaiting_retry


def sheet_context(*, drill: SheetDrill, form=None) -> dict:
    """The sheet drill's page: its steps so far, the current one, and the result at the end.
    `form`: the current step's answer form as sent and refused, drawn with its errors."""
    steps = list(drill.steps.select_related("question__answer"))
    total = sheet_steps(drill)
    current = steps[-1]
    done = sheet_step_done(current)
    rows = []
    for number in range(1, total + 1):
        step = steps[number - 1] if number <= len(steps) else None
        answer = getattr(step.question, "answer", None) if step else None
        if answer is None or answer.awaiting_retry:
            state = "now" if step else "later"
        elif answer.correct:
            state = "right"
        else:
            state = "second" if answer.retry_correct else "wrong"
        rows.append(
            {
                "number": number,
                "label": sheet_drill.step_label(drill.form, drill.deals, number),
                "state": state,
            }
        )
    finished = done and current.number == total
    context = {
        "drill": drill,
        "rows": rows,
        "total": total,
        "current": current,
        "current_q": question_context(question=current.question, form=form),
        "finished": finished,
    }
    if finished:
        first_time = sum(1 for row in rows if row["state"] == "right")
        context.update(
            first_time=first_time,
            final_sheet=sheet_final(drill),
        )
    return context


def sheet_final(drill: SheetDrill):
    """The finished sheet as the engine writes it, with any end-of-play bonus."""
    sheet = sheet_drill.finished_sheet(drill.form, drill.deals, drill.first_dealer or "we")
    if drill.form == "rubber":
        sheet.finish()
    return sheet


def sheet_readiness(*, learner: Learner | None, now) -> dict | None:
    """Where the learner is on the course, when it is before a sheet's lessons: a whole
    rubber uses everything up to its lesson (doubles, honors, the rubber's end), a
    chukker more. None once both are behind them."""
    at = course_frontier(course_standing(learner=learner, now=now))
    if at is None:
        return None
    ahead = [
        {"form": form, "number": lesson_number(skill), "name": lesson_title(skill)}
        for form, skill in sheet_drill.UPTO.items()
        if COURSE.index(skill) > COURSE.index(at)
    ]
    if not ahead:
        return None
    return {
        "number": lesson_number(at),
        "name": lesson_title(at),
        "lesson": lesson_url(at),
        "ahead": ahead,
    }
