"""A teacher's control of what they made, through the pages: drafts, publish and take back,
copy, delete and bring back, archive; remove, put back and merge students; one student's
later due date, extra attempts, excused; an attempt reset and made to count again."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from assignments.models import Assignment, Attempt
from classes.models import Classroom, Membership
from quizzes.models import Answer, Question
from teaching import services
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    student_client,
    wrong_answer,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen_clock():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def teacher():
    user = UserFactory(username="alice")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


def _class(teacher, name="Tuesday beginners"):
    return ClassroomFactory(teacher=teacher.user, name=name)


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _messages(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


# -- drafts, publishing, taking back -----------------------------------------------------------


def test_a_draft_is_not_seen_by_students_until_it_is_published(teacher):
    classroom = _class(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    response = teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        {
            "title": "Undertricks review",
            "kinds": ["undertricks"],
            "question_count": 3,
            "same_for_everyone": "yes",
            "attempts_allowed": 1,
            "show_answers": "after_submit",
            "layout": "one",
            "publish": "no",
        },
        follow=True,
    )
    assert "Saved as a draft" in _messages(response)
    draft = Assignment.objects.get(title="Undertricks review")
    assert draft.is_draft
    student = student_client(sam)
    assert "Undertricks review" not in _page(student, "/join/classes/")
    assert student.get(f"/join/a/{draft.public_id}/").status_code == 404
    assert student.post(f"/join/a/{draft.public_id}/start/").status_code == 404

    teacher.post(f"/teachers/assignments/{draft.public_id}/publish/")
    assert "Undertricks review" in _page(student, "/join/classes/")
    assert student.get(f"/join/a/{draft.public_id}/").status_code == 200


def test_the_set_button_publishes_at_once(teacher):
    classroom = _class(teacher)
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
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=sam)
    student = student_client(sam)
    question = attempt.items.first().question
    student.post(f"/join/a/{assignment.public_id}/q/{question.public_id}/", right_answer(question))

    teacher.post(f"/teachers/assignments/{assignment.public_id}/withdraw/")
    assert student.get(f"/join/a/{assignment.public_id}/").status_code == 404
    assert Answer.objects.filter(question=question).exists()

    teacher.post(f"/teachers/assignments/{assignment.public_id}/publish/")
    page = _page(student, f"/join/a/{assignment.public_id}/")
    assert "Answered <strong>1</strong> of 4" in page


# -- copying ---------------------------------------------------------------------------------


def test_a_copy_to_another_class_is_a_draft_with_questions_of_its_own(teacher):
    source = AssignmentFactory(
        classroom=_class(teacher),
        title="Week 3",
        due_at=NOW - timedelta(days=1),
        opens_at=NOW - timedelta(days=8),
        attempts_allowed=2,
    )
    other = _class(teacher, "Thursday improvers")
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
    source = AssignmentFactory(classroom=_class(teacher), title="Week 3")
    teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": source.classroom.public_id},
    )
    assert Assignment.objects.filter(title="Week 3 (copy)", published_at=None).count() == 1


def test_a_copy_to_a_class_whose_name_ends_in_a_full_stop_says_so_with_one(teacher):
    source = AssignmentFactory(classroom=_class(teacher), title="Week 3")
    other = _class(teacher, "Year 7 B.")
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": other.public_id},
        follow=True,
    )
    said = _messages(response)
    assert "Copied as a draft to Year 7 B. Check its dates" in said
    assert ".." not in said


def test_a_copy_cannot_go_to_another_teachers_class(teacher):
    source = AssignmentFactory(classroom=_class(teacher))
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
    other = _class(teacher, "Thursday improvers")
    page = _page(teacher, f"/teachers/assignments/{draft.public_id}/copy/")
    assert "The copy asks the same questions as this one, with the ones you replaced" in page

    response = teacher.post(
        f"/teachers/assignments/{draft.public_id}/copy/",
        {"classroom": other.public_id},
        follow=True,
    )
    said = _messages(response)
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
    source = AssignmentFactory(classroom=_class(teacher), **fields)
    page = _page(teacher, f"/teachers/assignments/{source.public_id}/copy/")
    assert "with questions of its own" in page and "the same questions" not in page
    response = teacher.post(
        f"/teachers/assignments/{source.public_id}/copy/",
        {"classroom": source.classroom.public_id},
        follow=True,
    )
    assert "the same questions" not in _messages(response)
    copy = Assignment.objects.get(title=f"{source.title} (copy)")
    assert copy.secret_seed != source.secret_seed and copy.replaced == {}


# -- deleting and bringing back ----------------------------------------------------------------


def test_deleting_an_assignment_asks_first_and_can_be_undone(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), title="Week 3")
    sam = MembershipFactory(classroom=assignment.classroom)
    services.attempt_start(assignment=assignment, membership=sam)
    url = f"/teachers/assignments/{assignment.public_id}/delete/"
    confirm = _page(teacher, url)
    assert "1 student started it" in confirm and "gradebook.csv" in confirm
    assert Assignment.objects.filter(pk=assignment.pk).exists()  # asking changes nothing

    response = teacher.post(url, follow=True)
    assert "Deleted." in _messages(response)
    page = response.content.decode()
    assert "Recently deleted" in page and f'data-deleted="{assignment.public_id}"' in page
    assert teacher.get(f"/teachers/assignments/{assignment.public_id}/").status_code == 404

    teacher.post(f"/teachers/assignments/{assignment.public_id}/restore/")
    assert teacher.get(f"/teachers/assignments/{assignment.public_id}/").status_code == 200
    assert Attempt.objects.filter(assignment=assignment).count() == 1


def test_what_was_deleted_more_than_thirty_days_ago_goes_for_good_with_its_questions(teacher):
    old = AssignmentFactory(classroom=_class(teacher))
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


def test_a_deleted_class_stops_its_code_and_comes_back_whole(teacher):
    classroom = _class(teacher)
    MembershipFactory(classroom=classroom, display_name="Sam")
    confirm = _page(teacher, f"/teachers/classes/{classroom.public_id}/delete/")
    assert "Its 1 student and 0 assignments go with it" in confirm
    AssignmentFactory(classroom=classroom)
    MembershipFactory(classroom=classroom, display_name="Kim")
    said = _page(teacher, f"/teachers/classes/{classroom.public_id}/delete/")
    assert "Its 2 students and 1 assignment go with it" in said
    response = teacher.post(f"/teachers/classes/{classroom.public_id}/delete/", follow=True)
    assert f'data-deleted="{classroom.public_id}"' in response.content.decode()
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert joined.status_code == 422
    assert "No class has that code" in joined.content.decode()

    teacher.post(f"/teachers/classes/{classroom.public_id}/restore/")
    page = _page(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert "Sam" in page


def test_an_archived_class_takes_no_new_students_and_is_listed_apart(teacher):
    classroom = _class(teacher)
    teacher.post(f"/teachers/classes/{classroom.public_id}/archive/")
    dashboard = _page(teacher, "/teachers/")
    assert f'data-archived="{classroom.public_id}"' in dashboard
    assert f'data-class="{classroom.public_id}"' not in dashboard
    refused = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert refused.status_code == 422
    assert "This class has finished" in refused.content.decode()

    teacher.post(f"/teachers/classes/{classroom.public_id}/archive/", {"archive": "no"})
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert joined.status_code == 302


# -- students ----------------------------------------------------------------------------------


def test_a_removed_student_leaves_every_list_and_can_be_put_back(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam Q.")
    c = assignment.classroom.public_id
    assert "Take Sam Q. off the class?" in _page(
        teacher, f"/teachers/classes/{c}/students/{sam.public_id}/remove/"
    )
    teacher.post(f"/teachers/classes/{c}/students/{sam.public_id}/remove/")
    gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert f'data-student="{sam.public_id}"' not in gradebook
    assert f'data-removed="{sam.public_id}"' in _page(teacher, f"/teachers/classes/{c}/")
    assert student_client(sam).get(f"/join/a/{assignment.public_id}/").status_code == 404

    teacher.post(f"/teachers/classes/{c}/students/{sam.public_id}/restore/")
    gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert f'data-student="{sam.public_id}"' in gradebook


def test_a_removed_students_name_is_free_and_putting_them_back_then_says_why_not(teacher):
    classroom = _class(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    services.membership_remove(membership=sam)
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "sam"})
    assert joined.status_code == 302
    response = teacher.post(
        f"/teachers/classes/{classroom.public_id}/students/{sam.public_id}/restore/", follow=True
    )
    assert "Someone in the class now uses the name Sam" in _messages(response)
    assert Membership.all_objects.get(pk=sam.pk).removed_at is not None


def test_a_removed_student_who_joins_again_comes_back_with_their_work(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    services.attempt_start(assignment=assignment, membership=sam)
    services.membership_remove(membership=sam)
    student = student_client(sam)
    response = student.post(
        "/join/", {"code": assignment.classroom.join_code, "display_name": "Sam"}
    )
    assert response.status_code == 200  # "you are already in this class"
    assert Membership.objects.filter(pk=sam.pk).exists()
    assert student.get(f"/join/a/{assignment.public_id}/").status_code == 200


def test_merging_moves_the_attempts_after_the_kept_records_own(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=3)
    phone = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    laptop = MembershipFactory(classroom=assignment.classroom, display_name="Ana P.")
    for membership in (phone, laptop):
        attempt = services.attempt_start(assignment=assignment, membership=membership)
        services.attempt_submit(attempt=attempt)
    url = f"/teachers/classes/{assignment.classroom.public_id}/students/{phone.public_id}/merge/"
    assert "Merge “Ana” into another record" in _page(teacher, url)
    response = teacher.post(url, {"into": laptop.public_id}, follow=True)
    assert "1 attempt moved to Ana P." in _messages(response)
    assert list(
        Attempt.objects.filter(membership=laptop).order_by("number").values_list("number")
    ) == [(1,), (2,)]
    assert not Membership.objects.filter(pk=phone.pk).exists()  # off the class, kept to undo
    moved = Question.objects.filter(assignment_item__attempt__membership=laptop)
    assert set(moved.values_list("learner_id", flat=True)) == {laptop.learner_id}


def _records(*memberships):
    """Everything a merge touches, as it stands: each record's attempts (with their numbers,
    reset marks and their questions' learners), allowances, and whether it is in the class."""
    return [
        (
            sorted(Attempt.objects.filter(membership=m).values_list("pk", "number", "voided_at")),
            sorted(
                Question.objects.filter(assignment_item__attempt__membership=m).values_list(
                    "pk", "learner_id"
                )
            ),
            sorted(m.allowances.values_list("pk", "assignment_id", "due_at", "extra_attempts")),
            Membership.objects.filter(pk=m.pk).exists(),
        )
        for m in memberships
    ]


