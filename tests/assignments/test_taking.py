"""Taking an assignment: saving as you go, due dates, attempts, handing in, when answers show."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from assignments import services, taking
from assignments.models import Assignment, Attempt, AttemptQuestion
from classes import services as class_services
from quizzes.kinds import kind_for
from quizzes.models import Answer
from reports.gradebook import gradebook_report
from tests.factories import AssignmentFactory, MembershipFactory, right_answer, wrong_answer

pytestmark = pytest.mark.django_db

# "Hand in anyway": these tests hand in with questions left blank, as the confirmation asks.
HAND_IN_WITH_BLANKS = BLANKS = {"blanks": "yes"}

HTMX = {"HTTP_HX_REQUEST": "true"}
DAY = timedelta(days=1)


@pytest.fixture
def student():
    """A student in a class, with a browser (Client) that holds their session."""
    membership = MembershipFactory(display_name="Carol")
    client = Client()
    session = client.session
    session["learner"] = membership.learner_id
    session.save()
    client.membership = membership
    return client


def _assignment(student, **fields):
    return AssignmentFactory(classroom=student.membership.classroom, **fields)


def _url(assignment, *rest):
    return "/".join([f"/join/a/{assignment.public_id}", *rest, ""]).replace("//", "/")


def _items(student, assignment, number=None):
    attempts = Attempt.objects.filter(assignment=assignment, membership=student.membership)
    attempt = attempts.get(number=number) if number else attempts.order_by("number").last()
    return list(attempt.items.select_related("question").order_by("position"))


def _answer(student, assignment, item, data, **extra):
    return student.post(_url(assignment, "q", item.question.public_id), data, **extra)


# -- saving as you go ------------------------------------------------------------------------------


def test_answers_given_before_the_tab_closed_are_still_there(student):
    assignment = _assignment(student, question_count=6, layout="one", show_answers="after_submit")
    student.post(_url(assignment, "start"))
    items = _items(student, assignment)
    for item in items[:3]:
        assert _answer(student, assignment, item, right_answer(item.question)).status_code == 302

    # The tab closes; later the same browser opens the assignment again.
    page = student.get(_url(assignment)).content.decode()
    assert "Answered <strong>3</strong> of 6" in page
    assert page.count("is-answered") == 3
    # It opens on the first question still to answer.
    assert f'id="q-{items[3].question.public_id}"' in page
    # And on another device, through the personal link, the answers are there too.
    secret = class_services.membership_new_link(membership=student.membership)
    elsewhere = Client()
    elsewhere.get(f"/join/back/{secret}/")
    page = elsewhere.get(_url(assignment)).content.decode()
    assert "Answered <strong>3</strong> of 6" in page
    assert (
        Answer.objects.filter(question__assignment_item__attempt__assignment=assignment).count()
        == 3
    )


def test_each_answer_is_saved_as_it_is_given_with_htmx_in_place(student):
    assignment = _assignment(student, question_count=3, layout="one", show_answers="after_submit")
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    response = _answer(student, assignment, item, right_answer(item.question), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith("<article")
    assert "Answer saved." in html and taking.HIDDEN_UNTIL_SUBMIT in html
    assert 'data-correct="' not in html  # no feedback before handing in
    assert 'id="take-progress" class="take-progress" role="status" hx-swap-oob="true"' in html
    assert "Answered <strong>1</strong> of 3" in html
    assert 'id="take-pager"' in html and "is-answered" in html
    assert Answer.objects.filter(question=item.question).exists()


def test_without_javascript_one_at_a_time_moves_on_to_the_next_question(student):
    assignment = _assignment(student, question_count=3, layout="one", show_answers="after_submit")
    student.post(_url(assignment, "start"))
    items = _items(student, assignment)
    response = _answer(student, assignment, items[0], right_answer(items[0].question), follow=True)
    html = response.content.decode()
    assert "Answer saved." in html
    assert f'id="q-{items[1].question.public_id}"' in html
    assert f'id="q-{items[0].question.public_id}"' not in html


def test_a_bad_answer_keeps_what_was_typed_and_saves_nothing(student):
    assignment = _assignment(student, kinds=["undertricks"], question_count=2, layout="all")
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    response = _answer(student, assignment, item, {"answer": "lots"})
    assert response.status_code == 422
    html = response.content.decode()
    assert 'value="lots"' in html and "Enter a whole number" in html
    assert not Answer.objects.filter(question=item.question).exists()
    htmx = _answer(student, assignment, item, {"answer": "-5"}, **HTMX)
    assert htmx.status_code == 422 and "can&#x27;t be negative" in htmx.content.decode()


def test_a_replayed_answer_is_graded_once_and_the_first_grade_stands(student):
    assignment = _assignment(student, question_count=2)
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    _answer(student, assignment, item, wrong_answer(item.question))
    _answer(student, assignment, item, right_answer(item.question))
    _answer(student, assignment, item, right_answer(item.question), **HTMX)
    answers = Answer.objects.filter(question=item.question)
    assert answers.count() == 1 and answers.get().correct is False


# -- handing in ------------------------------------------------------------------------------------


def test_handing_in_twice_grades_once(student):
    assignment = _assignment(student, question_count=2, show_answers="after_submit")
    student.post(_url(assignment, "start"))
    items = _items(student, assignment)
    _answer(student, assignment, items[0], right_answer(items[0].question))
    first = student.post(
        _url(assignment, "submit"), HAND_IN_WITH_BLANKS, follow=True
    ).content.decode()
    assert taking.SUBMITTED in first
    attempt = Attempt.objects.get(membership=student.membership)
    handed_in = attempt.submitted_at
    second = student.post(
        _url(assignment, "submit"), HAND_IN_WITH_BLANKS, follow=True
    ).content.decode()
    assert services.ALREADY_SUBMITTED in second
    attempt.refresh_from_db()
    assert attempt.submitted_at == handed_in
    assert 'data-score="1"' in second  # one of two right, the blank one counts as wrong


def test_after_handing_in_no_answer_is_accepted(student):
    assignment = _assignment(student, question_count=2)
    student.post(_url(assignment, "start"))
    items = _items(student, assignment)
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    response = _answer(student, assignment, items[1], right_answer(items[1].question))
    assert response.status_code == 403
    assert services.ALREADY_SUBMITTED in response.content.decode()
    assert not Answer.objects.filter(question=items[1].question).exists()


# -- due dates and opening dates -------------------------------------------------------------------


def test_after_the_due_date_no_new_answers_with_a_clear_message(student):
    assignment = _assignment(student, question_count=3, due_at=timezone.now() + timedelta(hours=1))
    student.post(_url(assignment, "start"))
    items = _items(student, assignment)
    _answer(student, assignment, items[0], right_answer(items[0].question))
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(minutes=1))

    response = _answer(student, assignment, items[1], right_answer(items[1].question))
    assert response.status_code == 403
    assert services.PAST_DUE in response.content.decode()
    htmx = _answer(student, assignment, items[1], right_answer(items[1].question), **HTMX)
    assert htmx.status_code == 200 and services.PAST_DUE in htmx.content.decode()
    assert not Answer.objects.filter(question=items[1].question).exists()
    # What was answered in time stays; the page says the assignment is closed.
    page = student.get(_url(assignment)).content.decode()
    assert 'data-state="closed"' in page and "Not answered." in page
    assert Answer.objects.filter(question=items[0].question).exists()
    # Handing in after the due date changes nothing either.
    page = student.post(
        _url(assignment, "submit"), HAND_IN_WITH_BLANKS, follow=True
    ).content.decode()
    assert services.PAST_DUE in page
    assert Attempt.objects.get(membership=student.membership).submitted_at is None


def test_an_assignment_past_its_due_date_cannot_be_started(student):
    assignment = _assignment(student, due_at=timezone.now() - timedelta(days=1))
    page = student.post(_url(assignment, "start"), follow=True).content.decode()
    assert services.PAST_DUE in page
    assert not Attempt.objects.filter(assignment=assignment).exists()


def test_an_assignment_that_has_not_opened_cannot_be_started(student):
    assignment = _assignment(student, opens_at=timezone.now() + timedelta(days=1))
    page = student.get(_url(assignment)).content.decode()
    assert 'data-state="not-open"' in page and "Start</button>" not in page
    page = student.post(_url(assignment, "start"), follow=True).content.decode()
    assert services.NOT_OPEN_YET in page
    assert not Attempt.objects.filter(assignment=assignment).exists()


# -- attempts --------------------------------------------------------------------------------------


def test_a_new_attempt_draws_fresh_questions_until_the_attempts_run_out(student):
    assignment = _assignment(student, question_count=4, attempts_allowed=2)
    student.post(_url(assignment, "start"))
    student.post(_url(assignment, "start"))  # a double click: still one attempt
    assert Attempt.objects.filter(assignment=assignment).count() == 1
    first = [i.question.situation for i in _items(student, assignment, 1)]
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)

    page = student.get(_url(assignment)).content.decode()
    assert "1 attempt left" in page and "Start attempt 2" in page
    student.post(_url(assignment, "start"))
    second = [i.question.situation for i in _items(student, assignment, 2)]
    assert second != first
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)

    page = student.post(_url(assignment, "start"), follow=True).content.decode()
    assert services.NO_ATTEMPTS_LEFT in page
    assert Attempt.objects.filter(assignment=assignment).count() == 2
    assert "Earlier attempts" in page


def test_a_tab_left_open_on_an_earlier_attempt_gets_a_clear_answer_not_an_error(student):
    assignment = _assignment(student, question_count=2, attempts_allowed=2)
    student.post(_url(assignment, "start"))
    old = _items(student, assignment, 1)
    _answer(student, assignment, old[0], right_answer(old[0].question))
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    student.post(_url(assignment, "start"))
    for item in old:  # one answered (a replay), one never answered
        htmx = _answer(student, assignment, item, right_answer(item.question), **HTMX)
        assert htmx.status_code == 200
        assert f'id="q-{item.question.public_id}"' in htmx.content.decode()
        plain = _answer(student, assignment, item, right_answer(item.question))
        assert plain.status_code in (302, 403)
    assert not Answer.objects.filter(question=old[1].question).exists()


def _classes_cell(student, assignment) -> str:
    """What the student's list of classes says of the assignment ("Where you are"), as text."""
    page = student.get("/join/classes/").content.decode()
    row = page.split(f'data-assignment="{assignment.public_id}"')[1].split("</tr>")[0]
    return re.sub(r"<[^>]+>", "", row.split("<td>")[-1]).strip()


