"""The live class on a 1280 × 800 projector (issue #29, points 2, 5 and 9).

Ms Hart's class screen shows one code and its QR code in the lobby, and only a short line
during a question, so "Show the answer", Pause and Skip are in sight without scrolling. At
tables, a board's results wait for every table, with "2 of 3 tables in" for the teacher.
"""

import pytest
from playwright.sync_api import expect

from live import services, tables
from live.models import LiveSession
from scoring import PlayedDeal
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


def _in_sight(page, locator):
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def test_the_projector_shows_the_class_code_and_keeps_the_controls_in_sight(
    new_page, live_server, browser_session, axe_check, screenshot
):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    session = services.session_create(
        teacher=teacher, title="Doubled games", classroom=classroom, kinds=["duplicate_deal"]
    )
    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")
    expect(screen.locator("[data-code]")).to_have_text(classroom.join_code_display)
    qr = screen.locator("svg.live-qr")
    expect(qr).to_be_visible()
    expect(qr).to_have_attribute(
        "data-qr", f"{live_server.url}/live/join/?code={classroom.join_code}"
    )
    axe_check(screen)
    screenshot(screen, "live-projector-lobby")

    screen.get_by_role("button", name="Start: ask the first question").click()
    reveal = screen.get_by_role("button", name="Show the answer")
    expect(reveal).to_be_visible()
    expect(qr).to_have_count(0)  # the banner gives way to one line during a question
    for name in ("Show the answer", "Pause", "Skip this question"):
        _in_sight(screen, screen.get_by_role("button", name=name))
    axe_check(screen)
    screenshot(screen, "live-projector-question")


def test_a_board_shows_on_the_projector_once_every_table_is_in_or_the_teacher_shows_it(
    new_page, live_server, browser_session, axe_check, screenshot
):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    session = services.session_create(
        teacher=teacher,
        title="Three tables",
        classroom=classroom,
        mode=LiveSession.Mode.TABLES,
        board_count=2,
        table_count=3,
    )
    scorers = []
    for table, name in enumerate(("Ana", "Ben", "Cat"), start=1):
        member = MembershipFactory(classroom=classroom, display_name=name)
        player = services.player_join(
            session=session, learner=member.learner, name=name, membership=member
        )
        tables.player_table_choose(player=player, table=table)
        scorers.append(player)
    tables.table_result_enter(player=scorers[0], board=1, deal=PlayedDeal("S", "6NT", 12))
    tables.table_result_enter(player=scorers[1], board=1, deal=PlayedDeal("S", "3NT", 12))

    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")
    expect(screen.locator('[data-progress="1"]')).to_contain_text("2 of 3 tables in")
    expect(screen.locator('[data-traveller="1"]')).to_have_count(0)
    expect(screen.locator("#live-screen")).not_to_contain_text("990")
    axe_check(screen)
    screenshot(screen, "live-tables-waiting")

    # The third table enters it: the screen's poll brings the traveller by itself.
    tables.table_result_enter(player=scorers[2], board=1, deal=PlayedDeal("S", "6NT", 11))
    expect(screen.locator('[data-traveller="1"]')).to_be_visible()
    expect(screen.locator('[data-progress="1"]')).to_contain_text("3 of 3 tables in: shown")

    # Board 2, one table in: the teacher shows it now.
    tables.table_result_enter(player=scorers[0], board=2, deal=PlayedDeal("E", "4H", 10))
    show = screen.get_by_role("button", name="Show board 2 now")
    expect(show).to_be_visible()
    expect(screen.locator('[data-traveller="2"]')).to_have_count(0)
    show.click()
    expect(screen.locator('[data-traveller="2"]')).to_be_visible()
    axe_check(screen)
