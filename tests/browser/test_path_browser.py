"""A new visitor on a phone follows "next" from the home page: lesson 1, its check, today's set."""

import re

import pytest
from playwright.sync_api import expect

from quizzes.daily import DAILY_SIZE
from quizzes.skills import taught_through
from tests.browser.answers import answer_right, start_check

pytestmark = pytest.mark.browser

QUESTION_URL = re.compile(r"/practice/q/[^/]+/(#q-[^/]+)?$")


def follow_next(page):
    page.locator("[data-next-step]").click()


def test_a_new_visitor_follows_next_through_lesson_one_its_check_and_todays_set(
    live_server, new_page, no_horizontal_overflow, screenshot
):
    page = new_page("phone")
    site = live_server.url
    page.goto(site + "/")
    expect(page.locator("[data-next-step]")).to_contain_text("Start lesson 1")
    no_horizontal_overflow(page)

    follow_next(page)
    expect(page).to_have_url(site + "/lessons/score-sheet/")
    no_horizontal_overflow(page)

    start_check(page)
    articles = page.locator("#check-yourself [data-question-kind]")
    expect(articles).to_have_count(3)
    for number in range(3):
        question = answer_right(page, articles.nth(number))
        # Lesson 1 asks only what lesson 1 has taught.
        assert set(question.skills) <= taught_through("sheet"), question.situation
        assert question.upto == "sheet"
    no_horizontal_overflow(page)
    screenshot(page, "lesson-1-check-passed")

    page.goto(site + "/lessons/")
    sheet = page.locator('[data-skill="sheet"]')
    expect(sheet).to_contain_text("Check passed")
    # A passed check puts the learner at lesson 2, as every page says (not lesson 1 again).
    expect(page.locator("[data-next-step]")).to_contain_text("Next lesson: Trick score")
    follow_next(page)
    expect(page).to_have_url(site + "/lessons/trick-score/")
    page.goto(site + "/practice/today/")
    no_horizontal_overflow(page)

    page.get_by_role("button", name="Start today's set").click()
    for number in range(DAILY_SIZE):
        expect(page).to_have_url(QUESTION_URL)
        article = page.locator("[data-question-kind]").first
        question = answer_right(page, article)
        assert question.source == "daily"
        assert set(question.skills) <= taught_through(question.upto)
        if number == 0:
            no_horizontal_overflow(page)
            screenshot(page, "todays-set-question")
        page.get_by_role("button", name="Next question of today's set").click()
        expect(page.locator(f"#q-{question.public_id}")).to_have_count(0)  # the next one is in
        if number + 1 < DAILY_SIZE:
            # The swapped-in question brings its number, and the page's title and
            # breadcrumb name its kind, not the one before.
            at = f"{number + 2} of {DAILY_SIZE}"
            new = page.locator("[data-question-kind]").first
            expect(new.locator("[data-set-position]")).to_have_text(f"Question {at} in today's set")
            kind_title = new.locator(".question__title").inner_text()
            expect(page).to_have_title(f"{kind_title}: question {at} · Above the Line")
            expect(page.locator("#question-crumbs [aria-current]")).to_have_text(kind_title)
    expect(page).to_have_url(site + "/practice/today/")
    done = f"Today's set is done: {DAILY_SIZE} of {DAILY_SIZE} right."
    expect(page.get_by_text(done)).to_be_visible()
    expect(page.locator("[data-after-set] a.button")).to_have_count(1)  # one clear next step
    expect(page.get_by_text("Streak: 1 day in a row.")).to_be_visible()
    no_horizontal_overflow(page)
    screenshot(page, "todays-set-done")
