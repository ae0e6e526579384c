"""A teacher's page for one student on a 390 px phone with JavaScript off: nothing scrolls
sideways, the attempt that counts is open and any other opens with a tap (a <details>),
and axe-core finds nothing.

The people: Ms Hughes teaches "Tuesday beginners"; Carol handed in "Week 1" once, was reset,
and handed it in again; she was also at a live class of the class.
"""

import pytest
from playwright.sync_api import expect

from assignments import services
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory
from tests.reports.test_student import _live_record, _work

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_students_page_reads_on_a_phone_without_javascript(
    new_page, live_server, browser_session, axe_check, no_horizontal_overflow, screenshot
):
    teacher = UserFactory(username="hughes")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    carol = MembershipFactory(classroom=classroom, display_name="Carol Featherstonehaugh")
    week1 = AssignmentFactory(
        classroom=classroom, title="Week 1: doubled contracts", question_count=4, attempts_allowed=2
    )
    first = _work(week1, carol, [False, False, True, False], slip=True)
    services.attempt_reset(attempt=first)
    _work(week1, carol, [True, False, True, True], slip=True)
    _live_record(classroom, [carol], right=False)

    page = new_page("desktop", javascript=False)
    page.set_viewport_size(PHONE)
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/classes/{classroom.public_id}/")
    page.get_by_role("link", name="Carol Featherstonehaugh", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Carol Featherstonehaugh")

    week = page.locator(f'[data-assignment="{week1.public_id}"]')
    counted = week.locator("details[data-counts]")
    expect(counted).to_have_attribute("open", "")
    expect(counted.locator("li[data-mark]")).to_have_count(4)
    reset = week.locator("details[data-reset]")
    expect(reset.locator("li[data-mark]").first).to_be_hidden()
    reset.locator("summary").click()  # opens without a script
    expect(reset.locator("li[data-mark]").first).to_be_visible()
    expect(page.locator("#live-title")).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
    screenshot(page, "student-page")
