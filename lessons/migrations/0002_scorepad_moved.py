"""The score pad is its own app now (scorepad/migrations/0001): state only, no row moves."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("lessons", "0001_scorepad"),
        ("scorepad", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name="ScorePad")],
        ),
    ]
