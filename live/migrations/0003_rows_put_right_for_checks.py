"""The database keeps a live class's invariants: known modes, phases and sequences; finished
exactly when it has an end time; counts from 1; known question kinds; an answer shown only
once asked; tables and boards numbered from 1; a table's result either passed out or
played (a seat, a contract, 0 to 13 tricks).

Rows that break them are first put right where the right value is plain: a count of 0
becomes 1; a session with an end time is finished, and a finished one without one ended
when it began; a question revealed but not asked was asked when revealed; a phone at
table 0 chooses its table again; a declarer typed in lower case is put in capitals. Any
other is named, and the migration stops until it is put right.
"""

from django.db import migrations
from django.db.models import F, Q
from django.db.models.functions import Upper

KINDS = ['line_place', 'trick_value', 'game_check', 'overtrick_value', 'doubled_above', 'slam_bonus', 'duplicate_deal', 'rubber_deal', 'four_deal', 'undertricks', 'vulnerability', 'honors', 'rubber_total', 'victory_points', 'partners', 'matchpoint_row', 'imp_scale', 'butler_datum', 'team_board', 'match_vp']
MODES = ['quiz', 'tables']
PHASES = ['lobby', 'asking', 'revealed', 'finished']
SEQUENCES = ['drawn', 'sample_rubber', 'review_quiz']
SEATS = ['N', 'E', 'S', 'W']
SHOWN = 20  # rows named in the message, at most


class BadRows(Exception):
    """Rows the new checks would refuse, with no plain way to put them right here."""


def _named(label, rows, name):
    rows = list(rows.order_by("pk")[: SHOWN + 1])
    if not rows:
        return []
    listed = ", ".join(name(row) for row in rows[:SHOWN])
    more = " and more" if len(rows) > SHOWN else ""
    return [f"{label}: {listed}{more}"]


def repair_or_refuse(apps, schema_editor):
    LiveSession = apps.get_model("live", "LiveSession")
    LiveQuestion = apps.get_model("live", "LiveQuestion")
    Player = apps.get_model("live", "Player")
    TableResult = apps.get_model("live", "TableResult")

    for count in ("version", "question_count", "board_count", "table_count"):
        LiveSession.objects.filter(**{f"{count}__lt": 1}).update(**{count: 1})
    LiveSession.objects.filter(finished_at__isnull=False).exclude(phase="finished").update(
        phase="finished", code=None, paused=False
    )
    LiveSession.objects.filter(phase="finished", finished_at__isnull=True).update(
        finished_at=F("created")
    )
    LiveQuestion.objects.filter(revealed_at__isnull=False, asked_at__isnull=True).update(
        asked_at=F("revealed_at")
    )
    Player.objects.filter(table__lt=1).update(table=None)
    lower_case = Q(declarer__in=[seat.lower() for seat in SEATS])
    TableResult.objects.filter(lower_case).update(declarer=Upper("declarer"))

    found = [
        *_named(
            "live sessions of an unknown mode, phase or sequence, or with first board 0",
            LiveSession.objects.exclude(
                mode__in=MODES, phase__in=PHASES, sequence__in=SEQUENCES, first_board__gte=1
            ),
            lambda s: f"{s.title!r} ({s.public_id})",
        ),
        *_named(
            "live questions of an unknown kind",
            LiveQuestion.objects.exclude(kind__in=KINDS),
            lambda q: f"question {q.position} of {q.session.public_id}",
        ),
        *_named(
            "table results on board or table 0, with an unknown declarer or more than 13 "
            "tricks, or passed out and played at once",
            TableResult.objects.exclude(
                Q(board__gte=1, table__gte=1, declarer__in=["", *SEATS])
                & (Q(tricks__isnull=True) | Q(tricks__lte=13))
                & (
                    Q(passed_out=True, declarer="", contract="", tricks__isnull=True)
                    | (Q(passed_out=False, tricks__isnull=False) & ~Q(declarer="") & ~Q(contract=""))
                )
            ),
            lambda r: f"board {r.board} at table {r.table} of {r.session.public_id}",
        ),
    ]
    if found:
        raise BadRows(
            "These rows break rules the database now keeps: " + "; ".join(found) + ". Put "
            "each right (or delete it) in `manage.py shell`, then run `manage.py migrate` again."
        )


class Migration(migrations.Migration):
    # Its own migration, so its own transaction: PostgreSQL cannot alter a table in the
    # transaction that updated its rows (their foreign keys' checks are still pending).

    dependencies = [
        ('live', '0002_player_table'),
    ]

    operations = [
        migrations.RunPython(repair_or_refuse, migrations.RunPython.noop),
    ]
