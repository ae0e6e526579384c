"""The database itself refuses an assignment or an attempt that breaks the rules.

Each bad value is written with QuerySet.update, which skips every form and model check:
what refuses it is the database's own constraint, named in its error (SQLite and
PostgreSQL both name it).
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from assignments import services
from assignments.models import Assignment, Attempt
from tests.factories import AssignmentFactory, AttemptFactory, MembershipFactory

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 11, 23, 9, tzinfo=UTC)
FRIDAY = MONDAY + timedelta(days=4)


@pytest.fixture
def attempt():
    membership = MembershipFactory()
    work = AssignmentFactory(classroom=membership.classroom, opens_at=MONDAY, due_at=FRIDAY)
    return AttemptFactory(assignment=work, membership=membership)


REFUSED = [
    ({"preset": "review_999"}, "assignment_preset_known"),
    ({"show_answers": "never"}, "assignment_show_answers_known"),
    ({"layout": "grid"}, "assignment_layout_known"),
    ({"question_count": 0}, "assignment_at_least_one_question"),
    ({"attempts_allowed": 0}, "assignment_at_least_one_attempt"),
    ({"due_at": MONDAY - timedelta(minutes=1)}, "assignment_opens_before_due"),
    ({"due_at": MONDAY}, "assignment_opens_before_due"),  # due as it opens: never open
    ({"opens_at": FRIDAY + timedelta(days=1)}, "assignment_opens_before_due"),
]


@pytest.mark.parametrize(("bad", "constraint"), REFUSED)
def test_the_database_refuses_an_assignment_that_breaks_a_rule(attempt, bad, constraint):
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        Assignment.objects.filter(pk=attempt.assignment_id).update(**bad)


ACCEPTED = [
    {"opens_at": None, "due_at": FRIDAY},
    {"opens_at": MONDAY, "due_at": None},
    {"opens_at": None, "due_at": None},
    {"opens_at": FRIDAY - timedelta(minutes=1), "due_at": FRIDAY},
    {"preset": "", "show_answers": "after_due", "layout": "one"},
    {"question_count": 1, "attempts_allowed": 1},
]


@pytest.mark.parametrize("good", ACCEPTED)
def test_an_assignment_without_a_date_or_at_the_least_still_fits(attempt, good):
    Assignment.objects.filter(pk=attempt.assignment_id).update(**good)
    stored = Assignment.objects.values(*good).get(pk=attempt.assignment_id)
    assert stored == good


def test_the_database_refuses_an_attempt_numbered_0(attempt):
    with pytest.raises(IntegrityError, match="attempt_number_from_1"), transaction.atomic():
        Attempt.objects.filter(pk=attempt.pk).update(number=0)


def test_a_model_form_such_as_the_admins_gets_the_rule_as_a_message_not_an_error(attempt):
    # The admin's form validates the model's constraints, so staff see this by the form.
    work = Assignment.objects.get(pk=attempt.assignment_id)
    work.due_at = MONDAY
    with pytest.raises(ValidationError) as refused:
        work.full_clean()
    assert refused.value.messages == ["The due date must be after the opening date."]


def test_a_live_class_ended_at_its_start_is_recorded_without_an_opening(attempt):
    # Two app servers' clocks may differ: a live class's end may read as its start, or
    # before it. The record leaves the opening out rather than open after its due date.
    spec = {"label": "Q1", "kind": "undertricks", "situation": {}}
    # Ended at its start, or (the other server's clock) before it; then days later.
    ends = ((MONDAY, None), (MONDAY - timedelta(seconds=2), None), (FRIDAY, MONDAY))
    for closed, opening in ends:
        recorded = services.assignment_record_fixed(
            classroom=attempt.assignment.classroom,
            title="Live: Monday",
            questions=[spec],
            answered={},
            opened=MONDAY,
            closed=closed,
        )
        assert (recorded.opens_at, recorded.due_at) == (opening, closed)
