"""The database's own checks of this app's rules (choices, counts, dates).

0017_rows_put_right_for_checks, before it, put right or named the rows they would refuse.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('teaching', '0017_rows_put_right_for_checks'),
    ]

    operations = [
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
            model_name='attempt',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='attempt_number_from_1'),
        ),
    ]
