"""A teacher on a 390 px phone: a file read, kept, its class quiz made; nothing scrolls
sideways on the file's page, the saved files' list or the saved file's own page."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.factories import ClassroomFactory, UserFactory

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TUESDAY = Path(__file__).resolve().parents[1] / "bridgefiles" / "files" / "tuesday_class.pbn"


@pytest.mark.parametrize("javascript", [True, False])
def test_a_teacher_keeps_a_file_and_makes_its_class_quiz_on_a_phone(
    new_page, live_server, browser_session, no_horizontal_overflow, javascript
):
    teacher = UserFactory(username=f"ms_hughes_{javascript}")
    ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    page = new_page("desktop", javascript=javascript)
    page.set_viewport_size(PHONE)
    browser_session(page, user=teacher)

    page.goto(live_server.url + "/files/")
    page.get_by_label("A PBN or LIN file").set_input_files(TUESDAY)
    page.get_by_label("Keep this file").check()
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_text("The file is kept")).to_be_visible()
    expect(page.get_by_role("heading", name="Make a class quiz from these boards")).to_be_visible()
    no_horizontal_overflow(page)

    page.get_by_role("link", name="Your saved files").click()
    expect(page.get_by_role("link", name="tuesday_class.pbn")).to_be_visible()
    no_horizontal_overflow(page)
    page.get_by_role("link", name="tuesday_class.pbn").click()

    page.get_by_label("For the class").select_option(label="Tuesday beginners")
    page.get_by_role("button", name="Make the quiz").click()
    expect(page.get_by_text("The quiz is made, with 3 questions")).to_be_visible()
    expect(page.get_by_text("A bridge file's boards, as played")).to_be_visible()
    no_horizontal_overflow(page)
