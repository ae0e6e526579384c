"""A live class's results as a spreadsheet: a quiz's each phone's place, points and each
answer; a class at tables, each board's traveller (every figure the engine's)."""

from __future__ import annotations

import csv
from fractions import Fraction

from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from live import pairs, selectors, tables
from live.models import LiveSession, PlayerAnswer
from live.services import fields_of
from reports.export import safe_cell


def _response(session: LiveSession, suffix: str = "") -> HttpResponse:
    name = slugify(f"live {session.title}{suffix}") or "live-class"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (reports.export does the same)
    return response


# The columns' names, in the teacher's language (gettext_noop marks them for the catalogue).
RESULTS_HEADER = [
    gettext_noop("Place"),
    gettext_noop("Name"),
    gettext_noop("Team"),
    gettext_noop("Points"),
    gettext_noop("Right answers"),
]


def results_response(session: LiveSession) -> HttpResponse:
    if session.mode == LiveSession.Mode.TABLES:
        return travellers_response(session)
    response = _response(session)
    writer = csv.writer(response)
    asked = list(session.questions.filter(asked_at__isnull=False, skipped=False))
    header = [gettext(word) for word in RESULTS_HEADER]
    for q in asked:
        # as the screen numbered it, a skipped one too
        number = gettext("Q{number}").format(number=q.position + 1)
        label = gettext("{number} ({label})").format(number=number, label=safe_cell(q.label))
        header += [label if q.label else number, gettext("{number} answer").format(number=number)]
    writer.writerow(header)
    given = {
        (a.player_id, a.live_question_id): (_mark(a), _given(a))
        for a in PlayerAnswer.objects.filter(live_question__in=asked).select_related(
            "question__answer", "live_question"
        )
    }
    players = {p.name: p for p in session.players.all()}
    for standing in selectors.standings(session):
        player = players[standing.name]
        cells = []
        for q in asked:
            cells += given.get((player.pk, q.pk), ("", ""))
        writer.writerow(
            [
                standing.rank,
                safe_cell(player.name),
                safe_cell(player.team),
                standing.points,
                standing.right,
                *cells,
            ]
        )
    return response


def _mark(answer: PlayerAnswer) -> str:
    if answer.correct:
        return gettext("right")
    if answer.points:
        return gettext("partly right ({points} points)").format(points=answer.points)
    return gettext("wrong")


def _given(answer: PlayerAnswer) -> str:
    """What the phone sent, box by box as the question names them: "Trick score: 120"."""
    given = answer.question.answer.given
    fields = fields_of(answer.live_question)
    parts = [(field.label, field.text(given.get(field.name))) for field in fields]
    if len(parts) == 1:
        return safe_cell(str(parts[0][1] if parts[0][1] is not None else ""))
    return safe_cell("; ".join(f"{label}: {'' if text is None else text}" for label, text in parts))


TRAVELLER_HEADER = [
    gettext_noop("Board"),
    gettext_noop("Table"),
    gettext_noop("N-S"),
    gettext_noop("E-W"),
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
    gettext_noop("Tricks"),
    gettext_noop("N-S score"),
    gettext_noop("E-W score"),
    gettext_noop("N-S matchpoints"),
    gettext_noop("E-W matchpoints"),
    gettext_noop("Top"),
    gettext_noop("N-S IMPs"),
    gettext_noop("E-W IMPs"),
]


def _number(value: Fraction) -> str:
    """Matchpoints as a spreadsheet reads them: 2, 1.5, 0."""
    return str(int(value)) if value.denominator == 1 else str(float(value))


def travellers_response(session: LiveSession) -> HttpResponse:
    """One row per result entered, board by board, table by table: what was played, each
    side's score, and (once two tables have played the board) matchpoints both ways and the
    Butler IMPs against the datum, as the screen's travellers show them."""
    response = _response(session, " travellers")
    writer = csv.writer(response)
    writer.writerow([gettext(word) for word in TRAVELLER_HEADER])
    mitchell = pairs.mitchell_of(session)
    names = pairs.pair_names(session) if mitchell else {}

    def pairs_at(result) -> tuple[str, str]:
        if mitchell is None:
            return (
                gettext("N-S at table {table}").format(table=result.table),
                gettext("E-W at table {table}").format(table=result.table),
            )
        seat = mitchell.seat_of_board(board=result.board, table=result.table)
        return pairs.pair_label(seat.ns, names), pairs.pair_label(seat.ew, names)

    for b in tables.travellers(session):
        rows = b.traveller.rows
        compared = len(rows) >= 2
        ns_mp = b.traveller.matchpoints("NS") if compared else [None] * len(rows)
        ew_mp = b.traveller.matchpoints("EW") if compared else [None] * len(rows)
        ns_imps = b.traveller.butler("NS").results if compared else [None] * len(rows)
        ew_imps = b.traveller.butler("EW").results if compared else [None] * len(rows)
        for result, row, ns, ew, ns_i, ew_i in zip(
            b.results, rows, ns_mp, ew_mp, ns_imps, ew_imps, strict=True
        ):
            writer.writerow(
                [
                    b.board,
                    result.table,
                    *pairs_at(result),
                    gettext("Passed out") if row.passed_out else row.result.contract.display,
                    row.declarer or "",
                    "" if row.passed_out else result.tricks,
                    row.ns_score,
                    row.ew_score,
                    _number(ns.matchpoints) if ns else "",
                    _number(ew.matchpoints) if ew else "",
                    ns.top if ns else "",
                    ns_i.imps if ns_i else "",
                    ew_i.imps if ew_i else "",
                ]
            )
    return response
