"""Deleting a class or an assignment keeps it for a while, so the teacher can undo; a class
can also be archived."""

import django.db.models.manager
from django.db import migrations, models


def _managers():
    return [
        ("all_objects", django.db.models.manager.Manager()),
        ("objects", django.db.models.manager.Manager()),
    ]


class Migration(migrations.Migration):
    dependencies = [("teaching", "0007_assignment_drafts")]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="deleted_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="classroom",
            name="deleted_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="classroom",
            name="archived_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterModelOptions(
            name="assignment",
            options={"base_manager_name": "all_objects", "default_manager_name": "objects", "ordering": ["-created", "-id"]},
        ),
        migrations.AlterModelOptions(
            name="classroom",
            options={"base_manager_name": "all_objects", "default_manager_name": "objects", "ordering": ["name", "id"]},
        ),
        migrations.AlterModelManagers(name="assignment", managers=_managers()),
        migrations.AlterModelManagers(name="classroom", managers=_managers()),
    ]
