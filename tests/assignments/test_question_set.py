"""An assignment and a live class ask for their questions in one way (QuestionSet): the same
four columns, made from the same values."""

from assignments.models import Assignment, QuestionSet, question_set
from live.models import LiveSession

FIELDS = ("kinds", "skills", "leave_out", "question_count")


def test_an_assignment_and_a_live_class_have_the_question_sets_columns():
    for model in (Assignment, LiveSession):
        assert issubclass(model, QuestionSet)
        for name in FIELDS:
            field, shared = model._meta.get_field(name), QuestionSet._meta.get_field(name)
            assert (field.column, field.get_internal_type()) == (
                shared.column,
                shared.get_internal_type(),
            ), (model, name)


def test_a_live_class_asks_five_questions_unless_told_and_an_assignment_is_always_told():
    assert LiveSession._meta.get_field("question_count").default == 5
    assert not Assignment._meta.get_field("question_count").has_default()


def test_the_values_are_lists_of_their_own_whatever_the_caller_passed():
    skills = ["undertricks"]
    values = question_set(kinds=("trick_score",), skills=skills, leave_out=(), question_count=4)
    skills.append("slams")
    assert values == {
        "kinds": ["trick_score"],
        "skills": ["undertricks"],
        "leave_out": [],
        "question_count": 4,
    }
