"""One student's page for their teacher: every assignment and live class, each attempt with
its mark, the answers given and the slips; its CSV; names on the class pages lead to it;
nobody but the class's teacher sees it; and its queries do not grow with the assignments.

The people:
- Alice teaches the Tuesday class; Carol and Erin are in it. Alice sees Carol's page.
- Bob teaches a class of his own: Carol's page answers him 404, as it does Carol herself
  and anyone logged out (asked to log in first, as every teacher's page).
"""

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client

from assignments import services
from assignments.selectors import question_labels
from classes import services as class_services
from quizzes import services as practice
from quizzes.grading import grade
from quizzes.kinds import kind_for
from quizzes.models import Answer
from reports.answers import given_text
from reports.student import student_work
from scoring import MISTAKES, ScoringError
from tests.clock import NOW
from tests.control import alices_class
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
    student_client,
    wrong_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


def _slipped(question) -> dict | None:
    """An answer one named slip gives, if the question's kind can replay one."""
    kind = kind_for(question.kind)
    right = kind.solve(question.situation).answer
    for mistake in kind.applicable_mistakes(question.situation):
        try:
            answer = kind.solve(question.situation, mistake).answer
        except ScoringError:  # a slip that does not apply to this deal
            continue
        if answer != right:
            return dict(answer)
    return None


def _unexplained(question) -> dict:
    """A wrong answer that fits no slip: a figure no slip gives (scores go in tens)."""
    kind = kind_for(question.kind)
    for odd in (7, 3, 13, 1):
        data = right_answer(question)
        field = next(f for f in kind.fields(question.situation) if f.type != "choice")
        data[field.name] = str(int(data[field.name]) + odd)
        given = cleaned_answer(question, data)
        result = grade(kind, question.situation, given)
        if not result.correct and not result.mistakes:
            return given
    raise AssertionError(f"every odd figure fits a slip: {question.situation}")


def _work(assignment, membership, marks: list, *, hand_in=True, slip=False):
    """An attempt, each question right or wrong as `marks` says ("odd": wrong by a figure no
    slip explains); with `slip`, the first wrong one answered as a named slip gives it, where
    its kind has one."""
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    items = list(attempt.items.select_related("question", "attempt__assignment"))
    for item, right in zip(items, marks, strict=False):
        given = _unexplained(item.question) if right == "odd" else None
        if given is None and not right and slip:
            given = _slipped(item.question)
            slip = given is None  # once
        if given is None:
            data = right_answer(item.question) if right else wrong_answer(item.question)
            given = cleaned_answer(item.question, data)
        services.attempt_answer(item=item, given=given)
    if hand_in:
        services.attempt_submit(attempt=attempt)
    return attempt


@pytest.fixture
def tuesday():
    """Alice teaches the class; Carol and Erin are in it."""
    return alices_class("Carol", "Erin")


def _url(classroom, membership, csv_file=False) -> str:
    tail = "work.csv" if csv_file else ""
    return f"/teachers/classes/{classroom.public_id}/students/{membership.public_id}/{tail}"


# -- who may see it -------------------------------------------------------------------------


def test_only_the_classs_teacher_sees_a_students_page_and_its_csv(tuesday):
    client, classroom, carol, erin = tuesday
    bob = UserFactory(username="bob")
    ClassroomFactory(teacher=bob)
    bobs_client = Client()
    bobs_client.force_login(bob)
    for url in (_url(classroom, carol), _url(classroom, carol, csv_file=True)):
        assert client.get(url).status_code == 200
        assert bobs_client.get(url).status_code == 404, url
        assert student_client(carol).get(url).status_code in (302, 404)
        assert student_client(carol).get(url).status_code != 200
        logged_out = Client().get(url)
        assert logged_out.status_code == 302 and "/accounts/login/" in logged_out["Location"]
        assert client.post(url).status_code == 405  # a page to read, nothing to send


