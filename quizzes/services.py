"""Writes of the practice app: learners, questions served, answers graded, progress."""

from __future__ import annotations

import random
import secrets

from django.db import IntegrityError, transaction
from django.db.models import F

from quizzes import progress
from quizzes.generator import generate, kind_for
from quizzes.grading import grade
from quizzes.models import Answer, Learner, Question, SkillProgress
from quizzes.skills import SKILLS

SESSION_KEY = "learner"
REVIEW_CHANCE = 0.15  # how often a mastered skill comes back for review


# -- learners ---------------------------------------------------------------------------


def learner_for_request(request, *, create: bool = False) -> Learner | None:
    """The learner of this browser (or signed-in user); created on first need."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        learner = Learner.objects.filter(user=user).first()
        if learner is None and create:
            learner = learner_for_user(user=user, session_learner=_session_learner(request))
        return learner
    learner = _session_learner(request)
    if learner is None and create:
        learner = Learner.objects.create()
        request.session[SESSION_KEY] = learner.pk
    return learner


def _session_learner(request) -> Learner | None:
    pk = request.session.get(SESSION_KEY)
    return Learner.objects.filter(pk=pk, user=None).first() if pk else None


@transaction.atomic
def learner_for_user(*, user, session_learner: Learner | None = None) -> Learner:
    """The user's learner. Progress made before signing in is kept: it moves to the user."""
    learner = Learner.objects.select_for_update().filter(user=user).first()
    if learner is None:
        if session_learner is not None and session_learner.user_id is None:
            session_learner.user = user
            session_learner.save(update_fields=["user"])
            return session_learner
        return Learner.objects.create(user=user)
    if session_learner is not None and session_learner.pk != learner.pk:
        learner_merge(source=session_learner, target=learner)
    return learner


@transaction.atomic
def learner_merge(*, source: Learner, target: Learner) -> None:
    """Move a browser's questions and progress into an account's learner."""
    Question.objects.filter(learner=source).update(learner=target)
    for row in SkillProgress.objects.filter(learner=source):
        mine, _ = SkillProgress.objects.get_or_create(learner=target, skill=row.skill)
        mine.recent = (mine.recent + row.recent)[-progress.RECENT :]
        mine.answered += row.answered
        mine.right += row.right
        mine.save()
    source.delete()


# -- questions ----------------------------------------------------------------------------


def question_new(
    *,
    learner: Learner,
    kind: str | None = None,
    skill: str | None = None,
    source: str = Question.Source.PRACTICE,
    seed: int | None = None,
) -> Question:
    """Draw a question (of a kind, or exercising a skill) and store it as served."""
    seed = secrets.randbits(62) if seed is None else seed
    kind_obj, situation = generate(kind, seed, skill)
    return Question.objects.create(
        learner=learner,
        kind=kind_obj.key,
        seed=seed,
        situation=situation,
        skills=kind_obj.skills(situation),
        focus=skill or "",
        source=source,
    )


def question_fixed(
    *,
    learner: Learner,
    kind: str,
    situation: dict,
    source: str = Question.Source.ASSIGNMENT,
) -> Question:
    """Store a question with a given situation (a worked example, a ready-made quiz)."""
    kind_obj = kind_for(kind)
    kind_obj.solve(situation)  # refuse a situation the engine cannot score
    return Question.objects.create(
        learner=learner,
        kind=kind,
        seed=0,
        situation=situation,
        skills=kind_obj.skills(situation),
        source=source,
    )


def answer_submit(*, question: Question, given: dict) -> tuple[Answer, bool]:
    """Grade once. A repeated submission (double click, back button) returns the first grade."""
    existing = Answer.objects.filter(question=question).first()
    if existing is not None:
        return existing, False
    kind = kind_for(question.kind)
    result = grade(kind, question.situation, given)
    try:
        with transaction.atomic():
            answer = Answer.objects.create(
                question=question,
                given=given,
                correct=result.correct,
                marks=[
                    {"name": m.name, "given": m.given, "expected": m.expected, "right": m.right}
                    for m in result.marks
                ],
                mistakes=result.mistake_keys,
            )
            progress_record(
                learner_id=question.learner_id, skills=question.skills, right=result.correct
            )
    except IntegrityError:
        # Another request graded it first: that grade stands.
        return Answer.objects.get(question=question), False
    return answer, True


# -- progress -----------------------------------------------------------------------------


def progress_record(*, learner_id: int, skills: list[str], right: bool) -> None:
    for skill in dict.fromkeys(skills):
        row, _ = SkillProgress.objects.get_or_create(learner_id=learner_id, skill=skill)
        row.recent = progress.push(row.recent, right)
        row.answered = F("answered") + 1
        row.right = F("right") + (1 if right else 0)
        row.save(update_fields=["recent", "answered", "right", "updated"])


def weakest_skill(*, learner: Learner | None, rng: random.Random | None = None) -> str:
    """The skill to practise next: the weakest, and now and then a mastered one to review."""
    rng = rng or random.Random()
    recent = {}
    if learner is not None:
        recent = dict(SkillProgress.objects.filter(learner=learner).values_list("skill", "recent"))
    mastered = [s for s in SKILLS if progress.level(recent.get(s, "")) == "mastered"]
    if mastered and rng.random() < REVIEW_CHANCE:
        return rng.choice(mastered)
    # Ties keep course order, so a newcomer starts at the beginning.
    return min(SKILLS, key=lambda s: progress.weakness(recent.get(s, "")))
