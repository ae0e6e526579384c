"""Setting an assignment: what the teacher may choose, and messages beside the fields."""

import html
from datetime import timedelta

import pytest
from django.utils import timezone
from django.utils.html import escape

from assignments import forms
from assignments.models import Assignment
from classes import forms as class_forms
from tests.factories import AssignmentFactory, ClassroomFactory

pytestmark = pytest.mark.django_db

VALID = {
    "title": "After lesson 2",
    "kinds": ["undertricks"],
    "skills": [],
    "question_count": "10",
    "same_for_everyone": "yes",
    "attempts_allowed": "1",
    "show_answers": "after_submit",
    "layout": "all",
}


@pytest.fixture
def teacher(client):
    classroom = ClassroomFactory()
    client.force_login(classroom.teacher)
    client.new_url = f"/teachers/classes/{classroom.public_id}/assignments/new/"
    client.classroom = classroom
    return client


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"kinds": [], "skills": []}, "kinds", forms.NOTHING_CHOSEN),
        ({"question_count": "0"}, "question_count", forms.COUNT_RANGE),
        ({"question_count": "500"}, "question_count", forms.COUNT_RANGE),
        ({"question_count": "ten"}, "question_count", forms.COUNT_RANGE),
        ({"attempts_allowed": "99"}, "attempts_allowed", forms.ATTEMPTS_RANGE),
        ({"title": "  "}, "title", forms.TITLE_REQUIRED),
        (
            {"opens_at": "2030-05-02T10:00", "due_at": "2030-05-01T10:00"},
            "due_at",
            forms.DUE_BEFORE_OPEN,
        ),
        ({"show_answers": "after_due"}, "show_answers", forms.AFTER_DUE_NEEDS_DUE),
        ({"due_at": "next tuesday"}, "due_at", "Enter a date and time"),
    ],
)
def test_a_mistake_is_explained_beside_its_field_and_what_was_typed_stays(
    teacher, changes, field, message
):
    response = teacher.post(teacher.new_url, {**VALID, **changes})
    assert response.status_code == 422
    page = response.content.decode()
    assert f'id="id_{field}-error"' in page and escape(message) in page
    assert 'value="After lesson 2"' in page or field == "title"
    assert not Assignment.objects.exists()


def test_a_valid_assignment_is_set_with_every_choice(teacher):
    due = (timezone.now() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")
    data = {
        **VALID,
        "kinds": ["honors", "rubber_total"],
        "skills": ["slams"],
        "same_for_everyone": "no",
        "due_at": due,
        "attempts_allowed": "3",
        "show_answers": "after_due",
        "layout": "one",
    }
    response = teacher.post(teacher.new_url, data)
    assert response.status_code == 302
    assignment = Assignment.objects.get()
    assert assignment.kinds == ["honors", "rubber_total"] and assignment.skills == ["slams"]
    assert not assignment.same_for_everyone and assignment.attempts_allowed == 3
    assert assignment.due_at.strftime("%Y-%m-%dT%H:%M") == due
    assert (assignment.show_answers, assignment.layout) == ("after_due", "one")


def test_editing_changes_dates_but_never_the_questions(client):
    assignment = AssignmentFactory(question_count=4)
    client.force_login(assignment.classroom.teacher)
    url = f"/teachers/assignments/{assignment.public_id}/edit/"
    page = client.get(url).content.decode()
    assert 'name="kinds"' not in page and 'name="question_count"' not in page
    response = client.post(
        url,
        {
            "title": "Renamed",
            "due_at": "2031-01-01T12:00",
            "attempts_allowed": "2",
            "show_answers": "after_due",
            "layout": "one",
            "question_count": "40",
        },
    )
    assert response.status_code == 302
    assignment.refresh_from_db()
    assert (assignment.title, assignment.attempts_allowed, assignment.question_count) == (
        "Renamed",
        2,
        4,
    )


def test_the_new_assignment_form_is_labelled_and_grouped(teacher):
    page = teacher.get(teacher.new_url).content.decode()
    assert "<legend>Kinds of question</legend>" in page and "<legend>Skills</legend>" in page
    assert '<label for="id_question_count">' in page
    assert 'type="datetime-local"' in page


@pytest.mark.parametrize(
    "form_class, field, required",
    [
        (class_forms.ClassroomForm, "name", class_forms.CLASS_NAME_REQUIRED),
        (class_forms.JoinForm, "display_name", class_forms.DISPLAY_NAME_REQUIRED),
        (forms.AssignmentSettingsForm, "title", forms.TITLE_REQUIRED),
    ],
)
def test_names_and_titles_are_kept_on_one_line_and_only_spaces_is_blank(
    form_class, field, required
):
    form = form_class({field: "  Tuesday \t  beginners\n"})
    form.is_valid()
    assert form.cleaned_data[field] == "Tuesday beginners"
    form = form_class({field: " \t "})
    assert not form.is_valid()
    assert form.errors[field] == [required]


def test_a_due_time_already_past_is_refused_with_the_time_now(teacher):
    response = teacher.post(teacher.new_url, {**VALID, "due_at": "2020-03-14T18:00"})
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_due_at-error"' in page and "That due time has already passed" in page
    assert "UTC" in page  # the zone the times are read in
    assert not Assignment.objects.exists()


def test_an_assignment_already_past_due_can_still_be_renamed(client):
    past = timezone.now() - timedelta(days=2)
    assignment = AssignmentFactory(due_at=past)
    client.force_login(assignment.classroom.teacher)
    url = f"/teachers/assignments/{assignment.public_id}/edit/"
    data = {
        "title": "Renamed",
        "due_at": timezone.localtime(past).strftime("%Y-%m-%dT%H:%M"),  # as the form shows it
        "attempts_allowed": "1",
        "show_answers": "after_submit",
        "layout": "one",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assignment.refresh_from_db()
    assert assignment.title == "Renamed"


def test_the_new_assignment_form_says_each_attempt_brings_fresh_questions_the_same_for_all(
    teacher,
):
    page = html.unescape(teacher.get(teacher.new_url).content.decode())
    assert forms.SAME_SET_HELP in page
    assert "everyone's first attempt has one set, everyone's second attempt another" in page
