"""Worked examples read like the paper sheet, and no lesson page scrolls sideways on a phone
(issue 28, point 12).

The walk found the chukker table of the Chicago lesson scrolling sideways at 390 px with its
"Scroll sideways" hint clipped, and the worked examples drawn on a desktop as five-column
grids (Item, Scored by, Where, Points, Why). Each page of the course (lessons.course, so a
lesson added later is walked too) is opened at 390 and at 1280 px.
"""

import pytest

from lessons.course import course_pages
from tests.browser.overflow import CUT_OFF_BOXES

pytestmark = pytest.mark.browser

PAGES = [page.url for page in course_pages()]

# Each box cut off sideways with no scroll hint in sight just above it, wholly on screen.
CUT_OFF_WITHOUT_A_CUE = (
    "() => "
    + CUT_OFF_BOXES
    + """
  .filter((el) => {
    const hint = el.previousElementSibling;
    if (!(hint && hint.classList.contains("scroll-hint") && hint.getClientRects().length)) {
      return true;
    }
    const box = hint.getBoundingClientRect();
    return box.left < 0 || box.right > window.innerWidth || hint.scrollWidth > hint.clientWidth;
  })
  .map((el) => el.outerHTML.slice(0, 100))"""
)

WORKED_EXAMPLES = """() => ({
  grids: document.querySelectorAll("article table.breakdown, #answer-panel table.breakdown").length,
  sheets: [...document.querySelectorAll("[data-worked-example] table")].map((table) => ({
    columns: table.querySelector("thead tr").children.length,
    right: table.getBoundingClientRect().right,
  })),
})"""


@pytest.mark.parametrize("width", [390, 1280])
def test_every_course_page_fits_the_screen_and_draws_worked_examples_as_sheets(
    live_server, new_page, width
):
    page = new_page("desktop")
    page.set_viewport_size({"width": width, "height": 844})
    wide, cut, grids, sheets = {}, {}, {}, 0
    for path in PAGES:
        # The sample rubber's and review quiz's deals show their worked deal with the answer.
        page.goto(live_server.url + path + ("?answer=1" if path[-2:-1].isdigit() else ""))
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > page.evaluate("window.innerWidth"):
            wide[path] = scroll
        found = page.evaluate(CUT_OFF_WITHOUT_A_CUE)
        if found:
            cut[path] = found
        drawn = page.evaluate(WORKED_EXAMPLES)
        if drawn["grids"]:
            grids[path] = drawn["grids"]
        for sheet in drawn["sheets"]:
            assert sheet["columns"] == 2, path
            assert sheet["right"] <= width, path
        sheets += len(drawn["sheets"])
    assert wide == {}, f"wider than the screen at {width}: {wide}"
    assert cut == {}, f"cut off with no cue in sight at {width}: {cut}"
    assert grids == {}, f"worked examples drawn as grids at {width}: {grids}"
    assert sheets > 30  # the lessons' worked examples are all drawn as sheets
