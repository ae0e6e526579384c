"""A live class's class, students and assignment are the classes and assignments apps' now.

State only: the columns point at the same tables as before (teaching_classroom...).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('assignments', '0001_models_moved_from_teaching'),
        ('classes', '0001_models_moved_from_teaching'),
        ('live', '0008_par_kind_known'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name='livesession',
                    name='assignment',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='live_session', to='assignments.assignment'),
                ),
                migrations.AlterField(
                    model_name='livesession',
                    name='classroom',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='live_sessions', to='classes.classroom'),
                ),
                migrations.AlterField(
                    model_name='player',
                    name='membership',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='live_players', to='classes.membership'),
                ),
            ],
        ),
    ]
