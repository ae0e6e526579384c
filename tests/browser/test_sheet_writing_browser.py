"""Fill in the sheet, written on the sheet itself, on a phone 390 pixels wide: a whole rubber
typed into the cells of the drawn WE/THEY sheet, the game lines drawn where they belong,
one slip marked in its cell and put right at the second try, and the right totals.

The rubber is fixed (`sheet_drill.plan` patched), and every figure the test types is
worked out by hand here, not asked of the engine:

    deal 1  WE 2♥, 8 tricks      WE 60 below
    deal 2  THEY 4♠, 10 tricks   THEY 120 below: game, THEY vulnerable
    deal 3  WE 3NT, 9 tricks     WE 100 below: game, both vulnerable
    deal 4  WE 4♥, 11 tricks     WE 120 below, 30 + 500 (the rubber, two games to one) above
    totals  WE 60 + 100 + 120 + 530 = 810, THEY 120: WE by 690, a 7 rubber

With DOCS_SCREENSHOTS=1 it also saves docs/screenshots/sheet-390.png and sheet-1280.png
(deal 4 after the slip's hint, at each width), the pictures docs/teaching.md shows.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from quizzes import sheet_drill
from quizzes.kinds.dealing import as_data
from scoring.sheet import PlayedDeal

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
RUBBER = [
    PlayedDeal("we", "2H", 8),
    PlayedDeal("they", "4S", 10),
    PlayedDeal("we", "3NT", 9),
    PlayedDeal("we", "4H", 11),
]
# Each deal as written: the four cells (WE above, WE below, THEY above, THEY below), the game
# line, "is the rubber over?", "who is vulnerable now?".
WRITTEN = [
    ((0, 60, 0, 0), False, "No", "Neither side"),
    ((0, 0, 0, 120), True, "No", "THEY only"),
    ((0, 100, 0, 0), True, "No", "Both sides"),
    ((530, 120, 0, 0), True, "Yes", None),  # the rubber is over: no "vulnerable now?"
]
CELLS = ("WE, above the line", "WE, below the line", "THEY, above the line", "THEY, below the line")


@pytest.fixture
def fixed_rubber(monkeypatch):
    monkeypatch.setattr(sheet_drill, "plan", lambda form, rng: sheet_drill.Plan(as_data(RUBBER)))


def _write_deal(step, number, cells, game, over, vulnerable):
    for label, figure in zip(CELLS, cells, strict=True):
        step.get_by_label(f"{label}, deal {number}").fill(str(figure))
    step.get_by_label("Draw a game line under this deal").set_checked(game)
    step.get_by_role("group", name="Is the rubber over?").get_by_label(over, exact=True).check()
    asked = step.get_by_role("group", name="Who is vulnerable now?")
    if vulnerable is None:
        assert asked.count() == 0
        return
    asked.get_by_label(vulnerable, exact=True).check()


def _save_for_docs(page, name):
    if os.environ.get("DOCS_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        page.locator("#sheet-drill").screenshot(path=str(DOCS / name))


def test_a_whole_rubber_is_written_on_the_sheet_on_a_phone_with_one_slip_put_right(
    live_server, new_page, fixed_rubber, axe_check, no_horizontal_overflow, screenshot
):
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/practice/sheet/")
    page.get_by_label("A rubber").check()
    page.get_by_role("button", name="Start a new sheet").click()

    step = page.locator("#sheet-drill article.sheet-step")
    for number, (cells, game, over, vulnerable) in enumerate(WRITTEN, start=1):
        expect(page.locator('[aria-current="step"]')).to_contain_text(f"Deal {number}")
        sheet = step.locator("table[data-writing=yes]")
        expect(sheet).to_be_visible()
        if number == 1:
            no_horizontal_overflow(page)
            axe_check(page)
        if number == 3:
            screenshot(page, "sheet-writing-rubber-deal-3")
        if number == 4:  # the slip: the rubber bonus forgotten above the line
            _write_deal(step, number, (30, *cells[1:]), game, over, vulnerable)
            step.get_by_role("button", name="Check my answer").click()
            expect(step.locator(".feedback__verdict")).to_have_text("Not quite.")
            expect(step.locator("[data-hint]")).to_contain_text("WE, above the line")
            # The slip is named, and only it: 30 above is what forgetting the bonus gives.
            named = step.locator("[data-mistake]")
            expect(named).to_have_count(1)
            expect(named).to_have_attribute("data-mistake", "rubber_bonus_forgotten")
            expect(named).to_contain_text("You left out the rubber bonus.")
            # Marked in place: the wrong cell, and only it, keeps its figure and a cross.
            wrong = step.locator("[data-place=above] td").first
            expect(wrong.locator("input")).to_have_value("30")
            expect(wrong.locator(".sheet-mark--bad")).to_be_visible()
            expect(step.locator(".sheet-mark--bad")).to_have_count(1)
            no_horizontal_overflow(page)
            axe_check(page)
            _save_for_docs(page, "sheet-390.png")
            page.set_viewport_size(DESKTOP)
            _save_for_docs(page, "sheet-1280.png")
            page.set_viewport_size(PHONE)
            step.get_by_label(f"WE, above the line, deal {number}").fill(str(cells[0]))
            step.get_by_role("button", name="Check my second try").click()
            expect(step.locator(".feedback__verdict")).to_have_text("Right at the second try.")
        else:
            _write_deal(step, number, cells, game, over, vulnerable)
            step.get_by_role("button", name="Check my answer").click()
            expect(step.locator(".feedback__verdict")).to_have_text("Right!")
        # What was written stays on the sheet, each figure marked right where it stands.
        marked = step.locator("table[data-writing=no]")
        expect(marked.locator("[data-right=no]")).to_have_count(0)
        expect(marked.locator("[data-box=we_above]")).to_contain_text(str(cells[0]))
        if game:
            expect(marked.locator(".sheet-write__game--drawn")).to_be_visible()
        no_horizontal_overflow(page)
        if number == 4:
            axe_check(page)
            screenshot(page, "sheet-writing-rubber-deal-4-marked")
        page.get_by_role("button", name="Next: ").click()

    # The totals: the rubber bonus is on the sheet already, and not asked for again.
    expect(page.locator('[aria-current="step"]')).to_contain_text("Totals and result")
    totals = page.locator("#sheet-drill [data-question-kind=rubber_total]")
    expect(totals).to_contain_text("its bonus is already on the sheet")
    expect(totals.locator("[data-total=we]")).to_have_count(0)
    for label, figure in (
        ("WE total", 810),
        ("THEY total", 120),
        ("Difference (winners minus losers)", 690),
        ("Result in hundreds (e.g. 18 for 1830)", 7),
    ):
        totals.get_by_label(label, exact=True).fill(str(figure))
    totals.get_by_role("button", name="Check my answer").click()
    expect(totals.locator(".feedback__verdict")).to_have_text("Right!")
    page.get_by_role("button", name="See the whole sheet").click()
    result = page.locator(".sheet-drill__result")
    expect(result).to_contain_text("You wrote 4 of 5 steps right at the first try")
    expect(result.locator("[data-total=we]")).to_contain_text("810")
    expect(result.locator("[data-total=they]")).to_contain_text("120")
    no_horizontal_overflow(page)
    axe_check(page)


def test_a_chukker_is_written_in_its_rows_with_each_deals_vulnerability(
    live_server, new_page, monkeypatch, axe_check, no_horizontal_overflow, screenshot
):
    chukker = [
        PlayedDeal("we", "3NT", 9),  # deal 1, WE deal, neither vulnerable: 100 + 300 to WE
        PlayedDeal("they", "2S", 8),  # deal 2, THEY deal and are vulnerable: 60 to THEY
        PlayedDeal("we", "4H", 9),  # deal 3, WE deal and are vulnerable: one down, 100
        PlayedDeal("they", "1NT", 7),  # deal 4, both vulnerable: 40 on THEY's 60, a game: 500
    ]
    written = [(400, 0), (0, 60), (0, 100), (0, 540)]
    monkeypatch.setattr(
        sheet_drill,
        "plan",
        lambda form, rng: sheet_drill.Plan(as_data(chukker), first_dealer="we"),
    )
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/practice/sheet/")
    page.get_by_label("A Chicago chukker").check()
    page.get_by_role("button", name="Start a new sheet").click()
    step = page.locator("#sheet-drill article.sheet-step")
    for number, (we, they) in enumerate(written, start=1):
        row = step.locator(f"table[data-writing=yes] tr[data-deal='{number}']")
        expect(row).to_contain_text(
            ("vulnerable: Neither side", "vulnerable: THEY", "vulnerable: WE", "Both sides")[
                number - 1
            ]
        )
        if number == 3:
            no_horizontal_overflow(page)
            axe_check(page)
            screenshot(page, "sheet-writing-chukker-deal-3")
        row.get_by_label(f"Points to WE, deal {number}").fill(str(we))
        row.get_by_label(f"Points to THEY, deal {number}").fill(str(they))
        step.get_by_role("button", name="Check my answer").click()
        expect(step.locator(".feedback__verdict")).to_have_text("Right!")
        if number < 4:
            page.get_by_role("button", name="Next: ").click()
    expect(page.locator(".sheet-drill__result")).to_contain_text(
        "You wrote 4 of 4 steps right at the first try"
    )
