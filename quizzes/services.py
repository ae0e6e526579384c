"""Writes of the practice app: learners, questions served, answers graded, progress."""

from __future__ import annotations

import json
import random
import secrets

from django.db import IntegrityError, transaction
from django.db.models import Case, Count, F, Subquery, Value, When
from django.db.models.functions import Concat, Right
from django.utils import timezone

from quizzes import daily, progress, review, selectors, sheet_drill
from quizzes.generator import generate
from quizzes.grading import grade
from quizzes.kinds import kind_for
from quizzes.models import (
    Answer,
    Learner,
    Question,
    ReviewCard,
    SheetDrill,
    SheetStep,
    SkillProgress,
)
from quizzes.signals import learner_merging
from quizzes.skills import EVERYTHING, SKILLS, taught_through

SESSION_KEY = "learner"
BORROWED_KEY = "learner_borrowed"
"""In a browser's session: its learner is not the browser's own but a class's student's,
brought in by their personal link. No account that signs up or logs in here takes that
learner in (learner_of_session): the student's record stays where the student has it."""


# -- learners ---------------------------------------------------------------------------


def learner_lookup(request) -> dict | None:
    """How a query finds this browser's learner; None when it has none yet.

    A signed-in user's learner, or else the session's, so long as no account has claimed
    it. Queries can filter by it without loading the learner first.
    """
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return {"user": user}
    pk = request.session.get(SESSION_KEY)
    return {"pk": pk, "user": None} if pk else None


def learner_for_request(request, *, create: bool = False) -> Learner | None:
    """The learner of this browser (or signed-in user); created on first need."""
    lookup = learner_lookup(request)
    learner = Learner.objects.filter(**lookup).first() if lookup else None
    if learner is not None or not create:
        return learner
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return learner_for_user(user=user, session_learner=learner_of_session(request))
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    request.session.pop(BORROWED_KEY, None)  # the browser's own
    return learner


def learner_of_session(request) -> Learner | None:
    """The browser's own learner, unless an account has claimed it (or it is a student's,
    brought in by their personal link: BORROWED_KEY)."""
    if request.session.get(BORROWED_KEY):
        return None
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
    """Move a browser's questions and progress into an account's learner, then delete it.

    Other apps take what they own of the browser's learner first (learner_merging): a
    class membership, say, which deleting the learner would otherwise delete with it.
    """
    learner_merging.send(sender=Learner, source=source, target=target)
    Question.objects.filter(learner=source).update(learner=target)
    SheetDrill.objects.filter(learner=source).update(learner=target)
    _review_merge(source=source, target=target)
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
            if _situation_key(kind_obj.key, situation) not in drawn:
                break
        drawn.add(_situation_key(kind_obj.key, situation))
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
            marks = _answer_marks(right, wrong)
            together.setdefault(tuple(marks.items()), []).append(learner_id)
            cards += schedule
        for marks, learner_ids in together.items():
            _progress_marks_of_many(learner_ids, dict(marks))
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


# -- progress -----------------------------------------------------------------------------


def progress_record(*, learner_id: int, skills: list[str], right: bool) -> None:
    """Add one answer to the learner's standing on each skill."""
    _progress_marks(learner_id, dict.fromkeys(skills, "1" if right else "0"))


def progress_record_answer(*, learner_id: int, right: list[str], wrong: list[str]) -> None:
    """Count an answer's credit (grading.Grade.credit): its right and wrong skills together.

    A wrong answer that blames no skill counts each of the question's skills both right
    and wrong (Grade.credit): right, then wrong."""
    _progress_marks(learner_id, _answer_marks(right, wrong))


def _answer_marks(right: list[str], wrong: list[str]) -> dict[str, str]:
    marks = dict.fromkeys(right, "1")
    for skill in dict.fromkeys(wrong):
        marks[skill] = marks.get(skill, "") + "0"
    return marks


