"""A live class at tables in a real browser: a scorer enters a board on a phone, makes a
mistake and fixes it; the teacher's screen and one board large pass axe-core.

The people (as in tests/live/test_tables.py): Ms Hart runs "Three boards" for her class;
Ana scores for table 1 on her phone; Cat has already entered board 1 for table 2.
"""

import pytest
from playwright.sync_api import expect

from live import tables
from live.models import Player
from scoring import PlayedDeal
from tests.live.rooms import at_tables, hart_class, joined

pytestmark = pytest.mark.browser


@pytest.fixture
def room():
    teacher, classroom, students = hart_class("Ana", "Cat")
    session = at_tables(teacher, classroom, "Three boards", board_count=3, table_count=2)
    scorer = joined(session, students["Cat"])
    tables.player_table_choose(player=scorer, table=2)
    # Board 1 at table 2: 4♠ by North with an overtrick, +450.
    tables.table_result_enter(player=scorer, board=1, deal=PlayedDeal("N", "4S", 11))
    return teacher, session, students["Ana"]


def test_a_scorer_enters_a_board_on_a_phone(
    new_page, live_server, browser_session, axe_check, no_horizontal_overflow, screenshot, room
):
    teacher, session, ana = room
    page = new_page("phone")
    browser_session(page, learner=ana.learner_id)
    page.goto(live_server.url + "/live/join/")
    page.get_by_role("button", name="Join as Ana").click()
    expect(page.get_by_role("heading", name="Which table do you score for?")).to_be_visible()
    axe_check(page)
    page.get_by_label("Table 1").check()
    page.get_by_role("button", name="Score for this table").click()

    heading = page.get_by_role("heading", name="Board 1", exact=True)
    expect(heading).to_be_visible()
    expect(page.locator("[data-conditions]")).to_contain_text("Neither pair vulnerable")
    expect(page.locator("[data-traveller]")).to_have_count(0)  # table 2's +450 is not shown
    no_horizontal_overflow(page)
    axe_check(page)

    # A mistake: 14 tricks. Refused beside its box, what was typed kept.
    page.get_by_label("North").check()
    page.get_by_label("Contract").fill("4S")
    page.get_by_label("Tricks taken by declarer (0 to 13)").fill("14")
    page.get_by_role("button", name="Enter board 1").click()
    expect(page.locator("#id_tricks_1-error")).to_have_text(
        "13 tricks is the most a side can take, got 14"
    )
    expect(page.get_by_label("Contract")).to_have_value("4S")
    expect(page.get_by_label("North")).to_be_checked()
    axe_check(page)
    screenshot(page, "live-tables-mistake")

    page.get_by_label("Tricks taken by declarer (0 to 13)").fill("10")
    page.get_by_role("button", name="Enter board 1").click()
    expect(page.locator("[data-saved]")).to_contain_text("Board 1 is in")
    expect(page.get_by_role("heading", name="Board 2", exact=True)).to_be_focused()
    traveller = page.locator('[data-traveller="1"]')
    expect(traveller.locator('[data-table-row="1"]')).to_have_attribute("data-ns-score", "420")
    expect(traveller.locator('[data-table-row="2"]')).to_have_attribute("data-ns-score", "450")
    no_horizontal_overflow(page)
    axe_check(page)
    screenshot(page, "live-tables-phone")
    assert Player.objects.get(name="Ana").results.get().tricks == 10

    # Ana starts board 2; meanwhile table 2 corrects board 1. The poll brings the new
    # figure into her traveller and leaves what she is typing alone.
    page.get_by_label("Contract").fill("3NT")
    cat = Player.objects.get(name="Cat")
    tables.table_result_enter(player=cat, board=1, deal=PlayedDeal("N", "4S", 12))
    expect(traveller.locator('[data-table-row="2"]')).to_have_attribute("data-ns-score", "480")
    expect(page.get_by_label("Contract")).to_have_value("3NT")

    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")
    expect(screen.locator("[data-entered]")).to_have_text("2")
    axe_check(screen)
    screenshot(screen, "live-tables-screen")
    screen.get_by_role("link", name="Show board 1 large").click()
    expect(screen.get_by_role("heading", name="Board 1", exact=True)).to_be_visible()
    axe_check(screen)
    screenshot(screen, "live-tables-board")

    # The end: every board's traveller and the pairs' standing, on the screen and the phone.
    screen.get_by_role("link", name="Every board", exact=True).click()
    screen.get_by_role("button", name="End the live class").click()
    expect(screen.get_by_role("heading", name="End the live class?")).to_be_visible()
    axe_check(screen)
    screen.get_by_role("button", name="End it").click()
    expect(screen.get_by_role("heading", name="The final travellers")).to_be_visible()
    expect(screen.locator('[data-pairs="NS"] [data-pair]')).to_have_count(2)
    axe_check(screen)
    screenshot(screen, "live-tables-final")
    expect(page.get_by_role("heading", name="The live class has ended")).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
