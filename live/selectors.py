"""Reads of a live class: whose session it is, what each screen shows, the standings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, F, Max, OuterRef, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from classes.models import Membership
from common.places import place_text
from live.models import LiveQuestion, LiveSession, Player, PlayerAnswer
from quizzes.models import Learner
from scoring import MISTAKES

OTHER_SLIP = gettext_noop("Another slip")


def session_for_teacher(*, user, public_id: str) -> LiveSession | None:
    if not user.is_authenticated:
        return None
    return (
        LiveSession.objects.select_related("classroom")
        .filter(teacher=user, public_id=public_id)
        .first()
    )


SESSIONS_PER_PAGE = 25


def sessions_of_teacher(*, user, page=1) -> Page:
    """The teacher's live classes, newest first, a page at a time (`page` as the address
    gave it: a page past the last is the last, anything else the first)."""
    sessions = (
        LiveSession.objects.filter(teacher=user)
        .select_related("classroom")
        .annotate(player_count=Count("players"))
        # Explicit: a query with an aggregate leaves the model's default ordering out.
        .order_by("-created", "-id")
    )
    return Paginator(sessions, SESSIONS_PER_PAGE).get_page(page)


STALE_AFTER = timedelta(hours=12)
"""A session nobody ended takes no one new after this long: its code is as good as gone."""


def session_for_code(*, code: str, now=None) -> LiveSession | None:
    since = (now or timezone.now()) - STALE_AFTER
    return (
        LiveSession.objects.filter(code=code, created__gte=since)
        .exclude(phase=LiveSession.Phase.FINISHED)
        .first()
    )


def join_code(session: LiveSession) -> str:
    """The code the room joins with: a class's live class takes its class's join code
    (anyone new joins the class with it, and its members are found in it); a session
    without a class, its own. None once it has ended, or when the class is closed."""
    if session.is_finished or not session.code:
        return ""
    if session.classroom_id is None:
        return session.code
    classroom = session.classroom
    return "" if classroom.archived_at or classroom.deleted_at else classroom.join_code


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
        for m in Membership.objects.filter(
            learner=learner,
            is_preview=False,
            classroom__deleted_at=None,
            classroom__archived_at=None,
        ).select_related("classroom")
    }
    sessions = LiveSession.objects.filter(
        classroom_id__in=list(memberships), created__gte=timezone.now() - STALE_AFTER
    ).exclude(phase=LiveSession.Phase.FINISHED)
    return [(s, memberships[s.classroom_id]) for s in sessions]


def player_for_browser(*, lookup: dict | None, public_id: str) -> Player | None:
    """A phone's player, only for the browser that joined as it (`lookup` finds the
    browser's learner: quizzes.services.learner_lookup), with its session and whether it
    has answered the question on the screen (`answered_now`), in one query."""
    if lookup is None:
        return None
    return (
        Player.objects.select_related("session")
        .filter(public_id=public_id, **_of_learner(lookup))
        .annotate(answered_now=_answered_now())
        .first()
    )


def _of_learner(lookup: dict) -> dict:
    return {f"learner__{key}": value for key, value in lookup.items()}


def _answered_now() -> Exists:
    """Whether the player has answered the question on its session's screen."""
    return Exists(
        PlayerAnswer.objects.filter(
            player=OuterRef("pk"),
            live_question__session=OuterRef("session_id"),
            live_question__position=OuterRef("session__position"),
        )
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


def commonest_slip(live_question: LiveQuestion) -> str | None:
    """The named slip most behind the question's wrong answers (scoring.MISTAKES key)."""
    named: Counter[str] = Counter()
    for mistakes in live_question.answers.filter(correct=False).values_list("mistakes", flat=True):
        named.update(key for key in mistakes if key in MISTAKES)
    return min(named, key=lambda key: (-named[key], key)) if named else None


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
        # One wrong answer is one bar's count: when two slips would each explain it, it
        # counts once, under "one of these slips", so the bars add up to the answers.
        known = sorted({key for key in mistakes if key in MISTAKES})
        if known:
            named["+".join(known)] += 1
        unnamed += not known
    bars = [Bar(gettext("Right"), right, right=True)]
    bars += [
        Bar(_slip_label(key), count, key=key)
        for key, count in sorted(named.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    if unnamed:
        bars.append(Bar(gettext(OTHER_SLIP), unnamed))
    return Tally(players=players, answered=len(rows), right=right, bars=tuple(bars))


ONE_OF = gettext_noop("One of these slips: {names}")


def _slip_label(key: str) -> str:
    names = [MISTAKES[k].name for k in key.split("+")]
    if len(names) == 1:
        return names[0]
    # Each name is a sentence ("You forgot the insult."): as clauses of one sentence here.
    clauses = [name[:1].lower() + name[1:].rstrip(".") for name in names]
    return gettext(ONE_OF).format(names=gettext(", or ").join(clauses)) + "."


@dataclass(frozen=True)
class Summary:
    """One asked question after the class: how many answered, how many right, and the
    commonest named slip."""

    number: int
    label: str
    asked_again: bool
    answered: int
    right: int
    slip: str
    slip_count: int


def summaries(session: LiveSession) -> list[Summary]:
    asked = session.questions.filter(asked_at__isnull=False, skipped=False)
    result = []
    for question in asked:
        number = question.position + 1  # as the screen numbered it (a skipped one too)
        counted = tally(question, 0)
        slips = [bar for bar in counted.bars if bar.key]
        top = slips[0] if slips else None
        result.append(
            Summary(
                number=number,
                label=question.label,
                asked_again=question.repeat_of_id is not None,
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
    tied: bool = False
    """Another shares the place ("joint 4th")."""

    @property
    def place(self) -> str:
        """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st; "joint 4th" for a tie."""
        return place_text(self.rank, self.tied)


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
    rows = list(rows)
    shared = Counter(points for _, points, _, _ in rows)
    result, rank, last = [], 0, None
    for i, (name, points, right, members) in enumerate(rows, start=1):
        if points != last:
            rank, last = i, points
        result.append(
            Standing(
                rank=rank,
                name=name,
                points=points,
                right=right,
                members=members,
                tied=shared[points] > 1,
            )
        )
    return result


# -- what every phone shows at one version -------------------------------------------------------


@dataclass(frozen=True)
class Stage:
    """What every phone of a session shows alike at one version: the session itself, the
    question on the screen, how many there are, and (once an answer is shown) the standing."""

    session: LiveSession
    question: LiveQuestion | None
    count: int
    standings: tuple[Standing, ...] | None


STAGES_KEPT = 64
_stages: dict[tuple[str, int], Stage] = {}


def stage(session: LiveSession) -> Stage:
    """The session's stage at its version, read once per version in each app server.

    A change brings two hundred phones within two seconds; reading the question and
    working out the standing once per phone made each change cost two hundred times one.
    Kept by version, it does not go stale: every write a phone would see moves the version
    on (services.py). Two kinds of rows change while it stands still: answers, taken only
    while asking, when no standing is shown; and players joining, who have no points yet
    (standing_of places them). The key is the session's public id, never reused, so a
    kept stage never belongs to another session.
    """
    key = (session.public_id, session.version)
    found = _stages.get(key)
    if found is None:
        shown = session.phase in (LiveSession.Phase.REVEALED, LiveSession.Phase.FINISHED)
        found = Stage(
            session=session,
            question=current_question(session),
            count=session.questions.count(),
            standings=tuple(standings(session)) if shown else None,
        )
        _stages[key] = found
        while len(_stages) > STAGES_KEPT:
            del _stages[next(iter(_stages))]  # the oldest
    return found


def standing_of(standings: tuple[Standing, ...], player: Player) -> Standing:
    """The player's line of a stage's standing; one who joined after it was read has no
    points yet, and shares the rank of those with none."""
    found = next((s for s in standings if s.name == player.name), None)
    if found is not None:
        return found
    rank = next((s.rank for s in standings if s.points == 0), len(standings) + 1)
    tied = any(s.points == 0 for s in standings)
    return Standing(rank=rank, name=player.name, points=0, right=0, tied=tied)


def stage_of(player: Player) -> Stage:
    """The stage of a player read by phone_poll, at the version the poll read."""
    found = _stages.get((player.session_public_id, player.session_version))
    return found or stage(LiveSession.objects.get(pk=player.session_id))


# -- versions, for polls answered 304 ------------------------------------------------------------


def phone_poll(*, lookup: dict | None, public_id: str) -> Player | None:
    """A phone's player as its poll needs it, only for the browser that joined as it:
    with its session's version and public id (`session_version`, `session_public_id`) and
    whether it has answered the question on the screen (`answered_now`), but not the
    session itself (stage_of gives it). One short query: a hundred polls a second."""
    if lookup is None:
        return None
    return (
        Player.objects.filter(public_id=public_id, **_of_learner(lookup))
        .annotate(
            session_version=F("session__version"),
            session_public_id=F("session__public_id"),
            answered_now=_answered_now(),
        )
        .first()
    )


def phone_etag(*, version: int, answered: bool) -> str:
    """What a phone shows depends on the session's version and whether it has answered."""
    return f'"p{version}-{int(bool(answered))}"'


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
