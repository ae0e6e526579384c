"""Moving models between apps keeps every row.

The score pad moved from lessons to its own app, and classes, students and assignments from
quizzes to teaching. This builds a database as it stood before (lessons 0001, quizzes 0002),
with a game, a class, a student, an assignment, an attempt and answers in it, migrates it
forward, and finds every row again through today's models.
"""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from assignments.models import Assignment, Attempt, AttemptQuestion
from classes.models import Classroom, Membership
from quizzes.kinds import kind_for
from quizzes.models import Answer, Learner, Question, SkillProgress
from scorepad.models import ScorePad
from scoring import score_deal

# Each test migrates a whole database back and forth: seconds apiece, so the slow tier.
pytestmark = pytest.mark.slow

BEFORE = [
    ("lessons", "0001_scorepad"),
    ("quizzes", "0002_classes_and_assignments"),
    ("scorepad", None),
    ("teaching", None),
]
# A rubber question as it was stored before: deals as lists.
OLD_SITUATION = {
    "history": [["they", "4DX", 7, None, None], ["we", "2CX", 9, None, None]],
    "deal": ["they", "4S", 11, "four_trumps", "they"],
}


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    # The models as they stood there: (app, None) means the app had no migration yet.
    return executor.loader.project_state([t for t in targets if t[1]]).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _fill_the_old_database(apps) -> dict:
    User = apps.get_model("auth", "User")
    teacher = User.objects.create(username="alice", email="alice@example.org")
    pad = apps.get_model("lessons", "ScorePad").objects.create(
        public_id="pad-of-old",
        kind="rubber",
        user=teacher,
        deals=[{"declarer": "we", "contract": "4S", "tricks": 10}],
        revision=1,
    )
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    classroom = apps.get_model("quizzes", "Classroom").objects.create(
        public_id="class-old", teacher=teacher, name="Tuesday beginners", join_code="ABCDEFGH"
    )
    membership = apps.get_model("quizzes", "Membership").objects.create(
        public_id="student-old", classroom=classroom, learner=learner, display_name="Sam P."
    )
    assignment = apps.get_model("quizzes", "Assignment").objects.create(
        public_id="assignment-old",
        classroom=classroom,
        title="Review",
        kinds=["rubber_deal"],
        question_count=1,
        secret_seed=7,
    )
    attempt = apps.get_model("quizzes", "Attempt").objects.create(
        public_id="attempt-old", assignment=assignment, membership=membership, number=1
    )
    question = apps.get_model("quizzes", "Question").objects.create(
        public_id="question-old",
        learner=learner,
        kind="rubber_deal",
        seed=0,
        situation=OLD_SITUATION,
        skills=["sheet", "honors"],
        source="assignment",
    )
    apps.get_model("quizzes", "AttemptQuestion").objects.create(
        attempt=attempt, position=0, question=question
    )
    apps.get_model("quizzes", "Answer").objects.create(
        question=question, given={"we_above": 0}, correct=False, marks=[], mistakes=[]
    )
    apps.get_model("quizzes", "SkillProgress").objects.create(
        learner=learner, skill="sheet", recent="10", answered=2, right=1
    )
    return {"teacher": teacher.pk, "pad": pad.pk}


@pytest.mark.django_db(transaction=True)
def test_the_moved_apps_keep_every_row_of_the_old_database():
    old = _fill_the_old_database(_migrate(BEFORE))
    _migrate(_latest())

    pad = ScorePad.objects.get(public_id="pad-of-old")
    assert (pad.pk, pad.user_id, pad.revision) == (old["pad"], old["teacher"], 1)
    assert pad.deals == [{"declarer": "we", "contract": "4S", "tricks": 10}]

    classroom = Classroom.objects.get(join_code="ABCDEFGH")
    assert (classroom.public_id, classroom.teacher_id) == ("class-old", old["teacher"])
    student = Membership.objects.get(classroom=classroom)
    assert (student.display_name, student.learner.public_id) == ("Sam P.", "learner-old")
    assignment = Assignment.objects.get(classroom=classroom)
    # Set before drafts existed, so seen by students at once: published when it was made.
    assert assignment.published_at == assignment.created
    assert (assignment.deleted_at, classroom.archived_at, student.removed_at) == (None,) * 3
    attempt = Attempt.objects.get(assignment=assignment, membership=student)
    assert attempt.voided_at is None
    item = AttemptQuestion.objects.get(attempt=attempt)
    assert item.question.public_id == "question-old"
    assert Answer.objects.get(question=item.question).given == {"we_above": 0}
    assert SkillProgress.objects.get(learner=student.learner).recent == "10"
    assert Learner.objects.count() == 1 and Question.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_stored_question_keeps_its_deals_in_the_one_shape_and_the_same_answer():
    apps = _migrate(BEFORE)
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    apps.get_model("quizzes", "Question").objects.create(
        public_id="question-old", learner=learner, kind="rubber_deal", seed=0,
        situation=OLD_SITUATION,
    )  # fmt: skip
    _migrate(_latest())

    situation = Question.objects.get(public_id="question-old").situation
    assert situation["deal"] == {
        "declarer": "they",
        "contract": "4S",
        "tricks": 11,
        "honors": "four_trumps",
        "honors_side": "they",
    }
    assert situation["history"][0] == {"declarer": "they", "contract": "4DX", "tricks": 7}
    # The sample rubber (rules §8.1), deal 3 (with honors added for THEY): 120 below and 30 over,
    # after deals 1 and 2; the honors 100 above THEY's line.
    answer = kind_for("rubber_deal").solve(situation).answer
    assert (answer["they_below"], answer["they_above"]) == (120, 30 + 100)