@pytest.fixture
def two_anas(teacher):
    """One student, Ana, who joined twice: two attempts on her phone's record (one with a
    later due date), one on her laptop's."""
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=3)
    phone = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    laptop = MembershipFactory(classroom=assignment.classroom, display_name="Ana P.")
    for membership, times in ((phone, 2), (laptop, 1)):
        for _ in range(times):
            attempt = services.attempt_start(assignment=assignment, membership=membership)
            services.attempt_submit(attempt=attempt)
    services.allowance_set(assignment=assignment, membership=phone, due_at=NOW + timedelta(days=9))
    return assignment, phone, laptop


def _merge(teacher, phone, laptop):
    url = f"/teachers/classes/{phone.classroom.public_id}/students/{phone.public_id}/merge/"
    return teacher.post(url, {"into": laptop.public_id}, follow=True)


def _unmerge(teacher, record):
    url = f"/teachers/classes/{record.classroom.public_id}/students/{record.public_id}/unmerge/"
    return teacher.post(url, follow=True)


def test_a_merge_is_undone_with_both_records_and_their_attempts_as_before(teacher, two_anas):
    assignment, phone, laptop = two_anas
    before = _records(phone, laptop)
    response = _merge(teacher, phone, laptop)
    assert "2 attempts moved to Ana P." in _messages(response)
    assert _records(phone, laptop) != before
    page = response.content.decode()
    assert "Merged records" in page and f'data-merged="{phone.public_id}"' in page
    assert "Undo the merge" in page and f'data-removed="{phone.public_id}"' not in page

    response = _unmerge(teacher, phone)
    assert "Merge undone: Ana has their own record again, with 2 attempts." in _messages(response)
    assert _records(phone, laptop) == before
    assert "Merged records" not in response.content.decode()
    gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert ">Ana</" in gradebook and ">Ana P.</" in gradebook


