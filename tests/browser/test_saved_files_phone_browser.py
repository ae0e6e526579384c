"""The teacher's saved bridge files read on a 390 px phone (a teacher's walk through the site).

The list was a five-column table in a box that scrolled sideways, and the text under it cut
off. On a phone each kept file is now a short card: its name to open it, its event, boards
and date, and its Delete button, all inside the screen with nothing to scroll sideways.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from bridgefiles import services
from tests.browser.overflow import CUT_OFF_BOXES
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TUESDAY = Path(__file__).resolve().parents[1] / "bridgefiles" / "files" / "tuesday_class.pbn"
# A long name and a long event, as teachers' files have: the longest a row must hold.
FILES = [
    ("tuesday_beginners_club_night_week_11_results_final.pbn", "Tuesday beginners' club night"),
    ("friday.pbn", "Friday pairs"),
]


def _keep(owner, name, event):
    data = TUESDAY.read_bytes().replace(b"Tuesday class", event.encode()) + f"% {name}\n".encode()
    read = services.bridge_file_read(name=name, data=data)
    return services.saved_file_create(owner=owner, name=name, data=data, read=read)


def _inside_the_screen(page, locator):
    box = locator.bounding_box()
    assert box is not None, locator
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (locator, box)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_each_saved_file_fits_the_phone_with_nothing_cut_off(
    new_page,
    live_server,
    browser_session,
    no_horizontal_overflow,
    axe_check,
    screenshot,
    javascript,
):
    teacher = UserFactory(username="ms-hughes")
    for name, event in FILES:
        _keep(teacher, name, event)
    page = new_page("phone", javascript=javascript)
    page.set_viewport_size(PHONE)
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/files/saved/")

    for name, event in FILES:
        row = page.locator("tr", has=page.get_by_role("link", name=name))
        expect(row).to_be_visible()
        _inside_the_screen(page, row.get_by_role("link", name=name))
        _inside_the_screen(page, row.get_by_text(event))
        _inside_the_screen(page, row.get_by_role("button", name=f"Delete {name}"))
    expect(page.get_by_text("Scroll sideways")).to_be_hidden()  # nothing to scroll to
    no_horizontal_overflow(page)
    if javascript:  # page.evaluate never returns with JavaScript off
        assert page.evaluate(f"{CUT_OFF_BOXES}.length") == 0
    axe_check(page)
    screenshot(page, f"saved-files-{'js' if javascript else 'no-js'}")
