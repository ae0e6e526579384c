"""Table mode of a live class: each table's scorer enters its boards, the screen shows travellers.

Only what was played is stored (`TableResult`: declarer, contract, tricks, or passed out).
Every score, matchpoint and IMP is the engine's, worked out when a traveller is drawn,
through the score pad's glue (`scorepad.play.traveller_of`, `traveller_context`), so a class
traveller and the score pad's traveller page can never give different figures.

What a phone sees: its own table's entries and, for a board its table has entered, that
board's whole traveller (at a club the traveller is read once the board is played at your
table, never before). When the session ends, every traveller.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext, gettext_noop

from live import selectors
from live.models import LiveSession, Player, TableResult
from live.movement import Mitchell
from live.pairs import (
    PairPlace,
    mitchell_of,
    mitchell_standing,
    movement_card,
    pair_choices,
    pair_names,
    rounds_of_pair,
)
from live.services import FINISHED, LiveError
from live.table_forms import PairChoiceForm, TableChoiceForm, TableResultForm
from scorepad.play import traveller_context, traveller_of
from scoring import PairsSession, PlayedDeal, Traveller, board_conditions

# English strings (tests reuse them), said in the reader's language by LiveError.
CHOOSE_TABLE = gettext_noop("Choose the table you score for first.")
CHOOSE_PAIR = gettext_noop("Choose your pair first.")
NO_SUCH_PAIR = gettext_noop("This class has pairs 1 to {count}: choose one of them.")
NO_SUCH_TABLE = gettext_noop("This class plays at tables 1 to {count}: choose one of them.")
NO_SUCH_BOARD = gettext_noop("This class plays boards {first} to {last}: choose one of them.")


def boards_of(session: LiveSession) -> range:
    return range(session.first_board, session.first_board + session.board_count)


def tables_of(session: LiveSession) -> range:
    return range(1, session.table_count + 1)


# -- writes ---------------------------------------------------------------------------------------


def player_table_choose(*, player: Player, table: int) -> None:
    """The table this phone scores for; the teacher's screen lists each table's scorers."""
    session = player.session
    if session.is_finished:
        raise LiveError(FINISHED)
    if table not in tables_of(session):
        raise LiveError(gettext(NO_SUCH_TABLE).format(count=session.table_count), field="table")
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(table=table)
        LiveSession.objects.filter(pk=session.pk).update(version=F("version") + 1)
    player.table = table
    session.refresh_from_db()


def player_pair_choose(*, player: Player, pair: int) -> None:
    """A Mitchell: the pair this phone's player is in, and so the table it starts at."""
    session = player.session
    if session.is_finished:
        raise LiveError(FINISHED)
    mitchell = mitchell_of(session)
    if mitchell is None or pair not in mitchell.pairs:
        count = len(mitchell.pairs) if mitchell else 0
        raise LiveError(gettext(NO_SUCH_PAIR).format(count=count), field="pair")
    table = mitchell.rounds_of(pair)[0].table
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(pair=pair, table=table)
        LiveSession.objects.filter(pk=session.pk).update(version=F("version") + 1)
    player.pair, player.table = pair, table
    session.refresh_from_db()


def _table_of(session: LiveSession, player: Player, board: int) -> int:
    """The table at which the phone's player plays `board`: its own table, or in a
    Mitchell the table its pair sits at in the round that board is played."""
    mitchell = mitchell_of(session)
    if mitchell is None:
        if player.table is None:
            raise LiveError(CHOOSE_TABLE)
        return player.table
    if player.pair is None:
        raise LiveError(CHOOSE_PAIR)
    seat = mitchell.seat_of(pair=player.pair, board=board)
    if seat is None:
        raise LiveError(_no_such_board(session))
    return seat.table


