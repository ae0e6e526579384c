"""Classes, students and assignments move from quizzes to this app, rows and all.

This migration only tells Django the models are now teaching's; their tables, and every
row in them, stay as they are (quizzes_classroom and so on). 0002 then gives the tables
this app's names.
"""

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

import common.ids


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("quizzes", "0002_classes_and_assignments"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Classroom',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('name', models.CharField(max_length=80)),
                        ('join_code', models.CharField(default=common.ids.new_join_code, max_length=8, unique=True)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('teacher', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='classrooms', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'quizzes_classroom',
                        'ordering': ['name', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='Assignment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('title', models.CharField(max_length=120)),
                        ('preset', models.CharField(blank=True, choices=[('', 'Built from kinds and skills'), ('review_000', 'Review quiz (seed 000)')], default='', max_length=16)),
                        ('kinds', models.JSONField(blank=True, default=list)),
                        ('skills', models.JSONField(blank=True, default=list)),
                        ('question_count', models.PositiveSmallIntegerField()),
                        ('same_for_everyone', models.BooleanField(default=True)),
                        ('secret_seed', models.BigIntegerField(default=common.ids.new_secret_seed)),
                        ('opens_at', models.DateTimeField(blank=True, null=True)),
                        ('due_at', models.DateTimeField(blank=True, null=True)),
                        ('attempts_allowed', models.PositiveSmallIntegerField(default=1)),
                        ('show_answers', models.CharField(choices=[('immediately', 'Right away, after each answer'), ('after_submit', 'After the student submits'), ('after_due', 'After the due date')], default='after_submit', max_length=16)),
                        ('layout', models.CharField(choices=[('one', 'One question at a time'), ('all', 'All questions on one page')], default='one', max_length=8)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='assignments', to='teaching.classroom')),
                    ],
                    options={
                        'db_table': 'quizzes_assignment',
                        'ordering': ['-created', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('display_name', models.CharField(max_length=40)),
                        ('link_hash', models.CharField(blank=True, db_index=True, default='', max_length=64)),
                        ('is_preview', models.BooleanField(default=False)),
                        ('joined', models.DateTimeField(auto_now_add=True)),
                        ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='teaching.classroom')),
                        ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='quizzes.learner')),
                    ],
                    options={
                        'db_table': 'quizzes_membership',
                    },
                ),
                migrations.CreateModel(
                    name='Attempt',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('number', models.PositiveSmallIntegerField()),
                        ('started', models.DateTimeField(auto_now_add=True)),
                        ('submitted_at', models.DateTimeField(blank=True, null=True)),
                        ('assignment', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='teaching.assignment')),
                        ('membership', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='teaching.membership')),
                    ],
                    options={
                        'db_table': 'quizzes_attempt',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='AttemptQuestion',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position', models.PositiveSmallIntegerField()),
                        ('attempt', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='items', to='teaching.attempt')),
                        ('question', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='assignment_item', to='quizzes.question')),
                    ],
                    options={
                        'db_table': 'quizzes_attemptquestion',
                        'ordering': ['position'],
                        'constraints': [models.UniqueConstraint(fields=('attempt', 'position'), name='one_question_per_position')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('classroom', 'learner'), name='one_membership_per_class'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('display_name'), models.F('classroom'), condition=models.Q(('is_preview', False)), name='one_display_name_per_class'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(condition=models.Q(('is_preview', True)), fields=('classroom',), name='one_preview_student_per_class'),
                ),
                migrations.AddConstraint(
                    model_name='attempt',
                    constraint=models.UniqueConstraint(fields=('assignment', 'membership', 'number'), name='one_attempt_per_number'),
                ),
            ],
        ),
    ]
