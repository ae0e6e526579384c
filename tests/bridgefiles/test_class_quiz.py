"""A teacher's "score the boards as they were played" quiz from a file, end to end (issue 31).

Ms Hughes reads her Tuesday class's file (three boards at two tables), makes the quiz for
her class of two, previews nothing, publishes it. Ann scores every board right; Ben scores
board 2 as if North-South were not vulnerable. The gradebook shows both marks, and Ben's
slip is named. Another teacher's class cannot be chosen; a visitor sees no quiz form.
"""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from assignments.models import Assignment, AttemptQuestion
from classes.models import Membership
from quizzes.kinds import kind_for
from scoring import MISTAKES
from tests.factories import ClassroomFactory, UserFactory, right_answer

pytestmark = pytest.mark.django_db
TUESDAY = Path(__file__).parent / "files" / "tuesday_class.pbn"
RESULT = re.compile(r'<input type="hidden" name="results" value="([^"]+)"')
# The file's played results, each once: 3NT+1 by N (table 2 the same), 4S-1 by S with N-S
# vulnerable, 3HX-2 by E (board 2); board 3 was passed out: nothing to score.
SCORES = [430, -100, -300]


def _read(client, path=TUESDAY):
    return client.post("/files/", {"file": SimpleUploadedFile(path.name, path.read_bytes())})


def _teacher(name="hughes"):
    user = UserFactory(username=name)
    client = Client()
    client.force_login(user)
    return user, client


def _joined(classroom, name):
    student = Client()
    code = classroom.join_code_display
    assert student.post("/join/", {"code": code, "display_name": name}).status_code == 302
    return student


def _questions(assignment, name):
    items = AttemptQuestion.objects.filter(
        attempt__assignment=assignment, attempt__membership__display_name=name
    ).select_related("question")
    return [item.question for item in items.order_by("position")]


def test_a_class_of_two_scores_the_boards_as_they_were_played():
    user, teacher = _teacher()
    classroom = ClassroomFactory(teacher=user, name="Tuesday beginners")
    ann, ben = _joined(classroom, "Ann"), _joined(classroom, "Ben")

    page = _read(teacher).content.decode()
    assert "Make a class quiz from these boards" in page
    assert page.count("<li>Board ") == 3  # the questions listed: each different result
    payload = RESULT.search(page).group(1)
    made = teacher.post(
        "/files/quiz/",
        {"results": payload, "classroom": classroom.public_id, "title": "Tuesday's boards"},
    )
    assignment = Assignment.objects.get(classroom=classroom)
    assert (
        made.status_code == 302
        and made["Location"] == f"/teachers/assignments/{assignment.public_id}/"
    )
    assert (assignment.preset, assignment.question_count) == ("deals", 3)
    assert assignment.is_draft  # the teacher publishes it when ready
    labels = [q["label"] for q in assignment.fixed_questions]
    assert labels == ["Board 1: table 1", "Board 2: table 1", "Board 2: table 2"]
    teacher.post(f"/teachers/assignments/{assignment.public_id}/publish/")

    a = assignment.public_id
    for name, student in (("Ann", ann), ("Ben", ben)):
        assert student.post(f"/join/a/{a}/start/").status_code == 302
        questions = _questions(assignment, name)
        # Exactly the file's results, in order, the same for both: graded by the engine.
        engine = [kind_for(q.kind).solve(q.situation).answer["answer"] for q in questions]
        assert engine == SCORES
        for i, question in enumerate(questions):
            given = right_answer(question)
            if name == "Ben" and i == 1:  # 4S-1 by South, N-S vulnerable: he says -50
                slip = MISTAKES["vulnerability_reversed"]
                given = {
                    "answer": str(
                        kind_for(question.kind).solve(question.situation, slip).answer["answer"]
                    )
                }
                assert given == {"answer": "-50"}
            student.post(f"/join/a/{a}/q/{question.public_id}/", given)
        assert student.post(f"/join/a/{a}/submit/").status_code == 302

    page = teacher.get(f"/teachers/assignments/{a}/").content.decode()
    marks = {
        m.display_name: re.search(
            rf'data-student="{m.public_id}" data-status="(\w+)" data-right="(\d+)" '
            rf'data-answered="(\d+)"',
            page,
        ).groups()
        for m in Membership.objects.filter(classroom=classroom)
    }
    assert marks == {"Ann": ("submitted", "3", "3"), "Ben": ("submitted", "2", "3")}
    [ben_slip] = [q.answer for q in _questions(assignment, "Ben") if not q.answer.correct]
    assert "vulnerability_reversed" in ben_slip.mistakes
    shown = ben.get(f"/join/a/{a}/").content.decode()
    assert "as if the vulnerability were the other way round" in shown
    # The printed sheet's answer key gives the engine's figures, board by board.
    key = teacher.get(f"/teachers/assignments/{a}/answer-key/").content.decode()
    assert all(f'data-answer="{score}"' in key for score in SCORES)


