"""Classes, students and assignments are the teaching app's now (teaching/migrations/0001).

State only: the tables and their rows are untouched here.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("quizzes", "0002_classes_and_assignments"),
        ("teaching", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="AttemptQuestion"),
                migrations.DeleteModel(name="Attempt"),
                migrations.DeleteModel(name="Assignment"),
                migrations.DeleteModel(name="Membership"),
                migrations.DeleteModel(name="Classroom"),
            ],
        ),
    ]