def test_a_student_of_another_class_or_one_removed_answers_404_to_the_teacher(tuesday):
    client, classroom, carol, erin = tuesday
    stranger = MembershipFactory(display_name="Dan")  # in another teacher's class
    assert client.get(_url(classroom, stranger)).status_code == 404
    # Nor Carol through Bob's class's address.
    assert client.get(_url(stranger.classroom, carol)).status_code == 404
    class_services.membership_remove(membership=erin)
    assert client.get(_url(classroom, erin)).status_code == 404


# -- what it shows --------------------------------------------------------------------------


def test_the_page_shows_each_attempt_its_marks_the_answers_given_and_the_slips(tuesday):
    client, classroom, carol, erin = tuesday
    week1 = AssignmentFactory(
        classroom=classroom, title="Week 1", question_count=4, kinds=["duplicate_deal"]
    )
    attempt = _work(week1, carol, [True, False, False, True], slip=True)
    page = client.get(_url(classroom, carol)).content.decode()
    assert "Week 1" in page
    assert 'data-status="submitted"' in page
    assert "2 of 4 right (50%)" in page
    items = list(attempt.items.select_related("question__answer"))
    for item in items:
        # Each answer as given, box by box: the figure the student typed is on the page.
        assert given_text(item.question) != ""
        for value in item.question.answer.given.values():
            assert f"<span data-box>{kind_text(item.question, value)}</span>" in page
    named = [key for item in items for key in item.question.answer.mistakes]
    assert named, "one wrong answer was a named slip"
    assert MISTAKES[named[0]].name in page
    assert page.count('data-mark="right"') == 2
    assert page.count('data-mark="wrong"') == 2


def test_a_wrong_answer_no_slip_explains_says_so_rather_than_nothing(tuesday):
    """The page promises the slips behind the wrong answers: a wrong answer the engine
    explains by no slip says that, as practice's feedback does."""
    client, classroom, carol, erin = tuesday
    week1 = AssignmentFactory(
        classroom=classroom, title="Week 1", question_count=3, kinds=["duplicate_deal"]
    )
    attempt = _work(week1, carol, [False, "odd", True], slip=True)
    items = list(attempt.items.select_related("question__answer"))
    unexplained = [
        i for i in items if i.question.answer.correct is False and not i.question.answer.mistakes
    ]
    assert unexplained, "the second wrong answer fits no slip"
    page = client.get(_url(classroom, carol)).content.decode()
    assert page.count("data-unexplained") == len(unexplained)
    assert "does not match a slip we know" in page


def kind_text(question, value) -> str:
    """How the page writes a box's value: a choice by its words, a number as it is."""
    for field in kind_for(question.kind).fields(question.situation):
        if field.choices and value in dict(field.choices):
            return str(field.text(value))
    return str(value)


def test_a_reset_attempt_shows_as_reset_and_the_new_one_as_the_one_that_counts(tuesday):
    client, classroom, carol, erin = tuesday
    week1 = AssignmentFactory(classroom=classroom, title="Week 1", question_count=2)
    first = _work(week1, carol, [False, False])
    services.attempt_reset(attempt=first)
    _work(week1, carol, [True, True])
    page = client.get(_url(classroom, carol)).content.decode()
    assert 'data-attempt="1"' in page and "it does not count" in page
    assert 'data-attempt="2" data-counts open' in page
    assert "2 of 2 right (100%)" in page
    assert "1 of them reset" in page


def test_what_the_teacher_allowed_the_student_alone_is_said_beside_the_assignment(tuesday):
    client, classroom, carol, erin = tuesday
    week1 = AssignmentFactory(classroom=classroom, title="Week 1", due_at=NOW + timedelta(days=1))
    services.allowance_set(
        assignment=week1, membership=carol, due_at=NOW + timedelta(days=3), extra_attempts=1
    )
    page = client.get(_url(classroom, carol)).content.decode()
    assert "1 extra attempt" in page
    assert "a later date, for Carol alone" in page
    assert "0 of 2 attempts used" in page
    # Erin, allowed nothing, has no such note.
    assert "data-note" not in client.get(_url(classroom, erin)).content.decode()


