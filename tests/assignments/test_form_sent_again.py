"""A form sent again after what it made was deleted or archived finds that row, whatever its
state, and says so (issue 27: the fuzzer's 500 on the new-class form)."""

import pytest

from assignments import services as assignment_services
from classes import services
from classes.models import Classroom
from tests.control import set_assignment

pytestmark = pytest.mark.django_db


def _new_class(client, key="k" * 32):
    return client.post("/teachers/classes/new/", {"name": "Tuesday", "form_key": key})


def test_back_and_send_after_deleting_the_class_is_no_500_and_offers_it_back(alice):
    teacher, client = alice
    assert _new_class(client).status_code == 302
    classroom = Classroom.objects.get()
    services.classroom_delete(classroom=classroom)
    response = _new_class(client)  # the same form, its same key: Back, then send again
    assert response.status_code == 409
    page = response.content.decode()
    assert "you have since deleted it" in page and "Nothing new was made" in page
    assert f"/teachers/classes/{classroom.public_id}/restore/" in page
    assert Classroom.all_objects.count() == 1
    # Bringing it back from there works.
    client.post(f"/teachers/classes/{classroom.public_id}/restore/")
    assert Classroom.objects.filter(pk=classroom.pk).exists()


def test_back_and_send_after_archiving_the_class_shows_the_class(alice):
    teacher, client = alice
    _new_class(client)
    classroom = Classroom.objects.get()
    services.classroom_archive(classroom=classroom)
    response = _new_class(client)
    assert response.status_code == 302
    assert response["Location"] == f"/teachers/classes/{classroom.public_id}/"
    assert Classroom.all_objects.count() == 1


def test_the_service_finds_its_deleted_class_instead_of_drawing_codes_until_it_gives_up(alice):
    teacher, _ = alice
    first = services.classroom_create(teacher=teacher, name="Tuesday", form_key="x" * 32)
    services.classroom_delete(classroom=first)
    again = services.classroom_create(teacher=teacher, name="Tuesday", form_key="x" * 32)
    assert again.pk == first.pk and again.deleted_at is not None


def test_setting_an_assignment_again_after_deleting_it_says_so(alice):
    teacher, client = alice
    classroom = services.classroom_create(teacher=teacher, name="Tuesday")
    first = set_assignment(client, classroom)
    assert first.status_code == 302, first.content.decode()[:2000]
    from assignments.models import Assignment

    assignment = Assignment.objects.get()
    assignment_services.assignment_delete(assignment=assignment)
    again = set_assignment(client, classroom)
    assert again.status_code == 302
    assert again["Location"] == f"/teachers/classes/{classroom.public_id}/"
    page = client.get(again["Location"]).content.decode()
    assert "you have since deleted it: nothing new was set" in page
    assert Assignment.all_objects.count() == 1


def test_setting_the_review_quiz_again_after_deleting_it_says_so_as_a_new_assignment_does(alice):
    """The ready-made quiz's form and the new-assignment form share one body: sent again
    after the quiz it set was deleted, it says so instead of opening a deleted gradebook."""
    teacher, client = alice
    classroom = services.classroom_create(teacher=teacher, name="Tuesday")
    address = f"/teachers/classes/{classroom.public_id}/assignments/review-quiz/"
    form = {
        "title": "Review",
        "attempts_allowed": 1,
        "show_answers": "after_submit",
        "layout": "one",
        "form_key": "r" * 32,
    }
    first = client.post(address, form)
    assert first.status_code == 302, first.content.decode()[:2000]
    from assignments.models import Assignment

    assignment_services.assignment_delete(assignment=Assignment.objects.get())
    again = client.post(address, form)
    assert again["Location"] == f"/teachers/classes/{classroom.public_id}/"
    page = client.get(again["Location"]).content.decode()
    assert "you have since deleted it: nothing new was set" in page
    assert Assignment.all_objects.count() == 1
