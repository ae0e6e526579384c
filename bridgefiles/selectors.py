"""What the pages read: the score pad's pages' addresses, its travellers, sessions and games."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext

from assignments import from_deals
from assignments.from_deals import BoardResult
from bridgefiles import services
from bridgefiles.checks import ScoredBoard
from bridgefiles.models import SavedFile
from bridgefiles.services import FileImport
from classes.models import Classroom
from handrecords.forms import MAX_BOARDS as HAND_RECORD_BOARDS
from scorepad import play
from scorepad import selectors as scorepad_selectors
from scorepad.grids import row_data
from scorepad.traveller_forms import (
    BOARDS,
    MAX_PAIR,
    MAX_PAIRS_BOARDS,
    MAX_PAIRS_RESULTS,
    MAX_PAIRS_TABLES,
    MAX_TABLES,
    TABLES,
    PairsForm,
    TravellerForm,
    pairs_size,
    table_count,
    traveller_tables,
)
from scoring import PairsSession, Traveller, board_conditions


def traveller_address(*, scored: ScoredBoard) -> str:
    """The score pad's traveller page with this board's results in its address, or "" when
    the board cannot go there (an adjusted score, too many tables, the file's own
    vulnerability, which the score pad, scoring by board number, would not use)."""
    board, rows = scored.board, scored.rows
    if not 2 <= len(rows) <= MAX_TABLES or any(r.ns_score is None for r in rows):
        return ""
    if board_conditions(board.number)[1] != board.vulnerable:
        return ""
    query: dict[str, str | int] = {"board": board.number, "tables": len(rows)}
    for n, row in enumerate(rows):
        query |= row_data(TABLES, n, _result_boxes(row.result))
    return f"{reverse('scorepad:traveller')}?{urlencode(query)}"


def rankings_with_names(*, read: FileImport) -> list[tuple[str, list]]:
    """Each ranked field with each pair's names from the file's totals table, if it has one."""
    names = {n.pair: n.names for n in read.contents.totals}
    return [
        (field, [(standing, names.get(standing.pair, "")) for standing in standings])
        for field, standings in read.checked.standings
    ]


def traveller_from_query(*, data) -> Traveller | None:
    """The score pad's traveller page's address, read by its own form; None if it has errors."""
    form = TravellerForm(data, tables=min(MAX_TABLES, table_count(data)))
    if not form.is_valid():
        return None
    return play.traveller_of(form.cleaned_data["board"], form.results)


def session_from_query(*, data) -> PairsSession | None:
    """The score pad's pairs page's address, read by its own form; None if it has errors."""
    boards, tables = pairs_size(data)
    form = PairsForm(data, boards=boards, tables=tables)
    return form.session if form.is_valid() else None


def pad_boards(*, request, public_id: str) -> list | None:
    """A duplicate game's boards on this browser's or user's score pad; None if not theirs
    or not duplicate."""
    pad = scorepad_selectors.scorepad_for_owner(
        user=request.user, session=request.session, public_id=public_id
    )
    if pad is None or pad.kind != play.DUPLICATE:
        return None
    replayed, _ = scorepad_selectors.scorepad_play(pad=pad)
    return replayed.boards


def pairs_address(*, checked) -> str:
    """The score pad's pairs page with the file's whole session in its address, when it fits
    there: a Mitchell (each pair one way) of at most 10 boards, 10 tables and 30 results,
    no adjusted score, each board with its number's vulnerability. Else ""."""
    boards = [scored for scored in checked.boards if scored.rows]
    if checked.kind != "pairs" or not boards or len(boards) > MAX_PAIRS_BOARDS:
        return ""
    tables = max(len(scored.rows) for scored in boards)
    if tables > MAX_PAIRS_TABLES or len(boards) * tables > MAX_PAIRS_RESULTS:
        return ""
    ns = {row.result.ns_pair for scored in boards for row in scored.rows}
    ew = {row.result.ew_pair for scored in boards for row in scored.rows}
    shared_on_a_board = any(
        {r.result.ns_pair for r in s.rows} & {r.result.ew_pair for r in s.rows} for s in boards
    )
    if (ns & ew and not shared_on_a_board) or not all(
        p.isdigit() and 1 <= int(p) <= MAX_PAIR for p in ns | ew
    ):
        return ""  # a Howell, or pairs the score pad cannot number
    query: dict[str, str | int] = {"boards": len(boards), "tables": tables}
    for i, scored in enumerate(boards):
        if any(r.ns_score is None for r in scored.rows) or (
            board_conditions(scored.board.number)[1] != scored.board.vulnerable
        ):
            return ""
        query |= row_data(BOARDS, i, {"board": scored.board.number})
        for n, row in enumerate(scored.rows):
            pairs = {"ns": row.result.ns_pair, "ew": row.result.ew_pair}
            query |= row_data(traveller_tables(i), n, pairs | _result_boxes(row.result))
    return f"{reverse('scorepad:pairs')}?{urlencode(query)}"


