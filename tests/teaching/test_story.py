"""The whole story of issue 6, through the test client as real people would click it.

A teacher signs up, makes a class and sets ten questions, a different set per student.
Three students join with the code: Ann answers everything, Ben half, Cleo nothing.
The gradebook and the CSV show all three; the answer key matches the engine.
"""

import csv
import io
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from quizzes.kinds import kind_for
from teaching.models import AttemptQuestion, Classroom, Membership
from tests.factories import right_answer, wrong_answer

pytestmark = pytest.mark.django_db

KINDS = ["duplicate_deal", "rubber_deal", "undertricks", "vulnerability"]
SKILLS = ["slams", "honors"]


def _questions(name):
    """A student's questions as stored, in order (the first attempt)."""
    membership = Membership.objects.get(display_name=name)
    items = AttemptQuestion.objects.filter(
        attempt__membership=membership, attempt__number=1
    ).select_related("question")
    return [item.question for item in items.order_by("position")]


class _KeyAnswers(HTMLParser):
    """(student, position, field) -> answer, from the answer key's data attributes."""

    def __init__(self):
        super().__init__()
        self.student = self.position = None
        self.answers = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-student" in attrs and tag == "section":
            self.student = attrs["data-student"]
        if "data-position" in attrs and tag == "div":
            self.position = int(attrs["data-position"])
        if tag == "dd" and "data-answer" in attrs:
            self.answers[(self.student, self.position, attrs["data-field"])] = attrs["data-answer"]


def _no_inline_script_or_style(html):
    assert ' style="' not in html
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None


def test_a_teacher_sets_ten_questions_and_sees_three_students_in_gradebook_and_csv():
    teacher = Client()
    # Sign up: the account can teach at once.
    response = teacher.post(
        "/accounts/signup/",
        {
            "username": "ms_hughes",
            "email": "hughes@example.org",
            "password1": "club-night-7-trumps",
            "password2": "club-night-7-trumps",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/teachers/"

    response = teacher.post("/teachers/classes/new/", {"name": "Tuesday beginners"}, follow=True)
    classroom = Classroom.objects.get(name="Tuesday beginners")
    assert classroom.teacher.username == "ms_hughes"
    page = response.content.decode()
    assert classroom.join_code_display in page
    _no_inline_script_or_style(page)

    response = teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        {
            "title": "After lesson 3",
            "kinds": KINDS,
            "skills": SKILLS,
            "question_count": "10",
            "same_for_everyone": "no",
            "attempts_allowed": "1",
            "show_answers": "after_submit",
            "layout": "one",
        },
    )
    assert response.status_code == 302
    assignment = classroom.assignments.get()
    assert (assignment.question_count, assignment.same_for_everyone) == (10, False)
    a = assignment.public_id

    # Three students join with the code as it is read out: lower case, with a space.
    spoken = classroom.join_code_display.replace("-", " ").lower()
    students = {}
    for name in ("Ann", "Ben", "Cleo"):
        students[name] = Client()
        response = students[name].post("/join/", {"code": spoken, "display_name": name})
        assert response.status_code == 302
        welcome = students[name].get(response["Location"]).content.decode()
        assert "data-personal-link" in welcome and "only this once" in welcome

    # Ann answers everything (eight right, two wrong) and hands in.
    ann = students["Ann"]
    ann.post(f"/join/a/{a}/start/")
    ann_questions = _questions("Ann")
    assert len(ann_questions) == 10
    for i, question in enumerate(ann_questions):
        data = wrong_answer(question) if i in (3, 7) else right_answer(question)
        response = ann.post(f"/join/a/{a}/q/{question.public_id}/", data)
        assert response.status_code == 302
    assert ann.post(f"/join/a/{a}/submit/").status_code == 302

    # Ben answers the first five, all right, and stops.
    ben = students["Ben"]
    ben.post(f"/join/a/{a}/start/")
    ben_questions = _questions("Ben")
    for question in ben_questions[:5]:
        ben.post(f"/join/a/{a}/q/{question.public_id}/", right_answer(question))

    # Different sets: the same kinds and skills in turn, but not the same situations.
    assert [q.situation for q in ann_questions] != [q.situation for q in ben_questions]
    assert [q.kind for q in ann_questions[:4]] == KINDS == [q.kind for q in ben_questions[:4]]

    # The gradebook: all three, Cleo included though she never started.
    page = teacher.get(f"/teachers/assignments/{a}/").content.decode()
    _no_inline_script_or_style(page)
    rows = {
        m.display_name: re.search(
            rf'data-student="{m.public_id}" data-status="(\w+)" data-right="(\d+)" '
            rf'data-answered="(\d+)"',
            page,
        ).groups()
        for m in Membership.objects.filter(classroom=classroom)
    }
    assert rows == {
        "Ann": ("submitted", "8", "10"),
        "Ben": ("in_progress", "5", "5"),
        "Cleo": ("not_started", "0", "0"),
    }
    assert "1 handed in, 1 in progress, 0 closed without handing in, 1 not started" in page

    # The CSV: one row per student, non-starters included.
    response = teacher.get(f"/teachers/assignments/{a}/gradebook.csv")
    assert response["Content-Type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(response.content.decode())))
    header, body = table[0], {row[0]: row for row in table[1:]}
    assert len(table) == 4 and set(body) == {"Ann", "Ben", "Cleo"}
    column = {name: header.index(name) for name in header}
    assert body["Ann"][column["Status"]] == "Submitted"
    assert body["Ann"][column["Right"]] == "8" and body["Ann"][column["Score (%)"]] == "80"
    assert body["Ann"][column["Q4"]] == "wrong" and body["Ann"][column["Q5"]] == "right"
    assert body["Ben"][column["Status"]] == "In progress"
    assert body["Ben"][column["Answered"]] == "5" and body["Ben"][column["Q6"]] == ""
    assert body["Cleo"][column["Status"]] == "Not started"
    assert body["Cleo"][column["Answered"]] == "" and body["Cleo"][column["Questions"]] == "10"

    # Ann's answers, with the engine's breakdown.
    ann_member = Membership.objects.get(display_name="Ann")
    page = teacher.get(f"/teachers/assignments/{a}/students/{ann_member.public_id}/").content
    assert page.count(b'data-correct="yes"') == 8 and page.count(b'data-correct="no"') == 2
    assert b"How the score is made up" in page

    # The answer key, one per student: every answer is the engine's, for each student's set.
    page = teacher.get(f"/teachers/assignments/{a}/answer-key/?for=students").content.decode()
    parser = _KeyAnswers()
    parser.feed(page)
    for name in ("Ann", "Ben", "Cleo"):
        member = Membership.objects.get(display_name=name)
        questions = _questions(name) or []
        for position, question in enumerate(questions, start=1):
            expected = kind_for(question.kind).solve(question.situation).answer
            for field, value in expected.items():
                assert parser.answers[(member.public_id, position, field)] == str(value)
    keyed = {student for student, _, _ in parser.answers}
    assert len(keyed) == 3  # Cleo's sheet is there too: the set she will be given

    # Cleo starts now: she gets exactly the set her answer key showed.
    cleo = students["Cleo"]
    cleo.post(f"/join/a/{a}/start/")
    cleo_member = Membership.objects.get(display_name="Cleo")
    for position, question in enumerate(_questions("Cleo"), start=1):
        expected = kind_for(question.kind).solve(question.situation).answer
        for field, value in expected.items():
            assert parser.answers[(cleo_member.public_id, position, field)] == str(value)
