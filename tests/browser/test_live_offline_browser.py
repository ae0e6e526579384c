"""A live class's phone that drops off the network loses nothing (issue #29, point 1).

Ana answers on her phone (390 px wide) while it is offline: the phone keeps the answer and
says it is not sent yet; back online, it sends it by itself, once, and says it is received.
A typed answer survives a reload; a table's board entry sent offline arrives the same way.
And the README's walk with six phones: one drops off for about ten seconds mid-question,
answers meanwhile, and is counted without a second tap; the reveal counts all six.
"""

import re

import pytest
from playwright.sync_api import expect

from live import services, tables
from live.models import LiveSession, PlayerAnswer, TableResult
from scoring import PlayedDeal
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


@pytest.fixture
def ana_in_a_quiz(live_server):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    session = services.session_create(
        teacher=teacher,
        title="One question",
        classroom=classroom,
        kinds=["duplicate_deal"],
        question_count=2,
    )
    player = services.player_join(session=session, learner=ana.learner, name="Ana", membership=ana)
    services.session_next(session=session)
    return session, ana, player


def _phone(new_page, browser_session, live_server, learner_id, player):
    phone = new_page("phone")
    phone.set_viewport_size({"width": 390, "height": 844})
    browser_session(phone, learner=learner_id)
    phone.goto(f"{live_server.url}/live/p/{player.public_id}/")
    return phone


def test_an_answer_sent_offline_is_sent_by_itself_once_back_online(
    new_page, live_server, browser_session, ana_in_a_quiz, offline_noise_allowed, screenshot
):
    session, ana, player = ana_in_a_quiz
    phone = _phone(new_page, browser_session, live_server, ana.learner_id, player)
    phone.locator("input[name=answer]").fill("420")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Send my answer").click()
    note = phone.locator("[data-unsent-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Not sent yet")
    screenshot(phone, "live-answer-not-sent-yet")
    assert not PlayerAnswer.objects.filter(player=player).exists()

    phone.context.set_offline(False)  # no second tap
    expect(phone.locator("[data-received]")).to_be_visible()
    answers = PlayerAnswer.objects.filter(player=player)
    assert answers.count() == 1
    assert answers.get().question.answer.given == {"answer": 420}
    # Nothing is left to send: the phone sends it no second time.
    assert (
        phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('unsent:')).length") == 0
    )
    offline_noise_allowed()


def test_a_typed_answer_survives_a_reload(new_page, live_server, browser_session, ana_in_a_quiz):
    session, ana, player = ana_in_a_quiz
    phone = _phone(new_page, browser_session, live_server, ana.learner_id, player)
    phone.locator("input[name=answer]").fill("420")
    phone.reload()
    expect(phone.locator("input[name=answer]")).to_have_value("420")
    phone.get_by_role("button", name="Send my answer").click()
    expect(phone.locator("[data-received]")).to_be_visible()


def test_an_answer_sent_offline_survives_a_reload_and_is_sent_after(
    new_page, live_server, browser_session, ana_in_a_quiz, offline_noise_allowed
):
    session, ana, player = ana_in_a_quiz
    phone = _phone(new_page, browser_session, live_server, ana.learner_id, player)
    phone.locator("input[name=answer]").fill("420")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Send my answer").click()
    expect(phone.locator("[data-unsent-note]")).to_be_visible()
    phone.context.set_offline(False)
    phone.reload()
    expect(phone.locator("[data-received]")).to_be_visible()
    assert PlayerAnswer.objects.filter(player=player).count() == 1
    offline_noise_allowed()


