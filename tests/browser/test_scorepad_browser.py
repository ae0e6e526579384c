"""The score pad in a real browser: a whole rubber entered on a phone with the keyboard alone."""

import re

import pytest
from playwright.sync_api import expect

from lessons import deals
from scoring import Contract
from tests.browser.keyboard import assert_focus_visible, tab_to

pytestmark = pytest.mark.browser

STRAINS = ["C", "D", "H", "S", "NT"]
HONORS = ["", "four_trumps", "five_trumps", "four_aces"]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def mark_document(page):
    # A full page load forgets this; an htmx swap keeps it.
    page.evaluate("() => { window.stillTheSameDocument = true; }")


def still_the_same_document(page) -> bool:
    return page.evaluate("() => window.stillTheSameDocument === true")


def choose_in_group(page, index):
    """Focus is on the first radio of a group with none chosen: pick option `index`."""
    if index == 0:
        page.keyboard.press("Space")
    for _ in range(index):
        page.keyboard.press("ArrowRight")


def enter_deal_by_keyboard(page, deal):
    """Type one deal, starting where the pad puts the focus: on the declaring side."""
    contract = Contract.parse(deal.contract)
    we = page.locator('input[name="declarer"][value="we"]')
    expect(we).to_be_focused()
    assert_focus_visible(page)
    choose_in_group(page, ["we", "they"].index(deal.declarer))
    page.keyboard.press("Tab")
    expect(page.get_by_label("Level", exact=True)).to_be_focused()
    page.keyboard.type(str(contract.level))
    page.keyboard.press("Tab")
    choose_in_group(page, STRAINS.index(contract.strain.value))
    page.keyboard.press("Tab")  # the doubling: one choice, "Not doubled" to start with
    for _ in range(["", "X", "XX"].index(contract.doubling.value)):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    tricks = page.get_by_label("Tricks taken by the declaring side (0 to 13)")
    expect(tricks).to_be_focused()
    page.keyboard.type(str(deal.tricks))
    if not deal.honors:
        page.keyboard.press("Enter")  # the form's first button: Record the deal
        return
    page.keyboard.press("Tab")  # onto the chosen honors option, "None"
    for _ in range(HONORS.index(deal.honors)):
        page.keyboard.press("ArrowRight")
    tab_to(page, page.get_by_role("button", name="Record the deal"))
    page.keyboard.press("Enter")


