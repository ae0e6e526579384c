"""The score pad moves from lessons to its own app, with every game in it.

State only: the table (lessons_scorepad) and its rows stay as they are; 0002 renames it.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import common.ids


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("lessons", "0001_scorepad"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='ScorePad',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('kind', models.CharField(choices=[('rubber', 'Rubber bridge'), ('chukker', 'Four-deal bridge (a chukker)'), ('duplicate', 'Duplicate, by board')], max_length=16)),
                        ('title', models.CharField(blank=True, max_length=80)),
                        ('form', models.CharField(blank=True, max_length=24)),
                        ('first_dealer', models.CharField(blank=True, choices=[('we', 'WE'), ('they', 'THEY')], max_length=4)),
                        ('fifty', models.CharField(choices=[('up', 'Exactly 50 rounds up (550 is 6)'), ('down', 'Exactly 50 rounds down (550 is 5)')], default='up', max_length=4)),
                        ('players', models.JSONField(blank=True, default=list)),
                        ('scorer', models.CharField(blank=True, max_length=40)),
                        ('deals', models.JSONField(blank=True, default=list)),
                        ('ended', models.BooleanField(default=False)),
                        ('revision', models.PositiveIntegerField(default=0, help_text='Counts changes, so a repeated or stale form changes nothing.')),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('updated', models.DateTimeField(auto_now=True)),
                        ('user', models.ForeignKey(blank=True, help_text='The signed-in owner; games of visitors are found through their session.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='score_pads', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'lessons_scorepad',
                        'indexes': [models.Index(fields=['user', '-updated'], name='lessons_sco_user_id_5a11b4_idx')],
                    },
                ),
            ],
        ),
    ]
