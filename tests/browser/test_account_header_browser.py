"""Every page's header says who is looking, at a 390 px phone and a 1280 px desktop: a
signed-in teacher sees her name and Log out on a lesson, the home page and a practice page,
and pressing Log out signs her out, with or without JavaScript; anyone else sees Log in and
Sign up; the header never scrolls sideways."""

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory

pytestmark = pytest.mark.browser

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
# A lesson (its body a kept fragment), the home page and a practice page.
PAGES = ["/lessons/trick-score/", "/", "/practice/"]
# Long enough to wrap at a phone's width.
NAME = "margaret.hughes-whitfield"


@pytest.fixture(params=list(WIDTHS))
def width(request):
    return request.param


@pytest.fixture
def open_page(new_page, width):
    def open_one(javascript=True):
        page = new_page("desktop", javascript=javascript)
        page.set_viewport_size(WIDTHS[width])
        return page

    return open_one


def _account(page):
    return page.get_by_role("navigation", name="Account")


def test_a_signed_in_teacher_sees_her_name_and_log_out_on_every_page(
    open_page, live_server, browser_session, no_horizontal_overflow, axe_check
):
    page = open_page()
    browser_session(page, user=UserFactory(username=NAME))
    for path in PAGES:
        page.goto(live_server.url + path)
        account = _account(page)
        expect(account.get_by_role("link", name=NAME)).to_be_visible()
        expect(account.get_by_role("button", name="Log out")).to_be_visible()
        expect(account.get_by_role("link", name="Log in")).to_have_count(0)
        no_horizontal_overflow(page)
    axe_check(page)
    account.get_by_role("link", name=NAME).click()
    expect(page).to_have_url(live_server.url + "/teachers/")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_pressing_log_out_signs_her_out(open_page, live_server, browser_session, javascript):
    page = open_page(javascript=javascript)
    browser_session(page, user=UserFactory(username=NAME))
    page.goto(live_server.url + "/lessons/trick-score/")
    _account(page).get_by_role("button", name="Log out").click()
    expect(page).to_have_url(live_server.url + "/")
    expect(_account(page).get_by_role("link", name="Log in")).to_be_visible()
    expect(page.get_by_text(NAME)).to_have_count(0)
    page.goto(live_server.url + "/lessons/trick-score/")
    expect(_account(page).get_by_role("button", name="Log out")).to_have_count(0)


def test_an_anonymous_visitor_sees_log_in_and_sign_up(
    open_page, live_server, no_horizontal_overflow, axe_check
):
    page = open_page()
    for path in PAGES:
        page.goto(live_server.url + path)
        account = _account(page)
        expect(account.get_by_role("link", name="Log in")).to_be_visible()
        expect(account.get_by_role("link", name="Sign up")).to_be_visible()
        expect(account.get_by_role("button", name="Log out")).to_have_count(0)
        no_horizontal_overflow(page)
    axe_check(page)
    _account(page).get_by_role("link", name="Log in").click()
    expect(page).to_have_url(live_server.url + "/accounts/login/")
