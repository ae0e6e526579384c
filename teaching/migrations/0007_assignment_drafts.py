"""Draft assignments: students see an assignment only once it is published. Every
assignment set before drafts existed was visible at once, so it counts as published when
it was made."""

from django.db import migrations, models


def published_when_made(apps, schema_editor):
    Assignment = apps.get_model("teaching", "Assignment")
    Assignment.objects.filter(published_at__isnull=True).update(published_at=models.F("created"))


class Migration(migrations.Migration):
    dependencies = [("teaching", "0006_link_sessions")]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="published_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(published_when_made, migrations.RunPython.noop, elidable=True),
    ]
