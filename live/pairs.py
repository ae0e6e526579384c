"""A Mitchell in a live class at tables: the pairs' names, each pair's rounds as its phone
shows them, the movement card for the teacher, and the two fields' standing.

The seating is live.movement's; every matchpoint and percentage is the engine's
(scoring.PairsSession), each board's rows credited to the pairs the movement seated there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from live.models import LiveSession, Player, TableResult
from live.movement import NS, Mitchell, Seat
from reports.at_tables import PairResult, TableSession
from scoring import PairsSession
from scoring.comparisons import PairStanding

if TYPE_CHECKING:
    from live.tables import BoardTraveller


def mitchell_of(session: LiveSession) -> Mitchell | None:
    """The session's Mitchell movement, if it plays one."""
    if session.movement != LiveSession.Movement.MITCHELL:
        return None
    return Mitchell(
        tables=session.table_count,
        first_board=session.first_board,
        board_count=session.board_count,
    )


def pair_names(session: LiveSession, players=None) -> dict[int, str]:
    """Each pair's name: its players' names in the order they joined ("Ana & Ben"); a pair
    nobody has chosen yet has none."""
    players = session.players.all() if players is None else players
    names: dict[int, list[str]] = {}
    for p in players:
        if p.pair is not None:
            names.setdefault(p.pair, []).append(p.name)
    return {pair: " & ".join(found) for pair, found in names.items()}


@dataclass(frozen=True)
class PairPlace:
    """A pair's place in its direction, ties sharing one, with the engine's standing."""

    rank: int
    label: str
    """How the page names the pair: "N-S at table 2", or "Pair 5 (Ana & Ben)"."""
    standing: PairStanding
    tied: bool = False


def pair_label(pair: int, names: dict[int, str]) -> str:
    """ "Pair 5 (Ana & Ben)", or "Pair 5" while nobody has chosen it."""
    name = names.get(pair)
    if name:
        return gettext("Pair {pair} ({name})").format(pair=pair, name=name)
    return gettext("Pair {pair}").format(pair=pair)


def mitchell_standing(
    session: LiveSession, boards: list[BoardTraveller], names: dict[int, str]
) -> dict[str, list[PairPlace]]:
    """A Mitchell's two fields, N-S and E-W, each ranked by its matchpoint percentage over
    the boards it played: the engine's PairsSession, each row credited to the pairs the
    movement seated at that table for that board. A board entered at fewer than two tables
    has nothing to compare and is left out."""
    mitchell = mitchell_of(session)
    pairs = PairsSession()
    for b in boards:
        if len(b.results) < 2:
            continue
        traveller = pairs.traveller(b.board)
        for r in b.results:
            seat = mitchell.seat_of_board(board=r.board, table=r.table)
            ns, ew = str(seat.ns), str(seat.ew)
            if r.passed_out:
                traveller.record_passed_out(ns, ew_pair=ew)
            else:
                traveller.record(ns, r.declarer, r.contract, r.tricks, ew_pair=ew)
    if not pairs.travellers:
        return {"NS": [], "EW": []}
    return {
        direction: [
            PairPlace(
                rank=s.place,
                label=pair_label(int(s.pair), names),
                standing=s,
                tied=s.shared,
            )
            for s in pairs.standings(direction)
        ]
        for direction in ("NS", "EW")
    }


@dataclass(frozen=True)
class Round:
    """A pair's round as its phone shows it: where it sits, against whom, which boards."""

    seat: Seat
    direction: str
    opponent: str
    """The other pair, as pair_label names it."""
    done: bool
    current: bool = False

    @property
    def boards_text(self) -> str:
        first, last = self.seat.boards[0], self.seat.boards[-1]
        if first == last:
            return gettext("board {board}").format(board=first)
        return gettext("boards {first}–{last}").format(first=first, last=last)

    @property
    def direction_text(self) -> str:
        return gettext("N-S") if self.direction == NS else gettext("E-W")


def rounds_of_pair(
    mitchell: Mitchell, pair: int, names: dict[int, str], entered: set[tuple[int, int]]
) -> list[Round]:
    """The pair's rounds, each marked done once its table has entered all its boards; the
    first not done is the current one."""
    rounds, current_found = [], False
    for seat in mitchell.rounds_of(pair):
        done = all((b, seat.table) in entered for b in seat.boards)
        current = not done and not current_found
        current_found = current_found or current
        rounds.append(
            Round(
                seat=seat,
                direction=seat.direction_of(pair),
                opponent=pair_label(seat.opponent_of(pair), names),
                done=done,
                current=current,
            )
        )
    return rounds


