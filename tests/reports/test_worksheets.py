"""Printable worksheets and answer keys: the same set for everyone, or one per student."""

import re
from pathlib import Path

import pytest

from assignments import services
from quizzes.kinds import kind_for
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory
from tests.live.test_simplicity_title import SIMPLICITY, _simplicity_deal

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def teacher(client):
    def login(assignment):
        client.force_login(assignment.classroom.teacher)
        return client

    return login


def _keyed(html):
    return re.findall(r'data-field="(\w+)" data-answer="([^"]*)"', html)


def test_a_worksheet_for_everyone_has_boxes_and_no_answers(teacher):
    assignment = AssignmentFactory(question_count=5, same_for_everyone=True)
    client = teacher(assignment)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/worksheet/").content.decode()
    assert page.count('class="paper-sheet"') == 1
    assert page.count('<div class="paper-question') == 5
    assert "data-answer" not in page and "How the score is made up" not in page
    assert "write-box" in page and "Name:" in page
    assert 'href="/static/css/print-worksheet.' in page and 'media="print"' in page


def test_the_answer_key_for_everyone_is_the_engines_answer_to_the_set_students_get(teacher):
    assignment = AssignmentFactory(question_count=5, same_for_everyone=True)
    client = teacher(assignment)
    key = client.get(f"/teachers/assignments/{assignment.public_id}/answer-key/").content.decode()
    student = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=student)
    expected = []
    for item in attempt.items.select_related("question").order_by("position"):
        answer = kind_for(item.question.kind).solve(item.question.situation).answer
        expected += [(name, str(value)) for name, value in answer.items()]
    assert _keyed(key) == expected


def test_worksheets_one_per_student_include_those_who_have_not_started(teacher):
    assignment = AssignmentFactory(question_count=3, same_for_everyone=False)
    started = MembershipFactory(classroom=assignment.classroom, display_name="Ann")
    MembershipFactory(classroom=assignment.classroom, display_name="Ben")
    services.attempt_start(assignment=assignment, membership=started)
    client = teacher(assignment)
    url = f"/teachers/assignments/{assignment.public_id}/worksheet/?for=students"
    page = client.get(url).content.decode()
    assert page.count('class="paper-sheet"') == 2
    assert ">Ann</h2>" in page and ">Ben</h2>" in page


def test_print_css_puts_each_student_on_a_new_page_without_the_site_around_it():
    css = (ROOT / "static/css/print-worksheet.css").read_text()
    assert ".paper-sheet + .paper-sheet { break-before: page;" in css
    assert ".no-print" in css and "break-inside: avoid" in css
    assert "nav" in (ROOT / "static/css/print.css").read_text()


def test_the_answer_list_has_every_answer_of_the_key_and_no_working(client):
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    MembershipFactory(classroom=classroom)
    quiz = services.assignment_create_review_quiz(classroom=classroom)
    client.force_login(teacher)
    base = f"/teachers/assignments/{quiz.public_id}"
    key = client.get(f"{base}/answer-key/").content.decode()
    answers = client.get(f"{base}/answer-list/").content.decode()
    pattern = r'data-field="(\w+)" data-answer="(-?[\w.]+)"'
    assert re.findall(pattern, answers) == re.findall(pattern, key)
    assert len(re.findall(pattern, answers)) > 18
    assert "How the score is made up" in key and "How the score is made up" not in answers


def test_a_kinds_instructions_come_once_per_sheet_and_earlier_deals_are_not_listed_again(client):
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    quiz = services.assignment_create_review_quiz(classroom=classroom)
    client.force_login(teacher)
    page = client.get(f"/teachers/assignments/{quiz.public_id}/worksheet/").content.decode()
    kinds = re.findall(r'<div class="paper-question([\w -]*)" data-question-kind="(\w+)"', page)
    flags = {}
    for classes, kind in kinds:
        flags.setdefault(kind, []).append("paper-question--repeat" in classes)
    # The first question of each kind has its instructions; the others do not repeat them.
    assert all(seen[0] is False and all(seen[1:]) for seen in flags.values())
    chained = [kind for classes, kind in kinds if "paper-question--chained" in classes]
    assert chained.count("rubber_deal") == 8  # 1b to 1i: the deals before are above them


def _key(client, assignment) -> str:
    return client.get(f"/teachers/assignments/{assignment.public_id}/answer-key/").content.decode()


