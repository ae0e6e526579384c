"""The migrations that let the database keep the rules (choices, counts, dates) first put
right the rows that break them where the right value is plain, and otherwise stop, naming
the rows, until someone puts them right.

Each test builds a database as it stood before those migrations, with bad rows in it,
migrates it forward, and reads the rows again (tests/config/test_migrations.py's way).
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from assignments.models import Assignment
from live.models import LiveQuestion, LiveSession, Player, TableResult
from quizzes.models import Answer, ReviewCard, SheetDrill, SkillProgress
from scorepad.models import ScorePad

BEFORE_CHECKS = [
    ("quizzes", "0011_answer_credited"),
    ("teaching", "0016_assignment_distinct_draws"),
    ("live", "0002_player_table"),
    ("scorepad", "0003_form_key"),
]
NOW = datetime(2026, 11, 27, 12, tzinfo=UTC)

# Each test migrates back and forth: seconds apiece, so the slow tier.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _old_class(apps):
    teacher = apps.get_model("auth", "User").objects.create(username="alice")
    classroom = apps.get_model("teaching", "Classroom").objects.create(
        public_id="class-old", teacher=teacher, name="Tuesday", join_code="ABCDEFGH"
    )
    return teacher, classroom


def _old_assignment(apps, classroom, public_id, **fields):
    return apps.get_model("teaching", "Assignment").objects.create(
        public_id=public_id, classroom=classroom, title=public_id, kinds=["undertricks"],
        **{"question_count": 4, **fields},
    )  # fmt: skip


def test_counts_of_0_become_1_and_an_assignment_due_before_it_opens_is_named():
    apps = _migrate(BEFORE_CHECKS)
    _, classroom = _old_class(apps)
    _old_assignment(apps, classroom, "no-questions", question_count=0, attempts_allowed=0)
    _old_assignment(apps, classroom, "due-first", opens_at=NOW, due_at=NOW - timedelta(days=1))
    _old_assignment(apps, classroom, "due-as-it-opens", opens_at=NOW, due_at=NOW)
    with pytest.raises(Exception, match="due before they open") as refused:
        _migrate(_latest())
    assert "'due-first' (due-first), 'due-as-it-opens' (due-as-it-opens)." in str(refused.value)
    assert "no-questions" not in str(refused.value)

    apps.get_model("teaching", "Assignment").objects.filter(public_id__startswith="due").update(
        opens_at=None
    )
    _migrate(_latest())
    repaired = Assignment.objects.get(public_id="no-questions")
    assert (repaired.question_count, repaired.attempts_allowed) == (1, 1)
    assert Assignment.objects.get(public_id="due-first").due_at == NOW - timedelta(days=1)


def test_practice_rows_are_put_right_and_a_question_of_an_unknown_kind_is_named():
    apps = _migrate(BEFORE_CHECKS)
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    Question = apps.get_model("quizzes", "Question")

    def question(public_id, kind="undertricks"):
        return Question.objects.create(
            public_id=public_id, learner=learner, kind=kind, seed=0, situation={}
        )

    apps.get_model("quizzes", "Answer").objects.create(
        question=question("graded-twice"), given={}, correct=False, retry_correct=True
    )
    apps.get_model("quizzes", "SkillProgress").objects.create(
        learner=learner, skill="sheet", recent="11", answered=1, right=2
    )
    apps.get_model("quizzes", "ReviewCard").objects.create(
        learner=learner, key="sheet", card={}, due=NOW - timedelta(days=1), last_review=NOW,
        reviews=1, lapses=2,
    )  # fmt: skip
    apps.get_model("quizzes", "SheetDrill").objects.create(
        public_id="drill-old", learner=learner, form="chicago", seed=0, deals=[],
        first_dealer="THEY",
    )  # fmt: skip
    question("no-such-kind", kind="bidding_quiz")
    with pytest.raises(Exception, match="questions of an unknown kind: no-such-kind"):
        _migrate(_latest())

    Question.objects.filter(public_id="no-such-kind").delete()
    _migrate(_latest())
    answer = Answer.objects.get(question__public_id="graded-twice")
    assert (answer.retry_given, answer.retry_correct) == (None, None)
    progress = SkillProgress.objects.get(skill="sheet")
    assert (progress.answered, progress.right) == (1, 1)
    card = ReviewCard.objects.get(key="sheet")
    assert (card.due, card.reviews, card.lapses) == (NOW, 1, 1)
    assert SheetDrill.objects.get(public_id="drill-old").first_dealer == "they"


def test_live_rows_are_put_right_and_a_result_of_14_tricks_is_named():
    apps = _migrate(BEFORE_CHECKS)
    teacher, _ = _old_class(apps)
    Session = apps.get_model("live", "LiveSession")
    sessions = {
        name: Session.objects.create(public_id=name, teacher=teacher, title=name, **fields)
        for name, fields in {
            "counts-of-0": {"version": 0, "question_count": 0, "board_count": 0, "table_count": 0},
            "ended-in-lobby": {"finished_at": NOW, "code": "K7MQ2X"},
            "finished-no-end": {"phase": "finished"},
        }.items()
    }
    where = sessions["counts-of-0"]
    apps.get_model("live", "LiveQuestion").objects.create(
        session=where, position=0, kind="undertricks", situation={}, revealed_at=NOW
    )
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    apps.get_model("live", "Player").objects.create(
        public_id="ana", session=where, learner=learner, name="Ana", table=0
    )
    Result = apps.get_model("live", "TableResult")
    Result.objects.create(session=where, board=1, table=1, declarer="s", contract="3NT", tricks=9)
    Result.objects.create(session=where, board=2, table=1, declarer="N", contract="4S", tricks=14)
    with pytest.raises(Exception, match="more than 13 tricks.*: board 2 at table 1 of counts-of-0"):
        _migrate(_latest())

    Result.objects.filter(board=2).update(tricks=10)
    _migrate(_latest())
    counted = LiveSession.objects.get(public_id="counts-of-0")
    counts = (counted.version, counted.question_count, counted.board_count, counted.table_count)
    assert counts == (1, 1, 1, 1)
    ended = LiveSession.objects.get(public_id="ended-in-lobby")
    assert (ended.phase, ended.code, ended.finished_at) == ("finished", None, NOW)
    finished = LiveSession.objects.get(public_id="finished-no-end")
    assert finished.finished_at == finished.created
    assert LiveQuestion.objects.get(session=counted).asked_at == NOW
    assert Player.objects.get(public_id="ana").table is None  # the phone chooses again
    assert TableResult.objects.get(board=1).declarer == "S"


def test_a_pads_side_in_capitals_is_put_right_and_an_unknown_kind_is_named():
    apps = _migrate(BEFORE_CHECKS)
    Pad = apps.get_model("scorepad", "ScorePad")
    Pad.objects.create(public_id="pad-we", kind="chukker", form="chicago", first_dealer="WE")
    Pad.objects.create(public_id="pad-teams", kind="teams")
    with pytest.raises(Exception, match="unknown kind, rounding or first dealer: pad-teams\\."):
        _migrate(_latest())

    Pad.objects.filter(public_id="pad-teams").update(kind="duplicate")
    _migrate(_latest())
    assert ScorePad.objects.get(public_id="pad-we").first_dealer == "we"
    assert ScorePad.objects.get(public_id="pad-teams").kind == "duplicate"