def _progress_marks(learner_id: int, marks: dict[str, str]) -> None:
    """Append each skill's marks ("1" right, "0" wrong; "10" for both) to the learner's
    standing on it, as progress.push() does for each.

    The database does the counting (F() expressions), so that two answers at once both
    count. Most answers are on skills practised before: one UPDATE counts them, on the
    condition that every one of their rows is there (else it counts none). An answer on
    a skill met for the first time then makes the missing rows, empty (one upsert that
    leaves the counts of existing rows alone, even of one another answer has just made),
    and counts them all.
    """
    if not marks:
        return
    rows = SkillProgress.objects.filter(learner_id=learner_id, skill__in=marks)
    counted = _counted(marks)
    rows_there = rows.order_by().values("learner").annotate(count=Count("pk")).values("count")
    with transaction.atomic(savepoint=False):
        if rows.alias(there=Subquery(rows_there)).filter(there=len(marks)).update(**counted):
            return
        # An upsert rather than ignore_conflicts: SQLite's INSERT OR IGNORE would also
        # skip, silently, a row that a CHECK constraint refuses.
        SkillProgress.objects.bulk_create(
            [SkillProgress(learner_id=learner_id, skill=skill) for skill in marks],
            update_conflicts=True,
            unique_fields=["learner", "skill"],
            update_fields=["updated"],
        )
        rows.update(**counted)


def _progress_marks_of_many(learner_ids: list[int], marks: dict[str, str]) -> None:
    """The same marks for each of several learners (no learner twice): their missing rows
    made (one upsert), then all counted in one UPDATE."""
    if not marks or not learner_ids:
        return
    SkillProgress.objects.bulk_create(
        [
            SkillProgress(learner_id=learner, skill=skill)
            for learner in learner_ids
            for skill in marks
        ],
        update_conflicts=True,
        unique_fields=["learner", "skill"],
        update_fields=["updated"],
    )
    SkillProgress.objects.filter(learner_id__in=learner_ids, skill__in=marks).update(
        **_counted(marks)
    )


def _counted(marks: dict[str, str]) -> dict:
    """Each skill's row with its marks appended (the last progress.RECENT kept) and
    counted: F() expressions, so that answers at once all count."""
    return {
        "recent": Right(Concat("recent", _per_skill(marks, str)), progress.RECENT),
        "answered": F("answered") + _per_skill(marks, len),
        "right": F("right") + _per_skill(marks, lambda mark: mark.count("1")),
        "updated": timezone.now(),
    }


def _per_skill(marks: dict[str, str], value_of):
    """`value_of` each skill's marks, as one value when they are all alike, else a CASE
    on the skill."""
    skills_by_value: dict = {}
    for skill, mark in marks.items():
        skills_by_value.setdefault(value_of(mark), []).append(skill)
    *others, (default, _) = skills_by_value.items()
    if not others:
        return Value(default)
    return Case(
        *(When(skill__in=skills, then=Value(value)) for value, skills in others),
        default=Value(default),
    )


def weakest_skill(*, learner: Learner | None) -> str:
    """The skill to practise next: the one most overdue for review, else the weakest."""
    due = selectors.due_keys(learner=learner, now=timezone.now())
    skills = [key for key in due if key in SKILLS]
    if skills:
        return skills[0]
    recent = {}
    if learner is not None:
        recent = dict(SkillProgress.objects.filter(learner=learner).values_list("skill", "recent"))
    # Ties keep course order, so a newcomer starts at the beginning.
    return min(SKILLS, key=lambda s: progress.weakness(recent.get(s, "")))


# -- spaced review ------------------------------------------------------------------------


def review_record(**answer) -> None:
    """Schedule the next reviews an answer calls for, at once: review_plan's arguments, and
    then review_write. (An answer itself does the two apart, around its write transaction.)"""
    review_write(review_plan(**answer))