def test_the_ready_made_quizs_key_draws_each_sheet_once(client):
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    quiz = services.assignment_create_review_quiz(classroom=classroom)
    client.force_login(teacher)
    key = _key(client, quiz)
    # The rubber's sheet at 1i (the total's is the same: not drawn again), the chukker's at 2d.
    assert key.count("<caption>The sheet with this deal</caption>") == 2
    assert key.count("The sheet is drawn once, with the last deal of the series.") == 2
    assert "Its sheet is the one drawn above, with “1i: rubber, deal i”." in key
    # The students' instructions, and the note that earlier deals are above, are not in the key.
    assert "question__instruction" not in key
    assert "The deals before this one are in the questions above." not in key
    worksheet = client.get(f"/teachers/assignments/{quiz.public_id}/worksheet/").content.decode()
    assert worksheet.count("The deals before this one are in the questions above.") == 12


def test_the_key_leaves_out_a_sheet_before_the_deal_when_it_draws_the_sheet_with_it(client):
    assignment = AssignmentFactory(
        kinds=["rubber_deal"], question_count=3, same_for_everyone=True, secret_seed=20261124
    )
    client.force_login(assignment.classroom.teacher)
    key = _key(client, assignment)
    questions = re.split(r'<div class="paper-question', key)[1:]
    assert len(questions) == 3
    for html in questions:
        assert "<caption>The sheet with this deal</caption>" in html
        # The sheet before it is in the page, hidden (site.css): the same sheet less the deal.
        assert "paper-question--before-below" in html.split(">")[0]
    css = (ROOT / "static/css/site.css").read_text()
    assert ".paper-question--before-below .question__situation .sheet-table { display: none; }" in (
        css
    )
    worksheet = client.get(f"/teachers/assignments/{assignment.public_id}/worksheet/").content
    assert b"paper-question--before-below" not in worksheet


def _key_of(attempt):
    expected = []
    for item in attempt.items.select_related("question").order_by("position"):
        answer = kind_for(item.question.kind).solve(item.question.situation).answer
        expected += [(name, str(value)) for name, value in answer.items()]
    return expected


def _section(page, member):
    start = page.index(f'data-student="{member.public_id}"')
    end = page.find("<section", start)
    return page[start : end if end != -1 else len(page)]


def test_sheets_one_per_student_print_each_students_latest_attempt_and_say_so(teacher):
    assignment = AssignmentFactory(question_count=4, same_for_everyone=True, attempts_allowed=3)
    ben = MembershipFactory(classroom=assignment.classroom, display_name="Ben")
    cal = MembershipFactory(classroom=assignment.classroom, display_name="Cal")
    dan = MembershipFactory(classroom=assignment.classroom, display_name="Dan")
    first = services.attempt_start(assignment=assignment, membership=ben)
    services.attempt_submit(attempt=first)
    second = services.attempt_start(assignment=assignment, membership=ben)  # working on it
    dans = services.attempt_start(assignment=assignment, membership=dan)
    services.attempt_reset(attempt=dans)  # Dan starts again: his next attempt is his second
    assert _key_of(first) != _key_of(second)
    client = teacher(assignment)
    base = f"/teachers/assignments/{assignment.public_id}"
    page = client.get(f"{base}/answer-key/?for=students").content.decode()
    assert _keyed(_section(page, ben)) == _key_of(second)
    assert _keyed(_section(page, cal)) == _key_of(first)  # not started: the first set
    assert _keyed(_section(page, dan)) == _key_of(second)  # the set he will be given
    sheet = client.get(f"{base}/worksheet/?for=students").content.decode()
    assert "the questions of their latest attempt" in sheet
    assert "everyone's first attempt" in client.get(f"{base}/worksheet/").content.decode()


def test_a_simplicity_deal_on_paper_is_titled_simplicity(teacher, monkeypatch):
    # Issue 28, point 14: a Simplicity deal read "Duplicate: score one deal" on paper.
    deal = _simplicity_deal()
    monkeypatch.setattr(kind_for("duplicate_deal"), "generate", lambda rng, taught=None: deal)
    assignment = AssignmentFactory(
        kinds=["duplicate_deal"], question_count=1, same_for_everyone=True
    )
    client = teacher(assignment)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/worksheet/").content.decode()
    # The position's label is the topic the teacher chose; the line under it names the deal.
    assert f'<p class="muted paper-question__kind">{SIMPLICITY}</p>' in page
