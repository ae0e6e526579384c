"""Writes of a live class: starting a session, joining it, the teacher's controls, answers.

Every change that the students' phones must see moves the session's `version` on in the
same statement, so a phone's poll can be answered "nothing new" (304) by comparing one
number. An answer and the teacher's "Show the answer" are serialised on the session's row
(SQLite: one writer at a time; PostgreSQL: the row's lock), so an answer is either counted
before the reveal or refused after it, never both.
"""

from __future__ import annotations

import re
import secrets

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from assignments import draws, review_quiz, services
from assignments.models import question_set
from classes.models import Classroom, Membership
from common.ids import JOIN_CODE_ALPHABET
from common.titles import live_record_title
from lessons.deals import SAMPLE_RUBBER
from live import names, selectors
from live.models import SESSION_CODE_LENGTH, LiveQuestion, LiveSession, Player, PlayerAnswer
from quizzes import services as practice
from quizzes.generator import generate
from quizzes.kinds import UnknownQuestion, kind_for
from quizzes.kinds.sheets import HISTORY_AS_DEALS
from quizzes.models import Learner, Question
from quizzes.skills import EVERYTHING

POINTS = 100
"""A right answer's points; a partly right one earns its share of the boxes."""

# The messages stay English strings (tests reuse them); LiveError says them in the
# reader's language, and gettext_noop marks them for the catalogue.
NOT_ASKING = gettext_noop(
    "This question is closed: its answer has been shown, so no more answers are taken."
)
NOT_ASKED_YET = gettext_noop("That question has not been asked yet: wait for it on your screen.")
PAUSED = gettext_noop(
    "Your teacher has paused the class. Your answer is still here: send it when they carry on."
)
FINISHED = gettext_noop("This live class has ended.")
NAME_TAKEN = gettext_noop(
    "Someone in this class already has that name. Add an initial, like “Ana B.”."
)
CODE_UNKNOWN = gettext_noop(
    "No live class has that code. Check it on the teacher's screen and try again."
)
NOT_IN_CLASS = gettext_noop(
    "This code is for the students already in the class. Type the class's code on the "
    "teacher's screen instead (eight letters and digits), with your name: it lets you in."
)
CLASS_CLOSED = gettext_noop("This live class has ended: its class is closed.")
MAX_PLAYERS = 200
"""Phones in one live class: more than any room, and a bound on what a script can add."""
ROOM_FULL_TEXT = gettext_noop(
    "This live class is full: it takes {count} phones. Share a phone with a neighbour, "
    "or ask your teacher."
)
ROOM_FULL = ROOM_FULL_TEXT.format(count=MAX_PLAYERS)


class LiveError(ValueError):
    """A request the live class cannot take, with a message for the person who sent it."""

    def __init__(self, message: str, field: str | None = None):
        # One of the messages above, in the active language (a message already said in it,
        # with its figures filled in, has no entry of its own and stays as it is).
        super().__init__(gettext(message))
        self.field = field


# -- starting ----------------------------------------------------------------------------------


def _new_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(SESSION_CODE_LENGTH))


def session_create(
    *,
    teacher,
    title: str,
    classroom: Classroom | None = None,
    mode: str = LiveSession.Mode.QUIZ,
    sequence: str = LiveSession.Sequence.DRAWN,
    kinds: list[str] = (),
    skills: list[str] = (),
    leave_out: list[str] = (),
    question_count: int = 5,
    teams: bool = False,
    first_board: int = 1,
    board_count: int = 3,
    table_count: int = 2,
    movement: str = LiveSession.Movement.NONE,
    form_key: str | None = None,
) -> LiveSession:
    """A new session in its lobby, with a code to read out and (quiz mode) its questions."""
    if form_key:
        sent = LiveSession.objects.filter(teacher=teacher, form_key=form_key).first()
        if sent is not None:
            return sent  # the start form sent twice: one session
    for _ in range(10):
        try:
            with transaction.atomic():
                session = LiveSession.objects.create(
                    teacher=teacher,
                    classroom=classroom,
                    title=title,
                    code=_new_code(),
                    mode=mode,
                    sequence=sequence,
                    **question_set(
                        kinds=kinds,
                        skills=skills,
                        leave_out=leave_out,
                        question_count=question_count,
                    ),
                    teams=teams,
                    first_board=first_board,
                    board_count=board_count,
                    table_count=table_count,
                    movement=movement,
                    form_key=form_key,
                )
                if mode == LiveSession.Mode.QUIZ:
                    LiveQuestion.objects.bulk_create(_questions(session))
                return session
        except IntegrityError:
            if form_key and LiveSession.objects.filter(teacher=teacher, form_key=form_key):
                return LiveSession.objects.get(teacher=teacher, form_key=form_key)
            continue  # a code in use at another live class: draw another
    raise RuntimeError("Could not find a free session code")  # pragma: no cover


