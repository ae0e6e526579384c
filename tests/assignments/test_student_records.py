"""A teacher's control of one student's record on an assignment, through the pages: their
later due date, extra attempts, excused; an attempt reset and made to count again; which
attempt counts; two records of one student merged, and the merge undone."""

import re
from datetime import timedelta

import pytest
import time_machine

from assignments import services
from assignments.models import Attempt
from classes.models import Membership
from quizzes.models import Answer, Question
from tests.clock import NOW
from tests.control import alice, class_of, messages_of, page_text
from tests.factories import (
    AssignmentFactory,
    MembershipFactory,
    right_answer,
    student_client,
    wrong_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


@pytest.fixture
def teacher():
    return alice()


# -- one student's terms -----------------------------------------------------------------------


def _answer_url(assignment, attempt):
    question = attempt.items.first().question
    return f"/join/a/{assignment.public_id}/q/{question.public_id}/", right_answer(question)


def test_a_later_due_date_for_one_student_lets_them_answer_after_the_class_closes(teacher):
    due = NOW + timedelta(hours=1)
    assignment = AssignmentFactory(classroom=class_of(teacher), due_at=due)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    lee = MembershipFactory(classroom=assignment.classroom, display_name="Lee")
    sams = services.attempt_start(assignment=assignment, membership=sam)
    lees = services.attempt_start(assignment=assignment, membership=lee)
    url = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/"
    response = teacher.post(url, {"due_at": "2026-11-26T18:00", "extra_attempts": 0})
    assert response.status_code == 302

    with time_machine.travel(NOW + timedelta(hours=2), tick=False):
        page = page_text(student_client(sam), f"/join/a/{assignment.public_id}/")
        assert "a later date, for you" in page
        sam_url, sam_answer = _answer_url(assignment, sams)
        assert student_client(sam).post(sam_url, sam_answer).status_code == 302
        lee_url, lee_answer = _answer_url(assignment, lees)
        assert student_client(lee).post(lee_url, lee_answer).status_code == 403
        gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert "Due 26 Nov, 18:00" in gradebook
    assert Answer.objects.filter(question__learner=sam.learner).count() == 1
    assert Answer.objects.filter(question__learner=lee.learner).count() == 0


def test_a_due_date_for_one_student_must_be_later_than_the_classs(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), due_at=NOW + timedelta(days=2))
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
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=1)
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
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    teacher.post(
        f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}/allowance/",
        {"due_at": "", "extra_attempts": 0, "excused": "on"},
    )
    gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert '<span class="badge">Excused</span>' in gradebook
    assert "excused you from this assignment" in page_text(
        student_client(sam), f"/join/a/{assignment.public_id}/"
    )


# -- resetting an attempt ----------------------------------------------------------------------


def test_a_reset_attempt_lets_the_student_start_again_and_can_count_again(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=1)
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    first = services.attempt_start(assignment=assignment, membership=sam)
    url, answer = _answer_url(assignment, first)
    student = student_client(sam)
    student.post(url, answer)
    services.attempt_submit(attempt=first)
    base = f"/teachers/assignments/{assignment.public_id}/students/{sam.public_id}"

    response = teacher.post(f"{base}/attempts/1/reset/", follow=True)
    assert "Attempt reset" in messages_of(response)
    assert "Attempt 1 (reset)" in response.content.decode()
    page = page_text(student, f"/join/a/{assignment.public_id}/")
    assert "Ready?" in page  # a fresh start, the reset attempt out of sight
    second = services.attempt_start(assignment=assignment, membership=sam)
    assert second.number == 2
    gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert 'data-status="in_progress"' in gradebook

    teacher.post(f"{base}/attempts/2/reset/")
    teacher.post(f"{base}/attempts/1/restore/")
    assert Attempt.objects.get(pk=first.pk).voided_at is None


def test_a_reset_attempt_cannot_count_again_beside_a_newer_one_beyond_the_allowance(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=1)
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
    ) in messages_of(response)
    assert Attempt.objects.get(pk=first.pk).voided_at is None


def test_a_question_of_a_reset_attempt_takes_no_answer(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=sam)
    services.attempt_reset(attempt=attempt)
    url, answer = _answer_url(assignment, attempt)
    response = student_client(sam).post(url, answer, follow=True)
    assert "Your teacher has reset this attempt" in response.content.decode()
    assert not Answer.objects.filter(question__learner=sam.learner).exists()


# -- the attempt that counts --------------------------------------------------------------------


