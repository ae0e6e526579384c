"""Writes of questions and answers: a question drawn and served, an answer graded and counted."""

from __future__ import annotations

import json
import secrets

from django.db import IntegrityError, transaction

from quizzes.generator import generate
from quizzes.grading import grade
from quizzes.kinds import kind_for
from quizzes.models import Answer, Learner, Question
from quizzes.services.review_cards import review_plan, review_write
from quizzes.services.skill_progress import (
    answer_marks,
    progress_marks_of_many,
    progress_record_answer,
)
from quizzes.skills import EVERYTHING, taught_through


def question_new(
    *,
    learner: Learner,
    kind: str | None = None,
    skill: str | None = None,
    source: str = Question.Source.PRACTICE,
    seed: int | None = None,
    upto: str | None = None,
    single_idea: bool | None = None,
    taught: frozenset[str] | None = None,
) -> Question:
    """Draw a question (of a kind, or exercising a skill) and store it as served.

    With `upto` (a lesson's skill), it needs nothing taught after that lesson; with
    `taught`, nothing outside those skills (an assignment's scope).
    """
    seed = secrets.randbits(62) if seed is None else seed
    if taught is None:
        taught = taught_through(upto) if upto else EVERYTHING
    kind_obj, situation = generate(kind, seed, skill, taught, single_idea)
    return Question.objects.create(
        learner=learner,
        kind=kind_obj.key,
        seed=seed,
        situation=situation,
        skills=kind_obj.skills(situation),
        focus=skill or "",
        upto=upto or "",
        source=source,
    )


CHECK_REDRAWS = 40
"""How many draws a lesson check tries for a question unlike the ones it already holds."""


def check_new(*, learner: Learner, skill: str, count: int) -> list[Question]:
    """A lesson check's questions, only on what the course has taught up to the lesson:
    quick one-idea questions first, then a whole deal (the last). No two alike: the same
    question twice in three reads as a slip of the site. After CHECK_REDRAWS draws (a
    skill with very few situations) the last draw is taken."""
    taught = taught_through(skill)
    drawn, questions = set(), []
    for number in range(count):
        single_idea = number < count - 1
        for _ in range(CHECK_REDRAWS):
            seed = secrets.randbits(62)
            kind_obj, situation = generate(None, seed, skill, taught, single_idea)
            if situation_key(kind_obj.key, situation) not in drawn:
                break
        drawn.add(situation_key(kind_obj.key, situation))
        questions.append(
            question_new(
                learner=learner,
                skill=skill,
                source=Question.Source.CHECK,
                seed=seed,
                upto=skill,
                single_idea=single_idea,
            )
        )
    return questions


def question_fixed(
    *,
    learner: Learner,
    kind: str,
    situation: dict,
    source: str = Question.Source.ASSIGNMENT,
    upto: str = "",
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
        upto=upto,
    )


def answer_submit(*, question: Question, given: dict, credit: bool = True) -> tuple[Answer, bool]:
    """Grade once. A repeated submission (double click, back button) returns the first grade.

    With `credit` off the answer is stored but not yet counted in the learner's progress
    and review: its grade is not theirs to see yet (answers_credit counts it when it is)."""
    # The question's answer as it was loaded with it (select_related("answer")), else one
    # query. An answer saved since then is caught below, by the one-answer constraint.
    existing = getattr(question, "answer", None)
    if existing is not None:
        return existing, False
    kind = kind_for(question.kind)
    result = grade(kind, question.situation, given, _taught(question))
    answer = Answer(
        question=question,
        given=given,
        correct=result.correct,
        marks=[
            {
                "name": m.name,
                "given": m.given,
                "expected": m.expected,
                "right": m.right,
                **({"follows": True} if m.follows else {}),
            }
            for m in result.marks
        ],
        mistakes=result.mistake_keys,
        credited=credit,
    )
    # The cards are worked out from the cards as they are before the write transaction
    # starts, so that it holds the database only while writing. Two answers of one
    # learner at the same instant (two tabs) may each reschedule from the same card: the
    # later write stands.
    counted = _credit_plan(kind, question, result) if credit else None
    try:
        with transaction.atomic():
            answer.save(force_insert=True)
            if counted is not None:
                _credit_write(question.learner_id, *counted)
    except IntegrityError:
        # Another request graded it first: that grade stands.
        return Answer.objects.get(question=question), False
    return answer, True


