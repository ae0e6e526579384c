"""Paper, counted in pages as Chromium prints it on A4: the ready-made quiz's worksheet and
its key in about a third of the pages they took (13 and 20), and every answer of a set on
one page."""

import pytest

from assignments import services
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


def _pages(page, url) -> int:
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


@pytest.fixture
def paper(page, live_server, browser_session):
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher)
    MembershipFactory(classroom=classroom)
    browser_session(page, user=teacher)

    def pages(assignment, what):
        return _pages(
            page, f"{live_server.url}/teachers/assignments/{assignment.public_id}/{what}/"
        )

    return classroom, pages


@pytest.mark.parametrize("screen", ["desktop"])
def test_the_ready_made_quizs_paper_takes_a_third_of_the_pages_and_its_answers_one(paper):
    classroom, pages = paper
    quiz = services.assignment_create_review_quiz(classroom=classroom)
    assert pages(quiz, "worksheet") <= 4  # 13 before each kind's instructions came once
    # 20 before a series' sheet came once, 10 before the key was compact (answers in a row,
    # small breakdowns, no students' instructions, no sheet drawn twice): 5 in Chromium 156.
    assert pages(quiz, "answer-key") <= 6
    assert pages(quiz, "answer-list") == 1


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_drawn_set_of_eight_prints_on_three_pages_its_key_too_and_its_answers_on_one(paper):
    classroom, pages = paper
    drawn = AssignmentFactory(
        classroom=classroom,
        kinds=["rubber_deal", "duplicate_deal", "undertricks", "vulnerability"],
        question_count=8,
        same_for_everyone=True,
        secret_seed=20261124,
    )
    assert pages(drawn, "worksheet") <= 3
    assert pages(drawn, "answer-key") <= 3  # 6 before the sheet before each deal went
    assert pages(drawn, "answer-list") == 1
