"""Classes, their students, personal-link sessions and teachers' settings move from teaching
to this app, rows and all.

State only: Django is told the models are this app's now; their tables keep teaching's
names (db_table), so every row and every key stays where it is.
"""

import common.ids
import django.db.models.deletion
import django.db.models.functions.text
import django.db.models.manager
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('teaching', '0019_gradebook_revision'),
        ('quizzes', '0013_invariants_checked'),
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
                        ('form_key', models.CharField(blank=True, editable=False, max_length=32, null=True)),
                        ('archived_at', models.DateTimeField(blank=True, null=True)),
                        ('deleted_at', models.DateTimeField(blank=True, null=True)),
                        ('teacher', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='classrooms', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'teaching_classroom',
                        'ordering': ['name', 'id'],
                        'base_manager_name': 'all_objects',
                        'default_manager_name': 'objects',
                    },
                    managers=[
                        ('all_objects', django.db.models.manager.Manager()),
                        ('objects', django.db.models.manager.Manager()),
                    ],
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
                        ('form_key', models.CharField(blank=True, editable=False, max_length=32, null=True)),
                        ('removed_at', models.DateTimeField(blank=True, null=True)),
                        ('merge_moved', models.JSONField(blank=True, default=dict)),
                        ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='classes.classroom')),
                        ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='quizzes.learner')),
                        ('merged_into', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='merged_records', to='classes.membership')),
                    ],
                    options={
                        'db_table': 'teaching_membership',
                        'base_manager_name': 'all_objects',
                        'default_manager_name': 'objects',
                    },
                    managers=[
                        ('all_objects', django.db.models.manager.Manager()),
                        ('objects', django.db.models.manager.Manager()),
                    ],
                ),
                migrations.CreateModel(
                    name='LinkSession',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('session_key', models.CharField(max_length=40, unique=True)),
                        ('opened', models.DateTimeField(auto_now_add=True)),
                        ('membership', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='link_sessions', to='classes.membership')),
                    ],
                    options={
                        'db_table': 'teaching_linksession',
                    },
                ),
                migrations.CreateModel(
                    name='TeacherSettings',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('time_zone', models.CharField(default='UTC', max_length=64)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='teacher_settings', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'teaching_teachersettings',
                    },
                ),
                migrations.AddConstraint(
                    model_name='classroom',
                    constraint=models.UniqueConstraint(fields=('teacher', 'form_key'), name='one_class_per_form'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('classroom', 'learner'), name='one_membership_per_class'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('display_name'), models.F('classroom'), condition=models.Q(('is_preview', False), ('removed_at__isnull', True)), name='one_display_name_per_class_present'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(condition=models.Q(('is_preview', True)), fields=('classroom',), name='one_preview_student_per_class'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('classroom', 'form_key'), name='one_student_per_join_form'),
                ),
            ],
        ),
    ]