def test_a_board_entered_offline_is_sent_by_itself_once_back_online(
    new_page, live_server, browser_session, offline_noise_allowed
):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    session = services.session_create(
        teacher=teacher, title="Boards", classroom=classroom, mode=LiveSession.Mode.TABLES
    )
    player = services.player_join(session=session, learner=ana.learner, name="Ana", membership=ana)
    tables.player_table_choose(player=player, table=1)
    phone = _phone(new_page, browser_session, live_server, ana.learner_id, player)
    phone.get_by_label("North", exact=True).check()
    phone.get_by_label("Contract").fill("4S")
    phone.get_by_label("Tricks taken by declarer (0 to 13)").fill("10")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Enter board 1").click()
    expect(phone.locator("[data-unsent-note]")).to_be_visible()
    phone.context.set_offline(False)
    expect(phone.locator("[data-saved='1']")).to_be_visible()
    result = TableResult.objects.get(session=session, board=1, table=1)
    assert tables.played(result) == PlayedDeal("N", "4S", 10, board=1)
    offline_noise_allowed()


# Six phones, one of which drops off mid-question for as long as its page's poll fails five
# times (every two seconds: about ten seconds), counted from htmx's own events (on the
# page's root, where expect() can wait for it: the site's CSP allows no script by eval)
# rather than by a sleep.
COUNT_SEND_ERRORS = """
document.documentElement.dataset.sendErrors = "0";
document.addEventListener("htmx:sendError", () => {
  const root = document.documentElement;
  root.dataset.sendErrors = String(Number(root.dataset.sendErrors) + 1);
});
"""
FIVE_OR_MORE = re.compile(r"^([5-9]|[1-9][0-9]+)$")
ROOM = ("Ana", "Ben", "Cat", "Dan", "Eve", "Fay")


def test_six_phones_answer_and_the_one_that_drops_off_is_counted_without_a_second_tap(
    new_page, live_server, browser_session, offline_noise_allowed
):
    teacher = UserFactory(username="ms-hart")
    session = services.session_create(
        teacher=teacher, title="Six phones", kinds=["duplicate_deal"], question_count=1
    )
    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")

    phones = {}
    for name in ROOM:  # as the README's walk: the join page, the code on the screen, a name
        phone = new_page("phone")
        phone.goto(f"{live_server.url}/live/join/")
        phone.get_by_label("Code on the screen").fill(session.code)
        phone.get_by_label("Your name").fill(name)
        phone.get_by_role("button", name="Join", exact=True).click()
        expect(phone.get_by_role("heading", name="You're in.")).to_be_visible()
        phones[name] = phone
    expect(screen.locator("[data-players]")).to_have_text("6")

    screen.get_by_role("button", name="Start: ask the first question").click()
    for phone in phones.values():
        expect(phone.get_by_role("button", name="Send my answer")).to_be_visible()

    fay = phones["Fay"]
    fay.evaluate(COUNT_SEND_ERRORS)
    fay.context.set_offline(True)
    fay.locator("input[name=answer]").fill("420")
    fay.get_by_role("button", name="Send my answer").click()
    expect(fay.locator("[data-unsent-note]")).to_be_visible()

    for name in ROOM[:-1]:
        phones[name].locator("input[name=answer]").fill("420")
        phones[name].get_by_role("button", name="Send my answer").click()
        expect(phones[name].locator("[data-received]")).to_be_visible()
    expect(screen.locator("[data-answered]")).to_have_attribute("data-answered", "5")
    expect(fay.locator("html")).to_have_attribute("data-send-errors", FIVE_OR_MORE, timeout=60_000)
    expect(fay.locator("[data-unsent-note]")).to_be_visible()  # still kept, still said
    assert PlayerAnswer.objects.filter(player__session=session).count() == 5

    fay.context.set_offline(False)  # and no second tap
    expect(fay.locator("[data-received]")).to_be_visible()
    expect(screen.locator("[data-answered]")).to_have_attribute("data-answered", "6")

    screen.get_by_role("button", name="Show the answer").click()
    for phone in phones.values():
        expect(phone.locator("[data-verdict]")).to_be_visible()
    expect(screen.locator("[data-answered]")).to_contain_text("6 of 6 answered")
    answers = PlayerAnswer.objects.filter(player__session=session)
    assert sorted(a.player.name for a in answers) == sorted(ROOM)  # each once
    assert all(a.question.answer.credited for a in answers)  # counted at the reveal
    offline_noise_allowed()
