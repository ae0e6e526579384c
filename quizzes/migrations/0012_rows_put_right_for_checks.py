"""The database keeps the practice app's invariants: known kinds, sources, skills and sheet
forms; a second try only after a wrong first one, and graded; progress and review counts
that add up; a review due after the last one; sheet steps numbered from 1.

Rows that break them are first put right where the right value is plain (a review card's
lapses cut to its reviews, its due date moved up to its last review, a grade without a
second try dropped, a progress row's right answers cut to its answered ones, a side typed
in capitals); any other is named, and the migration stops until it is put right.
"""

from django.db import migrations
from django.db.models import F, Q
from django.db.models.functions import Lower

KINDS = ['line_place', 'trick_value', 'game_check', 'overtrick_value', 'doubled_above', 'slam_bonus', 'duplicate_deal', 'rubber_deal', 'four_deal', 'undertricks', 'vulnerability', 'honors', 'rubber_total', 'victory_points', 'partners', 'matchpoint_row', 'imp_scale', 'butler_datum', 'team_board', 'match_vp']
SKILLS = ['sheet', 'trick_score', 'games', 'vulnerability', 'overtricks', 'undertricks', 'doubles', 'slams', 'honors', 'rubber', 'partners', 'chicago', 'duplicate', 'simplicity', 'victory_points', 'matchpoints', 'imps', 'match_vp']
SOURCES = ['practice', 'check', 'daily', 'sheet', 'assignment']
SIDES = ['we', 'they']
SHOWN = 20  # rows named in the message, at most


class BadRows(Exception):
    """Rows the new checks would refuse, with no plain way to put them right here."""


def _named(label, rows, name):
    rows = list(rows.order_by("pk")[: SHOWN + 1])
    if not rows:
        return []
    listed = ", ".join(name(row) for row in rows[:SHOWN])
    more = " and more" if len(rows) > SHOWN else ""
    return [f"{label}: {listed}{more}"]


def repair_or_refuse(apps, schema_editor):
    Question = apps.get_model("quizzes", "Question")
    Answer = apps.get_model("quizzes", "Answer")
    SkillProgress = apps.get_model("quizzes", "SkillProgress")
    ReviewCard = apps.get_model("quizzes", "ReviewCard")
    SheetDrill = apps.get_model("quizzes", "SheetDrill")
    SheetStep = apps.get_model("quizzes", "SheetStep")

    ReviewCard.objects.filter(lapses__gt=F("reviews")).update(lapses=F("reviews"))
    ReviewCard.objects.filter(due__lt=F("last_review")).update(due=F("last_review"))
    SkillProgress.objects.filter(right__gt=F("answered")).update(right=F("answered"))
    Answer.objects.filter(retry_given__isnull=True, retry_correct__isnull=False).update(
        retry_correct=None
    )
    typed_in_capitals = Q(first_dealer__iexact="we") | Q(first_dealer__iexact="they")
    SheetDrill.objects.filter(typed_in_capitals).exclude(first_dealer__in=SIDES).update(
        first_dealer=Lower("first_dealer")
    )

    def question(q):
        return q.public_id

    found = [
        *_named("questions of an unknown kind", Question.objects.exclude(kind__in=KINDS), question),
        *_named("questions from an unknown source", Question.objects.exclude(source__in=SOURCES), question),
        *_named(
            "questions whose focus or course bound is not a skill",
            Question.objects.exclude(focus__in=["", *SKILLS], upto__in=["", *SKILLS]),
            question,
        ),
        *_named(
            "answers with a second try after a right first try, or one not graded",
            Answer.objects.filter(retry_given__isnull=False).filter(
                Q(correct=True) | Q(retry_correct__isnull=True)
            ),
            lambda a: f"the answer to {a.question.public_id}",
        ),
        *_named(
            "progress on an unknown skill",
            SkillProgress.objects.exclude(skill__in=SKILLS),
            lambda p: f"{p.skill!r} of learner {p.learner.public_id}",
        ),
        *_named(
            "sheets of an unknown form or first dealer",
            SheetDrill.objects.exclude(form__in=["rubber", "chicago"], first_dealer__in=["", *SIDES]),
            lambda d: d.public_id,
        ),
        *_named(
            "sheet steps numbered 0",
            SheetStep.objects.filter(number__lt=1),
            lambda s: f"step {s.number} of sheet {s.drill.public_id}",
        ),
    ]
    if found:
        raise BadRows(
            "These rows break rules the database now keeps: " + "; ".join(found) + ". Put "
            "each right (or delete it) in `manage.py shell`, then run `manage.py migrate` again."
        )


class Migration(migrations.Migration):
    # Its own migration, so its own transaction: PostgreSQL cannot alter a table in the
    # transaction that updated its rows (their foreign keys' checks are still pending).

    dependencies = [
        ('quizzes', '0011_answer_credited'),
    ]

    operations = [
        migrations.RunPython(repair_or_refuse, migrations.RunPython.noop),
    ]