@pytest.mark.django_db(transaction=True)
def test_accounts_that_share_an_email_are_named_instead_of_failing_on_an_index():
    from django.contrib.auth import get_user_model

    _migrate([("accounts", None)])  # before the unique indexes
    User = get_user_model()
    User.objects.create(username="alice", email="alice@example.org")
    User.objects.create(username="Alice", email="ALICE@example.org")
    User.objects.create(username="bob", email="")
    User.objects.create(username="carol", email="")  # no address is not a shared address
    with pytest.raises(Exception, match="alice@example.org': Alice, alice") as refused:
        _migrate(_latest())
    assert "username 'alice': Alice, alice" in str(refused.value)
    assert "carol" not in str(refused.value)
    User.objects.filter(username="Alice").delete()
    _migrate(_latest())  # once each account has its own, the indexes are made
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="ALICE", email="someone@example.org")
    with pytest.raises(IntegrityError):
        User.objects.create(username="dave", email="Alice@Example.org")


@pytest.mark.django_db(transaction=True)
def test_the_moved_models_content_types_and_their_permissions_follow_them():
    apps = _migrate([*BEFORE, ("contenttypes", "0002_remove_content_type_name")])
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    ContentType.objects.filter(app_label__in=["teaching", "scorepad"]).delete()
    classroom = ContentType.objects.get_or_create(app_label="quizzes", model="classroom")[0]
    pad = ContentType.objects.get_or_create(app_label="lessons", model="scorepad")[0]
    granted = Permission.objects.create(
        content_type=classroom, codename="see_every_class", name="See every class"
    )
    _migrate(_latest())
    from django.contrib.contenttypes.models import ContentType as Current

    assert (
        Current.objects.get(pk=classroom.pk).app_label == "classes"
    )  # and on to classes (teaching 0020)
    assert Current.objects.get(pk=pad.pk).app_label == "scorepad"
    assert Current.objects.get(pk=granted.content_type_id).model == "classroom"


@pytest.mark.django_db(transaction=True)
def test_stored_deals_go_back_to_lists_when_the_migration_is_undone():
    apps = _migrate(BEFORE)
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    apps.get_model("quizzes", "Question").objects.create(
        public_id="question-old", learner=learner, kind="rubber_deal", seed=0,
        situation=OLD_SITUATION,
    )  # fmt: skip
    _migrate(_latest())
    back = _migrate([("quizzes", "0003_classes_moved_to_teaching")])
    situation = back.get_model("quizzes", "Question").objects.get().situation
    assert situation["deal"] == OLD_SITUATION["deal"]
    assert situation["history"][0][:3] == OLD_SITUATION["history"][0][:3]
    _migrate(_latest())


# A Simplicity deal as the duplicate-deal kind stored it before: flat, honors by role.
OLD_DUPLICATE_DEAL = {
    "form": "simplicity",
    "contract": "4H",
    "tricks": 10,
    "board": 3,
    "declarer": "S",
    "vulnerable": True,
    "show_vulnerability": True,
    "honors": "four_trumps",
    "honors_side": "defenders",
}


def _old_duplicate_deal_question():
    apps = _migrate(BEFORE)
    learner = apps.get_model("quizzes", "Learner").objects.create(public_id="learner-old")
    apps.get_model("quizzes", "Question").objects.create(
        public_id="question-dup", learner=learner, kind="duplicate_deal", seed=0,
        situation=OLD_DUPLICATE_DEAL,
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_stored_duplicate_deal_keeps_its_deal_with_the_honors_held_by_the_defending_pair():
    _old_duplicate_deal_question()
    _migrate(_latest())

    situation = Question.objects.get(public_id="question-dup").situation
    assert situation == {
        "form": "simplicity",
        "deal": {
            "board": 3,
            "declarer": "S",
            "contract": "4H",
            "tricks": 10,
            "honors": "four_trumps",
            "honors_side": "EW",
        },
        "vulnerable": True,
        "show_vulnerability": True,
    }
    expected = score_deal(
        "4H", 10, True, form="simplicity", honors="four_trumps", honors_side="defenders"
    ).total
    assert kind_for("duplicate_deal").solve(situation).answer == {"answer": expected}
    assert expected == 620 - 100  # a vulnerable game made, less the defenders' honors


@pytest.mark.django_db(transaction=True)
def test_a_duplicate_deal_goes_back_flat_when_the_migration_is_undone():
    _old_duplicate_deal_question()
    _migrate(_latest())
    back = _migrate([("quizzes", "0004_deals_as_data")])
    situation = back.get_model("quizzes", "Question").objects.get().situation
    assert situation == OLD_DUPLICATE_DEAL
    _migrate(_latest())


@pytest.mark.django_db(transaction=True)
def test_assignments_made_before_distinct_draws_keep_their_draws_and_new_ones_get_the_rule():
    apps = _migrate([("teaching", "0015_assignment_fixed_questions")])
    User = apps.get_model("auth", "User")
    teacher = User.objects.create(username="before")
    classroom = apps.get_model("teaching", "Classroom").objects.create(
        public_id="class-before", teacher=teacher, name="Before", join_code="BEFOREAB"
    )
    apps.get_model("teaching", "Assignment").objects.create(
        public_id="work-before",
        classroom=classroom,
        title="Before",
        kinds=["undertricks"],
        question_count=4,
    )
    apps = _migrate(_latest())
    Assignment = apps.get_model("assignments", "Assignment")
    assert Assignment.objects.get(public_id="work-before").distinct_draws is False
    after = Assignment.objects.create(
        public_id="work-after",
        classroom_id=classroom.pk,
        title="After",
        kinds=["undertricks"],
        question_count=4,
    )
    assert after.distinct_draws is True
