"""A Mitchell at tables in a real browser, on a phone 390 px wide: a player chooses their
pair, reads where they sit this round, enters a board, and the next board is the next of
the round; no console error (no inline style: the CSP refuses them), nothing wider than the
phone, and axe-core finds nothing. The teacher's screen with the movement passes too.

The people (as in tests/live/test_mitchell.py): Ms Hart runs "A Mitchell" for her class
at three tables; Ana is pair 1, N-S at table 1; Dan is pair 4, E-W, starting at table 1.
"""

import pytest
from playwright.sync_api import expect

from live import tables
from live.models import LiveSession, TableResult
from tests.live.rooms import at_tables, hart_class, joined

pytestmark = pytest.mark.browser


@pytest.fixture
def room():
    teacher, classroom, students = hart_class("Ana", "Dan")
    session = at_tables(
        teacher,
        classroom,
        "A Mitchell",
        movement=LiveSession.Movement.MITCHELL,
        board_count=6,
        table_count=3,
    )
    tables.player_pair_choose(player=joined(session, students["Dan"]), pair=4)
    return teacher, session, students["Ana"]


def test_a_pair_reads_its_round_and_enters_a_board_on_a_phone(
    new_page, live_server, browser_session, axe_check, no_horizontal_overflow, screenshot, room
):
    teacher, session, ana = room
    page = new_page("phone")
    page.set_viewport_size({"width": 390, "height": 844})
    browser_session(page, learner=ana.learner_id)
    page.goto(live_server.url + "/live/join/")
    page.get_by_role("button", name="Join as Ana").click()
    expect(page.get_by_role("heading", name="Which pair are you in?")).to_be_visible()
    page.get_by_label("Pair 1: N-S, at table 1 all session").check()
    page.get_by_role("button", name="We are this pair").click()

    expect(page.locator("[data-round='1']")).to_have_text(
        "Round 1: you are N-S at table 1 against Pair 4 (Dan), boards 1–2."
    )
    expect(page.get_by_role("heading", name="Board 1", exact=True)).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
    screenshot(page, "live-mitchell-round")

    page.get_by_label("South", exact=True).check()
    page.get_by_label("Contract").fill("4S")
    page.get_by_label("Tricks taken by declarer (0 to 13)").fill("10")
    page.get_by_role("button", name="Enter board 1").click()
    expect(page.locator("[data-saved='1']")).to_be_visible()
    expect(page.get_by_role("heading", name="Board 2", exact=True)).to_be_visible()
    assert TableResult.objects.filter(session=session, board=1, table=1).exists()

    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")
    screen.get_by_text("The movement, round by round").click()
    expect(screen.locator("[data-seat='2-1']")).to_have_text("1 v 6, boards 3–4")
    expect(screen.locator("[data-pair-names='4']")).to_contain_text("Dan")
    axe_check(screen)