_OWN_NUMBER = re.compile(r"^\d+[a-z]?: ")


def _unnumbered(label: str) -> str:
    """A review quiz's label without its own number ("1a: rubber, deal a"): the screen
    numbers the questions itself ("Question 1 of 9"), once."""
    return _OWN_NUMBER.sub("", label)


def _questions(session: LiveSession) -> list[LiveQuestion]:
    """The session's questions, drawn once so that every phone gets the same situation."""
    if session.sequence == LiveSession.Sequence.REVIEW_QUIZ:
        return [
            LiveQuestion(
                session=session,
                position=i,
                label=_unnumbered(q.label),
                kind=q.kind,
                situation=q.situation,
            )
            for i, q in enumerate(review_quiz.questions())
        ]
    if session.sequence == LiveSession.Sequence.SAMPLE_RUBBER:
        deals = [d.as_data() for d in SAMPLE_RUBBER]
        return [
            LiveQuestion(
                session=session,
                position=i,
                label=f"Sample rubber, deal {i + 1}",
                kind="rubber_deal",
                situation={"history": deals[:i], "deal": deal, "history_shown": HISTORY_AS_DEALS},
            )
            for i, deal in enumerate(deals)
        ]
    taught = draws.scope(kinds=session.kinds, skills=session.skills, leave_out=session.leave_out)
    planned = draws.plan(
        kinds=session.kinds,
        skills=session.skills,
        count=session.question_count,
        secret=session.secret_seed,
        who=draws.EVERYONE,
        attempt=1,
        situation_of=draws.distinct_by(taught),  # stored as drawn: no question asked twice
    )
    result = []
    for p in planned:
        kind, situation = generate(p.topic.kind, p.seed, p.topic.skill, taught)
        result.append(
            LiveQuestion(
                session=session,
                position=p.position,
                label=p.topic.label,
                kind=kind.key,
                situation=situation,
            )
        )
    return result


# -- joining -------------------------------------------------------------------------------


def player_join(
    *,
    session: LiveSession,
    learner: Learner,
    name: str,
    membership: Membership | None = None,
    team: str = "",
) -> Player:
    """The learner's player in the session: found again if they joined before (a phone
    that comes back keeps its name, answers and points), else a new one."""
    if session.is_finished:
        raise LiveError(FINISHED)
    existing = Player.objects.filter(session=session, learner=learner).first()
    if existing is not None:
        return existing
    if session.classroom_id is not None:
        # A class's live class: its students only, while the class is open.
        if not Classroom.objects.filter(pk=session.classroom_id, archived_at=None).exists():
            raise LiveError(CLASS_CLOSED, field="code")
        if membership is None:
            membership = Membership.objects.filter(
                classroom_id=session.classroom_id, learner=learner, is_preview=False
            ).first()
        if membership is None or membership.classroom_id != session.classroom_id:
            raise LiveError(NOT_IN_CLASS, field="code")
        name = membership.display_name
    name = names.normalised(name)
    key = names.name_key(name)
    if Player.objects.filter(session=session, name_key=key).exists():
        raise LiveError(NAME_TAKEN, field="name")
    try:
        with transaction.atomic():
            # Joins of one session queue on its row, so the room's limit holds exactly.
            LiveSession.objects.select_for_update().filter(pk=session.pk).first()
            if Player.objects.filter(session=session).count() >= MAX_PLAYERS:
                raise LiveError(gettext(ROOM_FULL_TEXT).format(count=MAX_PLAYERS), field="code")
            player = Player.objects.create(
                session=session,
                learner=learner,
                membership=membership,
                name=name,
                name_key=key,
                team=team,
            )
    except IntegrityError:
        existing = Player.objects.filter(session=session, learner=learner).first()
        if existing is not None:
            return existing
        raise LiveError(NAME_TAKEN, field="name") from None
    return player


# -- the teacher's controls ------------------------------------------------------------------


def _change(session: LiveSession, **fields) -> None:
    with transaction.atomic():
        LiveSession.objects.filter(pk=session.pk).update(version=F("version") + 1, **fields)
    session.refresh_from_db()


def session_next(*, session: LiveSession, now=None) -> LiveQuestion | None:
    """Ask the next question (the first, from the lobby); after the last, end the session."""
    now = now or timezone.now()
    if session.is_finished:
        return None
    following = session.questions.filter(
        position__gt=session.position if session.position is not None else -1
    ).first()
    if following is None:
        session_finish(session=session, now=now)
        return None
    with transaction.atomic():
        LiveQuestion.objects.filter(pk=following.pk, asked_at=None).update(asked_at=now)
        LiveSession.objects.filter(pk=session.pk).update(
            version=F("version") + 1,
            phase=LiveSession.Phase.ASKING,
            position=following.position,
            paused=False,
        )
    session.refresh_from_db()
    return following


