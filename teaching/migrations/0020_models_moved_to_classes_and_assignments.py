"""Classes and students are the classes app's now, assignments and attempts the assignments
app's (classes/migrations/0001, assignments/migrations/0001).

State only: the tables and their rows are untouched. Their content types follow the
models, so any permission or admin log entry that names a class or an assignment still
finds it.
"""

from django.db import migrations

MOVED = {
    "classes": ("classroom", "membership", "linksession", "teachersettings"),
    "assignments": ("assignment", "attempt", "attemptquestion", "allowance", "gradebookrevision"),
}


def _relabel(apps, *, back: bool) -> None:
    """Move each model's content type to its new app (or back), unless one is there
    already (a database whose post_migrate made it first)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    for app, models in MOVED.items():
        old, new = (app, "teaching") if back else ("teaching", app)
        there = set(ContentType.objects.filter(app_label=new).values_list("model", flat=True))
        moving = [model for model in models if model not in there]
        ContentType.objects.filter(app_label=old, model__in=moving).update(app_label=new)


def content_types_moved(apps, schema_editor):
    _relabel(apps, back=False)


def content_types_back(apps, schema_editor):
    _relabel(apps, back=True)


class Migration(migrations.Migration):

    dependencies = [
        ('classes', '0001_models_moved_from_teaching'),
        ('assignments', '0001_models_moved_from_teaching'),
        ('live', '0009_classes_and_assignments_moved'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('teaching', '0019_gradebook_revision'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name='allowance',
                    name='assignment',
                ),
                migrations.RemoveField(
                    model_name='allowance',
                    name='membership',
                ),
                migrations.RemoveField(
                    model_name='assignment',
                    name='classroom',
                ),
                migrations.RemoveField(
                    model_name='attempt',
                    name='assignment',
                ),
                migrations.RemoveField(
                    model_name='attempt',
                    name='membership',
                ),
                migrations.RemoveField(
                    model_name='attemptquestion',
                    name='attempt',
                ),
                migrations.RemoveField(
                    model_name='attemptquestion',
                    name='question',
                ),
                migrations.RemoveField(
                    model_name='classroom',
                    name='teacher',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='classroom',
                ),
                migrations.DeleteModel(
                    name='GradebookRevision',
                ),
                migrations.RemoveField(
                    model_name='linksession',
                    name='membership',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='learner',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='merged_into',
                ),
                migrations.RemoveField(
                    model_name='teachersettings',
                    name='user',
                ),
                migrations.DeleteModel(
                    name='Allowance',
                ),
                migrations.DeleteModel(
                    name='Assignment',
                ),
                migrations.DeleteModel(
                    name='Attempt',
                ),
                migrations.DeleteModel(
                    name='AttemptQuestion',
                ),
                migrations.DeleteModel(
                    name='Classroom',
                ),
                migrations.DeleteModel(
                    name='LinkSession',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='TeacherSettings',
                ),
            ],
        ),
        migrations.RunPython(content_types_moved, content_types_back),
    ]