def test_an_answer_given_after_the_merge_goes_back_with_its_attempt(teacher, two_anas):
    assignment, phone, laptop = two_anas
    phone_only = AssignmentFactory(classroom=assignment.classroom)
    started = services.attempt_start(assignment=phone_only, membership=phone)
    _merge(teacher, phone, laptop)
    # Ana goes on with the attempt on the kept record, then the teacher undoes the merge.
    url, data = _answer_url(phone_only, started)
    assert student_client(laptop).post(url, data).status_code == 302
    _unmerge(teacher, phone)
    started.refresh_from_db()
    assert (started.membership_id, started.number) == (phone.pk, 1)
    assert Answer.objects.filter(question__assignment_item__attempt=started).count() == 1


def test_a_merge_merged_again_is_undone_last_first(teacher, two_anas):
    assignment, phone, laptop = two_anas
    tablet = MembershipFactory(classroom=assignment.classroom, display_name="Ana Pérez")
    before = _records(phone, laptop, tablet)
    _merge(teacher, phone, laptop)
    _merge(teacher, laptop, tablet)
    response = _unmerge(teacher, phone)
    assert (
        "Ana P. has since been merged into Ana Pérez: undo that merge first, then this one."
        in _messages(response)
    )
    assert Membership.objects.filter(classroom=assignment.classroom).count() == 1
    _unmerge(teacher, laptop)
    _unmerge(teacher, phone)
    assert _records(phone, laptop, tablet) == before


