"""Prepared queries (teaching/prepared.py): the SQL written once, the rows the ORM's own.

Each prepared query of the teachers' pages is run beside the queryset it was built from,
with the same values, on a class that has every kind of row those pages read: a student
with their own terms and one without, attempts handed in, in progress and reset, the
teacher's preview, a student taken off the class, answers right, wrong and missing.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db.models.sql.compiler import SQLCompiler

from teaching import gradebook, queries, services
from teaching.models import Assignment, Attempt, Classroom
from teaching.prepared import Prepared
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    wrong_answer,
)

pytestmark = pytest.mark.django_db

DUE = datetime(2040, 1, 1, 9, 0, tzinfo=UTC)


def _answer(attempt, *, right: bool, count: int):
    for item in attempt.items.select_related("question", "attempt__assignment")[:count]:
        data = right_answer(item.question) if right else wrong_answer(item.question)
        services.attempt_answer(item=item, given=_given(item.question, data))


def _given(question, data):
    from quizzes.kinds import kind_for

    fields = kind_for(question.kind).fields(question.situation)
    return {f.name: data[f.name] if f.type == "choice" else int(data[f.name]) for f in fields}


@pytest.fixture
def busy_class():
    """A class whose gradebook reads every kind of row (see the module's docstring)."""
    classroom = ClassroomFactory()
    assignment = AssignmentFactory(classroom=classroom, question_count=3, attempts_allowed=3)
    ann, bo, cy, dee = (
        MembershipFactory(classroom=classroom, display_name=name)
        for name in ("Ann", "bo", "Cy", "Dee")
    )
    first = services.attempt_start(assignment=assignment, membership=ann)
    _answer(first, right=False, count=3)
    services.attempt_submit(attempt=first)
    second = services.attempt_start(assignment=assignment, membership=ann)
    _answer(second, right=True, count=2)
    reset = services.attempt_start(assignment=assignment, membership=bo)
    services.attempt_reset(attempt=reset)
    _answer(services.attempt_start(assignment=assignment, membership=bo), right=True, count=1)
    services.allowance_set(
        assignment=assignment, membership=bo, due_at=DUE + timedelta(days=3), excused=True
    )
    _answer(services.attempt_start(assignment=assignment, membership=dee), right=True, count=3)
    services.membership_remove(membership=dee)
    preview = services.attempt_start(
        assignment=assignment,
        membership=services.preview_membership(classroom=classroom),
        preview=True,
    )
    _answer(preview, right=True, count=1)
    return classroom, assignment, cy


def _prepared_queries(classroom: Classroom, assignment: Assignment):
    """Each prepared query of the teachers' pages, with the values a page runs it with."""
    return {
        "a teacher's class": (
            queries._teachers_classroom,
            (classroom.teacher_id, classroom.public_id),
        ),
        "a teacher's assignment": (
            queries._teachers_assignment,
            (classroom.teacher_id, assignment.public_id),
        ),
        "the gradebook's students": (
            gradebook._STUDENT_ROWS,
            (classroom.pk, assignment.pk),
        ),
        "the gradebook's answers": (gradebook._ITEM_ROWS, (assignment.pk,)),
    }


@pytest.mark.parametrize(
    "name",
    [
        "a teacher's class",
        "a teacher's assignment",
        "the gradebook's students",
        "the gradebook's answers",
    ],
)
def test_a_prepared_query_gives_the_rows_its_queryset_gives(busy_class, name):
    classroom, assignment, _ = busy_class
    prepared, values = _prepared_queries(classroom, assignment)[name]
    expected = list(prepared.build(*values))
    found = [tuple(row) for row in prepared.rows(*values)]
    assert found == expected
    assert found  # the class has rows of every query
    # Equal and of the same type: SQLite's 0 and 1 come back as booleans, its text as dates.
    for row, expected_row in zip(found, expected, strict=True):
        assert [type(v) for v in row] == [type(v) for v in expected_row]


def test_the_gradebooks_students_read_their_own_terms_and_leave_out_resets_and_the_preview(
    busy_class,
):
    classroom, assignment, _ = busy_class
    rows = gradebook._STUDENT_ROWS.rows(classroom.pk, assignment.pk)
    names = [row[2] for row in rows]
    # Ann's two attempts; bo's attempt after the reset; Cy never started; Dee was taken off
    # the class and the teacher's preview is no student.
    assert names == ["Ann", "Ann", "bo", "Cy"]
    bo = rows[2]
    assert list(bo[3:6]) == [DUE + timedelta(days=3), 0, True]  # due, extra attempts, excused
    assert bo[7] == 2  # the attempt after the reset, numbered on from it
    assert list(rows[3][3:]) == [None] * 7  # no terms, no attempt: NULLs read as None


def test_another_teachers_or_a_deleted_class_is_not_found(busy_class):
    classroom, _, _ = busy_class
    found = queries.classroom_for_teacher(user=classroom.teacher, public_id=classroom.public_id)
    assert found == classroom and found.name == classroom.name
    other = UserFactory()
    assert queries.classroom_for_teacher(user=other, public_id=classroom.public_id) is None
    services.classroom_delete(classroom=classroom)
    gone = queries.classroom_for_teacher(user=classroom.teacher, public_id=classroom.public_id)
    assert gone is None


def test_another_teachers_or_a_deleted_class_assignment_is_not_found(busy_class):
    classroom, assignment, _ = busy_class
    found = queries.assignment_for_teacher(user=classroom.teacher, public_id=assignment.public_id)
    assert (found.pk, found.classroom.name) == (assignment.pk, classroom.name)
    assert found == Assignment.objects.select_related("classroom").get(pk=assignment.pk)
    other = UserFactory()
    assert queries.assignment_for_teacher(user=other, public_id=assignment.public_id) is None
    services.classroom_delete(classroom=classroom)
    gone = queries.assignment_for_teacher(user=classroom.teacher, public_id=assignment.public_id)
    assert gone is None


def test_the_teachers_assignment_comes_with_its_class_in_one_query(
    busy_class, django_assert_num_queries
):
    classroom, assignment, _ = busy_class
    queries.assignment_for_teacher(user=classroom.teacher, public_id=assignment.public_id)
    with django_assert_num_queries(1):
        found = queries.assignment_for_teacher(
            user=classroom.teacher, public_id=assignment.public_id
        )
        assert found.classroom.teacher_id == classroom.teacher_id
        assert found.kinds == assignment.kinds  # a JSON field, read as the ORM reads it


def test_a_prepared_query_is_compiled_once_per_connection(busy_class, monkeypatch):
    classroom, assignment, _ = busy_class
    attempts = Attempt.objects.filter(membership__classroom=classroom).count()
    compiled = []
    as_sql = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        compiled.append(self.query.model)
        return as_sql(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    prepared = Prepared(
        lambda classroom_id: Attempt.objects.filter(
            membership__classroom_id=classroom_id
        ).values_list("id"),
        int,
    )
    for _ in range(3):
        assert len(prepared.rows(classroom.pk)) == attempts
    assert compiled == [Attempt]


def _named_like(name):
    # A lookup that changes the value it is given (contains wraps it in %) would run wrong.
    return Classroom.objects.filter(name__contains=name).values_list("id")


def _ignoring(name):
    return Classroom.objects.values_list("id")  # a value the query never uses


def _created_after(when):
    return Classroom.objects.filter(created__gt=when).values_list("id")


@pytest.mark.parametrize(
    "build, value, error",
    [
        (_named_like, "Class", ValueError),
        (_ignoring, "Class", ValueError),
        (_created_after, DUE, TypeError),  # only whole numbers and text have stand-ins
    ],
)
def test_a_query_that_cannot_be_prepared_is_refused_when_first_run(build, value, error):
    prepared = Prepared(build, type(value))
    with pytest.raises(error):
        prepared.rows(value)


@pytest.mark.parametrize("values", [(1, 2), (), (None,), ("1",)])
def test_a_prepared_query_takes_the_values_it_was_built_for_and_no_others(values):
    prepared = Prepared(lambda pk: Classroom.objects.filter(pk=pk).values_list("id"), int)
    with pytest.raises(TypeError):
        prepared.rows(*values)