def _live_record(classroom, students, *, right: bool):
    """A live class of the class, as live.services records it when it ends: an assignment
    of the "live" preset, handed in by each student who took part."""
    kind = "duplicate_deal"
    from quizzes.generator import generate

    _, situation = generate(kind, 7)
    answered = {}
    for membership in students:
        question = practice.question_fixed(
            learner=membership.learner, kind=kind, situation=situation, source="assignment"
        )
        data = right_answer(question) if right else wrong_answer(question)
        practice.answer_submit(
            question=question, given=cleaned_answer(question, data), credit=False
        )
        answered[membership] = {0: question}
    return services.assignment_record_fixed(
        classroom=classroom,
        title="Live: Friday quiz",
        questions=[{"label": "Duplicate score", "kind": kind, "situation": situation}],
        answered=answered,
        opened=NOW - timedelta(hours=1),
        closed=NOW - timedelta(minutes=10),
    )


def test_a_live_class_shows_under_live_classes_with_the_answer_given(tuesday):
    client, classroom, carol, erin = tuesday
    live = _live_record(classroom, [carol], right=True)
    page = client.get(_url(classroom, carol)).content.decode()
    live_part = page[page.index('id="live-title"') :]
    assert "Live: Friday quiz" in live_part
    assert f'data-assignment="{live.public_id}" data-status="submitted"' in live_part
    assert "1 of 1 right (100%)" in live_part
    # Erin was not there: said so, not "Not started".
    erins = client.get(_url(classroom, erin)).content.decode()
    assert "Not at this live class" in erins


def test_a_draft_the_student_never_saw_is_not_listed(tuesday):
    client, classroom, carol, erin = tuesday
    AssignmentFactory(classroom=classroom, title="Still a draft", published_at=None)
    assert "Still a draft" not in client.get(_url(classroom, carol)).content.decode()


# -- the CSV --------------------------------------------------------------------------------


def _rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))


def test_the_csv_has_a_row_per_question_with_the_mark_the_answer_and_the_slip(tuesday):
    client, classroom, carol, erin = tuesday
    week1 = AssignmentFactory(
        classroom=classroom, title="Week 1", question_count=3, kinds=["duplicate_deal"]
    )
    AssignmentFactory(classroom=classroom, title="Week 2")
    attempt = _work(week1, carol, [True, False, True], slip=True)
    response = client.get(_url(classroom, carol, csv_file=True))
    assert response["Content-Type"].startswith("text/csv")
    rows = _rows(response)
    week1_rows = [r for r in rows if r["Assignment"] == "Week 1"]
    assert [r["Mark"] for r in week1_rows] == ["right", "wrong", "right"]
    items = list(attempt.items.select_related("question__answer"))
    assert [r["Answer given"] for r in week1_rows] == [given_text(i.question) for i in items]
    wrong = items[1].question.answer
    assert wrong.mistakes, "the wrong answer was a named slip"
    assert MISTAKES[wrong.mistakes[0]].name in week1_rows[1]["Slips"]
    assert {r["Attempt counts"] for r in week1_rows} == {"yes"}
    # Week 2, not started: one row that says so.
    (week2,) = [r for r in rows if r["Assignment"] == "Week 2"]
    assert week2["Status"] == "Not started" and week2["Answer given"] == ""


def test_a_name_that_reads_as_a_formula_is_kept_as_text_in_the_csv(tuesday):
    client, classroom, carol, erin = tuesday
    AssignmentFactory(classroom=classroom, title="=HYPERLINK(1)")
    rows = _rows(client.get(_url(classroom, carol, csv_file=True)))
    assert rows[0]["Assignment"] == "'=HYPERLINK(1)"


