"""Assignments made from now on draw a question again when it repeats one before it in the
set; those made before keep their draws (False), so their worksheets and keys, drawn again
from the seeds, still match what their students were given."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teaching", "0015_assignment_fixed_questions"),
    ]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="distinct_draws",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="assignment",
            name="distinct_draws",
            field=models.BooleanField(default=True),
        ),
    ]