def test_a_merge_is_not_undone_when_its_name_was_taken_since(teacher, two_anas):
    assignment, phone, laptop = two_anas
    _merge(teacher, phone, laptop)
    MembershipFactory(classroom=assignment.classroom, display_name="ana")
    merged = _records(phone, laptop)
    response = _unmerge(teacher, phone)
    assert "Someone in the class now uses the name Ana" in _messages(response)
    assert _records(phone, laptop) == merged
    assert Membership.all_objects.get(pk=phone.pk).merged_into_id == laptop.pk


def test_a_merged_record_is_not_put_back_as_a_removed_one_nor_by_joining_again(teacher, two_anas):
    assignment, phone, laptop = two_anas
    _merge(teacher, phone, laptop)
    c = assignment.classroom
    restore = f"/teachers/classes/{c.public_id}/students/{phone.public_id}/restore/"
    assert teacher.post(restore).status_code == 404
    # Ana's phone, still signed in as the merged record, tries the class code again.
    response = student_client(phone).post("/join/", {"code": c.join_code, "display_name": "Ana"})
    assert "Your teacher has put your two records in this class together" in (
        response.content.decode()
    )
    assert Membership.all_objects.get(pk=phone.pk).merged_into_id == laptop.pk
    # Undo answers only for a merged record: a present one answers 404.
    unmerge = f"/teachers/classes/{c.public_id}/students/{laptop.public_id}/unmerge/"
    assert teacher.post(unmerge).status_code == 404
    assert (
        teacher.get(
            f"/teachers/classes/{c.public_id}/students/{phone.public_id}/unmerge/"
        ).status_code
        == 405
    )


def test_merging_with_no_choice_is_refused_and_changes_nothing(teacher):
    classroom = _class(teacher)
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Ana P.")
    url = f"/teachers/classes/{classroom.public_id}/students/{ana.public_id}/merge/"
    for data in ({}, {"into": ana.public_id}, {"into": "nobody"}):
        response = teacher.post(url, data)
        assert response.status_code == 422
        assert "Choose the student record to keep." in response.content.decode()
    assert Membership.objects.filter(classroom=classroom).count() == 2


# -- one student's terms -----------------------------------------------------------------------


def _answer_url(assignment, attempt):
    question = attempt.items.first().question
    return f"/join/a/{assignment.public_id}/q/{question.public_id}/", right_answer(question)


def test_a_later_due_date_for_one_student_lets_them_answer_after_the_class_closes(teacher):
    due = NOW + timedelta(hours=1)
    assignment = AssignmentFactory(classroom=_class(teacher), due_at=due)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    lee = MembershipFactory(classroom=assignment.classroom, display_name="Lee")
    sams = services.attempt_start(assignment=assignment, membership=sam)
    lees = services.attempt_start(assignment=assignment, membership=lee)
    url = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/"
    response = teacher.post(url, {"due_at": "2026-11-26T18:00", "extra_attempts": 0})
    assert response.status_code == 302

    with time_machine.travel(NOW + timedelta(hours=2), tick=False):
        page = _page(student_client(sam), f"/join/a/{assignment.public_id}/")
        assert "a later date, for you" in page
        sam_url, sam_answer = _answer_url(assignment, sams)
        assert student_client(sam).post(sam_url, sam_answer).status_code == 302
        lee_url, lee_answer = _answer_url(assignment, lees)
        assert student_client(lee).post(lee_url, lee_answer).status_code == 403
        gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert "Due 26 Nov, 18:00" in gradebook
    assert Answer.objects.filter(question__learner=sam.learner).count() == 1
    assert Answer.objects.filter(question__learner=lee.learner).count() == 0