def test_a_visitor_reads_the_file_without_a_quiz_form(client):
    page = _read(client).content.decode()
    assert "data-quiz" not in page and 'name="results"' not in page


def test_a_teacher_with_no_class_is_told_to_make_one():
    _, teacher = _teacher()
    page = _read(teacher).content.decode()
    assert "data-quiz" in page and "Make a class" in page and 'name="results"' not in page


def test_another_teachers_class_cannot_be_chosen():
    user, teacher = _teacher()
    ClassroomFactory(teacher=user)
    theirs = ClassroomFactory()
    payload = RESULT.search(_read(teacher).content.decode()).group(1)
    response = teacher.post(
        "/files/quiz/", {"results": payload, "classroom": theirs.public_id, "title": "Mine"}
    )
    assert response.status_code == 422
    assert "Choose the class to set the quiz for" in response.content.decode()
    assert not Assignment.objects.exists()


def test_results_changed_on_the_way_are_refused():
    user, teacher = _teacher()
    classroom = ClassroomFactory(teacher=user)
    payload = RESULT.search(_read(teacher).content.decode()).group(1)
    response = teacher.post(
        "/files/quiz/",
        {"results": payload[:-2] + "xx", "classroom": classroom.public_id, "title": "Mine"},
    )
    assert response.status_code == 422
    assert "did not come through" in response.content.decode()
    assert not Assignment.objects.exists()


def test_a_file_of_hand_records_has_nothing_to_ask():
    user, teacher = _teacher()
    ClassroomFactory(teacher=user)
    text = TUESDAY.read_text().split("[Table")[0]  # board 1's header and deal only
    page = teacher.post(
        "/files/", {"file": SimpleUploadedFile("hands.pbn", text.encode())}
    ).content.decode()
    assert "holds no played result" in page and 'name="results"' not in page


def test_the_quiz_page_needs_a_signed_in_teacher(client):
    response = client.post("/files/quiz/", {})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_par_questions_ask_what_each_boards_par_contract_scores():
    from handrecords.services import hand_record_make

    user, teacher = _teacher()
    classroom = ClassroomFactory(teacher=user)
    payload = RESULT.search(_read(teacher).content.decode()).group(1)
    response = teacher.post(
        "/files/quiz/",
        {"results": payload, "classroom": classroom.public_id, "title": "Par", "par": "on"},
    )
    assert response.status_code == 302
    questions = Assignment.objects.get().fixed_questions
    pars = [q for q in questions if q["label"].endswith(": par")]
    # Boards 1 and 2 were played (board 3 was passed out at the one table that had it).
    assert [q["label"] for q in pars] == ["Board 1: par", "Board 2: par"]
    assert [q["label"] for q in questions][:2] == ["Board 1: table 1", "Board 1: par"]
    for question in pars:
        board = question["situation"]["deal"]["board"]
        deal = TUESDAY.read_text().split('[Deal "')[1].split('"')[0]
        record = hand_record_make(deal=deal, board=board)
        answer = kind_for("duplicate_deal").solve(question["situation"]).answer["answer"]
        assert answer == record.par_contracts[0].pair_score
