"""Practice and assignment answers lose nothing to a dropped connection (issue #29, point 1).

As on a live class's phone (test_live_offline_browser.py): an answer sent while the phone is
offline is kept on it, the form says it is not sent yet, and it is sent by itself, once, when
the connection is back, then marked; an answer typed but not sent survives a reload. Phone
width (390 px); the engine's answer, worked out from the stored question (answers.py).
"""

import pytest
from playwright.sync_api import expect

from assignments.models import Assignment
from quizzes import services as practice
from quizzes.models import Answer, Question
from tests.browser.answers import fill_right
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser

UNSENT_LEFT = "Object.keys(localStorage).filter(k => k.startsWith('unsent:')).length"


def _phone(new_page):
    phone = new_page("phone")
    phone.set_viewport_size({"width": 390, "height": 844})
    return phone


def _practice_question(phone, site):
    """A duplicate-deal practice question, started from the practice page."""
    phone.goto(site + "/practice/")
    start = phone.locator("form").filter(has=phone.get_by_label("Kind of question", exact=True))
    start.get_by_label("Kind of question", exact=True).select_option("duplicate_deal")
    start.get_by_role("button", name="Start").click()
    return phone.locator("article[data-question-kind]")


@pytest.fixture
def cleo_on_an_assignment(live_server, browser_session, new_page):
    """Cleo's phone on the first question of an assignment whose marks show at once."""
    classroom = ClassroomFactory(teacher=UserFactory(username="ms_hughes"), name="Tuesday")
    assignment = AssignmentFactory(
        classroom=classroom,
        title="Doubles review",
        kinds=["duplicate_deal"],
        question_count=2,
        show_answers=Assignment.ShowAnswers.IMMEDIATELY,
        layout=Assignment.Layout.ONE_AT_A_TIME,
    )
    cleo = MembershipFactory(classroom=classroom, display_name="Cleo")
    phone = _phone(new_page)
    browser_session(phone, **{practice.SESSION_KEY: cleo.learner_id})
    phone.goto(f"{live_server.url}/join/a/{assignment.public_id}/")
    phone.get_by_role("button", name="Start").click()
    expect(phone.locator(".take-label")).to_have_text("Question 1 of 2")
    return phone


def _question_of(article):
    return Question.objects.get(public_id=article.get_attribute("id").removeprefix("q-"))


def _sent_offline_then_marked_once_back_online(phone, article, offline_noise_allowed, shot):
    question = _question_of(article)
    public_id = question.public_id
    phone.context.set_offline(True)
    fill_right(article, question)
    article.get_by_role("button", name="Check my answer").click()
    note = phone.locator(f"#q-{public_id} [data-unsent-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Not sent yet")
    shot()
    assert not Answer.objects.filter(question=question).exists()

    phone.context.set_offline(False)  # no second tap
    expect(phone.locator(f"#q-{public_id} .feedback__verdict")).to_have_text("Right!")
    assert Answer.objects.filter(question=question).count() == 1
    assert phone.evaluate(UNSENT_LEFT) == 0  # nothing left to send a second time
    offline_noise_allowed()


def _typed_survives_a_reload(phone, article):
    question = _question_of(article)
    box = phone.get_by_label("Score for the declaring side")
    box.fill("420")
    phone.reload()
    expect(box).to_have_value("420")
    assert not Answer.objects.filter(question=question).exists()


def test_a_practice_answer_sent_offline_is_marked_once_back_online(
    new_page, live_server, offline_noise_allowed, screenshot
):
    phone = _phone(new_page)
    article = _practice_question(phone, live_server.url)
    _sent_offline_then_marked_once_back_online(
        phone, article, offline_noise_allowed, lambda: screenshot(phone, "practice-not-sent-yet")
    )


def test_a_practice_answer_typed_survives_a_reload(new_page, live_server):
    phone = _phone(new_page)
    _typed_survives_a_reload(phone, _practice_question(phone, live_server.url))


def test_a_practice_answer_sent_offline_survives_a_reload_and_is_sent_after(
    new_page, live_server, offline_noise_allowed
):
    phone = _phone(new_page)
    article = _practice_question(phone, live_server.url)
    question = _question_of(article)
    phone.context.set_offline(True)
    fill_right(article, question)
    article.get_by_role("button", name="Check my answer").click()
    expect(article.locator("[data-unsent-note]")).to_be_visible()
    phone.context.set_offline(False)
    phone.reload()
    expect(phone.locator(f"#q-{question.public_id} .feedback__verdict")).to_have_text("Right!")
    assert Answer.objects.filter(question=question).count() == 1
    offline_noise_allowed()


def test_an_assignment_answer_sent_offline_is_marked_once_back_online(
    cleo_on_an_assignment, offline_noise_allowed, screenshot
):
    phone = cleo_on_an_assignment
    article = phone.locator("article[data-question-kind]")
    _sent_offline_then_marked_once_back_online(
        phone, article, offline_noise_allowed, lambda: screenshot(phone, "assignment-not-sent-yet")
    )
    expect(phone.locator(".take-progress")).to_contain_text("Answered 1 of 2")


def test_an_assignment_answer_typed_survives_a_reload(cleo_on_an_assignment):
    phone = cleo_on_an_assignment
    _typed_survives_a_reload(phone, phone.locator("article[data-question-kind]"))
