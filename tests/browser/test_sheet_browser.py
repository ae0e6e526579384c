"""The sheet drill end to end in a browser, at 390 and 1280 wide, with and without JavaScript:
a whole rubber written down deal by deal, then the finished sheet."""

import pytest
from playwright.sync_api import expect

from quizzes import sheet_drill
from quizzes.models import SheetDrill
from tests.browser.answers import answer_right

pytestmark = pytest.mark.browser

WIDTHS = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_learner_fills_in_a_whole_rubber_deal_by_deal(
    live_server,
    new_page,
    monkeypatch,
    width,
    javascript,
    axe_check,
    no_horizontal_overflow,
    screenshot,
):
    monkeypatch.setattr("secrets.randbits", lambda bits: 20261124)
    page = new_page("desktop", javascript=javascript)
    page.set_viewport_size(WIDTHS[width])
    page.goto(live_server.url + "/practice/")
    page.get_by_role("link", name="Fill in the sheet").click()
    page.get_by_label("A rubber").check()
    page.get_by_role("button", name="Start a new sheet").click()

    drill = SheetDrill.objects.get()
    steps = sheet_drill.step_count("rubber", drill.deals)
    for number in range(1, steps + 1):
        expect(page.locator('[aria-current="step"]')).to_contain_text(
            sheet_drill.step_label("rubber", drill.deals, number)
        )
        article = page.locator("#sheet-drill [data-question-kind]")
        if number == 1:
            no_horizontal_overflow(page)
            axe_check(page)
            screenshot(page, f"sheet-drill-first-deal-{width}-{'js' if javascript else 'no-js'}")
        answer_right(page, article)
        if number < steps:
            page.get_by_role("button", name="Next: ").click()
    if javascript:  # the last answer was marked in place: the whole sheet is one click on
        page.get_by_role("button", name="See the whole sheet").click()
    # (without JavaScript the answer's own page load already shows it)
    result = page.locator(".sheet-drill__result")
    expect(result).to_contain_text(f"You wrote {steps} of {steps} steps right at the first try")
    expect(result.locator("table")).to_be_visible()
    no_horizontal_overflow(page)
    axe_check(page)
    name = f"sheet-drill-finished-{width}-{'js' if javascript else 'no-js'}"
    shot = screenshot(page, name)
    # The sheet alone, as docs/sheet-on-a-phone.png shows it.
    result.locator(".sheet-table").screenshot(path=str(shot.with_name(f"{name}--sheet.png")))
