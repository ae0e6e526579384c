"""The database keeps an assignment's invariants: a known preset, release of answers and
layout; at least one question and one attempt; opening before its due date. And an
attempt is numbered from 1.

Rows that break them are first put right where the right value is plain (a count of 0
becomes 1); any other is named, and the migration stops until it is put right (in /admin/).
"""

from django.db import migrations
from django.db.models import F

PRESETS = ['', 'review_000', 'live']
SHOW_ANSWERS = ['immediately', 'after_submit', 'after_due']
LAYOUTS = ['one', 'all']
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
    Assignment = apps.get_model("teaching", "Assignment")
    Attempt = apps.get_model("teaching", "Attempt")
    Assignment.objects.filter(question_count__lt=1).update(question_count=1)
    Assignment.objects.filter(attempts_allowed__lt=1).update(attempts_allowed=1)

    def assignment(a):
        return f"{a.title!r} ({a.public_id})"

    found = [
        *_named(
            "assignments with an unknown preset, release of answers or layout",
            Assignment.objects.exclude(
                preset__in=PRESETS, show_answers__in=SHOW_ANSWERS, layout__in=LAYOUTS
            ),
            assignment,
        ),
        *_named(
            "assignments due before they open, or as they open",
            Assignment.objects.filter(
                opens_at__isnull=False, due_at__isnull=False, due_at__lte=F("opens_at")
            ),
            assignment,
        ),
        *_named(
            "attempts numbered 0",
            Attempt.objects.filter(number__lt=1),
            lambda a: a.public_id,
        ),
    ]
    if found:
        raise BadRows(
            "These rows break rules the database now keeps: " + "; ".join(found) + ". Put "
            "each right (in /admin/, or `manage.py shell`), then run `manage.py migrate` again."
        )


class Migration(migrations.Migration):
    # Its own migration, so its own transaction: PostgreSQL cannot alter a table in the
    # transaction that updated its rows (their foreign keys' checks are still pending).

    dependencies = [
        ('teaching', '0016_assignment_distinct_draws'),
    ]

    operations = [
        migrations.RunPython(repair_or_refuse, migrations.RunPython.noop),
    ]
