"""Reads of a live class: whose session it is, what each screen shows, the standings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Max, Q, Sum
from django.utils import timezone

from live.models import LiveQuestion, LiveSession, Player, PlayerAnswer
from quizzes.models import Learner
from scoring import MISTAKES
from teaching.models import Membership

OTHER_SLIP = "Another slip"


def session_for_teacher(*, user, public_id: str) -> LiveSession | None:
    if not user.is_authenticated:
        return None
    return (
        LiveSession.objects.select_related("classroom")
        .filter(teacher=user, public_id=public_id)
        .first()
    )


def sessions_of_teacher(*, user) -> list[LiveSession]:
    return list(
        LiveSession.objects.filter(teacher=user)
        .select_related("classroom")
        .annotate(player_count=Count("players"))[:50]
    )


STALE_AFTER = timedelta(hours=12)
"""A session nobody ended takes no one new after this long: its code is as good as gone."""


def session_for_code(*, code: str, now=None) -> LiveSession | None:
    since = (now or timezone.now()) - STALE_AFTER
    return (
        LiveSession.objects.filter(code=code, created__gte=since)
        .exclude(phase=LiveSession.Phase.FINISHED)
        .first()
    )


def open_session_of_class(*, classroom) -> LiveSession | None:
    return (
        LiveSession.objects.filter(classroom=classroom)
        .exclude(phase=LiveSession.Phase.FINISHED)
        .order_by("-created")
        .first()
    )


def open_sessions_for_learner(*, learner: Learner | None) -> list[tuple[LiveSession, Membership]]:
    """The live classes going on now in the learner's classes, each with the membership."""
    if learner is None:
        return []
    memberships = {
        m.classroom_id: m
        for m in Membership.objects.filter(learner=learner, is_preview=False).select_related(
            "classroom"
        )
    }
    sessions = LiveSession.objects.filter(
        classroom_id__in=list(memberships), created__gte=timezone.now() - STALE_AFTER
    ).exclude(phase=LiveSession.Phase.FINISHED)
    return [(s, memberships[s.classroom_id]) for s in sessions]


def player_for_learner(*, learner: Learner | None, public_id: str) -> Player | None:
    """A phone's player, found by its address, only for the browser that joined as it."""
    if learner is None:
        return None
    return (
        Player.objects.select_related("session")
        .filter(public_id=public_id, learner=learner)
        .first()
    )


def current_question(session: LiveSession) -> LiveQuestion | None:
    if session.position is None:
        return None
    return session.questions.filter(position=session.position).first()


def answer_of(player: Player, live_question: LiveQuestion | None) -> PlayerAnswer | None:
    if live_question is None:
        return None
    return (
        PlayerAnswer.objects.select_related("question__answer")
        .filter(player=player, live_question=live_question)
        .first()
    )


def most_missed(session: LiveSession) -> LiveQuestion | None:
    """Among the questions whose answer has been shown, the one most got wrong (if any)."""
    shown = session.questions.filter(revealed_at__isnull=False, skipped=False).annotate(
        wrong=Count("answers", filter=Q(answers__correct=False))
    )
    candidates = [q for q in shown if q.wrong]
    return max(candidates, key=lambda q: (q.wrong, q.position)) if candidates else None


# -- what the screens show ---------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    right: bool = False
    key: str = ""

    def share(self, whole: int) -> int:
        return round(100 * self.count / whole) if whole else 0


@dataclass(frozen=True)
class Tally:
    """How the room answered one question: right, and each named mistake behind a wrong one."""

    players: int
    answered: int
    right: int
    bars: tuple[Bar, ...]

    @property
    def waiting(self) -> int:
        return max(self.players - self.answered, 0)

    @property
    def wrong(self) -> int:
        return self.answered - self.right