def test_the_students_page_names_the_attempt_the_gradebook_counts(teacher):
    from reports.gradebook import gradebook_report

    assignment = AssignmentFactory(
        classroom=class_of(teacher), attempts_allowed=2, question_count=2
    )
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
    page = page_text(student, f"/join/a/{assignment.public_id}/")
    assert "You got <strong>0 of 2</strong> right" in page  # the attempt on the page
    assert 'data-state="graded" data-score="2"' in page
    assert "best attempt handed in: attempt 1, <strong>2 of 2</strong> right" in page


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
    assignment = AssignmentFactory(
        classroom=class_of(teacher), question_count=2, attempts_allowed=3
    )
    anna = MembershipFactory(classroom=assignment.classroom, display_name="Anna")
    _hand_in(assignment, anna, (True, True))  # 2 of 2: counts
    _hand_in(assignment, anna, (True, False))  # 1 of 2: handed in later, but worse
    services.attempt_start(assignment=assignment, membership=anna)  # still working
    base = f"/teachers/assignments/{assignment.public_id}/students/{anna.public_id}/"
    first, second, third = _sections(page_text(teacher, base)).values()
    assert "data-counts" in first and "Counts in the gradebook" in first
    assert "and you can make it count again" in first
    for other in (second, third):
        assert "data-counts" not in other and "Counts in the gradebook" not in other
        assert "does not count in the gradebook" in other
        assert "count again" not in other  # it does not count now: nothing to count again
    assert "this one is not handed in yet" in third


# -- merging two records of one student ----------------------------------------------------------


def test_merging_moves_the_attempts_after_the_kept_records_own(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=3)
    phone = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    laptop = MembershipFactory(classroom=assignment.classroom, display_name="Ana P.")
    for membership in (phone, laptop):
        attempt = services.attempt_start(assignment=assignment, membership=membership)
        services.attempt_submit(attempt=attempt)
    url = f"/teachers/classes/{assignment.classroom.public_id}/students/{phone.public_id}/merge/"
    assert "Merge “Ana” into another record" in page_text(teacher, url)
    response = teacher.post(url, {"into": laptop.public_id}, follow=True)
    assert "1 attempt moved to Ana P." in messages_of(response)
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
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=3)
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
    assert "2 attempts moved to Ana P." in messages_of(response)
    assert _records(phone, laptop) != before
    page = response.content.decode()
    assert "Merged records" in page and f'data-merged="{phone.public_id}"' in page
    assert "Undo the merge" in page and f'data-removed="{phone.public_id}"' not in page

    response = _unmerge(teacher, phone)
    assert "Merge undone: Ana has their own record again, with 2 attempts." in messages_of(response)
    assert _records(phone, laptop) == before
    assert "Merged records" not in response.content.decode()
    gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
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
        in messages_of(response)
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
    assert "Someone in the class now uses the name Ana" in messages_of(response)
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
    classroom = class_of(teacher)
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Ana P.")
    url = f"/teachers/classes/{classroom.public_id}/students/{ana.public_id}/merge/"
    for data in ({}, {"into": ana.public_id}, {"into": "nobody"}):
        response = teacher.post(url, data)
        assert response.status_code == 422
        assert "Choose the student record to keep." in response.content.decode()
    assert Membership.objects.filter(classroom=classroom).count() == 2


def test_a_merge_keeps_the_attempts_beyond_the_allowance_reset_and_undoes_them(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher), attempts_allowed=1)
    kept = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    other = MembershipFactory(classroom=assignment.classroom, display_name="Ana P.")
    services.attempt_submit(attempt=services.attempt_start(assignment=assignment, membership=kept))
    started = services.attempt_start(assignment=assignment, membership=other)
    url = f"/teachers/classes/{kept.classroom.public_id}/students/{other.public_id}/merge/"
    assert 'data-state="merge-allowance"' in page_text(teacher, url)

    response = teacher.post(url, {"into": kept.public_id}, follow=True)
    said = messages_of(response)
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
    page = page_text(student_client(kept), f"/join/a/{assignment.public_id}/")
    assert 'data-state="submitted"' in page and "Hand in my answers" not in page

    _unmerge(teacher, other)
    started.refresh_from_db()
    assert (started.membership_id, started.number, started.voided_at) == (other.pk, 1, None)


def test_the_merge_select_starts_blank_and_a_blank_choice_is_refused_beside_it(teacher):
    classroom = class_of(teacher)
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Bea")
    url = f"/teachers/classes/{classroom.public_id}/students/{ana.public_id}/merge/"
    page = page_text(teacher, url)
    assert '<option value="" selected>Choose the record to keep</option>' in page
    response = teacher.post(url, {"into": ""})
    assert response.status_code == 422
    assert "Choose" in response.content.decode() and 'aria-invalid="true"' in (
        response.content.decode()
    )
    assert Membership.objects.filter(pk=ana.pk).exists()