def test_a_due_date_for_one_student_must_be_later_than_the_classs(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), due_at=NOW + timedelta(days=2))
    sam = MembershipFactory(classroom=assignment.classroom)
    url = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/"
    for due, message in (
        ("2026-11-25T12:00", "Choose a due date later than the class"),
        ("2026-11-20T12:00", "Choose a due date later than the class"),
        ("not a date", "Enter a date and time"),
    ):
        response = teacher.post(url, {"due_at": due, "extra_attempts": 0})
        assert response.status_code == 422
        assert message in response.content.decode()
    response = teacher.post(url, {"due_at": "", "extra_attempts": 11})
    assert response.status_code == 422
    assert "Give between 0 and 10 extra attempts." in response.content.decode()


def test_an_extra_attempt_lets_one_student_start_again(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=1)
    sam = MembershipFactory(classroom=assignment.classroom)
    services.attempt_submit(attempt=services.attempt_start(assignment=assignment, membership=sam))
    with pytest.raises(services.AnswersClosed):
        services.attempt_start(assignment=assignment, membership=sam)
    teacher.post(
        f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/",
        {"due_at": "", "extra_attempts": 1},
    )
    second = services.attempt_start(assignment=assignment, membership=sam)
    assert second.number == 2


def test_an_excused_student_is_marked_in_the_gradebook(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    teacher.post(
        f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/",
        {"due_at": "", "extra_attempts": 0, "excused": "on"},
    )
    gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert '<span class="badge">Excused</span>' in gradebook
    assert "excused you from this assignment" in _page(
        student_client(sam), f"/join/a/{assignment.public_id}/"
    )


# -- resetting an attempt ----------------------------------------------------------------------


def test_a_reset_attempt_lets_the_student_start_again_and_can_count_again(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=1)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    first = services.attempt_start(assignment=assignment, membership=sam)
    url, answer = _answer_url(assignment, first)
    student = student_client(sam)
    student.post(url, answer)
    services.attempt_submit(attempt=first)
    base = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}"

    response = teacher.post(f"{base}/attempts/1/reset/", follow=True)
    assert "Attempt reset" in _messages(response)
    assert "Attempt 1 (reset)" in response.content.decode()
    page = _page(student, f"/join/a/{assignment.public_id}/")
    assert "Ready?" in page  # a fresh start, the reset attempt out of sight
    second = services.attempt_start(assignment=assignment, membership=sam)
    assert second.number == 2
    gradebook = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert 'data-status="in_progress"' in gradebook

    teacher.post(f"{base}/attempts/2/reset/")
    teacher.post(f"{base}/attempts/1/restore/")
    assert Attempt.objects.get(pk=first.pk).voided_at is None


def test_a_reset_attempt_cannot_count_again_beside_a_newer_one_beyond_the_allowance(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=1)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    first = services.attempt_start(assignment=assignment, membership=sam)
    services.attempt_submit(attempt=first)
    services.attempt_reset(attempt=first)
    second = services.attempt_start(assignment=assignment, membership=sam)
    base = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}"

    response = teacher.post(f"{base}/attempts/1/restore/")
    assert response.status_code == 422
    page = response.content.decode()
    assert 'data-state="restore-refused"' in page
    assert "Attempt 1 cannot count again" in page and "Reset the newer attempt first" in page
    assert Attempt.objects.get(pk=first.pk).voided_at is not None
    assert Attempt.objects.get(pk=second.pk).voided_at is None
    counted = Attempt.objects.filter(membership=sam, voided_at__isnull=True).count()
    assert counted == 1

    # With another attempt allowed, it is back beside the newer one; which of the two the
    # gradebook counts is its rule's (the best handed in), not "this one".
    teacher.post(f"{base}/allowance/", {"due_at": "", "extra_attempts": 1})
    response = teacher.post(f"{base}/attempts/1/restore/", follow=True)
    assert (
        "Attempt 1 is back among Sam's attempts. The gradebook counts the best one handed "
        "in, marked below."
    ) in _messages(response)
    assert Attempt.objects.get(pk=first.pk).voided_at is None


