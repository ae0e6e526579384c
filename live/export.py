"""A live class's results as a spreadsheet: each phone's place, points and each answer."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.utils.text import slugify

from live import selectors
from live.models import LiveSession, PlayerAnswer
from teaching.export import safe_cell


def results_response(session: LiveSession) -> HttpResponse:
    name = slugify(f"live {session.title}") or "live-class"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (teaching.export does the same)
    writer = csv.writer(response)
    asked = list(session.questions.filter(asked_at__isnull=False, skipped=False))
    writer.writerow(
        ["Place", "Name", "Team", "Points", "Right answers"]
        + [f"Q{i} ({safe_cell(q.label)})" if q.label else f"Q{i}" for i, q in enumerate(asked, 1)]
    )
    marks = {
        (a.player_id, a.live_question_id): "right" if a.correct else f"wrong ({a.points})"
        for a in PlayerAnswer.objects.filter(live_question__in=asked)
    }
    players = {p.name: p for p in session.players.all()}
    for standing in selectors.standings(session):
        player = players[standing.name]
        writer.writerow(
            [
                standing.rank,
                safe_cell(player.name),
                safe_cell(player.team),
                standing.points,
                standing.right,
                *[marks.get((player.pk, q.pk), "") for q in asked],
            ]
        )
    return response