def _counted_in_gradebook(assignment) -> tuple[str, int, int]:
    row = gradebook_report(assignment=assignment, now=timezone.now()).rows[0]
    return row.status, row.right, row.total


def test_the_list_of_classes_shows_the_mark_the_gradebook_counts_not_the_latest(student):
    assignment = _assignment(student, question_count=2, attempts_allowed=3)
    student.post(_url(assignment, "start"))
    for item in _items(student, assignment):
        _answer(student, assignment, item, right_answer(item.question))
    student.post(_url(assignment, "submit"))
    assert _classes_cell(student, assignment) == "Handed in: 2 of 2 right"
    student.post(_url(assignment, "start"))
    second = _items(student, assignment)
    _answer(student, assignment, second[0], wrong_answer(second[0].question))
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)  # worse: 0 of 2

    assert _counted_in_gradebook(assignment) == ("submitted", 2, 2)
    best = "Your mark is your best attempt handed in, attempt 1: 2 of 2 right"
    assert _classes_cell(student, assignment) == f"Handed in. {best}"
    student.post(_url(assignment, "start"))  # a third, begun: the mark still stands
    assert _classes_cell(student, assignment) == f"In progress: 0 of 2 answered. {best}"


def test_the_list_of_classes_marks_an_attempt_closed_by_its_due_date_as_the_gradebook_does(
    student,
):
    assignment = _assignment(
        student, question_count=2, show_answers="after_due", due_at=timezone.now() + DAY
    )
    student.post(_url(assignment, "start"))
    first = _items(student, assignment)[0]
    _answer(student, assignment, first, right_answer(first.question))
    assert _classes_cell(student, assignment) == "In progress: 1 of 2 answered"
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - DAY)
    assignment.refresh_from_db()

    assert _counted_in_gradebook(assignment) == ("closed", 1, 2)  # the blank counts as wrong
    assert _classes_cell(student, assignment) == "Closed before you handed it in: 1 of 2 right"