def test_a_question_of_a_reset_attempt_takes_no_answer(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=sam)
    services.attempt_reset(attempt=attempt)
    url, answer = _answer_url(assignment, attempt)
    response = student_client(sam).post(url, answer, follow=True)
    assert "Your teacher has reset this attempt" in response.content.decode()
    assert not Answer.objects.filter(question__learner=sam.learner).exists()


def test_no_class_is_lost_by_a_delete_of_an_already_deleted_class(teacher):
    classroom = _class(teacher)
    services.classroom_delete(classroom=classroom)
    assert teacher.post(f"/teachers/classes/{classroom.public_id}/delete/").status_code == 404
    assert Classroom.all_objects.filter(pk=classroom.pk).exists()


def test_the_purge_command_deletes_for_good_only_what_is_past_its_undo_time(teacher):
    from io import StringIO

    from django.core.management import call_command

    old, recent = _class(teacher, "Old"), _class(teacher, "Recent")
    Classroom.all_objects.filter(pk=old.pk).update(deleted_at=NOW - timedelta(days=30, hours=1))
    Classroom.all_objects.filter(pk=recent.pk).update(deleted_at=NOW - timedelta(days=1))
    out = StringIO()
    call_command("purge_deleted", stdout=out)
    assert out.getvalue().strip() == "Purged 1 deleted classes and assignments."
    assert list(Classroom.all_objects.values_list("name", flat=True)) == ["Recent"]


def test_a_draft_nobody_started_can_draw_other_questions_and_the_preview_follows(teacher):
    draft = AssignmentFactory(classroom=_class(teacher), published_at=None)
    preview = services.preview_membership(classroom=draft.classroom)
    first = services.attempt_start(assignment=draft, membership=preview, preview=True)
    before = [i.question.situation for i in first.items.order_by("position")]
    response = teacher.post(f"/teachers/assignments/{draft.public_id}/redraw/", follow=True)
    assert "Other questions drawn." in _messages(response)
    draft.refresh_from_db()
    again = services.attempt_start(assignment=draft, membership=preview, preview=True)
    after = [i.question.situation for i in again.items.order_by("position")]
    assert after != before


def test_questions_a_student_has_started_are_not_drawn_again(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    services.attempt_start(assignment=assignment, membership=sam)
    seed = assignment.secret_seed
    response = teacher.post(f"/teachers/assignments/{assignment.public_id}/redraw/", follow=True)
    assert "Students have started this assignment" in _messages(response)
    assignment.refresh_from_db()
    assert assignment.secret_seed == seed


# -- replacing one question of a draft -------------------------------------------------------


def _situations(attempt) -> list[dict]:
    return [item.question.situation for item in attempt.items.order_by("position")]


def _draft_in_preview(teacher, **fields):
    """A draft of four questions, same for everyone, with the teacher's preview started."""
    draft = AssignmentFactory(
        classroom=_class(teacher), published_at=None, same_for_everyone=True, **fields
    )
    teacher.post(f"/teachers/assignments/{draft.public_id}/preview/start/")
    preview = services.preview_membership(classroom=draft.classroom)
    return draft, Attempt.objects.get(assignment=draft, membership=preview)


def test_replacing_one_question_of_a_draft_changes_that_one_only_for_preview_students_and_paper(
    teacher,
):
    draft, preview = _draft_in_preview(teacher)
    before = _situations(preview)
    kinds = [item.question.kind for item in preview.items.order_by("position")]
    page = _page(teacher, f"/teachers/assignments/{draft.public_id}/preview/")
    assert page.count("Replace this question") == 4

    response = teacher.post(f"/teachers/assignments/{draft.public_id}/replace/2/")
    new = preview.items.get(position=1).question
    assert response["Location"] == (
        f"/teachers/assignments/{draft.public_id}/preview/?n=2#q-{new.public_id}"
    )
    after = _situations(preview)
    assert after[1] != before[1] and new.kind == kinds[1]  # another of the same kind
    assert [after[i] for i in (0, 2, 3)] == [before[i] for i in (0, 2, 3)]
    assert "Question 2 replaced" in _messages(teacher.get(response["Location"]))

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
    page = _page(teacher, f"/teachers/assignments/{draft.public_id}/preview/")
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
    assignment = AssignmentFactory(classroom=_class(teacher), **fields)
    teacher.post(f"/teachers/assignments/{assignment.public_id}/preview/start/")
    page = _page(teacher, f"/teachers/assignments/{assignment.public_id}/preview/")
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


def test_the_students_page_names_the_attempt_the_gradebook_counts(teacher):
    from reports.gradebook import gradebook_report

    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=2, question_count=2)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    student = student_client(sam)
    first = services.attempt_start(assignment=assignment, membership=sam)
    for item in first.items.all():
        url = f"/join/a/{assignment.public_id}/q/{item.question.public_id}/"
        student.post(url, right_answer(item.question))
    services.attempt_submit(attempt=first)
    second = services.attempt_start(assignment=assignment, membership=sam)
    services.attempt_submit(attempt=second)  # handed in blank: 0 right

    row = gradebook_report(assignment=assignment, now=NOW).rows[0]
    assert (row.right, row.total) == (2, 2)
    page = _page(student, f"/join/a/{assignment.public_id}/")
    assert "You got <strong>0 of 2</strong> right" in page  # the attempt on the page
    assert 'data-state="graded" data-score="2"' in page
    assert "best attempt handed in: attempt 1, <strong>2 of 2</strong> right" in page