def table_result_enter(*, player: Player, board: int, deal: PlayedDeal) -> TableResult:
    """Store the result of a board at the phone's table.

    Entered again (a correction, or the table's other phone), the later entry replaces the
    earlier one and is marked as this phone's; refused once the session has ended. The
    first result of a session marks it under way (the list of live classes says so).
    """
    with transaction.atomic():
        # Entries of one session queue on its row, so two phones of one table entering a
        # board at once make one result (the later), never an error.
        session = LiveSession.objects.select_for_update().get(pk=player.session_id)
        if session.is_finished:
            raise LiveError(FINISHED)
        table = _table_of(session, player, board)
        if board not in boards_of(session):
            raise LiveError(_no_such_board(session))
        result, _ = TableResult.objects.update_or_create(
            session=session,
            board=board,
            table=table,
            defaults={**_stored(deal), "entered_by": player},
        )
        if session.phase == LiveSession.Phase.LOBBY:
            LiveSession.objects.filter(pk=session.pk).update(
                phase=LiveSession.Phase.ASKING, version=F("version") + 1
            )
    return result


def board_show(*, session: LiveSession, board: int) -> None:
    """Show a board's results on the room's screen before every table has entered it."""
    if board not in boards_of(session):
        raise LiveError(_no_such_board(session))
    with transaction.atomic():
        session = LiveSession.objects.select_for_update().get(pk=session.pk)
        if board in session.boards_shown:
            return
        LiveSession.objects.filter(pk=session.pk).update(
            boards_shown=sorted([*session.boards_shown, board]), version=F("version") + 1
        )


def _no_such_board(session: LiveSession) -> str:
    boards = boards_of(session)
    return gettext(NO_SUCH_BOARD).format(first=boards[0], last=boards[-1])


def _stored(deal: PlayedDeal) -> dict:
    if deal.passed_out:
        return {"passed_out": True, "declarer": "", "contract": "", "tricks": None}
    return {
        "passed_out": False,
        "declarer": str(deal.declarer),
        "contract": str(deal.contract),
        "tricks": deal.tricks,
    }


def played(result: TableResult) -> PlayedDeal:
    """A stored result as the engine takes it."""
    if result.passed_out:
        return PlayedDeal(passed_out=True, board=result.board)
    return PlayedDeal(result.declarer, result.contract, result.tricks, board=result.board)


# -- reads ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardTraveller:
    """One board of the session: who has entered it, and the engine's traveller of it."""

    board: int
    results: tuple[TableResult, ...]
    """The results in, by table number."""
    cells: tuple[tuple[int, TableResult | None], ...]
    """Every table of the session, with its result or None (the grid on the screen)."""
    traveller: Traveller
    comparison: dict | None
    """The score pad's traveller context (matchpoints, Butler IMPs and their workings) once
    two tables are in; None before, when there is nothing to compare."""
    revealed: bool = False
    """The teacher has shown it on the room's screen (or the session has ended)."""

    @property
    def dealer(self) -> str:
        return self.traveller.dealer

    @property
    def vulnerable(self) -> str:
        return self.traveller.vulnerable

    @property
    def is_complete(self) -> bool:
        return len(self.results) == len(self.cells)

    @property
    def is_shown(self) -> bool:
        """On the room's screen: once every table due to play it has entered it, or once
        the teacher shows it (a table still playing it must not see its result first)."""
        return self.is_complete or self.revealed


def board_traveller(
    board: int, results: list[TableResult], tables: range, revealed: bool = False
) -> BoardTraveller:
    results = sorted(results, key=lambda r: r.table)
    traveller = traveller_of(board, [(r.table, played(r)) for r in results])
    by_table = {r.table: r for r in results}
    return BoardTraveller(
        board=board,
        results=tuple(results),
        cells=tuple((table, by_table.get(table)) for table in tables),
        traveller=traveller,
        comparison=traveller_context(traveller) if len(results) >= 2 else None,
        revealed=revealed,
    )


def travellers(session: LiveSession, boards=None) -> list[BoardTraveller]:
    """The travellers of `boards` (all the session's by default), with every result in."""
    boards = list(boards_of(session) if boards is None else boards)
    rows = TableResult.objects.filter(session=session, board__in=boards).select_related(
        "entered_by"
    )
    by_board: dict[int, list[TableResult]] = {board: [] for board in boards}
    for row in rows:
        by_board[row.board].append(row)
    tables = tables_of(session)
    shown = set(session.boards_shown)
    return [
        board_traveller(
            board, by_board[board], tables, revealed=session.is_finished or board in shown
        )
        for board in boards
    ]


