"""Every kind of htmx swap the site makes, in one visit, with no console error: a
Content-Security-Policy refusal (an inline style, say) would be one."""

import pytest
from playwright.sync_api import expect

from quizzes.models import Question
from tests.browser.answers import answer_right, fill_right, start_check

pytestmark = pytest.mark.browser

COUNT_SWAPS = """() => {
  window.swaps = 0;
  document.body.addEventListener("htmx:afterSwap", () => { window.swaps += 1; });
}"""


def _watch(page):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_no_console_error_on_any_htmx_swap(live_server, new_page, monkeypatch):
    monkeypatch.setattr("secrets.randbits", lambda bits: 20261124)
    page = new_page("desktop")
    errors = _watch(page)
    site = live_server.url

    # A lesson: its check form loads in place, then three questions, one answered wrong
    # (the hint), then right at the second try.
    page.goto(site + "/lessons/trick-score/")
    page.evaluate(COUNT_SWAPS)
    start_check(page)
    articles = page.locator("#check-yourself [data-question-kind]")
    expect(articles).to_have_count(3)
    first = articles.first
    first.locator("input[type=text]").first.fill("9999")
    first.get_by_role("button", name="Check my answer").click()
    public_id = first.get_attribute("id").removeprefix("q-")
    article = page.locator(f"#q-{public_id}")
    expect(article.locator("[data-hint]")).to_be_visible()
    question = Question.objects.get(public_id=public_id)
    assert question.answer.awaiting_retry
    fill_right(article, question)  # the second try, right
    article.get_by_role("button", name="Check my second try").click()
    expect(page.locator(f"#q-{public_id} .feedback__verdict")).to_have_text(
        "Right at the second try."
    )
    answer_right(page, articles.nth(1))
    swaps_in_lesson = page.evaluate("() => window.swaps")
    assert swaps_in_lesson >= 4, swaps_in_lesson

    # A worked deal: a try in place, the answer panel, then the next deal in place.
    page.goto(site + "/lessons/sample-rubber/2/")
    page.evaluate(COUNT_SWAPS)
    page.get_by_label("WE, above the line", exact=True).fill("150")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("[data-hint]")).to_be_visible()
    page.get_by_role("link", name="Show the score and the sheet after this deal").click()
    expect(page.get_by_role("heading", name="The score of deal 2")).to_be_visible()
    page.get_by_role("link", name="Deal 3 →").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 3 of 8")
    assert page.evaluate("() => window.swaps") >= 3

    assert errors == [], errors
