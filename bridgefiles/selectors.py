"""What the pages read: the score pad's pages' addresses, its travellers, sessions and games."""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode

from bridgefiles.checks import ScoredBoard
from bridgefiles.services import FileImport
from scorepad import play
from scorepad import selectors as scorepad_selectors
from scorepad.forms import MAX_TABLES, PairsForm, TravellerForm, pairs_size, table_count
from scoring import PairsSession, Traveller, board_conditions

MAX_TRAVELLER_TABLES = 20
"""The score pad's traveller takes up to 20 tables (scorepad.forms.MAX_TABLES)."""


def traveller_address(*, scored: ScoredBoard) -> str:
    """The score pad's traveller page with this board's results in its address, or "" when
    the board cannot go there (an adjusted score, too many tables, the file's own
    vulnerability, which the score pad, scoring by board number, would not use)."""
    board, rows = scored.board, scored.rows
    if not 2 <= len(rows) <= MAX_TRAVELLER_TABLES or any(r.ns_score is None for r in rows):
        return ""
    if board_conditions(board.number)[1] != board.vulnerable:
        return ""
    query: dict[str, str | int] = {"board": board.number, "tables": len(rows)}
    for n, row in enumerate(rows, start=1):
        result = row.result
        if result.passed_out:
            query[f"passed_{n}"] = "on"
        else:
            query |= {
                f"contract_{n}": result.contract,
                f"declarer_{n}": result.declarer,
                f"tricks_{n}": result.tricks,
            }
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