def test_a_students_set_never_changes_once_drawn(student):
    assignment = _assignment(student, question_count=5)
    student.post(_url(assignment, "start"))
    before = [(i.question.public_id, i.question.situation) for i in _items(student, assignment)]
    student.get(_url(assignment))
    student.post(_url(assignment, "start"))
    after = [(i.question.public_id, i.question.situation) for i in _items(student, assignment)]
    assert before == after


def test_the_same_set_for_everyone_gives_every_student_the_same_questions(student):
    assignment = _assignment(student, question_count=5, same_for_everyone=True)
    other = MembershipFactory(classroom=student.membership.classroom)
    mine = services.attempt_start(assignment=assignment, membership=student.membership)
    theirs = services.attempt_start(assignment=assignment, membership=other)

    def situations(attempt):
        return [i.question.situation for i in attempt.items.order_by("position")]

    assert situations(mine) == situations(theirs)


# -- when answers show -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "show, shown_after_answer, shown_after_submit",
    [
        ("immediately", True, True),
        ("after_submit", False, True),
        ("after_due", False, False),
    ],
)
def test_answers_show_when_the_teacher_chose(student, show, shown_after_answer, shown_after_submit):
    assignment = _assignment(
        student,
        question_count=2,
        show_answers=show,
        layout="all",
        due_at=timezone.now() + timedelta(days=1),
    )
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    _answer(student, assignment, item, wrong_answer(item.question))
    page = student.get(_url(assignment)).content.decode()
    assert ('data-correct="no"' in page) is shown_after_answer
    assert ("Answer saved." in page) is not shown_after_answer

    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    page = student.get(_url(assignment)).content.decode()
    assert ('data-correct="no"' in page) is shown_after_submit
    assert ('data-score="0"' in page) is shown_after_submit

    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(seconds=1))
    page = student.get(_url(assignment)).content.decode()
    assert 'data-correct="no"' in page and 'data-score="0"' in page


