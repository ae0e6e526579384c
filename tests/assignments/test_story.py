"""The whole story of issues 6 and 16, through the test client as real people would click it.

A teacher signs up, makes a class and sets ten questions, a different set per student.
Three students join with the code: Ann answers everything, Ben half, Cleo nothing.
The gradebook and the CSV show all three; the answer key matches the engine.
Then Ann tries a drawn set and the ready-made quiz twice: her second attempts ask other
questions, which nothing shown after her first answers. Ben loses the phone he opened his
personal link on: the teacher makes him a new link, and the phone is shut out at once.
"""

import csv
import io
import re
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.test import Client

from assignments.models import Assignment, Attempt, AttemptQuestion
from classes.models import Classroom, Membership
from quizzes.kinds import kind_for
from quizzes.selectors import question_base_context
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


def _personal_link(page: str) -> str:
    """The path of the personal link shown on the page (welcome, or the teacher's new link)."""
    link = re.search(r"data-personal-link>([^<]+)<", page).group(1)
    return re.search(r"/join/back/[^/]+/", link).group(0)


def _attempt_questions(assignment, name, number):
    items = AttemptQuestion.objects.filter(
        attempt__assignment=assignment,
        attempt__membership__display_name=name,
        attempt__number=number,
    ).select_related("question")
    return [item.question for item in items.order_by("position")]


def _engine_answer(question) -> dict:
    return kind_for(question.kind).solve(question.situation).answer


def _prompt(question) -> str:
    """What the question asks, as a page shows it."""
    kind = kind_for(question.kind)
    return render_to_string(kind.template, {"q": question_base_context(question)}).strip()


RETRY_SEED = 20261124  # fixed: the retried sets are the same at every run


def _a_retry_gets_new_questions(teacher, classroom, ann):
    """Ann tries a drawn set and the ready-made quiz twice; nothing shown after her first
    attempt answers her second."""
    settings = {"attempts_allowed": "2", "show_answers": "after_submit", "layout": "all"}
    made = teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/new/",
        {
            "title": "Retry practice",
            "kinds": KINDS,
            "skills": SKILLS,
            "question_count": "8",
            "same_for_everyone": "yes",
            **settings,
        },
    )
    assert made.status_code == 302
    made = teacher.post(
        f"/teachers/classes/{classroom.public_id}/assignments/review-quiz/",
        {"title": "Review quiz", **settings},
    )
    assert made.status_code == 302
    for title in ("Retry practice", "Review quiz"):
        Assignment.objects.filter(title=title).update(secret_seed=RETRY_SEED)
        assignment = Assignment.objects.get(title=title)
        a = assignment.public_id
        assert ann.post(f"/join/a/{a}/start/").status_code == 302
        first = _attempt_questions(assignment, "Ann", 1)
        for i, question in enumerate(first):
            data = wrong_answer(question) if i == 1 else right_answer(question)
            ann.post(f"/join/a/{a}/q/{question.public_id}/", data)
        shown = ann.post(f"/join/a/{a}/submit/", follow=True).content.decode()
        # Handed in, the first attempt shows each question beside its right answer.
        assert shown.count('aria-label="You said beside the right one"') == len(first)
        assert all(_prompt(q) in shown for q in first), title
        assert f'data-score="{len(first) - 1}"' in shown and "Start attempt 2" in shown

        ann.post(f"/join/a/{a}/start/")
        second = _attempt_questions(assignment, "Ann", 2)
        assert [q.kind for q in second] == [q.kind for q in first], title
        # Not one question of the second attempt was asked, or answered, in the first.
        asked = [(q.kind, q.situation) for q in first]
        assert not [q for q in second if (q.kind, q.situation) in asked], title
        assert not [q for q in second if _prompt(q) in shown], title
        # Ann copies the answers she was shown, number by number: no free marks (a copy is
        # right only where two questions happen to share a common answer, such as one down
        # not vulnerable, -100).
        for before, question in zip(first, second, strict=True):
            data = {name: str(value) for name, value in _engine_answer(before).items()}
            ann.post(f"/join/a/{a}/q/{question.public_id}/", data)
        ann.post(f"/join/a/{a}/submit/")
        assert Attempt.objects.get(assignment=assignment, number=2).submitted_at is not None
        copied = sum(q.answer.correct for q in second)
        assert copied * 2 < len(first) - 1, f"{title}: copying attempt 1 earned {copied}"


def _a_new_link_shuts_out_the_old_one(teacher, classroom, ben_link, assignment):
    """Ben opened his personal link on a phone, and lost it: a new link shuts it out."""
    a = assignment.public_id
    phone = Client()
    assert phone.get(ben_link).status_code == 302
    assert phone.get(f"/join/a/{a}/").status_code == 200
    ben = Membership.objects.get(display_name="Ben")
    page = teacher.post(
        f"/teachers/classes/{classroom.public_id}/students/{ben.public_id}/link/"
    ).content.decode()
    new_link = _personal_link(page)
    assert new_link != ben_link
    # The lost phone is refused at once, and the old link opens nothing.
    assert phone.get(f"/join/a/{a}/").status_code == 404
    assert classroom.name not in phone.get("/join/classes/").content.decode()
    assert Client().get(ben_link).status_code == 404
    # The new link brings Ben back, to his own answers.
    tablet = Client()
    assert tablet.get(new_link).status_code == 302
    page = tablet.get(f"/join/a/{a}/").content.decode()
    assert "Answered <strong>5</strong> of 10" in page


def test_a_teachers_journey_three_students_a_retry_with_new_questions_and_a_revoked_link():
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
    students, links = {}, {}
    for name in ("Ann", "Ben", "Cleo"):
        students[name] = Client()
        response = students[name].post("/join/", {"code": spoken, "display_name": name})
        assert response.status_code == 302
        welcome = students[name].get(response["Location"]).content.decode()
        assert "data-personal-link" in welcome and "only this once" in welcome
        links[name] = _personal_link(welcome)

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

    _a_retry_gets_new_questions(teacher, classroom, students["Ann"])
    _a_new_link_shuts_out_the_old_one(teacher, classroom, links["Ben"], assignment)
