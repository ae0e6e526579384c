"""What each screen of a live class shows, as template contexts (reads only).

The phone's context never holds the engine's answer before the teacher shows it: before
the reveal it has the situation and the boxes, and after the phone has answered only
"received".
"""

from __future__ import annotations

from live import selectors, tables
from live.models import LiveQuestion, LiveSession, Player
from quizzes.forms import answer_form
from quizzes.kinds import kind_for
from quizzes.models import Question
from quizzes.selectors import question_base_context, question_context


def _situation(live_question: LiveQuestion) -> dict:
    """The question as shown to everyone (not any one player's row): its prompt only."""
    kind = kind_for(live_question.kind)
    shown = Question(
        public_id=f"live-{live_question.pk}",
        kind=live_question.kind,
        situation=live_question.situation,
        skills=kind.skills(live_question.situation),
        source=Question.Source.ASSIGNMENT,
    )
    return question_base_context(shown)


def _solution(live_question: LiveQuestion) -> dict:
    """The question with the engine's answer, each box as it reads, and its working."""
    q = _situation(live_question)
    solution = q["solution"] = q["kind"].solve(live_question.situation)
    q["right"] = [
        {"label": field.label, "text": field.text(solution.answer.get(field.name))}
        for field in q["kind"].fields(live_question.situation)
    ]
    return q


def phone(player: Player, *, form=None, message: str = "") -> dict:
    """`player` as selectors.player_for_browser reads it: with `answered_now`."""
    session = player.session
    if session.mode == LiveSession.Mode.TABLES:
        return tables.phone_context(player, message=message)
    stage = selectors.stage(session)
    live_question = stage.question
    context = {
        "session": session,
        "player": player,
        "live_question": live_question,
        "answered": None,
        "message": message,
        "etag": selectors.phone_etag(version=session.version, answered=player.answered_now),
        "count": stage.count,
    }
    phase = session.phase
    if phase == LiveSession.Phase.ASKING and not player.answered_now:
        q = _situation(live_question)
        q["form"] = form or answer_form(
            kind_for(live_question.kind).fields(live_question.situation)
        )
        context["q"] = q
    elif phase == LiveSession.Phase.REVEALED and live_question is not None:
        answered = selectors.answer_of(player, live_question) if player.answered_now else None
        context["answered"] = answered
        if answered is not None:
            context["q"] = question_context(question=answered.question)
        else:
            context["q"] = _solution(live_question)
    if stage.standings is not None:
        context["standings"] = stage.standings
        context["mine"] = selectors.standing_of(stage.standings, player)
    return context


def screen(session: LiveSession) -> dict:
    if session.mode == LiveSession.Mode.TABLES:
        return tables.screen_context(session)
    live_question = selectors.current_question(session)
    players = list(session.players.all())
    context = {
        "session": session,
        "players": players,
        "live_question": live_question,
        "count": session.questions.count(),
        "etag": selectors.screen_etag(session),
    }
    if live_question is not None and session.phase in (
        LiveSession.Phase.ASKING,
        LiveSession.Phase.REVEALED,
    ):
        context["tally"] = selectors.tally(live_question, len(players))
        context["q"] = (
            _solution(live_question)
            if session.phase == LiveSession.Phase.REVEALED
            else _situation(live_question)
        )
        context["is_last"] = not session.questions.filter(
            position__gt=live_question.position
        ).exists()
        context["can_reask"] = (
            session.phase == LiveSession.Phase.REVEALED
            and selectors.most_missed(session) is not None
        )
    if session.phase == LiveSession.Phase.FINISHED:
        context["summaries"] = selectors.summaries(session)
        context["reasked"] = any(s.asked_again for s in context["summaries"])
    if session.phase in (LiveSession.Phase.REVEALED, LiveSession.Phase.FINISHED):
        context["standings"] = selectors.standings(session)
        if session.teams:
            context["team_standings"] = selectors.team_standings(session)
    return context
