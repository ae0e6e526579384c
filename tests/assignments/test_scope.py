"""What an assignment's questions may ask: nothing after the latest lesson the teacher's
chosen skills and kinds reach, and nothing the teacher left out (doubles, slams, honors, a
form of the game). Checked over many drawn sets, and at the form."""

import pytest
from django.test import Client

from assignments import draws, services
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

BEGINNERS = ["trick_score", "overtricks", "undertricks", "vulnerability"]


def test_the_scope_of_rubber_beginners_skills_has_no_doubles_slams_honors_or_other_forms():
    reached = draws.scope(kinds=[], skills=BEGINNERS)
    assert reached == {
        "sheet",
        "trick_score",
        "games",
        "vulnerability",
        "overtricks",
        "undertricks",
    }


def test_a_chosen_kind_reaches_the_lesson_it_is_about():
    assert "duplicate" in draws.scope(kinds=["duplicate_deal"], skills=["trick_score"])
    assert "doubles" not in draws.scope(
        kinds=["duplicate_deal"], skills=["trick_score"], leave_out=["doubles"]
    )


@pytest.mark.parametrize(
    "kinds, skills, leave_out",
    [
        ([], BEGINNERS, []),
        (["undertricks", "rubber_deal"], [], ["doubles"]),
        (["duplicate_deal"], ["vulnerability"], ["slams", "doubles", "honors"]),
        ([], ["doubles", "slams"], ["chicago", "duplicate", "simplicity", "victory_points"]),
    ],
)
def test_no_drawn_question_needs_a_skill_outside_the_assignments_scope(kinds, skills, leave_out):
    classroom = ClassroomFactory()
    assignment = services.assignment_create(
        classroom=classroom,
        title="Scoped",
        kinds=kinds,
        skills=skills,
        leave_out=leave_out,
        question_count=50,
        same_for_everyone=False,
    )
    allowed = assignment.scope
    assert not set(leave_out) & allowed
    for n in range(6):  # six students: 300 questions drawn
        student = MembershipFactory(classroom=classroom, display_name=f"S{n}")
        attempt = services.attempt_start(assignment=assignment, membership=student)
        for item in attempt.items.select_related("question"):
            needed = set(item.question.skills)
            assert needed <= allowed, (
                item.question.kind,
                item.question.situation,
                needed - allowed,
            )


def _form(**changes):
    data = {
        "title": "Scoped",
        "question_count": 4,
        "same_for_everyone": "yes",
        "attempts_allowed": 1,
        "show_answers": "after_submit",
        "layout": "one",
    }
    return {**data, **changes}


def test_leaving_out_what_a_chosen_kind_is_about_is_refused_with_the_reason():
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    client = Client()
    client.force_login(teacher)
    response = client.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        _form(kinds=["duplicate_deal"], leave_out=["duplicate"]),
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "With what you left out, these cannot be asked: Duplicate: score one deal." in page
    assert not classroom.assignments.exists()


def test_left_out_choices_are_kept_on_the_assignment_and_its_copy():
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    client = Client()
    client.force_login(teacher)
    client.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        _form(kinds=["undertricks"], leave_out=["doubles", "slams"]),
    )
    assignment = classroom.assignments.get()
    assert assignment.leave_out == ["doubles", "slams"]
    copy = services.assignment_copy(assignment=assignment, classroom=classroom)
    assert copy.leave_out == ["doubles", "slams"]
