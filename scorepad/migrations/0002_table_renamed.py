"""The score pads' table takes this app's name (lessons_scorepad becomes scorepad_scorepad).

A rename keeps every game; its index gets a name that says what it is for, and the
content type follows the model.
"""

from django.db import migrations


def _relabel(apps, old: str, new: str) -> None:
    """Move the content type to its new app, unless the new one already exists (a database
    migrated to 0001 alone, whose post_migrate made it)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=new, model="scorepad").exists():
        ContentType.objects.filter(app_label=old, model="scorepad").update(app_label=new)


def content_type_to_scorepad(apps, schema_editor):
    _relabel(apps, "lessons", "scorepad")


def content_type_to_lessons(apps, schema_editor):
    _relabel(apps, "scorepad", "lessons")


class Migration(migrations.Migration):

    dependencies = [
        ("scorepad", "0001_initial"),
        ("lessons", "0002_scorepad_moved"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelTable(name="scorepad", table=None),
        migrations.RenameIndex(
            model_name="scorepad",
            new_name="scorepad_user_updated",
            old_name="lessons_sco_user_id_5a11b4_idx",
        ),
        migrations.RunPython(content_type_to_scorepad, content_type_to_lessons),
    ]