@pytest.mark.parametrize(
    ("show", "button", "note"),
    [("immediately", "Check my answer", False), ("after_submit", "Save my answer", True)],
)
def test_where_answers_are_shown_later_the_button_says_it_saves_and_cannot_be_changed(
    student, show, button, note
):
    assignment = _assignment(student, question_count=2, show_answers=show, layout="all")
    student.post(_url(assignment, "start"))
    page = student.get(_url(assignment)).content.decode()
    assert page.count(f'<button type="submit">{button}</button>') == 2
    assert ("cannot be changed afterwards" in page) is note


def test_the_page_of_an_unanswered_question_does_not_contain_its_answer(student):
    assignment = _assignment(student, kinds=["undertricks"], question_count=1, layout="all")
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    expected = right_answer(item.question)["answer"]
    page = student.get(_url(assignment)).content.decode()
    assert f'id="q-{item.question.public_id}"' in page
    assert f">{expected}<" not in page and f'"{expected}"' not in page


# -- the teacher's preview -------------------------------------------------------------------------


def test_the_preview_is_what_a_student_sees_and_stays_out_of_the_gradebook(client):
    assignment = AssignmentFactory(
        question_count=3, layout="one", opens_at=timezone.now() + timedelta(days=2)
    )
    client.force_login(assignment.classroom.teacher)
    base = f"/teachers/assignments/{assignment.public_id}/preview/"
    page = client.get(base).content.decode()
    assert "Preview." in page and "Start</button>" in page  # dates are ignored in preview
    client.post(base + "start/")
    attempt = Attempt.objects.get(assignment=assignment)
    assert attempt.membership.is_preview
    item = attempt.items.select_related("question").first()
    response = client.post(base + f"q/{item.question.public_id}/", right_answer(item.question))
    assert response.status_code == 302
    page = client.get(base + "?n=1").content.decode()
    assert 'data-correct="yes"' in page  # the factory shows answers right away
    assert f'action="{base}q/' in client.get(base + "?n=2").content.decode()

    gradebook = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert "Preview" not in gradebook.split('<h2 id="students-title">')[1].split("</table>")[0]
    assert "0 students" in gradebook

    client.post(base + "reset/")
    assert not Attempt.objects.filter(assignment=assignment).exists()
    assert not AttemptQuestion.objects.filter(attempt__assignment=assignment).exists()


def test_assignment_feedback_offers_no_practice_question_and_shows_what_was_typed(student):
    assignment = _assignment(student, kinds=["undertricks"], question_count=2, layout="all")
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    response = _answer(student, assignment, item, wrong_answer(item.question), **HTMX)
    html = response.content.decode()
    assert 'data-correct="no"' in html
    assert "/practice/new/" not in html  # the page leads on within the assignment only
    typed = wrong_answer(item.question)["answer"]
    assert f'<td data-label="You said">{typed}</td>' in html
    # Many regions on the page say "Not quite.": each is named by its question's number too.
    qid = item.question.public_id
    assert f'aria-labelledby="label-{qid} q-{qid}-verdict"' in html


