"""The database itself refuses a practice row that breaks the rules.

Each bad value is written with QuerySet.update, which skips every form and model check:
what refuses it is the database's own constraint, named in its error (SQLite and
PostgreSQL both name it).
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction

from quizzes.kinds import KINDS
from quizzes.models import (
    Question,
)
from tests.factories import (
    AnswerFactory,
    LearnerFactory,
    QuestionFactory,
    ReviewCardFactory,
    SheetDrillFactory,
    SheetStepFactory,
    SkillProgressFactory,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 27, 12, tzinfo=UTC)


@pytest.fixture
def rows() -> dict:
    """One good row of each model, named as REFUSED names them."""
    learner = LearnerFactory()
    drill = SheetDrillFactory(learner=learner, form="chicago", first_dealer="we")
    return {
        "question": QuestionFactory(learner=learner, focus="sheet", upto="rubber"),
        "answer": AnswerFactory(question__learner=learner, correct=False),
        "progress": SkillProgressFactory(
            learner=learner, skill="sheet", recent="10", answered=2, right=1
        ),
        "card": ReviewCardFactory(
            learner=learner,
            key="sheet",
            due=NOW + timedelta(days=1),
            last_review=NOW,
            reviews=2,
            lapses=1,
        ),
        "drill": drill,
        "step": SheetStepFactory(drill=drill, number=1),
    }


REFUSED = [
    ("question", {"kind": "no_such_kind"}, "question_kind_known"),
    ("question", {"kind": ""}, "question_kind_known"),
    ("question", {"source": "homework"}, "question_source_known"),
    ("question", {"focus": "bidding"}, "question_focus_a_skill"),
    ("question", {"upto": "bidding"}, "question_upto_a_skill"),
    # A second try is given after a wrong first try, and graded with it.
    ("answer", {"retry_given": {"a": 1}}, "answer_second_try_after_a_wrong_first"),
    ("answer", {"retry_correct": True}, "answer_second_try_after_a_wrong_first"),
    (
        "answer",
        {"correct": True, "retry_given": {"a": 1}, "retry_correct": True},
        "answer_second_try_after_a_wrong_first",
    ),
    ("progress", {"skill": "bidding"}, "skillprogress_skill_known"),
    ("progress", {"right": 3}, "skillprogress_right_of_answered"),
    ("card", {"lapses": 3}, "reviewcard_lapses_of_reviews"),
    ("card", {"due": NOW - timedelta(seconds=1)}, "reviewcard_due_after_last_review"),
    ("drill", {"form": "pairs"}, "sheetdrill_form_known"),
    ("drill", {"first_dealer": "WE"}, "sheetdrill_first_dealer_a_side"),
    ("step", {"number": 0}, "sheetstep_number_from_1"),
]


@pytest.mark.parametrize(("row", "bad", "constraint"), REFUSED)
def test_the_database_refuses_a_practice_row_that_breaks_a_rule(rows, row, bad, constraint):
    found = rows[row]
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        type(found).objects.filter(pk=found.pk).update(**bad)


ACCEPTED = [
    ("question", {"focus": "", "upto": ""}),  # free practice
    ("question", {"kind": "match_vp", "source": "assignment"}),
    ("answer", {"retry_given": {"a": 1}, "retry_correct": False}),
    ("progress", {"answered": 0, "right": 0}),
    ("card", {"due": NOW, "lapses": 2}),
    ("drill", {"form": "rubber", "first_dealer": ""}),
]


@pytest.mark.parametrize(("row", "good"), ACCEPTED)
def test_a_row_at_the_edge_of_a_rule_still_fits(rows, row, good):
    found = rows[row]
    type(found).objects.filter(pk=found.pk).update(**good)
    assert type(found).objects.values(*good).get(pk=found.pk) == good


def test_every_kind_the_registry_has_may_be_stored(rows):
    question = rows["question"]
    for key in KINDS:
        Question.objects.filter(pk=question.pk).update(kind=key)
    assert Question.objects.get(pk=question.pk).kind == list(KINDS)[-1]