def scorers(session: LiveSession) -> tuple[list[tuple[int, list[Player]]], list[Player]]:
    """Each table with the phones that score for it, and the phones yet to choose."""
    players = list(session.players.all())
    by_table = [(t, [p for p in players if p.table == t]) for t in tables_of(session)]
    return by_table, [p for p in players if p.table is None]


def phone_etag(player: Player) -> str:
    """What a scorer's phone shows moves on with the session (its end, a table chosen) and
    with the results of the boards its table has entered, and nothing else."""
    session = player.session
    if session.movement == LiveSession.Movement.MITCHELL:
        # A moving pair's boards are at several tables, and its standing counts every
        # table's: any result moves it on.
        stamp = selectors.results_stamp(session.results.all())
        return f'"t{session.version}-p{player.pair}-{stamp}"'
    entered = TableResult.objects.filter(session=session, table=player.table).values("board")
    seen = TableResult.objects.filter(session=session, board__in=entered)
    return f'"t{session.version}-{player.table}-{selectors.results_stamp(seen)}"'


def pairs_standing(boards: list[BoardTraveller]) -> dict[str, list[PairPlace]]:
    """If each pair kept its seats at its table all session: the N-S pairs, and the E-W
    pairs, by their matchpoint percentage (the engine's PairsSession). A board entered at
    fewer than two tables has nothing to compare and is left out."""
    pairs = PairsSession()
    for b in boards:
        if len(b.results) < 2:
            continue
        traveller = pairs.traveller(b.board)
        for r in b.results:
            ns, ew = f"N-S {r.table}", f"E-W {r.table}"
            if r.passed_out:
                traveller.record_passed_out(ns, ew_pair=ew)
            else:
                traveller.record(ns, r.declarer, r.contract, r.tricks, ew_pair=ew)
    if not pairs.travellers:
        return {"NS": [], "EW": []}
    # Each direction ranked on its own by the engine, with its places and shared places.
    return {
        direction: [
            PairPlace(
                rank=s.place,
                label=gettext("{way} at table {table}").format(
                    way=gettext(s.pair.split()[0]), table=s.pair.split()[1]
                ),
                standing=s,
                tied=s.shared,
            )
            for s in pairs.standings(direction)
        ]
        for direction in ("NS", "EW")
    }


# -- what the screens show -------------------------------------------------------------------------


def _standing_shown(session: LiveSession, boards: list[BoardTraveller]):
    """The pairs' standing the screens show: at the end; in a Mitchell also as it goes, on
    the boards every table has entered (every pair has played them, so none is told a
    result before playing it)."""
    if session.movement != LiveSession.Movement.MITCHELL:
        return pairs_standing(boards) if session.is_finished else None
    counted = boards if session.is_finished else [b for b in boards if b.is_complete]
    return mitchell_standing(session, counted, pair_names(session))


def screen_context(session: LiveSession) -> dict:
    """The teacher's screen: who scores where, the grid of results in, each board's traveller."""
    boards = travellers(session)
    by_table, choosing = scorers(session)
    players = list(session.players.all())
    mitchell = mitchell_of(session)
    names = pair_names(session, players)
    context = {
        "session": session,
        "etag": selectors.screen_etag(session),
        "boards": boards,
        "tables": tables_of(session),
        "scorers": by_table,
        "choosing": choosing,
        "players": players,
        "entered": sum(len(b.results) for b in boards),
        "shown": [b for b in boards if b.is_shown and b.results],
        "expected": len(boards) * session.table_count,
        "pairs": _standing_shown(session, boards),
    }
    if mitchell is not None:
        context.update(
            movement=movement_card(session),
            pair_list=[(pair, names.get(pair, "")) for pair in mitchell.pairs],
            choosing=[p for p in players if p.pair is None],
        )
    return context