# -- queries --------------------------------------------------------------------------------

# The session, the user, the class, the student; then the assignments, the student's
# attempts, their questions with answers, the student's allowances, and the class's live
# classes at the tables (none here): nine, however many assignments and attempts.
STUDENT_PAGE_QUERIES = 9


@pytest.mark.parametrize("count", [2, 6])
def test_the_page_and_csv_make_the_same_queries_for_2_or_6_assignments(
    tuesday, django_assert_num_queries, count
):
    client, classroom, carol, erin = tuesday
    for n in range(count):
        assignment = AssignmentFactory(
            classroom=classroom, title=f"Week {n}", question_count=3, attempts_allowed=2
        )
        first = _work(assignment, carol, [True, False, n % 2 == 0])
        if n % 3 == 0:
            services.attempt_reset(attempt=first)
            _work(assignment, carol, [True, True, True], hand_in=False)
    _live_record(classroom, [carol, erin], right=False)
    with django_assert_num_queries(STUDENT_PAGE_QUERIES):
        page = client.get(_url(classroom, carol))
    assert page.content.decode().count('<article class="student-work"') == count + 1
    with django_assert_num_queries(STUDENT_PAGE_QUERIES):
        client.get(_url(classroom, carol, csv_file=True))


def test_student_work_reads_the_counted_attempt_as_the_gradebook_does(tuesday):
    _, classroom, carol, _ = tuesday
    week1 = AssignmentFactory(classroom=classroom, question_count=2, attempts_allowed=2)
    _work(week1, carol, [True, True])
    _work(week1, carol, [False, False])  # handed in, worse: the first still counts
    (line,) = student_work(classroom=classroom, membership=carol, now=NOW).assignments
    assert [a.counts for a in line.attempts] == [True, False]
    assert line.final == 100


# -- names lead to it -----------------------------------------------------------------------


def test_names_on_the_class_page_and_the_whole_class_page_link_to_the_students_page(tuesday):
    client, classroom, carol, erin = tuesday
    _work(AssignmentFactory(classroom=classroom), carol, [True, False])  # skills to show
    link = f'href="{_url(classroom, carol)}"'
    assert link in client.get(f"/teachers/classes/{classroom.public_id}/").content.decode()
    overview = client.get(f"/teachers/classes/{classroom.public_id}/overview/").content.decode()
    assert overview.count(link) == 2  # the assignments table and the skills table


def test_answers_as_given_are_read_box_by_box_in_the_questions_words(tuesday):
    _, classroom, carol, _ = tuesday
    week1 = AssignmentFactory(classroom=classroom, question_count=1, kinds=["duplicate_deal"])
    attempt = _work(week1, carol, [True])
    question = attempt.items.get().question
    answer = Answer.objects.get(question=question)
    fields = kind_for(question.kind).fields(question.situation)
    text = given_text(question)
    if len(fields) == 1:
        assert text == str(fields[0].text(answer.given[fields[0].name]))
    else:
        for f in fields:
            assert f"{f.label}: " in text


@pytest.mark.parametrize(
    ("given", "cell"),
    [("-200", "-200"), ("670", "670"), ("13.20", "13.20"), ("-1+2", "'-1+2"), ("=1", "'=1")],
)
def test_an_answer_cell_keeps_a_figure_a_number_and_anything_else_never_a_formula(given, cell):
    from reports.export import answer_cell

    assert answer_cell(given) == cell


def test_the_ready_made_review_quiz_shows_with_its_own_labels(tuesday):
    client, classroom, carol, erin = tuesday
    quiz = services.assignment_create_review_quiz(classroom=classroom)
    services.assignment_publish(assignment=quiz)
    _work(quiz, carol, [True, False], hand_in=False)
    page = client.get(_url(classroom, carol)).content.decode()
    labels = question_labels(quiz)
    assert f"<strong>{labels[0]}</strong>: <span" in page
    assert 'data-status="in_progress"' in page
