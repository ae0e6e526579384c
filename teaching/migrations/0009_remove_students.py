"""A teacher can take a student off a class (and put them back). A removed student's name
is free for someone else, so the one-name rule counts only the students present."""

import django.db.models.functions.text
import django.db.models.manager
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("teaching", "0008_delete_with_undo")]

    operations = [
        migrations.AddField(
            model_name="membership",
            name="removed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterModelOptions(
            name="membership", options={"base_manager_name": "all_objects", "default_manager_name": "objects"}
        ),
        migrations.AlterModelManagers(
            name="membership",
            managers=[
                ("all_objects", django.db.models.manager.Manager()),
                ("objects", django.db.models.manager.Manager()),
            ],
        ),
        migrations.RemoveConstraint(model_name="membership", name="one_display_name_per_class"),
        migrations.AddConstraint(
            model_name="membership",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("display_name"),
                models.F("classroom"),
                condition=models.Q(("is_preview", False), ("removed_at__isnull", True)),
                name="one_display_name_per_class_present",
            ),
        ),
    ]
