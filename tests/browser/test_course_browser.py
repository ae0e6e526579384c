"""A beginner's way through the course, in a real browser at phone and desktop sizes."""

import re

import pytest
from playwright.sync_api import expect

from lessons import deals
from lessons.services import TRY_FIELDS
from tests.browser.answers import answer_right, start_check
from tests.browser.keyboard import follow, tab_to

pytestmark = pytest.mark.browser

DEALS = len(deals.SAMPLE_RUBBER)  # eight
TRY_DEAL = 2  # 2♣X made with an overtrick: points above and below the line
SHOW_DEAL = 5  # the deal where the learner just asks for the score
SAME_DOCUMENT = "() => window.stillTheSameDocument === true"


def mark_document(page):
    # A full page load forgets this; an htmx swap keeps it.
    page.evaluate("() => { window.stillTheSameDocument = true; }")


def sample_figures(number):
    """What deal `number` of the sample rubber adds to the sheet, from the engine."""
    record = deals.play_rubber(deals.SAMPLE_RUBBER[:number]).deals[-1]
    return {label: record.points(side, place) for _, side, place, label in TRY_FIELDS}


def try_it_first_by_keyboard(page, number):
    for label, points in sample_figures(number).items():
        tab_to(page, page.get_by_label(str(label), exact=True))  # a lazy translation
        if points:  # "an empty box counts as 0 too"
            page.keyboard.type(str(points))
    page.keyboard.press("Enter")
    verdict = page.locator(".feedback__verdict")
    expect(verdict).to_have_text("All four right.")
    expect(verdict).to_be_focused()
    expect(page.get_by_role("heading", name=f"The score of deal {number}")).to_be_visible()
    expect(page.locator("#answer-panel [data-worked-example]")).to_be_visible()


def show_the_score_by_keyboard(page, number):
    follow(page, "Show the score and the sheet after this deal")
    heading = page.get_by_role("heading", name=f"The score of deal {number}")
    expect(heading).to_be_focused()
    expect(page.locator("#answer-panel [data-worked-example]")).to_be_visible()


def test_a_beginner_steps_through_the_sample_rubber_with_the_keyboard_only(
    page, live_server, no_horizontal_overflow, screenshot
):
    site = live_server.url
    page.goto(site + "/")
    no_horizontal_overflow(page)
    screenshot(page, "home")

    follow(page, "Start the lessons")
    expect(page).to_have_url(site + "/lessons/")
    no_horizontal_overflow(page)
    screenshot(page, "lessons")

    follow(page, "The sample rubber, deal by deal")
    expect(page).to_have_url(site + "/lessons/sample-rubber/")
    no_horizontal_overflow(page)
    screenshot(page, "sample-rubber")

    follow(page, "Start with deal 1")
    expect(page).to_have_url(site + "/lessons/sample-rubber/1/")
    mark_document(page)
    for number in range(1, DEALS + 1):
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_contain_text(f"Deal {number} of {DEALS}")
        expect(page).to_have_url(f"{site}/lessons/sample-rubber/{number}/")
        expect(page).to_have_title(f"The sample rubber, deal {number} · Above the Line")
        expect(page.locator(".breadcrumbs [aria-current=page]")).to_have_text(f"Deal {number}")
        if number > 1:
            expect(heading).to_be_focused()  # site.js moved focus to the new deal
        if number == TRY_DEAL:
            try_it_first_by_keyboard(page, number)
            screenshot(page, "sample-deal-tried")
        if number == SHOW_DEAL:
            show_the_score_by_keyboard(page, number)
        no_horizontal_overflow(page)
        assert page.evaluate(SAME_DOCUMENT), f"deal {number} reloaded the page"
        follow(page, f"Deal {number + 1} →" if number < DEALS else "The result →")

    expect(page).to_have_url(site + "/lessons/sample-rubber/result/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "The result: who won, and by how much"
    )
    no_horizontal_overflow(page)
    screenshot(page, "sample-result")


