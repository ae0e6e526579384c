"""Reads of today's set and the practice page: reviews due, answers today, recent questions."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext

from quizzes import daily, progress, review
from quizzes.models import Answer, Learner, Question, ReviewCard
from quizzes.skills import SKILLS


def recent_questions(*, learner: Learner | None, count: int = 5) -> list[Question]:
    if learner is None:
        return []
    return list(
        Question.objects.select_related("answer")
        .filter(learner=learner, answer__isnull=False, answer__credited=True)
        .order_by("-answer__created")[:count]
    )


def progress_totals(rows: list[dict]) -> dict:
    return {level: sum(1 for r in rows if r["level"] == level) for level in progress.LEVELS}


def today_summary(*, learner: Learner | None, now, due: list[str] | None = None) -> dict:
    """Today's set for the practice page: reviews due, questions done, the day streak."""
    if learner is None:
        return {"due": 0, "done": 0, "size": daily.DAILY_SIZE, "streak": 0, "finished": False}
    due = due_keys(learner=learner, now=now)
    done = daily_answered_today(learner=learner, now=now)
    right = daily_answered_today(learner=learner, now=now, correct=True) if done else 0
    days = Answer.objects.filter(
        question__learner=learner, created__gte=now - timedelta(days=400)
    ).dates("created", "day")
    return {
        "due": len([key for key in due if key in SKILLS]),
        "due_mistakes": len([key for key in due if key not in SKILLS]),
        "done": done,
        "right": right,
        "verdict": set_verdict(right, done),
        "size": daily.DAILY_SIZE,
        "streak": daily.streak(list(days), timezone.localdate(now)),
        "finished": done >= daily.DAILY_SIZE,
    }


def due_keys(*, learner: Learner | None, now) -> list[str]:
    """The learner's cards due for review by `now`, most overdue first."""
    if learner is None:
        return []
    return list(
        ReviewCard.objects.filter(learner=learner, due__lte=now)
        .order_by("due", "key")
        .values_list("key", flat=True)
    )


def upcoming_keys(*, learner: Learner, count: int) -> list[str]:
    """The learner's skill cards that come due soonest, due or not."""
    return list(
        ReviewCard.objects.filter(learner=learner)
        .exclude(key__startswith=review.MISTAKE_PREFIX)
        .order_by("due", "key")
        .values_list("key", flat=True)[:count]
    )


def daily_answered_today(*, learner: Learner, now, correct: bool | None = None) -> int:
    """Today's set's questions answered today; only those right at the first try if
    `correct`."""
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    answers = Answer.objects.filter(
        question__learner=learner,
        question__source=Question.Source.DAILY,
        created__gte=start,
    )
    if correct is not None:
        answers = answers.filter(correct=correct)
    return answers.count()


def set_verdict(right: int, done: int) -> str:
    """A word on a finished set that fits its score: praise only when it was earned."""
    if not done:
        return ""
    if right == done:
        return gettext("Every one right. Well played.")
    if right * 10 >= done * 8:
        return gettext("Well played.")
    if right * 2 >= done:
        return gettext("A fair start: the ones you missed will come back in the days ahead.")
    return gettext("A hard set. Have another look at the lesson below, then try a few more.")
