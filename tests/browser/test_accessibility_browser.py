"""Accessibility in a real browser: axe-core on every kind of page and state, at phone and
desktop sizes; every control reachable with Tab and visibly focused."""

import dataclasses

import pytest
from playwright.sync_api import expect

from lessons import deals
from scorepad import services as scorepad
from scoring import PlayedDeal
from tests.browser.answers import start_check
from tests.browser.conftest import expect_page_status
from tests.browser.keyboard import assert_tab_reaches_every_control

pytestmark = pytest.mark.browser


def _deal_with_the_score_shown(page, site):
    page.goto(site + "/lessons/sample-rubber/3/")
    page.get_by_role("link", name="Show the score and the sheet after this deal").click()
    expect(page.get_by_role("heading", name="The score of deal 3")).to_be_focused()


def _deal_after_try_it_first(page, site):
    page.goto(site + "/lessons/sample-rubber/3/")
    page.get_by_label("THEY, below the line", exact=True).fill("120")
    page.get_by_label("WE, above the line", exact=True).fill("30")  # the 30 is theirs
    page.get_by_role("button", name="Check my answer").click()
    verdict = page.locator(".feedback__verdict")
    expect(verdict).to_have_text("Not quite.")
    expect(page.locator("[data-hint]")).to_contain_text("THEY, above the line")
    expect(verdict).to_be_focused()


def _lesson_with_check_yourself(page, site):
    page.goto(site + "/lessons/doubles/")
    start_check(page)
    expect(page.locator("#check-yourself [data-question-kind]")).to_have_count(3)


def _check_yourself_page(page, site):
    _lesson_with_check_yourself(page, site)
    page.goto(site + "/practice/check/doubles/")
    expect(page.locator("[data-question-kind]")).to_have_count(3)


def _practice_question(page, site):
    page.goto(site + "/practice/")
    page.get_by_label("Kind of question", exact=True).select_option("duplicate_deal")
    page.locator("form").filter(has=page.get_by_label("Kind of question", exact=True)).get_by_role(
        "button", name="Start"
    ).click()
    expect(page.locator("[data-question-kind]")).to_be_visible()


def _practice_feedback(page, site):
    _practice_question(page, site)
    page.get_by_label("Score for the declaring side").fill("1")  # never a bridge score
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".feedback__verdict")).to_be_focused()


def _progress_with_answers(page, site):
    _practice_feedback(page, site)
    page.goto(site + "/practice/progress/")


# A part of a page that htmx fetches as the page loads (a lesson's "Check yourself" form).
LOADING = "() => !document.querySelector('[hx-trigger=load], .htmx-request')"


def _visit(path):
    def visit(page, site):
        page.goto(site + path)
        page.wait_for_function(LOADING)

    return visit


def _not_found(page, site):
    expect_page_status(page, 404)
    response = page.goto(site + "/no-such-page/")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_be_visible()


PAGES = {
    "home": _visit("/"),
    "lessons": _visit("/lessons/"),
    "topic-lesson": _visit("/lessons/doubles/"),
    "topic-lesson-check-yourself": _lesson_with_check_yourself,
    "check-yourself-page": _check_yourself_page,
    "sample-rubber": _visit("/lessons/sample-rubber/"),
    "sample-deal": _visit("/lessons/sample-rubber/3/"),
    "sample-deal-score-shown": _deal_with_the_score_shown,
    "sample-deal-tried": _deal_after_try_it_first,
    "sample-result": _visit("/lessons/sample-rubber/result/"),
    "review-quiz": _visit("/lessons/review-quiz/"),
    "review-quiz-deal": _visit("/lessons/review-quiz/7/"),
    "review-quiz-result": _visit("/lessons/review-quiz/result/"),
    "review-quiz-chicago": _visit("/lessons/review-quiz/chicago/"),
    "review-quiz-duplicate": _visit("/lessons/review-quiz/duplicate/?answer=1"),
    "cheat-sheet": _visit("/lessons/cheat-sheet/"),
    "practice": _visit("/practice/"),
    "practice-question": _practice_question,
    "practice-feedback": _practice_feedback,
    "progress": _progress_with_answers,
    "teachers-landing": _visit("/teachers/"),
    "sign-up": _visit("/accounts/signup/"),
    "log-in": _visit("/accounts/login/"),
    "password-reset": _visit("/accounts/password_reset/"),
    "join": _visit("/join/"),
    "not-found": _not_found,
}


