"""Writes of the sheet drill: a new sheet, and its next step once the current one is done."""

from __future__ import annotations

import random
import secrets

from django.db import IntegrityError, transaction

from quizzes import selectors, sheet_drill
from quizzes.models import Learner, Question, SheetDrill, SheetStep
from quizzes.services.questions import question_fixed


def sheet_start(*, learner: Learner, form: str, after: str = "", seed: int | None = None):
    """A new sheet for the learner, its first step served.

    `after` is the sheet the learner was looking at when they asked ("" for none): if a
    newer one exists (the same form sent twice), that one is returned, not another.
    """
    seed = secrets.randbits(62) if seed is None else seed
    with transaction.atomic():
        Learner.objects.select_for_update().filter(pk=learner.pk).first()  # one at a time
        latest = SheetDrill.objects.filter(learner=learner).order_by("-created", "-pk").first()
        if latest is not None and latest.public_id != after:
            return latest
        dealt = sheet_drill.plan(form, random.Random(seed))
        drill = SheetDrill.objects.create(
            learner=learner,
            form=form,
            seed=seed,
            deals=dealt.deals,
            first_dealer=dealt.first_dealer,
        )
        _sheet_step(drill, 1)
    return drill


def sheet_next(*, drill: SheetDrill) -> SheetStep:
    """The sheet's next step once the current one is done (a right answer, or a second
    try); else the current one. Sent twice, it serves one step."""
    with transaction.atomic():
        current = selectors.sheet_current_step(drill)
        if not selectors.sheet_step_done(current) or current.number >= selectors.sheet_steps(drill):
            return current
        try:
            with transaction.atomic():
                return _sheet_step(drill, current.number + 1)
        except IntegrityError:  # the other click served it
            return drill.steps.select_related("question").get(number=current.number + 1)


def _sheet_step(drill: SheetDrill, number: int) -> SheetStep:
    kind, situation = sheet_drill.step(drill.form, drill.deals, drill.first_dealer or "we", number)
    question = question_fixed(
        learner=drill.learner,
        kind=kind,
        situation=situation,
        source=Question.Source.SHEET,
        upto=sheet_drill.UPTO[drill.form],
    )
    return SheetStep.objects.create(drill=drill, number=number, question=question)
