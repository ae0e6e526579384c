"""Reads of the practice app: what a question page, a check block or a progress page shows."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from quizzes import daily, progress
from quizzes.forms import answer_form
from quizzes.grading import changed_lines
from quizzes.kinds import kind_for
from quizzes.models import Answer, Learner, Question, ReviewCard, SkillProgress
from quizzes.skills import SKILLS
from scoring import MISTAKES


def question_for_learner(*, learner: dict | None, public_id: str) -> Question | None:
    """The learner's own practice question, or None.

    `learner` is a lookup that finds the learner (services.learner_lookup), which spares
    loading the learner first. Another learner's question is never shown, and neither is
    a question of an assignment: those are answered (and their answers revealed) only on
    the assignment's own pages, under the teacher's rules.
    """
    if learner is None:
        return None
    owner = {f"learner__{field}": value for field, value in learner.items()}
    return (
        Question.objects.select_related("answer")
        .filter(public_id=public_id, **owner)
        .exclude(source=Question.Source.ASSIGNMENT)
        .first()
    )


def question_base_context(question: Question) -> dict:
    """What every page of a question shows, on screen or on paper: kind, situation, skills.

    Never the answer: the kind's prompt is what the learner is told to work from.
    """
    kind = kind_for(question.kind)
    return {
        "question": question,
        "kind": kind,
        "s": question.situation,
        "prompt": kind.prompt(question.situation),
        "skill_names": [SKILLS[s] for s in dict.fromkeys(question.skills) if s in SKILLS],
    }


def choice_text(field, value):
    """What a learner reads for an answer's value: a choice's text, or the value itself."""
    return dict(field.choices).get(value, value) if field.choices else value


def question_context(*, question: Question, form=None) -> dict:
    context = question_base_context(question)
    kind = context["kind"]
    fields = kind.fields(question.situation)
    answer = getattr(question, "answer", None)
    context.update(attributes=kind.attributes(question.situation), answer=answer)
    if answer is None:
        context["form"] = form if form is not None else answer_form(fields)
        return context
    # Answered: only now is the engine's answer computed and shown.
    solution = context["solution"] = kind.solve(question.situation)
    labels = {f.name: f for f in fields}
    context.update(
        marks=[_mark_display(mark, labels[mark["name"]]) for mark in answer.marks],
        mistakes=[
            {
                "mistake": MISTAKES[key],
                "lines": changed_lines(kind, question.situation, MISTAKES[key], solution),
            }
            for key in answer.mistakes
            if key in MISTAKES
        ],
    )
    return context


def _mark_display(mark: dict, field) -> dict:
    return {
        **mark,
        "label": field.label,
        "given_text": choice_text(field, mark["given"]),
        "expected_text": choice_text(field, mark["expected"]),
    }


def check_questions(*, learner: Learner | None, skill: str, count: int) -> list[Question]:
    if learner is None:
        return []
    latest = (
        Question.objects.select_related("answer")
        .filter(learner=learner, source=Question.Source.CHECK, focus=skill)
        .order_by("-created", "-id")[:count]
    )
    return list(reversed(latest))


def recent_questions(*, learner: Learner | None, count: int = 5) -> list[Question]:
    if learner is None:
        return []
    return list(
        Question.objects.select_related("answer")
        .filter(learner=learner, answer__isnull=False)
        .order_by("-answer__created")[:count]
    )


def progress_rows(*, learner: Learner | None) -> list[dict]:
    """Every skill with the learner's standing on it, in course order."""
    rows = {}
    if learner is not None:
        rows = {row.skill: row for row in SkillProgress.objects.filter(learner=learner)}
    result = []
    for key, name in SKILLS.items():
        row = rows.get(key)
        recent = row.recent if row else ""
        level = progress.level(recent)
        result.append(
            {
                "skill": key,
                "name": name,
                "level": level,
                "level_name": progress.LEVEL_NAMES[level],
                "recent": recent,
                "answered": row.answered if row else 0,
                "right": row.right if row else 0,
            }
        )
    return result


def progress_totals(*, learner: Learner | None) -> dict:
    rows = progress_rows(learner=learner)
    return {level: sum(1 for r in rows if r["level"] == level) for level in progress.LEVELS}


def today_summary(*, learner: Learner | None, now) -> dict:
    """Today's set for the practice page: reviews due, questions done, the day streak."""
    if learner is None:
        return {"due": 0, "done": 0, "size": daily.DAILY_SIZE, "streak": 0, "finished": False}
    due = due_keys(learner=learner, now=now)
    done = daily_answered_today(learner=learner, now=now)
    days = Answer.objects.filter(
        question__learner=learner, created__gte=now - timedelta(days=400)
    ).dates("created", "day")
    return {
        "due": len([key for key in due if key in SKILLS]),
        "due_mistakes": len([key for key in due if key not in SKILLS]),
        "done": done,
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


def daily_answered_today(*, learner: Learner, now) -> int:
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    return Answer.objects.filter(
        question__learner=learner,
        question__source=Question.Source.DAILY,
        created__gte=start,
    ).count()