def board_context(session: LiveSession, board: int) -> dict | None:
    """One board, large on the projector, with the boards before and after it; None if the
    session does not play it."""
    boards = boards_of(session)
    if board not in boards:
        return None
    (shown,) = travellers(session, boards=[board])
    return {
        "shown": shown,
        "previous": board - 1 if board - 1 in boards else None,
        "following": board + 1 if board + 1 in boards else None,
    }


def phone_context(
    player: Player,
    *,
    board: int | None = None,
    saved: int | None = None,
    form=None,
    choice=None,
    message: str = "",
) -> dict:
    """A scorer's phone: the form for one board (the one asked for, else the first its table
    has not entered), the table's entries, and the travellers it may read. In a Mitchell,
    the pair's rounds (table, opponents, boards) and its boards in the order it plays them.

    `saved` names a board just entered, to say so; `form` and `choice` are forms sent back
    with their mistakes."""
    session = player.session
    context = {"session": session, "player": player, "message": message, "etag": phone_etag(player)}
    mitchell = mitchell_of(session)
    if session.is_finished:
        context["travellers"] = travellers(session)
        context["pairs"] = _standing_shown(session, context["travellers"])
        if form is not None and form.is_valid():  # sent after the end: say what was not kept
            context["unsent"], context["board"] = form.result, board
        return context
    if mitchell is not None:
        if player.pair is None:
            names = pair_names(session)
            context["choice"] = choice or PairChoiceForm(pairs=pair_choices(mitchell, names))
            return context
        boards, mine, shown = _pair_boards(session, player, mitchell, choice)
    else:
        if player.table is None:
            context["choice"] = choice or TableChoiceForm(tables=tables_of(session))
            return context
        boards, mine, shown = _table_boards(session, player, choice)
    context.update(shown)
    if board not in boards:
        board = next((b for b in boards if b not in mine), None)
    if board is not None:
        dealer, vulnerable = board_conditions(board)
        context.update(
            board=board,
            dealer=dealer,
            vulnerable=vulnerable,
            entered=mine.get(board),
            form=form or TableResultForm(initial=TableResultForm.initial_for(mine.get(board))),
            # Sent back with mistakes: the keyboard lands on the first.
            focus=form.focus if form is not None and form.errors else "",
        )
        if mitchell is not None:
            context["seat"] = mitchell.seat_of(pair=player.pair, board=board)
    context.update(
        saved=mine.get(saved),
        mine=[(b, mine.get(b)) for b in boards],
        travellers=travellers(session, boards=sorted(mine)),
    )
    return context


def _table_boards(session: LiveSession, player: Player, choice) -> tuple[list, dict, dict]:
    """A table's boards in order, its results by board, and its form to change table."""
    rows = TableResult.objects.filter(session=session, table=player.table)
    mine = {r.board: r for r in rows.select_related("entered_by")}
    choice = choice or TableChoiceForm(tables=tables_of(session), initial={"table": player.table})
    return list(boards_of(session)), mine, {"choice": choice}


def _pair_boards(
    session: LiveSession, player: Player, mitchell: Mitchell, choice
) -> tuple[list, dict, dict]:
    """A Mitchell pair's boards in the order it plays them, its results by board (each at
    the table it sat at for that board), and what its phone shows besides: its rounds, the
    current one, the standing on the boards every table has entered, and its form to change
    pair."""
    names = pair_names(session)
    rows = list(TableResult.objects.filter(session=session).select_related("entered_by"))
    seats = mitchell.rounds_of(player.pair)
    table_of = {b: seat.table for seat in seats for b in seat.boards}
    mine = {r.board: r for r in rows if table_of[r.board] == r.table}
    rounds = rounds_of_pair(mitchell, player.pair, names, {(r.board, r.table) for r in rows})
    complete = [b for b in travellers(session) if b.is_complete]
    shown = {
        "rounds": rounds,
        "current": next((r for r in rounds if r.current), None),
        "pairs": mitchell_standing(session, complete, names),
        "choice": choice
        or PairChoiceForm(pairs=pair_choices(mitchell, names), initial={"pair": player.pair}),
    }
    return [b for seat in seats for b in seat.boards], mine, shown
