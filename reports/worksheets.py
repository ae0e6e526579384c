"""Worksheets and answer keys: an assignment's questions on paper."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Max, OuterRef, Q, Subquery
from django.db.models.functions import Lower

from assignments import draws, review_quiz
from assignments.models import Assignment, Attempt, AttemptQuestion
from assignments.selectors import question_labels, worksheet_context
from classes.models import Membership
from quizzes.generator import generate
from quizzes.kinds import kind_for
from quizzes.kinds.sheets import HISTORY_AS_DEALS
from quizzes.models import Question

# -- worksheets and answer keys --------------------------------------------------------------------


@dataclass
class Sheet:
    """One printed set: for everyone, or for one student."""

    title: str
    items: list[dict]
    membership: Membership | None = None


def worksheets(*, assignment: Assignment, per_student: bool) -> list[Sheet]:
    """The sets to print: one for everyone (the first attempt's set), or each student's
    latest set.

    A student who has started prints the set of their latest attempt (not reset): the one
    they are working on, or the one they handed in last. One who has not prints the set
    they will be given when they start, drawn from the same seeds.
    """
    labels = question_labels(assignment)
    if not per_student:
        questions = _drawn_set(assignment, draws.EVERYONE)
        return [Sheet(assignment.title, _sheet_items(questions, labels))]
    # The class's students, each with the number their latest attempt has (reset or not:
    # a new attempt's number counts the reset ones), in one query; and the questions of
    # each one's latest attempt not reset, in another.
    students = list(
        Membership.objects.filter(classroom=assignment.classroom, is_preview=False)
        .annotate(last_number=Max("attempts__number", filter=Q(attempts__assignment=assignment)))
        .order_by(Lower("display_name"), "id")
    )  # as selectors.classroom_students lists them
    latest = Subquery(
        Attempt.objects.filter(
            assignment=assignment, membership=OuterRef("attempt__membership"), voided_at=None
        )
        .order_by("-number")
        .values("id")[:1]
    )
    items = AttemptQuestion.objects.filter(
        attempt__assignment=assignment, attempt__membership__in=students, attempt_id=latest
    ).select_related("question", "attempt")
    stored = defaultdict(list)
    for item in items.order_by("position"):
        stored[item.attempt.membership_id].append(item.question)
    sheets = []
    for student in students:
        who = draws.EVERYONE if assignment.same_for_everyone else student.public_id
        questions = stored.get(student.pk) or _drawn_set(
            assignment, who, (student.last_number or 0) + 1
        )
        sheets.append(Sheet(student.display_name, _sheet_items(questions, labels), student))
    return sheets


def _drawn_set(assignment: Assignment, who: str, number: int = 1) -> list[Question]:
    """The set of attempt `number` for `who`, drawn exactly as a student's attempt draws it
    (not stored)."""
    if assignment.preset == Assignment.Preset.REVIEW_000:
        variant = review_quiz.variant_seed(assignment.secret_seed, number)
        specs = [(q.kind, q.situation) for q in review_quiz.questions(variant)]
    elif assignment.fixed_questions:
        specs = [(q["kind"], q["situation"]) for q in assignment.fixed_questions]
    else:
        specs, taught = [], assignment.scope
        for p in draws.plan(
            kinds=assignment.kinds,
            skills=assignment.skills,
            count=assignment.question_count,
            secret=assignment.secret_seed,
            who=who,
            attempt=number,
            salts=assignment.salts,
            situation_of=assignment.situation_of,
        ):
            kind, situation = generate(p.topic.kind, p.seed, p.topic.skill, taught)
            specs.append((kind.key, situation))
    return [
        Question(kind=key, situation=situation, skills=kind_for(key).skills(situation))
        for key, situation in specs
    ]


def _sheet_items(questions: list[Question], labels: list[str]) -> list[dict]:
    """Each question of a sheet, marked `repeat` when a question of its kind came before on
    the same sheet: paper gives a kind's instructions once, not at every question. When
    the questions build on each other (deals listed as played before), the deals already
    on the paper above are not listed again (`chained`)."""
    items, seen = [], set()
    for question, label in zip(questions, labels, strict=False):
        situation = question.situation
        chained = situation.get("history_shown") == HISTORY_AS_DEALS and bool(
            situation.get("history")
        )
        items.append(
            {
                "label": label,
                "repeat": question.kind in seen,
                "chained": chained,
                **worksheet_context(question=question),
            }
        )
        seen.add(question.kind)
    _sheets_once(items)
    return items


def _sheets_once(items: list[dict]) -> None:
    """The key draws each sheet once. A chain's sheet is drawn at its last deal, as it holds
    all the others (`sheet_later`, said once per chain: `sheet_note`); a sheet the same as
    the one just drawn is not drawn again (`sheet_above`: the label of the question it is
    at). Where the sheet with the deal is drawn (`sheet_here`), the sheet before the deal
    is left out of the question (`before_below`): it is the same sheet less the deal."""
    drawn, drawn_at, later = None, "", False
    for item, after in zip(items, [*items[1:], None], strict=True):
        sheet = item["solution"].sheet
        item["sheet_later"] = bool(
            after and after["chained"] and after["question"].kind == item["question"].kind
        )
        item["sheet_note"] = item["sheet_later"] and not later
        later = item["sheet_later"]
        printed = _sheet_key(sheet)
        item["sheet_above"] = drawn_at if printed is not None and printed == drawn else ""
        item["sheet_here"] = printed is not None and not (
            item["sheet_later"] or item["sheet_above"]
        )
        if item["sheet_here"]:
            drawn, drawn_at = printed, item["label"]
        item["no_sheet"] = not item["sheet_here"]
        prompt = item.get("prompt")
        before = prompt.get("before_sheet") if isinstance(prompt, dict) else None
        item["before_below"] = bool(
            item["sheet_here"] and before is not None and before.deals == sheet.deals[:-1]
        )


def _sheet_key(sheet) -> tuple | None:
    """What makes two drawn sheets the same: their kind of sheet and their deals."""
    if sheet is None or not getattr(sheet, "deals", None):
        return None
    return (type(sheet).__name__, tuple(sheet.deals))