def review_plan(
    *,
    learner_id: int,
    right: list[str],
    wrong: list[str],
    shown: list[str] = (),
    avoided: list[str] = (),
    now=None,
) -> list[ReviewCard]:
    """Schedule the next review of each skill an answer touched, and of each misunderstanding
    it showed (rated wrong) or could have shown and did not (rated right, once shown before).

    This works the cards out from the cards as they are (one read); review_write stores
    them (one upsert), whatever their number. An answer works the cards out before its
    write transaction, so that the transaction holds the database only while writing.
    """
    now = now or timezone.now()
    ratings = dict.fromkeys(right, True)
    ratings.update(dict.fromkeys(wrong, False))
    ratings.update({review.mistake_key(key): False for key in shown})
    avoided_keys = [review.mistake_key(key) for key in avoided if key not in shown]
    keys = [*ratings, *avoided_keys]
    if not keys:
        return []
    existing = {
        key: (card, reviews, lapses)
        for key, card, reviews, lapses in ReviewCard.objects.filter(
            learner_id=learner_id, key__in=keys
        ).values_list("key", "card", "reviews", "lapses")
    }
    # A misunderstanding is scheduled once it has been shown: avoiding one never shown
    # before is not news.
    ratings.update({key: True for key in avoided_keys if key in existing})
    # Cards with the same past and the same rating get the same schedule, worked out once:
    # the skills of one kind of question are mostly reviewed together, and every new card
    # starts alike.
    scheduled = {}
    cards = []
    for key, was_right in ratings.items():
        old_card, reviews, lapses = existing.get(key, (None, 0, 0))
        past = json.dumps(old_card, sort_keys=True) if old_card is not None else None
        card = scheduled.get((past, was_right))
        if card is None:
            card = scheduled[past, was_right] = review.review(old_card, right=was_right, now=now)
        cards.append(
            ReviewCard(
                learner_id=learner_id,
                key=key,
                card=card,
                due=review.due_at(card),
                last_review=now,
                reviews=reviews + 1,
                lapses=lapses + (not was_right),
            )
        )
    return cards


def review_write(plan: list[ReviewCard]) -> None:
    """Store the cards review_plan worked out: one upsert."""
    if not plan:
        return
    ReviewCard.objects.bulk_create(
        plan,
        update_conflicts=True,
        unique_fields=["learner", "key"],
        update_fields=["card", "due", "last_review", "reviews", "lapses"],
    )


def _mistakes_avoided(kind, question: Question, result) -> list[str]:
    """Misunderstandings this question could have shown, when its answer was right."""
    if not result.correct:
        return []
    return [m.key for m in kind.applicable_mistakes(question.situation)]


def _review_merge(*, source: Learner, target: Learner) -> None:
    """The browser's schedule joins the account's; where both have a card, the one
    reviewed last stands."""
    theirs = {card.key: card for card in ReviewCard.objects.filter(learner=target)}
    for card in ReviewCard.objects.filter(learner=source):
        mine = theirs.get(card.key)
        if mine is not None and mine.last_review >= card.last_review:
            continue
        if mine is not None:
            mine.delete()
        card.learner = target
        card.save(update_fields=["learner"])


# -- today's set --------------------------------------------------------------------------


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


def _situation_key(kind: str, situation: dict) -> tuple[str, str]:
    return kind, json.dumps(situation, sort_keys=True)


def _fresh_daily_seed(*, learner: Learner, now, step, seed: int | None) -> int:
    """A seed whose question the day's set has not asked yet: the same contract and tricks
    twice in one set reads as a slip of the site, and teaches nothing new. After
    DAILY_REDRAWS draws (a skill with very few situations) the last draw is taken."""
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    asked = {
        _situation_key(kind, situation)
        for kind, situation in Question.objects.filter(
            learner=learner, source=Question.Source.DAILY, created__gte=start
        ).values_list("kind", "situation")
    }
    taught = taught_through(step.upto) if step.upto else EVERYTHING
    draws = random.Random(seed) if seed is not None else None
    candidate = seed if seed is not None else secrets.randbits(62)
    for _ in range(DAILY_REDRAWS):
        kind_obj, situation = generate(None, candidate, step.skill, taught, step.single_idea)
        if _situation_key(kind_obj.key, situation) not in asked:
            break
        candidate = draws.getrandbits(62) if draws is not None else secrets.randbits(62)
    return candidate


# -- the sheet drill ----------------------------------------------------------------------


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
