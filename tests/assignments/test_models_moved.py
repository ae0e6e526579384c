"""Classes and students moved from teaching to the classes app, and assignments with their
attempts to the assignments app: their tables, and every row in them, stay as they were.

This builds a database at the migrations before the move, puts a class, its students, an
assignment, attempts and answers in it (and the rest of what moved), migrates forward, and
finds every row again through today's models; the moved models' content types (and so the
permissions and admin log entries that name them) follow them.
"""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Today's migrations before the move: teaching's last, and live's, whose classes and
# students were still teaching's.
BEFORE = [
    ("teaching", "0019_gradebook_revision"),
    ("live", "0004_invariants_checked"),
    ("assignments", None),
    ("classes", None),
]
WHEN = datetime(2026, 3, 2, 18, 30, tzinfo=UTC)


def _migrate(targets):
    """Migrate to `targets`; the models as they stand then (every other app at its last)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    named = {app for app, _ in targets}
    others = [leaf for leaf in executor.loader.graph.leaf_nodes() if leaf[0] not in named]
    return executor.loader.project_state([t for t in targets if t[1]] + others).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _fill(apps) -> dict:
    """A class with two students, an assignment, attempts with answers: as teaching kept them."""
    User = apps.get_model("auth", "User")
    Learner = apps.get_model("quizzes", "Learner")
    Question = apps.get_model("quizzes", "Question")
    Answer = apps.get_model("quizzes", "Answer")
    teaching = {
        name: apps.get_model("teaching", name)
        for name in (
            "Classroom", "Membership", "Assignment", "Attempt", "AttemptQuestion",
            "Allowance", "TeacherSettings", "LinkSession", "GradebookRevision",
        )
    }  # fmt: skip
    teacher = User.objects.create(username="alice", email="alice@example.org")
    teaching["TeacherSettings"].objects.create(user=teacher, time_zone="Europe/Dublin")
    classroom = teaching["Classroom"].objects.create(
        public_id="class-old", teacher=teacher, name="Tuesday beginners", join_code="ABCDEFGH"
    )
    ids = {"teacher": teacher.pk, "classroom": classroom.pk}
    assignment = teaching["Assignment"].objects.create(
        public_id="assignment-old",
        classroom=classroom,
        title="Week 1",
        kinds=["undertricks"],
        question_count=2,
        secret_seed=7,
        published_at=WHEN,
        due_at=WHEN,
    )
    ids["assignment"] = assignment.pk
    for number, name in enumerate(["Sam P.", "Ana"], start=1):
        learner = Learner.objects.create(public_id=f"learner-{number}")
        student = teaching["Membership"].objects.create(
            public_id=f"student-{number}", classroom=classroom, learner=learner,
            display_name=name, link_hash=f"{number}" * 64,
        )  # fmt: skip
        teaching["LinkSession"].objects.create(membership=student, session_key=f"key-{number}")
        teaching["Allowance"].objects.create(
            assignment=assignment, membership=student, extra_attempts=number
        )
        attempt = teaching["Attempt"].objects.create(
            public_id=f"attempt-{number}", assignment=assignment, membership=student,
            number=1, submitted_at=WHEN,
        )  # fmt: skip
        for position in range(2):
            question = Question.objects.create(
                public_id=f"question-{number}-{position}", learner=learner,
                kind="undertricks", seed=position, situation={"contract": "4S"},
                skills=["undertricks"], source="assignment",
            )  # fmt: skip
            teaching["AttemptQuestion"].objects.create(
                attempt=attempt, position=position, question=question
            )
            Answer.objects.create(
                question=question, given={"points": 50 * (position + 1)},
                correct=position == 0, marks=[], mistakes=[],
            )  # fmt: skip
    teaching["GradebookRevision"].objects.create(key=f"assignment:{assignment.pk}", number=4)
    return ids


def test_the_moved_models_keep_every_row_of_a_database_made_before_the_move():
    old = _fill(_migrate(BEFORE))
    _migrate(_latest())

    from assignments.models import (
        Allowance,
        Assignment,
        Attempt,
        AttemptQuestion,
        GradebookRevision,
    )
    from classes.models import Classroom, LinkSession, Membership, TeacherSettings
    from quizzes.models import Answer

    classroom = Classroom.objects.get(join_code="ABCDEFGH")
    assert (classroom.pk, classroom.teacher_id, classroom.name) == (
        old["classroom"], old["teacher"], "Tuesday beginners"
    )  # fmt: skip
    assert TeacherSettings.objects.get(user_id=old["teacher"]).time_zone == "Europe/Dublin"
    students = list(Membership.objects.filter(classroom=classroom).order_by("public_id"))
    assert [s.display_name for s in students] == ["Sam P.", "Ana"]
    assert [s.learner.public_id for s in students] == ["learner-1", "learner-2"]
    assert LinkSession.objects.filter(membership__in=students).count() == 2

    assignment = Assignment.objects.get(public_id="assignment-old")
    assert (assignment.pk, assignment.classroom_id, assignment.due_at) == (
        old["assignment"], classroom.pk, WHEN
    )  # fmt: skip
    assert sorted(Allowance.objects.values_list("extra_attempts", flat=True)) == [1, 2]
    for student in students:
        attempt = Attempt.objects.get(assignment=assignment, membership=student)
        assert attempt.submitted_at == WHEN
        items = list(AttemptQuestion.objects.filter(attempt=attempt))
        assert [item.position for item in items] == [0, 1]
        answers = [Answer.objects.get(question=item.question).given for item in items]
        assert answers == [{"points": 50}, {"points": 100}]
    revision = GradebookRevision.objects.get(key=f"assignment:{assignment.pk}")
    assert revision.number == 4
    # What today's code reads through the moved models: the class's students, the
    # assignment's attempts, the attempt's questions, across the apps' relations.
    assert Attempt.objects.filter(membership__classroom=classroom).count() == 2
    assert classroom.assignments.get() == assignment


def test_the_moved_models_content_types_and_their_permissions_follow_them():
    apps = _migrate([*BEFORE, ("contenttypes", "0002_remove_content_type_name")])
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    ContentType.objects.filter(app_label__in=["classes", "assignments"]).delete()
    old = {
        model: ContentType.objects.get_or_create(app_label="teaching", model=model)[0].pk
        for model in ("classroom", "membership", "assignment", "attempt")
    }
    granted = Permission.objects.create(
        content_type_id=old["classroom"], codename="see_every_class", name="See every class"
    )
    _migrate(_latest())
    from django.contrib.contenttypes.models import ContentType as Current

    assert Current.objects.get(pk=old["classroom"]).app_label == "classes"
    assert Current.objects.get(pk=old["membership"]).app_label == "classes"
    assert Current.objects.get(pk=old["assignment"]).app_label == "assignments"
    assert Current.objects.get(pk=old["attempt"]).app_label == "assignments"
    assert Current.objects.get(pk=granted.content_type_id).model == "classroom"
