"""A teacher's control of an assignment, through its pages: drafts, publish and take back,
copy, delete and bring back (and purged for good), draw other questions or replace one."""

from datetime import timedelta

import pytest

from assignments import services
from assignments.models import Assignment, Attempt
from classes import services as class_services
from classes.models import Classroom
from quizzes.models import Answer, Question
from tests.clock import NOW
from tests.control import alice, class_of, messages_of, page_text, set_assignment
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    student_client,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


@pytest.fixture
def teacher():
    return alice()


# -- drafts, publishing, taking back -----------------------------------------------------------


def test_a_draft_is_not_seen_by_students_until_it_is_published(teacher):
    classroom = class_of(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    response = set_assignment(
        teacher, classroom, key=None, title="Undertricks review", publish="no", follow=True
    )
    assert "Saved as a draft" in messages_of(response)
    draft = Assignment.objects.get(title="Undertricks review")
    assert draft.is_draft
    student = student_client(sam)
    assert "Undertricks review" not in page_text(student, "/join/classes/")
    assert student.get(f"/join/a/{draft.public_id}/").status_code == 404
    assert student.post(f"/join/a/{draft.public_id}/start/").status_code == 404

    teacher.post(f"/teachers/assignments/{draft.public_id}/publish/")
    assert "Undertricks review" in page_text(student, "/join/classes/")
    assert student.get(f"/join/a/{draft.public_id}/").status_code == 200


def test_the_set_button_publishes_at_once(teacher):
    classroom = class_of(teacher)
    teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/review-quiz/",
        {
            "title": "Review",
            "attempts_allowed": 1,
            "show_answers": "after_submit",
            "layout": "all",
            "publish": "yes",
        },
    )
    assert not Assignment.objects.get(title="Review").is_draft


def test_taking_an_assignment_back_hides_it_and_keeps_the_students_work(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=sam)
    student = student_client(sam)
    question = attempt.items.first().question
    student.post(f"/join/a/{assignment.public_id}/q/{question.public_id}/", right_answer(question))

    teacher.post(f"/teachers/assignments/{assignment.public_id}/withdraw/")
    assert student.get(f"/join/a/{assignment.public_id}/").status_code == 404
    assert Answer.objects.filter(question=question).exists()

    teacher.post(f"/teachers/assignments/{assignment.public_id}/publish/")
    page = page_text(student, f"/join/a/{assignment.public_id}/")
    assert "Answered <strong>1</strong> of 4" in page


def test_a_taken_back_assignment_says_so_and_offers_no_redraw(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    services.attempt_start(assignment=assignment, membership=sam)
    teacher.post(f"/teachers/assignments/{assignment.public_id}/withdraw/")
    page = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert 'data-state="taken-back"' in page and "Taken back from students" in page
    assert "their work is kept" in page and "Publish it again" in page
    assert "A draft:" not in page and "replace any one question" not in page
    assert "Draw other questions" not in page
    classroom = page_text(teacher, f"/teachers/classes/{assignment.classroom.public_id}/")
    assert "Taken back: students do not see it" in classroom
    # A draft nobody started is still offered both.
    draft = AssignmentFactory(classroom=assignment.classroom, published_at=None)
    page = page_text(teacher, f"/teachers/assignments/{draft.public_id}/")
    assert "A draft:" in page and "Draw other questions" in page


# -- copying ---------------------------------------------------------------------------------


def test_a_copy_to_another_class_is_a_draft_with_questions_of_its_own(teacher):
    source = AssignmentFactory(
        classroom=class_of(teacher),
        title="Week 3",
        due_at=NOW - timedelta(days=1),
        opens_at=NOW - timedelta(days=8),
        attempts_allowed=2,
    )
    other = class_of(teacher, "Thursday improvers")
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/", {"classroom": other.public_id}
    )
    copy = Assignment.objects.get(classroom=other)
    assert response.status_code == 302
    assert response["Location"] == f"/teachers/assignments/{copy.public_id}/"
    assert (copy.title, copy.kinds, copy.question_count, copy.attempts_allowed) == (
        "Week 3",
        source.kinds,
        source.question_count,
        2,
    )
    assert copy.is_draft
    assert copy.secret_seed != source.secret_seed
    assert (copy.opens_at, copy.due_at) == (None, None)  # past dates are left out


def test_a_copy_in_the_same_class_says_it_is_a_copy(teacher):
    source = AssignmentFactory(classroom=class_of(teacher), title="Week 3")
    teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": source.classroom.public_id},
    )
    assert Assignment.objects.filter(title="Week 3 (copy)", published_at=None).count() == 1