# -- a class's quiz from the file's boards ------------------------------------------------------


def quiz_results(*, read: FileImport) -> list[BoardResult]:
    """The file's played results a class's quiz asks (from_deals.results_chosen): each
    with its board's vulnerability as the file gives it, named by its table or pairs."""
    results = []
    for board in read.contents.boards:
        for result in board.results:
            if result.contract is None or result.declarer is None or result.tricks is None:
                continue  # passed out, or an adjusted score: nothing to score
            results.append(
                BoardResult(
                    board=board.number,
                    vulnerable=board.vulnerable,
                    declarer=result.declarer,
                    contract=result.contract,
                    tricks=result.tricks,
                    label=_result_label(board.number, result),
                )
            )
    return from_deals.results_chosen(results)


def quiz_deals(*, read: FileImport, results: list[BoardResult]) -> list[tuple]:
    """(number, dealer, vulnerability, deal) of each board the results are on, with all four
    hands: what par questions need."""
    asked = {r.board for r in results}
    return [
        (b.number, b.dealer, b.vulnerable, b.deal)
        for b in read.contents.boards
        if b.number in asked and len(b.hands) == 4
    ]


def _result_label(number: int, result) -> str:
    """A question's label, in the teacher's language: it is kept as the assignment's."""
    if result.ns_pair and result.ew_pair:
        return gettext("Board {board}: N-S {ns} v E-W {ew}").format(
            board=number, ns=result.ns_pair, ew=result.ew_pair
        )
    if result.room and not result.room.isdigit():  # Open or Closed room, at teams
        return gettext("Board {board}: {room}").format(board=number, room=result.room)
    return gettext("Board {board}: table {table}").format(
        board=number, table=result.room or result.label
    )


def quiz_classrooms(*, user) -> list[Classroom]:
    """The classes a teacher can set a quiz for: their own, not archived."""
    if not user.is_authenticated:
        return []
    return list(Classroom.objects.filter(teacher=user, archived_at__isnull=True))


# -- the file's hand records ----------------------------------------------------------------------


def hand_record_addresses(*, read: FileImport) -> list[tuple[int, int, str]]:
    """The hand-records page of the file's boards (each with all four hands), as (first
    board, last board, address): one address a page's worth of boards."""
    lines = [f"{b.number} {b.deal}" for b in read.contents.boards if len(b.hands) == 4]
    numbers = [b.number for b in read.contents.boards if len(b.hands) == 4]
    addresses = []
    for start in range(0, len(lines), HAND_RECORD_BOARDS):
        part = slice(start, start + HAND_RECORD_BOARDS)
        query = urlencode({"deals": "\n".join(lines[part])})
        addresses.append(
            (numbers[part][0], numbers[part][-1], f"{reverse('hands:records')}?{query}")
        )
    return addresses


# -- files a teacher keeps -------------------------------------------------------------------------


def _undo_cutoff():
    return timezone.now() - timedelta(hours=services.UNDO_HOURS)


def saved_files(*, owner) -> list[SavedFile]:
    """The teacher's kept files, newest first (without their bytes)."""
    return list(SavedFile.objects.filter(owner=owner).defer("data"))


def saved_files_deleted(*, owner) -> list[SavedFile]:
    """The teacher's files deleted recently enough to bring back."""
    recent = SavedFile.all_objects.filter(owner=owner, deleted_at__gte=_undo_cutoff())
    return list(recent.defer("data").order_by("-deleted_at"))


def saved_file_for(*, owner, public_id: str, deleted: bool = False) -> SavedFile | None:
    """The teacher's own kept file (or, with `deleted`, one they may still bring back);
    None for anyone else's."""
    if deleted:
        found = SavedFile.all_objects.filter(deleted_at__gte=_undo_cutoff())
    else:
        found = SavedFile.objects.all()
    return found.filter(owner=owner, public_id=public_id).first()


def saved_file_read(*, saved: SavedFile) -> FileImport:
    """The kept file read again, as when it was sent."""
    return services.bridge_file_read(name=saved.name, data=bytes(saved.data))


def _result_boxes(result) -> dict:
    """A table's result as the score pad's row of boxes holds it."""
    if result.passed_out:
        return {"passed": "on"}
    return {"contract": result.contract, "declarer": result.declarer, "tricks": result.tricks}