def test_a_merge_keeps_the_attempts_beyond_the_allowance_reset_and_undoes_them(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), attempts_allowed=1)
    kept = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    other = MembershipFactory(classroom=assignment.classroom, display_name="Ana P.")
    services.attempt_submit(attempt=services.attempt_start(assignment=assignment, membership=kept))
    started = services.attempt_start(assignment=assignment, membership=other)
    url = f"/teachers/classes/{kept.classroom.public_id}/students/{other.public_id}/merge/"
    assert 'data-state="merge-allowance"' in _page(teacher, url)

    response = teacher.post(url, {"into": kept.public_id}, follow=True)
    said = _messages(response)
    assert "1 of them went beyond the attempts Ana is allowed, so it is kept but reset" in said
    assert "Merged: 1 attempt moved to Ana." in said
    started.refresh_from_db()
    assert (started.membership_id, started.number) == (kept.pk, 2)
    assert started.voided_at is not None  # kept, but reset
    counted = Attempt.objects.filter(membership=kept, voided_at__isnull=True)
    assert counted.count() == 1
    from reports.gradebook import gradebook_report

    (row,) = gradebook_report(assignment=assignment, now=NOW).rows
    assert (row.attempts_used, row.status) == (1, "submitted")
    page = _page(student_client(kept), f"/join/a/{assignment.public_id}/")
    assert 'data-state="submitted"' in page and "Hand in my answers" not in page

    _unmerge(teacher, other)
    started.refresh_from_db()
    assert (started.membership_id, started.number, started.voided_at) == (other.pk, 1, None)


def test_the_merge_select_starts_blank_and_a_blank_choice_is_refused_beside_it(teacher):
    classroom = _class(teacher)
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Bea")
    url = f"/teachers/classes/{classroom.public_id}/students/{ana.public_id}/merge/"
    page = _page(teacher, url)
    assert '<option value="" selected>Choose the record to keep</option>' in page
    response = teacher.post(url, {"into": ""})
    assert response.status_code == 422
    assert "Choose" in response.content.decode() and 'aria-invalid="true"' in (
        response.content.decode()
    )
    assert Membership.objects.filter(pk=ana.pk).exists()


# -- what cannot be undone asks first --------------------------------------------------------


def test_draw_other_questions_asks_first_saying_every_question_is_replaced(teacher):
    draft = AssignmentFactory(classroom=_class(teacher), published_at=None, question_count=3)
    gradebook = _page(teacher, f"/teachers/assignments/{draft.public_id}/")
    url = f"/teachers/assignments/{draft.public_id}/redraw/"
    assert f'<form method="get" action="{url}"><button' in gradebook
    page = _page(teacher, url)
    assert "All 3 questions of the draft are replaced" in page
    assert "also any you replaced one by one" in page
    assert f'<form method="post" action="{url}"' in page
    assert Assignment.objects.get(pk=draft.pk).secret_seed == draft.secret_seed


def test_make_a_new_code_asks_first_and_the_old_code_works_until_then(teacher):
    classroom = _class(teacher)
    code = classroom.join_code
    url = f"/teachers/classes/{classroom.public_id}/code/"
    assert f'<form method="get" action="{url}"' in _page(
        teacher, f"/teachers/classes/{classroom.public_id}/"
    )
    page = _page(teacher, url)
    assert f"The code {classroom.join_code_display} stops working at once" in page
    assert "There is no undo" in page
    inline = teacher.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'data-state="confirm-code"' in inline and f'hx-post="{url}"' in inline
    assert Classroom.objects.get(pk=classroom.pk).join_code == code
    teacher.post(url)
    assert Classroom.objects.get(pk=classroom.pk).join_code != code


