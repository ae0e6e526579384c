"""The database keeps a score pad's kind, rounding and first dealer to the ones the pad
knows. A side typed in capitals is put in lower case first; any other row that breaks them
is named, and the migration stops until it is put right (in /admin/).
"""

from django.db import migrations
from django.db.models import Q
from django.db.models.functions import Lower

KINDS = ['rubber', 'chukker', 'duplicate']
FIFTIES = ['up', 'down']
SIDES = ['we', 'they']
SHOWN = 20  # pads named in the message, at most


class BadRows(Exception):
    """Rows the new checks would refuse, with no plain way to put them right here."""


def repair_or_refuse(apps, schema_editor):
    ScorePad = apps.get_model("scorepad", "ScorePad")
    typed_in_capitals = Q(first_dealer__iexact="we") | Q(first_dealer__iexact="they")
    ScorePad.objects.filter(typed_in_capitals).exclude(first_dealer__in=SIDES).update(
        first_dealer=Lower("first_dealer")
    )
    bad = list(
        ScorePad.objects.exclude(kind__in=KINDS, fifty__in=FIFTIES, first_dealer__in=["", *SIDES])
        .order_by("pk")
        .values_list("public_id", flat=True)[: SHOWN + 1]
    )
    if bad:
        more = " and more" if len(bad) > SHOWN else ""
        raise BadRows(
            "These score pads have an unknown kind, rounding or first dealer: "
            + ", ".join(bad[:SHOWN]) + more + ". Put each right (in /admin/, or `manage.py "
            "shell`), then run `manage.py migrate` again."
        )


class Migration(migrations.Migration):
    # Its own migration, so its own transaction: PostgreSQL cannot alter a table in the
    # transaction that updated its rows (their foreign keys' checks are still pending).

    dependencies = [
        ('scorepad', '0003_form_key'),
    ]

    operations = [
        migrations.RunPython(repair_or_refuse, migrations.RunPython.noop),
    ]
