"""At a 390 px phone, the progress table, the trick-score table, the feedback's breakdown and
the cheat sheet's tables fit.

A beginner's walk found the progress table 690 px wide (each row's Practise button off-screen),
the trick-score table 458 px (its Redoubled column hidden, its caption cut at "…bid and"), and
white fade edges in the green and pink feedback boxes where nothing scrolls. Another found four
of the cheat sheet's nine tables scrolling sideways in their boxes (the bonus table 466 px).
"""

import pytest
from playwright.sync_api import expect

from quizzes.skills import COURSE
from tests.browser.answers import answer_right
from tests.browser.test_practice_browser import start_duplicate_practice

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

FITS = """(scroller) => scroller.scrollWidth <= scroller.clientWidth"""
FITS_ITS_SCROLLER = f"""(table) => ({FITS})(table.closest(".table-scroll"))"""


def _phone(new_page):
    page = new_page("desktop")
    page.set_viewport_size(PHONE)
    return page


def _inside_the_window(box):
    return box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_progress_table_fits_a_phone_with_every_practise_button_in_sight(
    new_page, live_server, no_horizontal_overflow
):
    page = _phone(new_page)
    page.goto(live_server.url + "/practice/progress/")
    table = page.get_by_role("table", name="Skills, in course order")
    expect(table).to_be_visible()
    # Still a table to a screen reader: a row for each skill, with its header cell.
    expect(table.get_by_role("row")).to_have_count(len(COURSE) + 1)  # and the header row
    expect(table.get_by_role("rowheader", name="Trick score")).to_be_visible()
    assert page.locator(".table-scroll", has=table).evaluate(FITS)
    buttons = table.get_by_role("button", name="Practise")
    assert buttons.count() == len(COURSE)
    for index in range(buttons.count()):
        button = buttons.nth(index)
        button.scroll_into_view_if_needed()
        assert _inside_the_window(button.bounding_box()), f"Practise button {index + 1}"
    no_horizontal_overflow(page)


def test_trick_score_table_fits_a_phone_with_its_caption_wrapped(
    new_page, live_server, no_horizontal_overflow
):
    page = _phone(new_page)
    page.goto(live_server.url + "/lessons/trick-score/")
    table = page.locator('table[data-table="trick-score"]')
    assert page.locator(".table-scroll", has=table).evaluate(FITS)
    redoubled = table.get_by_role("columnheader", name="Redoubled")
    redoubled.scroll_into_view_if_needed()
    assert _inside_the_window(redoubled.bounding_box())
    caption = table.locator("caption")
    assert _inside_the_window(caption.bounding_box())
    expect(caption).to_have_text("Trick score for each odd trick bid and made")
    no_horizontal_overflow(page)


def test_a_feedback_box_draws_no_fade_edges_where_nothing_scrolls(
    new_page, live_server, no_horizontal_overflow
):
    page = _phone(new_page)
    start_duplicate_practice(page, live_server.url)
    answer_right(page, page.locator("[data-question-kind]"))
    box = page.locator(".feedback--right")
    scroller = box.locator(".table-scroll").first
    expect(scroller).to_be_visible()
    assert scroller.evaluate(FITS)
    # The covers that hide the scroll shadows are the box's own colour, not white.
    colours = scroller.evaluate(
        """(el) => {
            const box = el.closest('.feedback');
            const probe = document.createElement('div');
            probe.style.color = getComputedStyle(el).getPropertyValue('--scroll-cover');
            el.append(probe);
            const cover = getComputedStyle(probe).color;
            probe.remove();
            return [cover, getComputedStyle(box).backgroundColor,
                    getComputedStyle(el).backgroundImage];
        }"""
    )
    cover, background, image = colours
    assert cover == background
    assert "rgb(255, 255, 255)" not in image
    no_horizontal_overflow(page)


def test_every_cheat_sheet_table_fits_a_phone_without_scrolling_sideways(
    new_page, live_server, no_horizontal_overflow
):
    page = _phone(new_page)
    page.goto(live_server.url + "/lessons/cheat-sheet/")
    tables = page.locator(".cheat-sheet table.data")
    assert tables.count() == 9
    for index in range(tables.count()):
        table = tables.nth(index)
        name = table.get_attribute("data-table")
        assert table.evaluate(FITS_ITS_SCROLLER), f"{name} scrolls sideways in its box"
        assert _inside_the_window(table.bounding_box()), name
        expect(table.locator("caption")).to_be_visible()
    # The widest, the bonuses in each form, keeps every form's column in sight.
    forms = page.locator('table[data-table="forms"]')
    for name in ("Rubber", "Chicago", "Duplicate", "Simplicity"):
        header = forms.get_by_role("columnheader", name=name)
        header.scroll_into_view_if_needed()
        assert _inside_the_window(header.bounding_box()), name
    no_horizontal_overflow(page)


@pytest.mark.parametrize("path", ["/lessons/chicago/", "/lessons/duplicate/"])
def test_every_table_of_a_four_deal_lesson_fits_a_phone(
    new_page, live_server, no_horizontal_overflow, path
):
    # The chukker tables scrolled sideways at 390 px, their hint clipped (issue 28, 12):
    # each deal now stacks as a short block, its cells labelled.
    page = _phone(new_page)
    page.goto(live_server.url + path)
    tables = page.locator("main table.data")
    assert tables.count() >= 1
    for index in range(tables.count()):
        table = tables.nth(index)
        caption = table.locator("caption").inner_text()
        assert table.evaluate(FITS_ITS_SCROLLER), f"{caption} scrolls sideways in its box"
    expect(page.locator(".scroll-hint:visible")).to_have_count(0)
    no_horizontal_overflow(page)