@pytest.mark.parametrize("name", PAGES)
def test_page_has_no_axe_violations_and_fits_the_screen(
    name, page, live_server, axe_check, no_horizontal_overflow
):
    PAGES[name](page, live_server.url)
    axe_check(page)
    no_horizontal_overflow(page)


def _sample_deal(deal) -> dict:
    fields = ("declarer", "contract", "tricks", "honors", "honors_side")
    return {k: v for k, v in dataclasses.asdict(deal).items() if k in fields and v is not None}


# A game of each kind with a few deals entered, as the pad stores them.
SCORE_PADS = {
    # rules §8.1: the sample rubber won, then the second rubber begun; four players, so the
    # pad also shows the back score and the first rubber's sheet.
    "rubber": (
        {"kind": "rubber", "players": ["Ann", "Bob", "Cy", "Di"], "scorer": "Ann"},
        [
            *map(_sample_deal, deals.SAMPLE_RUBBER),
            {"declarer": "they", "contract": "2H", "tricks": 8},
        ],
    ),
    "chukker": (
        {"kind": "chukker", "form": "chicago", "first_dealer": "we"},
        [
            {"declarer": "we", "contract": "4H", "tricks": 10},
            {"passed_out": True},
            {"declarer": "they", "contract": "3NTX", "tricks": 7},
        ],
    ),
    "duplicate": (
        {"kind": "duplicate"},
        [
            {"board": 1, "declarer": "S", "contract": "3NT", "tricks": 9},
            {"board": 2, "declarer": "E", "contract": "4SX", "tricks": 8},
            {"board": 3, "passed_out": True},
        ],
    ),
}


def _score_pads(browser_session, page) -> list[str]:
    """Each game started and its deals entered through the pad's services, owned by the page."""
    session, games = {}, []
    for settings, entered in SCORE_PADS.values():
        pad = scorepad.scorepad_start(user=None, session=session, **settings)
        for deal in entered:
            deal = PlayedDeal.from_data(deal)
            pad = scorepad.scorepad_deal_add(pad=pad, deal=deal, revision=pad.revision)
        games.append(pad.public_id)
    browser_session(page, **session)
    return games


def test_score_pads_with_deals_entered_have_no_axe_violations_and_fit_the_screen(
    page, live_server, browser_session, axe_check, no_horizontal_overflow
):
    games = _score_pads(browser_session, page)
    for public_id, (_, entered) in zip(games, SCORE_PADS.values(), strict=True):
        page.goto(f"{live_server.url}/scorepad/{public_id}/")
        expect(page.locator(".pad-deals__item")).to_have_count(len(entered))
        page.locator(".pad-deals__item summary").last.click()  # the engine's breakdown
        expect(page.locator(".pad-deals__item details").last).to_have_attribute("open", "")
        axe_check(page)
        no_horizontal_overflow(page)

    page.goto(live_server.url + "/scorepad/")
    expect(page.locator('[data-table="games"] tbody tr')).to_have_count(len(SCORE_PADS))
    axe_check(page)
    no_horizontal_overflow(page)


# Each page as it first loads: Tab starts at the top.
KEYBOARD_PAGES = {
    "home": _visit("/"),
    "lessons": _visit("/lessons/"),
    "topic-lesson": _visit("/lessons/doubles/"),
    "sample-deal-score-shown": _visit("/lessons/sample-rubber/3/?answer=1"),
    "cheat-sheet": _visit("/lessons/cheat-sheet/"),
    "practice": _visit("/practice/"),
    "practice-question": _practice_question,
    "scorepad": _visit("/scorepad/"),
    "join": _visit("/join/"),
}


@pytest.mark.parametrize("name", KEYBOARD_PAGES)
def test_tab_reaches_every_control_and_focus_can_be_seen(name, page, live_server):
    KEYBOARD_PAGES[name](page, live_server.url)
    assert_tab_reaches_every_control(page)