def test_a_new_personal_link_asks_first_and_the_old_link_works_until_then(teacher):
    classroom = _class(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    before = Membership.objects.get(pk=sam.pk).link_hash
    url = f"/teachers/classes/{classroom.public_id}/students/{sam.public_id}/link/"
    assert f'<form method="get" action="{url}"' in _page(
        teacher, f"/teachers/classes/{classroom.public_id}/"
    )
    page = _page(teacher, url)
    assert "Sam&#x27;s old personal link stops working at once" in page
    assert "Make a new link for Sam" in page
    assert Membership.objects.get(pk=sam.pk).link_hash == before
    assert "data-personal-link" in teacher.post(url).content.decode()
    assert Membership.objects.get(pk=sam.pk).link_hash != before


def test_a_taken_back_assignment_says_so_and_offers_no_redraw(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    services.attempt_start(assignment=assignment, membership=sam)
    teacher.post(f"/teachers/assignments/{assignment.public_id}/withdraw/")
    page = _page(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert 'data-state="taken-back"' in page and "Taken back from students" in page
    assert "their work is kept" in page and "Publish it again" in page
    assert "A draft:" not in page and "replace any one question" not in page
    assert "Draw other questions" not in page
    classroom = _page(teacher, f"/teachers/classes/{assignment.classroom.public_id}/")
    assert "Taken back: students do not see it" in classroom
    # A draft nobody started is still offered both.
    draft = AssignmentFactory(classroom=assignment.classroom, published_at=None)
    page = _page(teacher, f"/teachers/assignments/{draft.public_id}/")
    assert "A draft:" in page and "Draw other questions" in page


def test_an_archived_class_page_says_it_is_closed_to_joining_and_offers_no_new_code(teacher):
    classroom = _class(teacher)
    services.classroom_archive(classroom=classroom)
    page = _page(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert 'data-state="closed-to-joining"' in page and "closed to joining" in page
    assert "and they are in" not in page and "Make a new code" not in page
    assert "Take it out of the archive" in page
    code = Classroom.objects.get(pk=classroom.pk).join_code
    response = teacher.post(f"/teachers/classes/{classroom.public_id}/code/", follow=True)
    assert "take it out of the archive first" in _messages(response)
    assert Classroom.objects.get(pk=classroom.pk).join_code == code
    services.classroom_unarchive(classroom=classroom)
    page = _page(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert "and they are in" in page and "Make a new code" in page


def _hand_in(assignment, member, marks):
    """An attempt answered through the student's browser, right or wrong in turn, handed in."""
    attempt = services.attempt_start(assignment=assignment, membership=member)
    browser = student_client(member)
    for item, right in zip(attempt.items.order_by("position"), marks, strict=True):
        data = right_answer(item.question) if right else wrong_answer(item.question)
        browser.post(f"/join/a/{assignment.public_id}/q/{item.question.public_id}/", data)
    services.attempt_submit(attempt=attempt)
    return attempt


def _sections(page) -> dict[str, str]:
    """Each attempt's section of a student's page, by its number."""
    parts = page.split('<section class="attempt')[1:]
    return {re.search(r'data-attempt="(\d+)"', part)[1]: part for part in parts}


def test_a_students_page_marks_the_attempt_that_counts_as_the_gradebook_chooses_it(teacher):
    assignment = AssignmentFactory(classroom=_class(teacher), question_count=2, attempts_allowed=3)
    anna = MembershipFactory(classroom=assignment.classroom, display_name="Anna")
    _hand_in(assignment, anna, (True, True))  # 2 of 2: counts
    _hand_in(assignment, anna, (True, False))  # 1 of 2: handed in later, but worse
    services.attempt_start(assignment=assignment, membership=anna)  # still working
    base = f"/teachers/assignments/{assignment.public_id}/students/{anna.public_id}/"
    first, second, third = _sections(_page(teacher, base)).values()
    assert "data-counts" in first and "Counts in the gradebook" in first
    assert "and you can make it count again" in first
    for other in (second, third):
        assert "data-counts" not in other and "Counts in the gradebook" not in other
        assert "does not count in the gradebook" in other
        assert "count again" not in other  # it does not count now: nothing to count again
    assert "this one is not handed in yet" in third
