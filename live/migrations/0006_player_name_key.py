"""Players' names compared by a stored key (live.names.name_key), casefolded in every
language: Lower("name") folded ASCII only on SQLite, so "ÉMILE" and "émile" both joined."""

import unicodedata

from django.db import migrations, models


def _key(name: str) -> str:
    # live.names.name_key as it is today (a migration does not import app code that may change).
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def fill_keys(apps, schema_editor):
    Player = apps.get_model("live", "Player")
    seen = set()
    for player in Player.objects.order_by("session_id", "id").only("pk", "session_id", "name"):
        key = _key(player.name)
        if (player.session_id, key) in seen:  # two names one key: the later keeps its own
            key = f"{key}#{player.pk}"
        seen.add((player.session_id, key))
        Player.objects.filter(pk=player.pk).update(name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("live", "0005_boards_shown_by_the_teacher"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", max_length=80),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="player", name="one_player_name_per_session"),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("session", "name_key"), name="one_player_name_key_per_session"
            ),
        ),
    ]
