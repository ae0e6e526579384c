"""The live class's phone puts the question near the top (issue #29, point 10).

On Ana's phone (390 x 844) the site's menu took 210 px above a question, so the question
and its answer box slid down the screen. During a live question the phone shows the site's
name as one short bar and the question starts within the first 120 px.
"""

import pytest
from playwright.sync_api import expect

from live import services
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser

QUESTION_TOP_MAX = 120  # px from the top of a 390 px phone's screen


def test_a_live_question_starts_near_the_top_of_the_phone(
    new_page, live_server, browser_session, axe_check, no_horizontal_overflow, screenshot
):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    session = services.session_create(
        teacher=teacher, title="Doubled games", classroom=classroom, kinds=["duplicate_deal"]
    )
    player = services.player_join(session=session, learner=ana.learner, name="Ana", membership=ana)
    services.session_next(session=session)

    phone = new_page("phone")
    phone.set_viewport_size({"width": 390, "height": 844})
    browser_session(phone, learner=ana.learner_id)
    phone.goto(f"{live_server.url}/live/p/{player.public_id}/")
    title = phone.locator("#live-q-title")
    expect(title).to_be_visible()
    box = phone.locator(".live-progress").bounding_box()
    assert box is not None and box["y"] < QUESTION_TOP_MAX, box
    send = phone.get_by_role("button", name="Send my answer")
    send_box = send.bounding_box()
    assert send_box is not None and send_box["y"] + send_box["height"] <= 844, send_box
    no_horizontal_overflow(phone)
    axe_check(phone)
    screenshot(phone, "live-phone-question")

    # The menu is one tap away, and holds what the site's menu holds.
    expect(phone.get_by_role("link", name="Log in")).to_be_hidden()
    phone.locator(".live-menu > summary").click()
    expect(phone.get_by_role("link", name="Log in")).to_be_visible()
    expect(phone.get_by_role("link", name="Practice")).to_be_visible()
    no_horizontal_overflow(phone)
    axe_check(phone)