def session_reveal(*, session: LiveSession, now=None) -> bool:
    """Show the answer on every screen; no answer is taken for this question after it."""
    if session.phase != LiveSession.Phase.ASKING:
        return False
    now = now or timezone.now()
    with transaction.atomic():  # shown and counted, or neither
        LiveSession.objects.select_for_update().filter(pk=session.pk).first()
        LiveQuestion.objects.filter(session=session, position=session.position).update(
            revealed_at=now
        )
        LiveSession.objects.filter(pk=session.pk).update(
            version=F("version") + 1, phase=LiveSession.Phase.REVEALED, paused=False
        )
        _credit(session, position=session.position)
    session.refresh_from_db()
    return True


def _credit(session: LiveSession, position: int | None = None) -> None:
    """Count the answers now shown (one question's, or every question's not skipped) in
    each learner's progress and review, as practice answers count."""
    answers = PlayerAnswer.objects.filter(
        live_question__session=session,
        live_question__skipped=False,
        question__answer__credited=False,
    )
    if position is not None:
        answers = answers.filter(live_question__position=position)
    practice.answers_credit(
        answers=[p.question.answer for p in answers.select_related("question__answer")]
    )


def session_pause(*, session: LiveSession, paused: bool) -> None:
    """Hold answers while the teacher explains; what phones have typed stays on them."""
    if session.phase == LiveSession.Phase.ASKING:
        _change(session, paused=paused)


def session_skip(*, session: LiveSession, now=None) -> LiveQuestion | None:
    """Leave the question on the screen unmarked (it counts for nobody) and go on."""
    with transaction.atomic():  # skipped and moved on, or neither
        if session.phase == LiveSession.Phase.ASKING and session.position is not None:
            LiveQuestion.objects.filter(session=session, position=session.position).update(
                skipped=True
            )
        return session_next(session=session, now=now)


def session_reask(*, session: LiveSession, now=None) -> LiveQuestion | None:
    """Ask again, right now, the shown question that most got wrong (a fresh go for all)."""
    missed = selectors.most_missed(session)
    if missed is None or session.is_finished:
        return None
    with transaction.atomic():
        last = session.questions.order_by("-position").first()
        # Made past the end first: the questions after the one on the screen then move
        # down one place each (the last first), and this one takes the place they left.
        again = LiveQuestion.objects.create(
            session=session,
            position=last.position + 2,
            label=f"Again: {missed.label}" if missed.label else "Asked again",
            kind=missed.kind,
            situation=_fresh_deal(session, missed),
            repeat_of=missed.repeat_of or missed,
            asked_at=now or timezone.now(),
        )
        later = session.questions.filter(
            position__gt=session.position, position__lt=again.position
        ).order_by("-position")
        for question in later:
            LiveQuestion.objects.filter(pk=question.pk).update(position=question.position + 1)
        LiveQuestion.objects.filter(pk=again.pk).update(position=session.position + 1)
        LiveSession.objects.filter(pk=session.pk).update(
            version=F("version") + 1,
            phase=LiveSession.Phase.ASKING,
            position=session.position + 1,
            paused=False,
        )
    session.refresh_from_db()
    again.refresh_from_db()
    return again


FRESH_TRIES = 60


def _fresh_deal(session: LiveSession, missed: LiveQuestion) -> dict:
    """A new situation of the missed question's kind, not the one just shown (the room
    would only remember its answer), on which the room's commonest slip can be made
    again and that exercises the same skills; failing those, any other of its kind."""
    kind = kind_for(missed.kind)
    slip = selectors.commonest_slip(missed)
    skills = set(kind.skills(missed.situation))
    if session.sequence == LiveSession.Sequence.DRAWN:
        taught = draws.scope(
            kinds=session.kinds, skills=session.skills, leave_out=session.leave_out
        )
    else:
        taught = EVERYTHING
    fallback = None
    for salt in range(1, FRESH_TRIES + 1):
        seed = draws.question_seed(
            secret=session.secret_seed,
            who=draws.EVERYONE,
            attempt=2,
            position=missed.position,
            salt=salt + 1000 * missed.repeats.count(),
        )
        try:
            _, situation = generate(missed.kind, seed, taught=taught)
        except UnknownQuestion:
            break
        if situation == missed.situation:
            continue
        fallback = fallback or situation
        slips = {m.key for m in kind.applicable_mistakes(situation)}
        if (slip is None or slip in slips) and skills <= set(kind.skills(situation)):
            return situation
    return fallback or missed.situation  # a kind with one situation only: asked as it was


