"""Hand records on paper, as Chromium prints them: six (or four) boards to an A4 or Letter
page, each board whole on its page, nothing inside a board cut off."""

import math
import os
import random
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.handrecords.test_services import shuffled_deal

pytestmark = pytest.mark.browser

BOARDS = 12
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# The printable width of both papers at the stylesheet's 10 mm margins: A4 is 190 mm wide
# inside them, Letter 196 mm; at 96 px to the inch, 190 mm is 718 px.
PRINTABLE_WIDTH = 718
PRINTABLE_HEIGHT = {"A4": 277, "Letter": 259}  # mm inside the margins


def _pdf_pages(page, paper: str) -> int:
    pdf = page.pdf(format=paper, prefer_css_page_size=True)
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def _sheet_url(live_server, per_page: int) -> str:
    rng = random.Random(20261127)
    deals = "\n".join(shuffled_deal(rng) for _ in range(BOARDS))
    return f"{live_server.url}/hands/?" + urlencode({"deals": deals, "per_page": per_page})


@pytest.mark.parametrize("screen", ["desktop"])
@pytest.mark.parametrize("per_page", [6, 4])
def test_the_sheet_prints_its_boards_per_page_none_cut(page, live_server, per_page):
    page.set_default_timeout(120_000)  # the solver works each of twelve deals out first
    page.goto(_sheet_url(live_server, per_page))
    page.set_viewport_size({"width": PRINTABLE_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    expected = math.ceil(BOARDS / per_page)
    geometry = page.evaluate(
        """() => [...document.querySelectorAll('.hand-sheet__page')].map(p => ({
            top: p.getBoundingClientRect().top,
            height: p.getBoundingClientRect().height,
            boards: [...p.querySelectorAll('.hand-record')].map(b => ({
                overflow: b.scrollHeight - b.clientHeight,
                bottom: b.getBoundingClientRect().bottom - p.getBoundingClientRect().top,
            })),
        }))"""
    )
    for paper in ("A4", "Letter"):
        assert _pdf_pages(page, paper) == expected, (paper, geometry)
    px_per_mm = 96 / 25.4
    assert [len(p["boards"]) for p in geometry] == [per_page] * expected
    for sheet in geometry:
        # The group of boards fits the shorter paper (Letter), so it is one page on either.
        assert sheet["height"] <= PRINTABLE_HEIGHT["Letter"] * px_per_mm
        for board in sheet["boards"]:
            assert board["overflow"] <= 1  # nothing of the board hidden past its box
            assert board["bottom"] <= sheet["height"] + 1
    if per_page == 6 and os.environ.get("DOCS_SCREENSHOTS"):
        first = page.locator(".hand-sheet__page").first
        first.screenshot(path=str(DOCS / "hand-records-print.png"))


@pytest.mark.parametrize("screen", ["phone"])
def test_the_sheet_fits_a_phone_without_scrolling_sideways(
    page, live_server, no_horizontal_overflow
):
    rng = random.Random(5)
    deals = "\n".join(shuffled_deal(rng) for _ in range(2))
    page.goto(f"{live_server.url}/hands/?" + urlencode({"deals": deals}))
    assert page.locator(".hand-record").count() == 2
    no_horizontal_overflow(page)
