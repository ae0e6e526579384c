"""The database's own checks of this app's rules (choices, counts, dates).

0004_rows_put_right_for_checks, before it, put right or named the rows they would refuse.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scorepad', '0004_rows_put_right_for_checks'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='scorepad',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['rubber', 'chukker', 'duplicate'])), name='scorepad_kind_known'),
        ),
        migrations.AddConstraint(
            model_name='scorepad',
            constraint=models.CheckConstraint(condition=models.Q(('fifty__in', ['up', 'down'])), name='scorepad_fifty_known'),
        ),
        migrations.AddConstraint(
            model_name='scorepad',
            constraint=models.CheckConstraint(condition=models.Q(('first_dealer__in', ['', 'we', 'they'])), name='scorepad_first_dealer_a_side'),
        ),
    ]
