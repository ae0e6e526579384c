"""No table hides a column without a visible sign: on every public page, at a phone's 390
wide and at 1280 and 1440, anything that scrolls sideways says so in sight above it."""

import pytest

from tests.browser.overflow import CUT_OFF_BOXES
from tests.pages import PUBLIC_PAGES

pytestmark = pytest.mark.browser

WIDTHS = {"390": (390, 844), "1280": (1280, 800), "1440": (1440, 900)}

# Every box whose content is wider than it and cut off (scrolled or clipped), with no
# visible ".scroll-hint" just above it. Boxes of a pixel or so are the visually-hidden
# text for screen readers, not cut-off content.
HIDDEN_WITHOUT_A_SIGN = (
    "() => "
    + CUT_OFF_BOXES
    + """
  .filter((el) => {
    const hint = el.previousElementSibling;
    return !(hint && hint.classList.contains("scroll-hint") && hint.getClientRects().length);
  })
  .map((el) => `${el.scrollWidth} > ${el.clientWidth}: ${el.outerHTML.slice(0, 120)}`)"""
)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_table_hides_a_column_without_a_visible_sign(live_server, new_page, width):
    page = new_page("desktop")
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
    hidden = {}
    for path in PUBLIC_PAGES:
        page.goto(live_server.url + path)
        found = page.evaluate(HIDDEN_WITHOUT_A_SIGN)
        if found:
            hidden[path] = found
    assert hidden == {}, f"columns hidden with no sign at {width} wide: {hidden}"
