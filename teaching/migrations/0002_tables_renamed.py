"""The moved tables take this app's names (quizzes_classroom becomes teaching_classroom...).

A rename keeps every row and every key. Content types follow the models too, so any
permission or log entry that names a class or an assignment still finds it.
"""

from django.db import migrations

MOVED = ("classroom", "membership", "assignment", "attempt", "attemptquestion")


def _relabel(apps, old: str, new: str) -> None:
    """Move each model's content type to its new app, unless the new one already exists
    (a database migrated to 0001 alone, whose post_migrate made it)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    there = set(ContentType.objects.filter(app_label=new).values_list("model", flat=True))
    moving = [model for model in MOVED if model not in there]
    ContentType.objects.filter(app_label=old, model__in=moving).update(app_label=new)


def content_types_to_teaching(apps, schema_editor):
    _relabel(apps, "quizzes", "teaching")


def content_types_to_quizzes(apps, schema_editor):
    _relabel(apps, "teaching", "quizzes")


class Migration(migrations.Migration):

    dependencies = [
        ("teaching", "0001_initial"),
        ("quizzes", "0003_classes_moved_to_teaching"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelTable(name="classroom", table=None),
        migrations.AlterModelTable(name="membership", table=None),
        migrations.AlterModelTable(name="assignment", table=None),
        migrations.AlterModelTable(name="attempt", table=None),
        migrations.AlterModelTable(name="attemptquestion", table=None),
        migrations.RunPython(content_types_to_teaching, content_types_to_quizzes),
    ]