def tally(live_question: LiveQuestion, players: int) -> Tally:
    rows = list(live_question.answers.values_list("correct", "mistakes"))
    right = sum(1 for correct, _ in rows if correct)
    named: Counter[str] = Counter()
    unnamed = 0
    for correct, mistakes in rows:
        if correct:
            continue
        known = [key for key in mistakes if key in MISTAKES]
        named.update(known)
        unnamed += not known
    bars = [Bar("Right", right, right=True)]
    bars += [
        Bar(MISTAKES[key].name, count, key=key)
        for key, count in sorted(named.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    if unnamed:
        bars.append(Bar(OTHER_SLIP, unnamed))
    return Tally(players=players, answered=len(rows), right=right, bars=tuple(bars))


@dataclass(frozen=True)
class Summary:
    """One asked question after the class: how many answered, how many right, and the
    commonest named slip."""

    number: int
    label: str
    answered: int
    right: int
    slip: str
    slip_count: int


def summaries(session: LiveSession) -> list[Summary]:
    asked = session.questions.filter(asked_at__isnull=False, skipped=False)
    result = []
    for number, question in enumerate(asked, start=1):
        counted = tally(question, 0)
        slips = [bar for bar in counted.bars if bar.key]
        top = slips[0] if slips else None
        result.append(
            Summary(
                number=number,
                label=question.label,
                answered=counted.answered,
                right=counted.right,
                slip=top.label if top else "",
                slip_count=top.count if top else 0,
            )
        )
    return result


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    points: int
    right: int
    members: int = 1

    @property
    def place(self) -> str:
        """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
        if 10 <= self.rank % 100 <= 20:
            suffix = "th"
        else:
            suffix = {1: "st", 2: "nd", 3: "rd"}.get(self.rank % 10, "th")
        return f"{self.rank}{suffix}"


def standings(session: LiveSession) -> list[Standing]:
    """Players by points (ties share a rank), counting answers to questions not skipped."""
    counted = Q(answers__live_question__skipped=False)
    players = session.players.annotate(
        total=Sum("answers__points", filter=counted, default=0),
        right=Count("answers", filter=counted & Q(answers__correct=True)),
    ).order_by("-total", "name")
    return _ranked([(p.name, p.total, p.right, 1) for p in players])


def team_standings(session: LiveSession) -> list[Standing]:
    """Teams by their members' points together (players without a team are left out)."""
    teams: dict[str, list[int]] = {}
    for name, points, right, _ in _rows(session):
        teams.setdefault(name, [0, 0, 0])
        teams[name][0] += points
        teams[name][1] += right
        teams[name][2] += 1
    ordered = sorted(teams.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return _ranked([(name, p, r, m) for name, (p, r, m) in ordered])


def _rows(session):
    counted = Q(answers__live_question__skipped=False)
    players = session.players.exclude(team="").annotate(
        total=Sum("answers__points", filter=counted, default=0),
        right=Count("answers", filter=counted & Q(answers__correct=True)),
    )
    return [(p.team, p.total, p.right, 1) for p in players]


def _ranked(rows) -> list[Standing]:
    result, rank, last = [], 0, None
    for i, (name, points, right, members) in enumerate(rows, start=1):
        if points != last:
            rank, last = i, points
        result.append(Standing(rank=rank, name=name, points=points, right=right, members=members))
    return result


# -- versions, for polls answered 304 ------------------------------------------------------------


def phone_etag(session: LiveSession, player: Player, answered: bool) -> str:
    """What a phone shows depends on the session's version and whether it has answered."""
    return f'"p{session.version}-{int(answered)}"'


def screen_etag(session: LiveSession) -> str:
    """The teacher's screen also counts joins and answers (at tables: results) as they arrive."""
    players = session.players.count()
    if session.mode == LiveSession.Mode.TABLES:
        return f'"s{session.version}-{players}-{results_stamp(session.results.all())}"'
    answers = (
        PlayerAnswer.objects.filter(
            live_question__session=session, live_question__position=session.position
        ).count()
        if session.position is not None
        else 0
    )
    return f'"s{session.version}-{players}-{answers}"'


def results_stamp(results) -> str:
    """Table mode: how many results, and when the latest changed (moves on with every entry
    and every correction)."""
    seen = results.aggregate(count=Count("id"), last=Max("updated"))
    last = seen["last"].timestamp() if seen["last"] else 0
    return f"{seen['count']}-{last}"
