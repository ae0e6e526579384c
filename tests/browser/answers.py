"""Answering a question in the browser: the engine's answer, read from the stored question."""

from playwright.sync_api import expect

from quizzes.kinds import kind_for
from quizzes.models import Question


def fill_right(article, question):
    """Put the engine's answer to `question` into the boxes of `article`."""
    for name, value in kind_for(question.kind).solve(question.situation).answer.items():
        # (A sheet's game line is a box to tick, after a hidden "no" of the same name.)
        boxes = article.locator(f'input[name="{name}"]:not([type="hidden"])')
        kind = boxes.first.get_attribute("type")
        if kind == "radio":
            article.locator(f'input[name="{name}"][value="{value}"]').check()
        elif kind == "checkbox":
            boxes.set_checked(value == "yes")
        else:
            boxes.fill(str(value))


def answer_right(page, article):
    """Fill in the engine's answer to the question shown in `article`, send it, and check
    it is marked right. Returns the stored question."""
    public_id = article.get_attribute("id").removeprefix("q-")
    question = Question.objects.get(public_id=public_id)
    fill_right(article, question)
    article.get_by_role("button", name="Check my answer").click()
    expect(page.locator(f"#q-{public_id} .feedback__verdict")).to_have_text("Right!")
    return question


def start_check(page):
    """Click "Give me three questions" at the end of a lesson, once its form (with the
    visitor's token, fetched as the page loads) is in place."""
    start = page.locator("#check-yourself form[method=post]")
    start.get_by_role("button", name="Give me three questions").click()
