"""The "Scroll sideways" line above a table that scrolls reads whole on a phone (a teacher's
walk through the site found it cut off under the saved files; the same on every page with
one: the traveller, the pairs' score pad, the matchpoints and IMPs lessons).

The hint stands half a line into the top of its scroller; the scroller, positioned and
painted with white covers at its edges, hid the lower half of the hint's letters."""

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# Each hint's lowest line of letters, a few pixels from its bottom: what is drawn there.
HINTS_COVERED = """() => [...document.querySelectorAll(".scroll-hint")]
  .filter((hint) => hint.getClientRects().length)
  .map((hint) => {
    hint.scrollIntoView({block: "center"});
    const box = hint.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + 20, box.bottom - 3);
    return hint.contains(top) ? null : (top && top.className);
  })"""


@pytest.mark.parametrize("path", ["/lessons/matchpoints/", "/scorepad/traveller/"])
def test_the_scroll_hint_is_not_covered_by_its_table(live_server, new_page, path):
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + path)
    covered = page.evaluate(HINTS_COVERED)
    assert covered, "the page shows no scroll hint at 390 px: choose a page that does"
    assert [c for c in covered if c is not None] == []
