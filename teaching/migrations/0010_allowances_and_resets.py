"""One student's own terms on an assignment (a later due date, more attempts, excused), and
attempts the teacher has reset (kept, but no longer counted)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("teaching", "0009_remove_students")]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="voided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name="Allowance",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("due_at", models.DateTimeField(blank=True, null=True)),
                ("extra_attempts", models.PositiveSmallIntegerField(default=0)),
                ("excused", models.BooleanField(default=False)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "assignment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="allowances",
                        to="teaching.assignment",
                    ),
                ),
                (
                    "membership",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="allowances",
                        to="teaching.membership",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("assignment", "membership"), name="one_allowance_per_student"
                    )
                ]
            },
        ),
    ]