def session_finish(*, session: LiveSession, now=None) -> None:
    """End the session: its code is freed, and a class's gradebook gets its results."""
    if session.is_finished:
        return
    now = now or timezone.now()
    with transaction.atomic():  # ended, counted and in the gradebook, or none of them
        _change(session, phase=LiveSession.Phase.FINISHED, paused=False, code=None, finished_at=now)
        _credit(session)
        if session.classroom_id is not None and session.mode == LiveSession.Mode.QUIZ:
            _to_gradebook(session, now)


def _to_gradebook(session: LiveSession, now) -> None:
    """The questions asked (not skipped), as an assignment each student who took part has
    handed in: the class gradebook, the class-wide view and their CSVs show it.

    A question asked again ("Ask again the one most got wrong") is left out: the gradebook
    holds each question once, graded on its first asking, so a student right the first time
    who leaves the second go blank loses nothing (and a second go never raises a grade the
    first did not earn). Re-asks still count for points on the screen's standing."""
    asked = list(
        session.questions.filter(asked_at__isnull=False, skipped=False, repeat_of__isnull=True)
    )
    students = [p for p in session.players.select_related("membership") if p.membership_id]
    if not asked or not students:
        return
    place = {q.pk: i for i, q in enumerate(asked)}
    answered: dict = {p.membership: {} for p in students}
    for answer in PlayerAnswer.objects.filter(
        player__in=students, live_question__in=asked
    ).select_related("question", "player__membership"):
        answered[answer.player.membership][place[answer.live_question_id]] = answer.question
    assignment = services.assignment_record_fixed(
        classroom=session.classroom,
        title=live_record_title(session.title),
        questions=[
            {"label": q.label or kind_for(q.kind).title, "kind": q.kind, "situation": q.situation}
            for q in asked
        ],
        answered=answered,
        opened=session.created,
        closed=now,
    )
    # Each student started when the first question reached them (when asked, or when they
    # joined after it), not when the record is written at the end.
    first_asked = min(q.asked_at for q in asked)
    for player in students:
        assignment.attempts.filter(membership=player.membership).update(
            started=min(max(player.joined, first_asked), now)
        )
    LiveSession.objects.filter(pk=session.pk).update(assignment=assignment)
    session.assignment = assignment


# -- answers -------------------------------------------------------------------------------


def answer_give(
    *, player: Player, live_question: LiveQuestion, given: dict
) -> tuple[PlayerAnswer, bool]:
    """Grade a phone's answer to the question on the screen, once.

    Sent twice (a double tap, a phone that resends when its connection comes back), the
    first stands. Refused once the answer has been shown, while paused, or for a question
    that is not the one on the screen.
    """
    with transaction.atomic():
        session = LiveSession.objects.select_for_update().get(pk=player.session_id)
        existing = PlayerAnswer.objects.filter(player=player, live_question=live_question).first()
        if existing is not None:
            return existing, False
        if session.is_finished:
            raise LiveError(FINISHED)
        if session.phase != LiveSession.Phase.ASKING or session.position != live_question.position:
            raise LiveError(NOT_ASKING)
        if session.paused:
            raise LiveError(PAUSED)
        question = practice.question_fixed(
            learner=player.learner,
            kind=live_question.kind,
            situation=live_question.situation,
            source=Question.Source.ASSIGNMENT,
        )
        # Counted in the phone's learner's progress at the reveal (_credit), not before.
        answer, _ = practice.answer_submit(question=question, given=given, credit=False)
        right_boxes = sum(1 for mark in answer.marks if mark["right"])
        boxes = len(answer.marks) or 1
        recorded = PlayerAnswer.objects.create(
            player=player,
            live_question=live_question,
            question=question,
            correct=answer.correct,
            points=POINTS if answer.correct else POINTS * right_boxes // boxes,
            mistakes=list(answer.mistakes),
        )
    return recorded, True


SEEN_EVERY = 15
"""Seconds between two writes of a phone's last poll: enough to tell who has dropped out."""


def player_seen(*, player: Player, now=None) -> None:
    """When the phone last asked: the teacher's screen tells who has dropped out."""
    now = now or timezone.now()
    if player.last_seen is None or (now - player.last_seen).total_seconds() > SEEN_EVERY:
        Player.objects.filter(pk=player.pk).update(last_seen=now)
        player.last_seen = now


def fields_of(live_question: LiveQuestion):
    return kind_for(live_question.kind).fields(live_question.situation)
