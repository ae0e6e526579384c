"""The staff pages at /admin/ work in a real browser under the site's Content-Security-Policy.

Sam is site staff (a superuser): he logs in, finds a class by the code a teacher read out,
and opens it. The harness fails the test on any console error, a CSP violation among them.
"""

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


def test_staff_log_in_and_find_a_class_by_its_join_code(page, live_server):
    UserFactory(username="sam", is_staff=True, is_superuser=True)
    student = MembershipFactory(classroom__name="Tuesday beginners", display_name="Dana")
    code = student.classroom.join_code
    page.goto(live_server.url + "/admin/")
    page.get_by_label("Username").fill("sam")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Support")).to_be_visible()

    page.goto(live_server.url + "/admin/classes/classroom/")
    page.locator("#searchbar").fill(code)
    page.locator("#changelist-search").get_by_role("button", name="Search").click()
    page.get_by_role("link", name="Tuesday beginners").click()
    expect(page.get_by_role("heading", name="Change classroom")).to_be_visible()
    expect(page.locator("input[value='Dana']")).to_be_visible()
