"""What the result page shows besides the checks: addresses of the score pad's pages."""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode

from bridgefiles.checks import ScoredBoard
from bridgefiles.services import FileImport
from scoring import board_conditions

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
