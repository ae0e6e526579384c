"""Writes of today's set: its next question, never one it has asked already that day."""

from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.utils import timezone

from quizzes import daily, selectors
from quizzes.generator import generate
from quizzes.models import Learner, Question
from quizzes.services.questions import question_new, situation_key
from quizzes.skills import EVERYTHING, taught_through


@transaction.atomic
def daily_next(*, learner: Learner, now=None, seed: int | None = None) -> Question | None:
    """The next question of today's set: the one still open, else a new one, or None
    once today's set is done. A second click finds the open question, not a new one."""
    now = now or timezone.now()
    Learner.objects.select_for_update().filter(pk=learner.pk).first()  # one at a time
    open_question = (
        Question.objects.filter(learner=learner, source=Question.Source.DAILY, answer__isnull=True)
        .order_by("-created")
        .first()
    )
    if open_question is not None:
        return open_question
    done = selectors.daily_answered_today(learner=learner, now=now)
    if done >= daily.DAILY_SIZE:
        return None
    due = selectors.due_keys(learner=learner, now=now)
    # The same course position every page names (selectors.course_position).
    path = selectors.path_of(selectors.course_standing(learner=learner, now=now, due=due))
    upcoming = []
    if daily.frontier(**path) is None and not due:
        upcoming = selectors.upcoming_keys(learner=learner, count=daily.DAILY_SIZE)
    # The skills asked so far today, oldest first: no skill three times in a row.
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    recent = list(
        Question.objects.filter(learner=learner, source=Question.Source.DAILY, created__gte=start)
        .order_by("created", "pk")
        .values_list("focus", flat=True)
    )
    step = daily.next_step(
        path["levels"],
        due,
        done,
        path["answered"],
        upcoming,
        path["passed"],
        recent=recent,
        held=path["held"],
    )
    return question_new(
        learner=learner,
        skill=step.skill,
        source=Question.Source.DAILY,
        upto=step.upto,
        single_idea=step.single_idea,
        seed=_fresh_daily_seed(learner=learner, now=now, step=step, seed=seed),
    )


DAILY_REDRAWS = 40
"""How many draws today's set tries for a situation it has not asked yet today."""


def _fresh_daily_seed(*, learner: Learner, now, step, seed: int | None) -> int:
    """A seed whose question the day's set has not asked yet: the same contract and tricks
    twice in one set reads as a slip of the site, and teaches nothing new. After
    DAILY_REDRAWS draws (a skill with very few situations) the last draw is taken."""
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    asked = {
        situation_key(kind, situation)
        for kind, situation in Question.objects.filter(
            learner=learner, source=Question.Source.DAILY, created__gte=start
        ).values_list("kind", "situation")
    }
    taught = taught_through(step.upto) if step.upto else EVERYTHING
    draws = random.Random(seed) if seed is not None else None
    candidate = seed if seed is not None else secrets.randbits(62)
    for _ in range(DAILY_REDRAWS):
        kind_obj, situation = generate(None, candidate, step.skill, taught, step.single_idea)
        if situation_key(kind_obj.key, situation) not in asked:
            break
        candidate = draws.getrandbits(62) if draws is not None else secrets.randbits(62)
    return candidate