def test_check_yourself_loads_three_questions_in_place_and_marks_one(
    page, live_server, no_horizontal_overflow, screenshot
):
    lesson = live_server.url + "/lessons/doubles/"
    page.goto(lesson)
    mark_document(page)
    start_check(page)

    check = page.locator("#check-yourself")
    expect(page.get_by_role("heading", name="Check yourself: three questions")).to_be_focused()
    questions = check.locator("[data-question-kind]")
    expect(questions).to_have_count(3)
    question = answer_right(page, questions.first)
    # The doubles lesson asks only what the course has taught up to doubles.
    assert question.upto == "doubles" and "slams" not in question.skills
    verdict = page.locator(f"#q-{question.public_id} .feedback__verdict")
    expect(verdict).to_be_focused()
    expect(page).to_have_url(lesson)
    assert page.evaluate(SAME_DOCUMENT), "answering reloaded the lesson"
    no_horizontal_overflow(page)
    screenshot(page, "check-yourself")


def test_check_yourself_questions_under_way_come_back_after_a_reload(page, live_server):
    """With JavaScript the check is fetched as the lesson loads: a reload used to give the
    start button again, and the three questions under way were gone from the lesson."""
    lesson = live_server.url + "/lessons/trick-score/"
    page.goto(lesson)
    start_check(page)
    questions = page.locator("#check-yourself [data-question-kind]")
    expect(questions).to_have_count(3)
    ids = [questions.nth(i).get_attribute("id") for i in range(3)]
    answer_right(page, questions.first)

    page.reload()
    expect(questions).to_have_count(3)
    assert [questions.nth(i).get_attribute("id") for i in range(3)] == ids
    expect(page.locator(f"#{ids[0]} .feedback__verdict")).to_have_text("Right!")
    expect(page.locator("#check-yourself")).to_have_count(1)
    expect(page.get_by_role("button", name="Give me three questions")).to_have_count(0)
    # Brought back as the page loads, the check takes no focus: opened afresh, the lesson
    # stays at its top, not pulled down to its end.
    page.goto(lesson)
    expect(questions).to_have_count(3)
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    assert page.evaluate("() => document.activeElement === document.body")
    assert page.evaluate("() => window.scrollY") == 0


def test_a_finished_check_shows_as_passed_after_a_reload_and_offers_three_more(page, live_server):
    """A reload after the third answer used to offer "Give me three questions", as if the
    check had never been done."""
    page.goto(live_server.url + "/lessons/trick-score/")
    start_check(page)
    questions = page.locator("#check-yourself [data-question-kind]")
    expect(questions).to_have_count(3)
    for number in range(3):
        answer_right(page, questions.nth(number))
    # The last answer brings the check's result with it, before any reload.
    expect(page.locator("#check-result [data-check=passed]")).to_contain_text("Check passed")
    # And "Next for you" with it: on to the next lesson, no longer "Answer the three…".
    next_for_you = page.locator("#next-step")
    expect(next_for_you).to_contain_text("Next lesson: Part-scores and games")
    expect(next_for_you).not_to_contain_text("Answer the three questions above")

    page.reload()
    check = page.locator("#check-yourself")
    expect(check.locator("[data-check=passed]")).to_contain_text("Check passed")
    expect(check.locator("[data-question-kind]")).to_have_count(0)
    expect(check.get_by_role("link", name="See your answers")).to_be_visible()
    expect(page.get_by_role("button", name="Give me three questions")).to_have_count(0)
    # The button, once the visitor's own form is in place, starts three new questions.
    more = check.locator("form[method=post]").get_by_role("button", name="Three more questions")
    more.click()
    expect(questions).to_have_count(3)
    expect(page.locator("#check-yourself .question--answered")).to_have_count(0)


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_the_cheat_sheet_prints_on_one_a4_page_and_on_one_letter_page(
    page, live_server, no_horizontal_overflow, screenshot
):
    page.goto(live_server.url + "/lessons/cheat-sheet/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Bridge scoring cheat sheet")
    no_horizontal_overflow(page)
    screenshot(page, "cheat-sheet")

    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()  # the print stylesheet applies
    assert _pdf_pages(page.pdf(format="A4")) == 1
    assert _pdf_pages(page.pdf(format="Letter")) == 1  # wider than A4, and shorter
    screenshot(page, "cheat-sheet-print")
