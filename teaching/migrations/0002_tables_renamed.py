"""The moved tables take this app's names (quizzes_classroom becomes teaching_classroom...).

A rename keeps every row and every key. Content types follow the models too, so any
permission or log entry that names a class or an assignment still finds it.
"""

from django.db import migrations

MOVED = ("classroom", "membership", "assignment", "attempt", "attemptquestion")


def content_types_to_teaching(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="quizzes", model__in=MOVED).update(app_label="teaching")


def content_types_to_quizzes(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="teaching", model__in=MOVED).update(app_label="quizzes")


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