def test_an_assignment_question_cannot_be_answered_or_seen_through_practice(student):
    assignment = _assignment(
        student, question_count=2, show_answers="after_due", due_at=timezone.now() + timedelta(1)
    )
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(1))
    url = f"/practice/q/{item.question.public_id}/"
    assert student.get(url).status_code == 404
    assert student.post(url, right_answer(item.question)).status_code == 404
    assert not Answer.objects.filter(question=item.question).exists()


def test_handing_in_with_blank_questions_asks_first_and_changes_nothing_until_confirmed(student):
    assignment = _assignment(student, question_count=3, show_answers="after_submit")
    student.post(_url(assignment, "start"))
    response = student.post(_url(assignment, "submit"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "3 questions are still blank." in page and "Hand in anyway" in page
    assert Attempt.objects.get(membership=student.membership).submitted_at is None
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    assert Attempt.objects.get(membership=student.membership).submitted_at is not None


def test_after_hand_in_a_blank_question_shows_its_answer_when_answers_show(student):
    assignment = _assignment(student, question_count=2, show_answers="after_submit")
    student.post(_url(assignment, "start"))
    before = student.get(_url(assignment)).content.decode()
    assert "data-key" not in before and "data-answer=" not in before
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    page = student.get(_url(assignment)).content.decode()
    assert page.count("data-key") == 2
    attempt = Attempt.objects.get(membership=student.membership)
    for item in attempt.items.select_related("question"):
        solved = kind_for(item.question.kind).solve(item.question.situation).answer
        for name, value in solved.items():
            assert f'data-field="{name}" data-answer="{value}"' in page


def test_before_the_answers_show_a_student_reads_back_what_they_sent_and_not_the_mark(student):
    assignment = _assignment(
        student,
        question_count=1,
        kinds=["undertricks"],
        show_answers="after_due",
        due_at=timezone.now() + timedelta(1),
    )
    student.post(_url(assignment, "start"))
    item = _items(student, assignment)[0]
    sent = wrong_answer(item.question)
    _answer(student, assignment, item, sent)
    page = student.get(_url(assignment)).content.decode()
    assert 'aria-label="What you sent"' in page
    field = kind_for(item.question.kind).fields(item.question.situation)[0]
    assert f"<dt>{field.label}</dt><dd>{field.text(int(sent[field.name]))}</dd>" in page
    right = right_answer(item.question)[field.name]
    assert f"<dd>{field.text(int(right))}</dd>" not in page  # the key is not there
    assert "Not quite" not in page and "mark-bad" not in page


# -- a fresh set at each attempt -------------------------------------------------------------


def test_a_student_trying_again_is_told_the_new_set_is_the_classs_set_at_that_attempt(student):
    assignment = _assignment(student, question_count=2, same_for_everyone=True, attempts_allowed=2)
    student.post(_url(assignment, "start"))
    student.post(_url(assignment, "submit"), HAND_IN_WITH_BLANKS)
    page = student.get(_url(assignment)).content.decode()
    assert "gives you fresh questions, the same as the rest of the class is given" in page


def test_the_preview_of_a_set_for_everyone_tells_the_teacher_each_attempt_has_its_own_set(client):
    assignment = AssignmentFactory(question_count=2, same_for_everyone=True, attempts_allowed=2)
    client.force_login(assignment.classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/preview/").content.decode()
    assert "each new attempt brings fresh questions, the same for everyone at that attempt" in page
    assignment.attempts_allowed = 1
    assignment.save()
    page = client.get(f"/teachers/assignments/{assignment.public_id}/preview/").content.decode()
    assert "each new attempt brings fresh questions" not in page


@pytest.mark.parametrize(
    ("show", "when"),
    [
        ("after_submit", "it is marked when you hand in your answers"),
        ("after_due", "it is marked after the due date"),
    ],
)
def test_the_note_under_an_unmarked_answer_says_when_this_assignment_marks_it(student, show, when):
    assignment = _assignment(
        student, question_count=2, show_answers=show, layout="all", due_at=timezone.now() + DAY
    )
    student.post(_url(assignment, "start"))
    page = student.get(_url(assignment)).content.decode()
    assert page.count(when) == 2
    assert "when your teacher shows the answers" not in page