def test_a_copy_to_a_class_whose_name_ends_in_a_full_stop_says_so_with_one(teacher):
    source = AssignmentFactory(classroom=class_of(teacher), title="Week 3")
    other = class_of(teacher, "Year 7 B.")
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": other.public_id},
        follow=True,
    )
    said = messages_of(response)
    assert "Copied as a draft to Year 7 B. Check its dates" in said
    assert ".." not in said


def test_a_copy_cannot_go_to_another_teachers_class(teacher):
    source = AssignmentFactory(classroom=class_of(teacher))
    theirs = ClassroomFactory(teacher=UserFactory(username="bob"))
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/", {"classroom": theirs.public_id}
    )
    assert response.status_code == 422
    assert "Choose the class to copy it to." in response.content.decode()
    assert not Assignment.objects.filter(classroom=theirs).exists()


def test_a_copy_of_a_set_with_a_question_replaced_by_hand_asks_that_set_until_drawn_again(
    teacher,
):
    draft, preview = _draft_in_preview(teacher)
    teacher.post(f"/teachers/assignments/{draft.public_id}/replace/2/")
    chosen = _situations(preview)
    other = class_of(teacher, "Thursday improvers")
    page = page_text(teacher, f"/teachers/assignments/{draft.public_id}/copy/")
    assert "The copy asks the same questions as this one, with the ones you replaced" in page

    response = teacher.post(
        f"/teachers/assignments/{draft.public_id}/copy/",
        {"classroom": other.public_id},
        follow=True,
    )
    said = messages_of(response)
    assert "It asks the same questions as the one you copied." in said
    assert "replace any one in its preview, or use “Draw other questions”" in said
    copy = Assignment.objects.get(classroom=other)
    teacher.post(f"/teachers/assignments/{copy.public_id}/preview/start/")
    in_copy = Attempt.objects.get(assignment=copy, membership__is_preview=True)
    assert _situations(in_copy) == chosen
    services.assignment_publish(assignment=copy)
    lee = MembershipFactory(classroom=other, display_name="Lee")
    assert _situations(services.attempt_start(assignment=copy, membership=lee)) == chosen

    # Drawn again, the copy has other questions; the assignment copied keeps its own.
    second = services.assignment_copy(assignment=draft, classroom=other)
    teacher.post(f"/teachers/assignments/{second.public_id}/redraw/")
    teacher.post(f"/teachers/assignments/{second.public_id}/preview/start/")
    redrawn = Attempt.objects.get(assignment=second, membership__is_preview=True)
    assert _situations(redrawn) != chosen
    draft.refresh_from_db()
    sam = MembershipFactory(classroom=draft.classroom, display_name="Sam")
    services.assignment_publish(assignment=draft)
    assert _situations(services.attempt_start(assignment=draft, membership=sam)) == chosen


@pytest.mark.parametrize(
    "fields",
    [{"same_for_everyone": True}, {"same_for_everyone": False, "replaced": {"1": 1}}],
    ids=["nothing replaced", "a set per student"],
)
def test_a_copy_of_a_set_only_drawn_draws_its_own_and_says_so(teacher, fields):
    source = AssignmentFactory(classroom=class_of(teacher), **fields)
    page = page_text(teacher, f"/teachers/assignments/{source.public_id}/copy/")
    assert "with questions of its own" in page and "the same questions" not in page
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": source.classroom.public_id},
        follow=True,
    )
    assert "the same questions" not in messages_of(response)
    copy = Assignment.objects.get(title=f"{source.title} (copy)")
    assert copy.secret_seed != source.secret_seed and copy.replaced == {}


# -- deleting and bringing back ----------------------------------------------------------------


def test_deleting_an_assignment_asks_first_and_can_be_undone(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), title="Week 3")
    sam = MembershipFactory(classroom=assignment.classroom)
    services.attempt_start(assignment=assignment, membership=sam)
    url = f"/teachers/assignments/{assignment.public_id}/delete/"
    confirm = page_text(teacher, url)
    assert "1 student started it" in confirm and "gradebook.csv" in confirm
    assert Assignment.objects.filter(pk=assignment.pk).exists()  # asking changes nothing

    response = teacher.post(url, follow=True)
    assert "Deleted." in messages_of(response)
    page = response.content.decode()
    assert "Recently deleted" in page and f'data-deleted="{assignment.public_id}"' in page
    assert teacher.get(f"/teachers/assignments/{assignment.public_id}/").status_code == 404

    teacher.post(f"/teachers/assignments/{assignment.public_id}/restore/")
    assert teacher.get(f"/teachers/assignments/{assignment.public_id}/").status_code == 200
    assert Attempt.objects.filter(assignment=assignment).count() == 1