def answers_credit(*, answers) -> int:
    """Count in progress and review the answers stored without it, now that their grades
    may be seen; each answer once, however often this is called. Returns how many.

    A live class's reveal counts one answer from each of up to 200 phones: they are
    counted together, each distinct answer graded once, the learners with the same
    marks counted in one UPDATE, and every card written in one upsert. One learner's
    several answers are counted in turn, so that each plan starts from the cards the one
    before left."""
    pending = [answer for answer in answers if not answer.credited]
    learners = [answer.question.learner_id for answer in pending]
    if len(set(learners)) < len(learners):
        return sum(_answers_credit_together([answer]) for answer in pending)
    return _answers_credit_together(pending)


def _answers_credit_together(answers: list[Answer]) -> int:
    """Count answers of distinct learners, in one transaction (the caller's, if any: a
    failure then undoes the whole, as a live class's reveal needs)."""
    if not answers:
        return 0
    grades = {}  # most phones give the same answer: each distinct one is graded once
    plans = {}
    for answer in answers:
        question = answer.question
        kind = kind_for(question.kind)
        taught = _taught(question)
        same = (
            question.kind,
            json.dumps(question.situation, sort_keys=True),
            json.dumps(answer.given, sort_keys=True),
            taught,
        )
        if same not in grades:
            grades[same] = grade(kind, question.situation, answer.given, taught)
        plans[answer.pk] = (question.learner_id, _credit_plan(kind, question, grades[same]))
    with transaction.atomic(savepoint=False):
        # Locked and read again: of two callers at once, the second finds them counted.
        fresh = list(
            Answer.objects.select_for_update()
            .filter(pk__in=plans, credited=False)
            .values_list("pk", flat=True)
        )
        Answer.objects.filter(pk__in=fresh).update(credited=True)
        together: dict[tuple, list[int]] = {}
        cards = []
        for pk in fresh:
            learner_id, (right, wrong, schedule) = plans[pk]
            marks = answer_marks(right, wrong)
            together.setdefault(tuple(marks.items()), []).append(learner_id)
            cards += schedule
        for marks, learner_ids in together.items():
            progress_marks_of_many(learner_ids, dict(marks))
        review_write(cards)
    for answer in answers:
        answer.credited = True
    return len(fresh)


def _taught(question: Question):
    return taught_through(question.upto) if question.upto else EVERYTHING


def _credit_plan(kind, question: Question, result) -> tuple:
    """What an answer changes in progress (its right and wrong skills) and review."""
    right, wrong = result.credit(question.skills)
    schedule = review_plan(
        learner_id=question.learner_id,
        right=right,
        wrong=wrong,
        shown=result.mistake_keys,
        avoided=_mistakes_avoided(kind, question, result),
    )
    return right, wrong, schedule


def _credit_write(learner_id: int, right: list[str], wrong: list[str], schedule) -> None:
    progress_record_answer(learner_id=learner_id, right=right, wrong=wrong)
    review_write(schedule)


def retry_submit(*, answer: Answer, given: dict) -> Answer:
    """The second try after a hint: graded and kept, once. Progress and review counted the
    first try, so they are left as they are."""
    if not answer.awaiting_retry:
        return answer
    question = answer.question
    result = grade(kind_for(question.kind), question.situation, given)
    updated = Answer.objects.filter(pk=answer.pk, retry_given__isnull=True).update(
        retry_given=given, retry_correct=result.correct
    )
    if updated:
        answer.retry_given, answer.retry_correct = given, result.correct
    else:  # another request gave the second try first: that one stands
        answer.refresh_from_db()
    return answer


def _mistakes_avoided(kind, question: Question, result) -> list[str]:
    """Misunderstandings this question could have shown, when its answer was right."""
    if not result.correct:
        return []
    return [m.key for m in kind.applicable_mistakes(question.situation)]


def situation_key(kind: str, situation: dict) -> tuple[str, str]:
    return kind, json.dumps(situation, sort_keys=True)