def test_a_scorer_enters_a_whole_rubber_on_a_phone_with_the_keyboard(
    new_page, live_server, axe_check, no_horizontal_overflow, screenshot
):
    page = new_page("phone")
    page.goto(live_server.url + "/scorepad/")
    no_horizontal_overflow(page)
    axe_check(page)

    # Four players, highest card first; Ann keeps the score, so Ann and Bob are WE.
    for number, name in enumerate(PLAYERS, 1):
        tab_to(page, page.get_by_label(f"Player {number}", exact=True))
        page.keyboard.type(name)
    tab_to(page, page.get_by_role("button", name="Start a rubber game"))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/scorepad/[\w-]{16,}/$"))
    expect(page.get_by_role("heading", name="Rubber 1, deal 1")).to_be_visible()
    expect(page.locator(".conditions").nth(1)).to_have_text("WE: Ann & Bob · THEY: Cy & Di")
    mark_document(page)

    # rules §8.1: the sample rubber, deal by deal, the sheet redrawn in place after each.
    for number, deal in enumerate(deals.SAMPLE_RUBBER, 1):
        enter_deal_by_keyboard(page, deal)
        expected = deals.sample_rubber(number)
        expect(page.locator(".pad__sheet [data-total=we]")).to_contain_text(
            str(expected.total("we"))
        )
        expect(page.locator(".pad__sheet [data-total=they]")).to_contain_text(
            str(expected.total("they"))
        )
        if number < len(deals.SAMPLE_RUBBER):
            heading = f"Rubber 1, deal {number + 1}"
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
    assert still_the_same_document(page), "each deal should redraw the pad in place"

    # The rubber is over: an 18 rubber, and the next one is ready.
    expect(page.locator('[data-table="rubbers"]')).to_contain_text("WE win by 1830: an 18 rubber.")
    back = page.locator('[data-table="back-score"]')
    expect(back.locator('[data-player="Ann"] [data-back-score]')).to_have_text("+18")
    expect(back.locator('[data-player="Cy"] [data-back-score]')).to_have_text("−18")
    expect(page.get_by_role("heading", name="Rubber 2, deal 1")).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
    screenshot(page, "scorepad-rubber")

    # Any entry explains itself: open the rubber bonus from the keyboard.
    bonus = page.locator('.pad__sheet td[data-kind="rubber_bonus"] summary')
    tab_to(page, bonus)
    page.keyboard.press("Enter")
    expect(page.locator('.pad__sheet td[data-kind="rubber_bonus"]')).to_contain_text(
        "Rubber won two games to one"
    )

    # Undo the deal that won the rubber: the sheet goes back to after deal 7.
    tab_to(page, page.get_by_role("button", name="Undo the last deal"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Rubber 1, deal 8")).to_be_visible()
    expect(page.locator(".pad__sheet [data-total=we]")).to_contain_text("890")  # rules §8.1
    expect(page.locator(".pad__sheet [data-total=they]")).to_contain_text("550")
    assert still_the_same_document(page)


def test_a_bad_entry_keeps_what_was_typed_and_moves_focus_to_it(
    new_page, live_server, axe_check, no_horizontal_overflow
):
    page = new_page("phone")
    page.goto(live_server.url + "/scorepad/")
    tab_to(page, page.get_by_role("button", name="Start a chukker"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Deal 1 of 4")).to_be_visible()
    enter_deal_by_keyboard(page, deals.Deal("we", "4H", 14))
    tricks = page.get_by_label("Tricks taken by the declaring side (0 to 13)")
    expect(tricks).to_be_focused()
    expect(tricks).to_have_value("14")
    expect(page.locator("#id_tricks-error")).to_have_text(
        "13 tricks is the most a side can take, got 14"
    )
    expect(page.locator(".pad-deals")).to_have_count(0)
    axe_check(page)

    # Put it right where the focus already is: the deal goes on the sheet.
    page.keyboard.press("Control+A")
    page.keyboard.type("10")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Deal 2 of 4")).to_be_visible()
    # Chicago, deal 1, nobody vulnerable: 4H made is 120 and a 300 game bonus
    expect(page.locator('[data-table="deals"] [data-total="we"]')).to_have_text("420")
    no_horizontal_overflow(page)
    axe_check(page)


def test_the_pad_works_without_javascript(
    page_no_js, live_server, no_horizontal_overflow, axe_check
):
    page = page_no_js
    page.goto(live_server.url + "/scorepad/")
    page.get_by_role("button", name="Start a duplicate session").click()
    expect(page.get_by_role("heading", name="Board 1")).to_be_visible()
    page.get_by_role("radio", name="South").check()
    page.get_by_label("Level", exact=True).fill("3")
    page.get_by_role("radio", name="notrump").check()
    page.get_by_label("Tricks taken by the declaring side (0 to 13)").fill("9")
    page.get_by_role("button", name="Record the deal").click()
    # board 1: nobody vulnerable, 3NT made is 400 to North-South
    points = page.locator('[data-board="1"] [data-board-points="NS"]')
    expect(points.locator("summary")).to_have_text("400")
    points.locator("summary").click()  # a tap opens the engine's items, without JavaScript
    expect(points.locator(".sheet-explain__text")).to_contain_text("Game bonus, 300")
    expect(page.get_by_role("heading", name="Board 2")).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
    page.get_by_role("button", name="Undo the last deal").click()
    expect(page.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(page.locator("[data-board]")).to_have_count(0)