def test_what_was_deleted_more_than_thirty_days_ago_goes_for_good_with_its_questions(teacher):
    old = AssignmentFactory(classroom=class_of(teacher))
    recent = AssignmentFactory(classroom=old.classroom)
    sam = MembershipFactory(classroom=old.classroom)
    services.attempt_start(assignment=old, membership=sam)
    services.attempt_start(assignment=recent, membership=sam)
    Assignment.all_objects.filter(pk=old.pk).update(deleted_at=NOW - timedelta(days=31))
    Assignment.all_objects.filter(pk=recent.pk).update(deleted_at=NOW - timedelta(days=29))

    assert services.purge_deleted() == 1
    assert not Assignment.all_objects.filter(pk=old.pk).exists()
    assert Assignment.all_objects.filter(pk=recent.pk).exists()
    assert Question.objects.filter(learner=sam.learner).count() == recent.question_count


def test_the_purge_command_deletes_for_good_only_what_is_past_its_undo_time(teacher):
    from io import StringIO

    from django.core.management import call_command

    old, recent = class_of(teacher, "Old"), class_of(teacher, "Recent")
    Classroom.all_objects.filter(pk=old.pk).update(deleted_at=NOW - timedelta(days=30, hours=1))
    Classroom.all_objects.filter(pk=recent.pk).update(deleted_at=NOW - timedelta(days=1))
    out = StringIO()
    call_command("purge_deleted", stdout=out)
    assert out.getvalue().strip() == "Purged 1 deleted classes and assignments."
    assert list(Classroom.all_objects.values_list("name", flat=True)) == ["Recent"]


# -- drawing other questions --------------------------------------------------------------------


def test_a_draft_nobody_started_can_draw_other_questions_and_the_preview_follows(teacher):
    draft = AssignmentFactory(classroom=class_of(teacher), published_at=None)
    preview = class_services.preview_membership(classroom=draft.classroom)
    first = services.attempt_start(assignment=draft, membership=preview, preview=True)
    before = [i.question.situation for i in first.items.order_by("position")]
    response = teacher.post(f"/teachers/assignments/{draft.public_id}/redraw/", follow=True)
    assert "Other questions drawn." in messages_of(response)
    draft.refresh_from_db()
    again = services.attempt_start(assignment=draft, membership=preview, preview=True)
    after = [i.question.situation for i in again.items.order_by("position")]
    assert after != before


