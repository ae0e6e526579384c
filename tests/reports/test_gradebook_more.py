"""The gradebook says what it holds: the answers each student gave in its CSV, an extra
attempt beside the name as a later due date is, and a deleted assignment's address says it
was deleted and offers it back (not "the address may be mistyped")."""

import csv
import io
from datetime import timedelta

import pytest

from assignments import services
from reports.answers import given_text
from tests.clock import NOW
from tests.control import alices_class
from tests.factories import (
    AssignmentFactory,
    cleaned_answer,
    right_answer,
    student_client,
    wrong_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


@pytest.fixture
def alice():
    """Alice teaches the class; Ann and Ben are in it."""
    return alices_class("Ann", "Ben")


def _answer_all(assignment, membership, marks):
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    for item, right in zip(
        attempt.items.select_related("question", "attempt__assignment"), marks, strict=False
    ):
        data = right_answer(item.question) if right else wrong_answer(item.question)
        given = cleaned_answer(item.question, data)
        services.attempt_answer(item=item, given=given)
    services.attempt_submit(attempt=attempt)
    return attempt


def test_the_gradebook_csv_has_each_students_answers_as_given(alice):
    client, classroom, ann, ben = alice
    week1 = AssignmentFactory(classroom=classroom, title="Week 1", question_count=3)
    attempt = _answer_all(week1, ann, [True, False])  # the third left blank
    response = client.get(f"/teachers/assignments/{week1.public_id}/gradebook.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    anns, bens = rows
    items = list(attempt.items.select_related("question__answer"))
    assert [anns[f"Q{n} answer"] for n in (1, 2)] == [given_text(i.question) for i in items[:2]]
    assert anns["Q1"] == "right" and anns["Q2"] == "wrong"
    assert anns["Q3 answer"] == ""  # not answered
    assert all(given_text(i.question) for i in items[:2])
    assert [bens[f"Q{n} answer"] for n in (1, 2, 3)] == ["", "", ""]  # not started


def test_the_gradebook_flags_an_extra_attempt_beside_the_name_as_it_does_a_later_date(alice):
    client, classroom, ann, ben = alice
    week1 = AssignmentFactory(classroom=classroom, due_at=NOW + timedelta(days=1))
    services.allowance_set(assignment=week1, membership=ann, extra_attempts=2)
    services.allowance_set(
        assignment=week1, membership=ben, due_at=NOW + timedelta(days=3), extra_attempts=1
    )
    page = client.get(f"/teachers/assignments/{week1.public_id}/").content.decode()
    assert '<span class="badge">2 extra attempts</span>' in page
    assert '<span class="badge">Due 27 Nov, 12:00, 1 extra attempt</span>' in page


def test_a_deleted_assignment_says_it_was_deleted_and_offers_it_back(alice):
    client, classroom, ann, ben = alice
    week1 = AssignmentFactory(classroom=classroom, title="Week 1")
    services.assignment_delete(assignment=week1)
    for tail in ("", "gradebook.csv", "worksheet/", "answer-key/"):
        response = client.get(f"/teachers/assignments/{week1.public_id}/{tail}")
        page = response.content.decode()
        assert response.status_code == 404
        assert "“Week 1” was deleted" in page
        assert "mistyped" not in page
        assert f'action="/teachers/assignments/{week1.public_id}/restore/"' in page
        assert "until 24 Dec 2026" in page  # thirty days after
    # Brought back from that page's button: the gradebook again.
    response = client.post(f"/teachers/assignments/{week1.public_id}/restore/")
    assert response.status_code == 302
    assert client.get(f"/teachers/assignments/{week1.public_id}/").status_code == 200


def test_another_teachers_deleted_assignment_still_answers_a_plain_404(alice):
    client, classroom, ann, ben = alice
    bobs = AssignmentFactory(title="Bob's quiz")
    services.assignment_delete(assignment=bobs)
    response = client.get(f"/teachers/assignments/{bobs.public_id}/")
    assert response.status_code == 404
    assert "Bob's quiz" not in response.content.decode()
    assert "was deleted" not in response.content.decode()


def test_a_deleted_assignments_other_addresses_say_it_may_have_been_deleted(alice):
    # The student's own link, and the teacher's pages that assignments serves (one student's
    # work on it): a plain word on what happened, not "the address may be mistyped".
    client, classroom, ann, ben = alice
    week1 = AssignmentFactory(classroom=classroom, title="Week 1")
    services.attempt_start(assignment=week1, membership=ann)
    services.assignment_delete(assignment=week1)
    students = student_client(ann).get(f"/join/a/{week1.public_id}/")
    assert students.status_code == 404
    page = students.content.decode()
    assert "Your teacher may have deleted it" in page and 'href="/join/classes/"' in page
    teachers = client.get(f"/teachers/assignments/{week1.public_id}/students/{ann.public_id}/")
    assert teachers.status_code == 404
    assert "it may have been deleted" in teachers.content.decode()
    assert "mistyped" not in page + teachers.content.decode()
    # Any other address still reads as before.
    assert "mistyped" in client.get("/no-such-page/").content.decode()
