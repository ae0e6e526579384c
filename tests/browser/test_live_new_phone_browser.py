"""The form that starts a live class shows only the chosen way of playing (a teacher's walk
through the site, on a 390 px phone).

The form was 5195 px tall on a phone: the tables' fields (boards, tables, how the pairs move)
stood under a quiz, and the quiz's under tables. Now the mode chosen shows its own fields and
hides the other's, with JavaScript off too, and a form sent back with a mistake opens on the
mode that was sent.
"""

import pytest
from playwright.sync_api import expect

from assignments.forms import NOTHING_CHOSEN
from live.models import LiveSession
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
QUIZ_FORM_MAX_HEIGHT = 2500  # px: the whole page, quiz chosen, on a 390 px phone


def _open_the_form(new_page, live_server, browser_session, *, javascript, query=""):
    phone = new_page("phone", javascript=javascript)
    phone.set_viewport_size(PHONE)
    browser_session(phone, user=UserFactory(username="ms-hart"))
    phone.goto(f"{live_server.url}/live/new/{query}")
    return phone


def _page_height(phone) -> float:
    box = phone.locator("body").bounding_box()
    assert box is not None
    return box["y"] + box["height"]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_quiz_shows_only_the_quiz_fields_and_fits_a_phone(
    new_page,
    live_server,
    browser_session,
    no_horizontal_overflow,
    axe_check,
    screenshot,
    javascript,
):
    phone = _open_the_form(new_page, live_server, browser_session, javascript=javascript)

    expect(phone.get_by_label("Number of questions")).to_be_visible()
    expect(phone.get_by_label("Tables", exact=True)).to_be_hidden()
    expect(phone.get_by_label("Boards each table plays")).to_be_hidden()
    assert _page_height(phone) < QUIZ_FORM_MAX_HEIGHT
    no_horizontal_overflow(phone)
    axe_check(phone)
    screenshot(phone, f"live-new-quiz-{'js' if javascript else 'no-js'}")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_choosing_tables_shows_the_tables_fields_and_hides_the_quiz(
    new_page, live_server, browser_session, no_horizontal_overflow, javascript
):
    phone = _open_the_form(new_page, live_server, browser_session, javascript=javascript)

    phone.get_by_label("Tables: each table enters its boards", exact=False).check()

    expect(phone.get_by_label("Tables", exact=True)).to_be_visible()
    expect(phone.get_by_label("Boards each table plays")).to_be_visible()
    expect(phone.get_by_label("Number of questions")).to_be_hidden()
    expect(phone.get_by_role("group", name="Kinds of question")).to_be_hidden()
    no_horizontal_overflow(phone)


def test_a_mistake_in_the_tables_brings_the_form_back_on_the_tables(
    new_page, live_server, browser_session
):
    phone = _open_the_form(new_page, live_server, browser_session, javascript=False)
    phone.get_by_label("Title").fill("Tuesday: a Mitchell")
    phone.get_by_label("Tables: each table enters its boards", exact=False).check()
    phone.get_by_label("Tables", exact=True).fill("4")
    phone.get_by_label("A Mitchell", exact=False).check()
    phone.get_by_role("button", name="Open the room").click()

    expect(phone.get_by_text("A Mitchell needs an odd number of tables")).to_be_visible()
    expect(phone.get_by_label("Tables", exact=True)).to_have_value("4")
    expect(phone.get_by_label("Number of questions")).to_be_hidden()


def test_a_quiz_drawn_from_a_skill_opens_the_skills_and_starts(
    new_page, live_server, browser_session
):
    phone = _open_the_form(new_page, live_server, browser_session, javascript=False)
    phone.get_by_label("Title").fill("Tuesday: slams")
    expect(phone.get_by_role("checkbox", name="Slams").first).to_be_hidden()
    phone.locator("summary", has_text="Skills").click()
    phone.get_by_role("group", name="Skills").get_by_label("Slams").check()
    phone.get_by_role("button", name="Open the room").click()

    expect(phone.get_by_text("Tuesday: slams").first).to_be_visible()
    session = LiveSession.objects.get(title="Tuesday: slams")
    assert session.skills == ["slams"]


def test_a_quiz_with_nothing_ticked_comes_back_with_the_kinds_open_and_the_reason(
    new_page, live_server, browser_session
):
    phone = _open_the_form(new_page, live_server, browser_session, javascript=False)
    phone.get_by_label("Title").fill("Tuesday: nothing yet")
    phone.get_by_role("button", name="Open the room").click()

    expect(phone.get_by_text(NOTHING_CHOSEN)).to_be_visible()
    expect(phone.get_by_role("group", name="Kinds of question")).to_be_visible()
    expect(phone.get_by_label("Boards each table plays")).to_be_hidden()
