"""The database's own checks of this app's rules (choices, counts, dates).

0003_rows_put_right_for_checks, before it, put right or named the rows they would refuse.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('live', '0003_rows_put_right_for_checks'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='livequestion',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['line_place', 'trick_value', 'game_check', 'overtrick_value', 'doubled_above', 'slam_bonus', 'duplicate_deal', 'rubber_deal', 'four_deal', 'undertricks', 'vulnerability', 'honors', 'rubber_total', 'victory_points', 'partners', 'matchpoint_row', 'imp_scale', 'butler_datum', 'team_board', 'match_vp'])), name='livequestion_kind_known'),
        ),
        migrations.AddConstraint(
            model_name='livequestion',
            constraint=models.CheckConstraint(condition=models.Q(('revealed_at__isnull', True), ('asked_at__isnull', False), _connector='OR'), name='livequestion_revealed_once_asked'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('mode__in', ['quiz', 'tables'])), name='livesession_mode_known'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('phase__in', ['lobby', 'asking', 'revealed', 'finished'])), name='livesession_phase_known'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('sequence__in', ['drawn', 'sample_rubber', 'review_quiz'])), name='livesession_sequence_known'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('finished_at__isnull', False), ('phase', 'finished')), models.Q(models.Q(('phase', 'finished'), _negated=True), ('finished_at__isnull', True)), _connector='OR'), name='livesession_finished_at_when_finished'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('version__gte', 1)), name='livesession_version_from_1'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('question_count__gte', 1)), name='livesession_at_least_one_question'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('first_board__gte', 1)), name='livesession_first_board_from_1'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('board_count__gte', 1)), name='livesession_at_least_one_board'),
        ),
        migrations.AddConstraint(
            model_name='livesession',
            constraint=models.CheckConstraint(condition=models.Q(('table_count__gte', 1)), name='livesession_at_least_one_table'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.CheckConstraint(condition=models.Q(('table__isnull', True), ('table__gte', 1), _connector='OR'), name='player_table_from_1'),
        ),
        migrations.AddConstraint(
            model_name='tableresult',
            constraint=models.CheckConstraint(condition=models.Q(('board__gte', 1)), name='tableresult_board_from_1'),
        ),
        migrations.AddConstraint(
            model_name='tableresult',
            constraint=models.CheckConstraint(condition=models.Q(('table__gte', 1)), name='tableresult_table_from_1'),
        ),
        migrations.AddConstraint(
            model_name='tableresult',
            constraint=models.CheckConstraint(condition=models.Q(('declarer__in', ['', 'N', 'E', 'S', 'W'])), name='tableresult_declarer_a_seat'),
        ),
        migrations.AddConstraint(
            model_name='tableresult',
            constraint=models.CheckConstraint(condition=models.Q(('tricks__isnull', True), ('tricks__lte', 13), _connector='OR'), name='tableresult_tricks_at_most_13'),
        ),
        migrations.AddConstraint(
            model_name='tableresult',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('contract', ''), ('declarer', ''), ('passed_out', True), ('tricks__isnull', True)), models.Q(('passed_out', False), ('tricks__isnull', False), models.Q(('declarer', ''), _negated=True), models.Q(('contract', ''), _negated=True)), _connector='OR'), name='tableresult_passed_out_or_played'),
        ),
    ]