def pair_choices(mitchell: Mitchell, names: dict[int, str]) -> list[tuple[int, str]]:
    """Each pair as the phone offers it: its number, where it sits, who has chosen it."""
    choices = []
    for pair in mitchell.pairs:
        first = mitchell.rounds_of(pair)[0].table
        if mitchell.direction(pair) == NS:
            where = gettext("N-S, at table {table} all session").format(table=first)
        else:
            where = gettext("E-W, starting at table {table}").format(table=first)
        who = f" ({names[pair]})" if pair in names else ""
        choices.append((pair, gettext("Pair {pair}: {where}").format(pair=pair, where=where) + who))
    return choices


def movement_card(session: LiveSession) -> list[tuple[int, list[Seat]]]:
    """A Mitchell round by round, for the teacher: each table's pairs and boards."""
    mitchell = mitchell_of(session)
    if mitchell is None:
        return []
    return [
        (r, [s for s in mitchell.seats() if s.round == r]) for r in range(1, mitchell.rounds + 1)
    ]


# -- for the class's reports -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Entered:
    """A board's results as mitchell_standing reads them (a traveller without its drawing)."""

    board: int
    results: tuple[TableResult, ...]


def class_table_sessions(
    *, classroom_id: int, membership_id: int | None = None
) -> list[TableSession]:
    """A class's finished Mitchells, oldest first, each with every student of the class who
    chose a pair (or only `membership_id`'s): the pair, its percentage and place in its
    direction, from mitchell_standing on the results stored. Three queries, however many
    sessions and students.

    A session without a movement keeps no pairs (each phone scores for a table, whoever
    sits there), so it names no student's result and is not listed."""
    sessions = list(
        LiveSession.objects.filter(
            classroom_id=classroom_id,
            mode=LiveSession.Mode.TABLES,
            movement=LiveSession.Movement.MITCHELL,
            phase=LiveSession.Phase.FINISHED,
        )
        .only(
            "public_id",
            "title",
            "finished_at",
            "movement",
            "first_board",
            "board_count",
            "table_count",
        )
        .order_by("finished_at", "pk")
    )
    if not sessions:
        return []
    players = Player.objects.filter(
        session__in=sessions, membership__isnull=False, pair__isnull=False
    )
    if membership_id is not None:
        players = players.filter(membership_id=membership_id)
    pairs_of: dict[int, dict[int, int]] = {}  # session id: {membership id: pair}
    for session_id, member, pair in players.values_list("session_id", "membership_id", "pair"):
        pairs_of.setdefault(session_id, {})[member] = pair
    results: dict[int, dict[int, list[TableResult]]] = {}  # session id: {board: results}
    rows = TableResult.objects.filter(session_id__in=list(pairs_of)).defer("entered_by", "updated")
    for row in rows:
        results.setdefault(row.session_id, {}).setdefault(row.board, []).append(row)
    return [
        TableSession(
            public_id=session.public_id,
            title=session.title,
            finished_at=session.finished_at,
            results=_pair_results(session, results.get(session.pk, {}), pairs_of[session.pk])
            if session.pk in pairs_of
            else {},
        )
        for session in sessions
    ]


def _pair_results(
    session: LiveSession, by_board: dict[int, list[TableResult]], pairs: dict[int, int]
) -> dict[int, PairResult]:
    """Each student's pair as the engine's standing places it; a pair the standing does not
    rank (no board of its compared) has no percentage."""
    boards = [
        _Entered(b, tuple(sorted(rows, key=lambda r: r.table))) for b, rows in by_board.items()
    ]
    standing = mitchell_standing(session, sorted(boards, key=lambda b: b.board), {})
    mitchell = mitchell_of(session)
    placed = {int(p.standing.pair): (p, len(field)) for field in standing.values() for p in field}
    found = {}
    for member, pair in pairs.items():
        direction = mitchell.direction(pair)
        if pair not in placed:
            found[member] = PairResult(pair=pair, direction=direction)
            continue
        place, ranked = placed[pair]
        found[member] = PairResult(
            pair=pair,
            direction=direction,
            percentage=place.standing.percentage,
            place=place.rank,
            tied=place.tied,
            ranked=ranked,
            boards=place.standing.boards,
        )
    return found
