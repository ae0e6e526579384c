"""Assignments, attempts, their questions, allowances and the gradebook's counters move from
teaching to this app, rows and all.

State only: Django is told the models are this app's now; their tables keep teaching's
names (db_table), so every row and every key stays where it is.
"""

import common.ids
import django.db.models.deletion
import django.db.models.manager
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('teaching', '0019_gradebook_revision'),
        ('classes', '0001_models_moved_from_teaching'),
        ('quizzes', '0013_invariants_checked'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='GradebookRevision',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=40, unique=True)),
                        ('number', models.PositiveBigIntegerField(default=0)),
                    ],
                    options={
                        'db_table': 'teaching_gradebookrevision',
                    },
                ),
                migrations.CreateModel(
                    name='Assignment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=common.ids.new_public_id, max_length=24, unique=True)),
                        ('title', models.CharField(max_length=120)),
                        ('preset', models.CharField(blank=True, choices=[('', 'Built from kinds and skills'), ('review_000', 'The ready-made review quiz'), ('live', 'Asked in a live class')], default='', max_length=16)),
                        ('kinds', models.JSONField(blank=True, default=list)),
                        ('skills', models.JSONField(blank=True, default=list)),
                        ('leave_out', models.JSONField(blank=True, default=list)),
                        ('question_count', models.PositiveSmallIntegerField()),
                        ('fixed_questions', models.JSONField(blank=True, default=list)),
                        ('same_for_everyone', models.BooleanField(default=True)),
                        ('secret_seed', models.BigIntegerField(default=common.ids.new_secret_seed)),
                        ('replaced', models.JSONField(blank=True, default=dict)),
                        ('distinct_draws', models.BooleanField(default=True)),
                        ('opens_at', models.DateTimeField(blank=True, null=True)),
                        ('due_at', models.DateTimeField(blank=True, null=True)),
                        ('attempts_allowed', models.PositiveSmallIntegerField(default=1)),
                        ('show_answers', models.CharField(choices=[('immediately', 'Right away, after each answer'), ('after_submit', 'After the student submits'), ('after_due', 'After the due date')], default='after_submit', max_length=16)),
                        ('layout', models.CharField(choices=[('one', 'One question at a time'), ('all', 'All questions on one page')], default='one', max_length=8)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('form_key', models.CharField(blank=True, editable=False, max_length=32, null=True)),
                        ('published_at', models.DateTimeField(blank=True, null=True)),
                        ('deleted_at', models.DateTimeField(blank=True, null=True)),
                        ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='assignments', to='classes.classroom')),
                    ],
                    options={
                        'db_table': 'teaching_assignment',
                        'ordering': ['-created', '-id'],
                        'base_manager_name': 'all_objects',
                        'default_manager_name': 'objects',
                    },
                    managers=[
                        ('all_objects', django.db.models.manager.Manager()),
                        ('objects', django.db.models.manager.Manager()),
                    ],
                ),
                migrations.CreateModel(
                    name='Allowance',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('due_at', models.DateTimeField(blank=True, null=True)),
                        ('extra_attempts', models.PositiveSmallIntegerField(default=0)),
                        ('excused', models.BooleanField(default=False)),
                        ('updated', models.DateTimeField(auto_now=True)),
                        ('membership', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='allowances', to='classes.membership')),
                        ('assignment', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='allowances', to='assignments.assignment')),
                    ],
                    options={
                        'db_table': 'teaching_allowance',
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
                        ('voided_at', models.DateTimeField(blank=True, null=True)),
                        ('assignment', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='assignments.assignment')),
                        ('membership', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='classes.membership')),
                    ],
                    options={
                        'db_table': 'teaching_attempt',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='AttemptQuestion',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position', models.PositiveSmallIntegerField()),
                        ('attempt', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='items', to='assignments.attempt')),
                        ('question', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='assignment_item', to='quizzes.question')),
                    ],
                    options={
                        'db_table': 'teaching_attemptquestion',
                        'ordering': ['position'],
                    },
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.UniqueConstraint(fields=('classroom', 'form_key'), name='one_assignment_per_form'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('preset__in', ['', 'review_000', 'live'])), name='assignment_preset_known'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('show_answers__in', ['immediately', 'after_submit', 'after_due'])), name='assignment_show_answers_known'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('layout__in', ['one', 'all'])), name='assignment_layout_known'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('question_count__gte', 1)), name='assignment_at_least_one_question', violation_error_message='An assignment has at least one question.'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('attempts_allowed__gte', 1)), name='assignment_at_least_one_attempt', violation_error_message='An assignment allows at least one attempt.'),
                ),
                migrations.AddConstraint(
                    model_name='assignment',
                    constraint=models.CheckConstraint(condition=models.Q(('opens_at__isnull', True), ('due_at__isnull', True), ('due_at__gt', models.F('opens_at')), _connector='OR'), name='assignment_opens_before_due', violation_error_message='The due date must be after the opening date.'),
                ),
                migrations.AddConstraint(
                    model_name='allowance',
                    constraint=models.UniqueConstraint(fields=('assignment', 'membership'), name='one_allowance_per_student'),
                ),
                migrations.AddConstraint(
                    model_name='attempt',
                    constraint=models.UniqueConstraint(fields=('assignment', 'membership', 'number'), name='one_attempt_per_number'),
                ),
                migrations.AddConstraint(
                    model_name='attempt',
                    constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='attempt_number_from_1'),
                ),
                migrations.AddConstraint(
                    model_name='attemptquestion',
                    constraint=models.UniqueConstraint(fields=('attempt', 'position'), name='one_question_per_position'),
                ),
            ],
        ),
    ]
