"""The database's own checks of this app's rules (choices, counts, dates).

0012_rows_put_right_for_checks, before it, put right or named the rows they would refuse.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('quizzes', '0012_rows_put_right_for_checks'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='answer',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('retry_correct__isnull', True), ('retry_given__isnull', True)), models.Q(('correct', False), ('retry_correct__isnull', False), ('retry_given__isnull', False)), _connector='OR'), name='answer_second_try_after_a_wrong_first'),
        ),
        migrations.AddConstraint(
            model_name='question',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['line_place', 'trick_value', 'game_check', 'overtrick_value', 'doubled_above', 'slam_bonus', 'duplicate_deal', 'rubber_deal', 'four_deal', 'undertricks', 'vulnerability', 'honors', 'rubber_total', 'victory_points', 'partners', 'matchpoint_row', 'imp_scale', 'butler_datum', 'team_board', 'match_vp'])), name='question_kind_known'),
        ),
        migrations.AddConstraint(
            model_name='question',
            constraint=models.CheckConstraint(condition=models.Q(('source__in', ['practice', 'check', 'daily', 'sheet', 'assignment'])), name='question_source_known'),
        ),
        migrations.AddConstraint(
            model_name='question',
            constraint=models.CheckConstraint(condition=models.Q(('focus__in', ['', 'sheet', 'trick_score', 'games', 'vulnerability', 'overtricks', 'undertricks', 'doubles', 'slams', 'honors', 'rubber', 'partners', 'chicago', 'duplicate', 'simplicity', 'victory_points', 'matchpoints', 'imps', 'match_vp'])), name='question_focus_a_skill'),
        ),
        migrations.AddConstraint(
            model_name='question',
            constraint=models.CheckConstraint(condition=models.Q(('upto__in', ['', 'sheet', 'trick_score', 'games', 'vulnerability', 'overtricks', 'undertricks', 'doubles', 'slams', 'honors', 'rubber', 'partners', 'chicago', 'duplicate', 'simplicity', 'victory_points', 'matchpoints', 'imps', 'match_vp'])), name='question_upto_a_skill'),
        ),
        migrations.AddConstraint(
            model_name='reviewcard',
            constraint=models.CheckConstraint(condition=models.Q(('lapses__lte', models.F('reviews'))), name='reviewcard_lapses_of_reviews'),
        ),
        migrations.AddConstraint(
            model_name='reviewcard',
            constraint=models.CheckConstraint(condition=models.Q(('due__gte', models.F('last_review'))), name='reviewcard_due_after_last_review'),
        ),
        migrations.AddConstraint(
            model_name='sheetdrill',
            constraint=models.CheckConstraint(condition=models.Q(('form__in', ['rubber', 'chicago'])), name='sheetdrill_form_known'),
        ),
        migrations.AddConstraint(
            model_name='sheetdrill',
            constraint=models.CheckConstraint(condition=models.Q(('first_dealer__in', ['', 'we', 'they'])), name='sheetdrill_first_dealer_a_side'),
        ),
        migrations.AddConstraint(
            model_name='sheetstep',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='sheetstep_number_from_1'),
        ),
        migrations.AddConstraint(
            model_name='skillprogress',
            constraint=models.CheckConstraint(condition=models.Q(('skill__in', ['sheet', 'trick_score', 'games', 'vulnerability', 'overtricks', 'undertricks', 'doubles', 'slams', 'honors', 'rubber', 'partners', 'chicago', 'duplicate', 'simplicity', 'victory_points', 'matchpoints', 'imps', 'match_vp'])), name='skillprogress_skill_known'),
        ),
        migrations.AddConstraint(
            model_name='skillprogress',
            constraint=models.CheckConstraint(condition=models.Q(('right__lte', models.F('answered'))), name='skillprogress_right_of_answered'),
        ),
    ]