def test_questions_a_student_has_started_are_not_drawn_again(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    services.attempt_start(assignment=assignment, membership=sam)
    seed = assignment.secret_seed
    response = teacher.post(f"/teachers/assignments/{assignment.public_id}/redraw/", follow=True)
    assert "Students have started this assignment" in messages_of(response)
    assignment.refresh_from_db()
    assert assignment.secret_seed == seed


def test_draw_other_questions_asks_first_saying_every_question_is_replaced(teacher):
    draft = AssignmentFactory(classroom=class_of(teacher), published_at=None, question_count=3)
    gradebook = page_text(teacher, f"/teachers/assignments/{draft.public_id}/")
    url = f"/teachers/assignments/{draft.public_id}/redraw/"
    assert f'<form method="get" action="{url}"><button' in gradebook
    page = page_text(teacher, url)
    assert "All 3 questions of the draft are replaced" in page
    assert "also any you replaced one by one" in page
    assert f'<form method="post" action="{url}"' in page
    assert Assignment.objects.get(pk=draft.pk).secret_seed == draft.secret_seed


def test_draw_other_questions_for_a_draft_of_one_question_says_it_in_the_singular(teacher):
    draft = AssignmentFactory(classroom=class_of(teacher), published_at=None, question_count=1)
    page = page_text(teacher, f"/teachers/assignments/{draft.public_id}/redraw/")
    assert "The draft&#x27;s only question is replaced by a new one of the same kind" in page
    assert "All 1 questions" not in page


# -- replacing one question of a draft -------------------------------------------------------


def _situations(attempt) -> list[dict]:
    return [item.question.situation for item in attempt.items.order_by("position")]


def _draft_in_preview(teacher, **fields):
    """A draft of four questions, same for everyone, with the teacher's preview started."""
    draft = AssignmentFactory(
        classroom=class_of(teacher), published_at=None, same_for_everyone=True, **fields
    )
    teacher.post(f"/teachers/assignments/{draft.public_id}/preview/start/")
    preview = class_services.preview_membership(classroom=draft.classroom)
    return draft, Attempt.objects.get(assignment=draft, membership=preview)


def test_replacing_one_question_of_a_draft_changes_that_one_only_for_preview_students_and_paper(
    teacher,
):
    draft, preview = _draft_in_preview(teacher)
    before = _situations(preview)
    kinds = [item.question.kind for item in preview.items.order_by("position")]
    page = page_text(teacher, f"/teachers/assignments/{draft.public_id}/preview/")
    assert page.count("Replace this question") == 4

    response = teacher.post(f"/teachers/assignments/{draft.public_id}/replace/2/")
    new = preview.items.get(position=1).question
    assert response["Location"] == (
        f"/teachers/assignments/{draft.public_id}/preview/?n=2#q-{new.public_id}"
    )
    after = _situations(preview)
    assert after[1] != before[1] and new.kind == kinds[1]  # another of the same kind
    assert [after[i] for i in (0, 2, 3)] == [before[i] for i in (0, 2, 3)]
    assert "Question 2 replaced" in messages_of(teacher.get(response["Location"]))

    # Published, every student is asked the replaced set, and paper prints it.
    teacher.post(f"/teachers/assignments/{draft.public_id}/publish/")
    draft.refresh_from_db()
    sam = MembershipFactory(classroom=draft.classroom)
    assert _situations(services.attempt_start(assignment=draft, membership=sam)) == after
    for paper in ("worksheet", "answer-key"):
        response = teacher.get(f"/teachers/assignments/{draft.public_id}/{paper}/")
        printed = [item["question"].situation for item in response.context["sheets"][0].items]
        assert printed == after, paper


def test_replacing_the_same_question_twice_draws_a_third(teacher):
    draft, preview = _draft_in_preview(teacher)
    seen = [preview.items.get(position=0).question.situation]
    for _ in range(2):
        teacher.post(f"/teachers/assignments/{draft.public_id}/replace/1/")
        seen.append(preview.items.get(position=0).question.situation)
    assert len({str(s) for s in seen}) == 3
    draft.refresh_from_db()
    assert draft.replaced == {"0": 2}


def test_drawing_other_questions_forgets_the_replaced_ones(teacher):
    draft, _ = _draft_in_preview(teacher)
    teacher.post(f"/teachers/assignments/{draft.public_id}/replace/3/")
    teacher.post(f"/teachers/assignments/{draft.public_id}/redraw/")
    draft.refresh_from_db()
    assert draft.replaced == {}


def test_a_question_is_not_replaced_once_a_student_has_started(teacher):
    draft, preview = _draft_in_preview(teacher)
    sam = MembershipFactory(classroom=draft.classroom)
    services.assignment_publish(assignment=draft)
    services.attempt_start(assignment=draft, membership=sam)
    services.assignment_withdraw(assignment=draft)  # a draft again, but Sam has his questions
    before = _situations(preview)
    page = page_text(teacher, f"/teachers/assignments/{draft.public_id}/preview/")
    assert "Replace this question" not in page

    response = teacher.post(f"/teachers/assignments/{draft.public_id}/replace/2/")
    assert response.status_code == 422
    assert "Students have started this assignment" in response.content.decode()
    draft.refresh_from_db()
    assert draft.replaced == {} and _situations(preview) == before


@pytest.mark.parametrize(
    "fields, refusal",
    [
        ({"published_at": NOW}, "Students can see this assignment"),
        ({"preset": "review_000", "question_count": 18}, "ready-made quiz"),
    ],
    ids=["published", "the ready-made quiz"],
)
def test_a_published_assignment_or_the_ready_made_quiz_keeps_its_questions(
    teacher, fields, refusal
):
    assignment = AssignmentFactory(classroom=class_of(teacher), **fields)
    teacher.post(f"/teachers/assignments/{assignment.public_id}/preview/start/")
    page = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/preview/")
    assert "Replace this question" not in page
    response = teacher.post(f"/teachers/assignments/{assignment.public_id}/replace/1/")
    assert response.status_code == 422 and refusal in response.content.decode()
    assignment.refresh_from_db()
    assert assignment.replaced == {}


@pytest.mark.parametrize("number", [0, 5])
def test_replacing_a_question_the_draft_does_not_have_answers_404(teacher, number):
    draft, _ = _draft_in_preview(teacher)
    response = teacher.post(f"/teachers/assignments/{draft.public_id}/replace/{number}/")
    assert response.status_code == 404


def test_replacing_a_question_is_a_post(teacher):
    draft, preview = _draft_in_preview(teacher)
    before = _situations(preview)
    assert teacher.get(f"/teachers/assignments/{draft.public_id}/replace/1/").status_code == 405
    assert _situations(preview) == before
