"""Driving pages with the keyboard alone, and checking that focus can be seen."""

import pytest
from playwright.sync_api import Locator, Page, expect

# What the browser shows for the focused element: an outline or a box shadow (our focus ring).
FOCUS_STYLE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) { return null; }
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  return {
    name: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
      + " " + (el.textContent || el.value || "").trim().slice(0, 40),
    outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
    shadow: style.boxShadow !== "none",
    onScreen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0
      && box.top < window.innerHeight && box.left < window.innerWidth,
  };
}"""


def assert_focus_visible(page: Page) -> None:
    focus = page.evaluate(FOCUS_STYLE)
    assert focus is not None, "nothing has keyboard focus"
    assert focus["outline"] or focus["shadow"], f"focus on {focus['name']} cannot be seen"
    assert focus["onScreen"], f"focus on {focus['name']} is off screen"


def tab_to(page: Page, target: Locator, limit: int = 80) -> None:
    """Press Tab until `target` has focus, checking the focus ring shows when it gets there."""
    expect(target).to_be_visible()
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            assert_focus_visible(page)
            return
    pytest.fail(f"{limit} presses of Tab never reached {target}")


def follow(page: Page, link_name: str) -> None:
    """Tab to the link with this exact name and press Enter."""
    tab_to(page, page.get_by_role("link", name=link_name, exact=True))
    page.keyboard.press("Enter")


# Marks every control the keyboard should reach (one per radio group: Tab enters a group
# once) and returns how many there are.
MARK_CONTROLS = """() => {
  const selector =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  const groups = new Map();
  let count = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (el.tabIndex < 0 || el.disabled || !el.getClientRects().length) continue;
    if (getComputedStyle(el).visibility === "hidden") continue;
    if (el.type === "radio") {
      if (!groups.has(el.name)) groups.set(el.name, String(count++));
      el.dataset.control = groups.get(el.name);
    } else {
      el.dataset.control = String(count++);
    }
  }
  return count;
}"""
FOCUSED_CONTROL = "() => document.activeElement && document.activeElement.dataset.control"
NOT_REACHED = """(reached) => [...document.querySelectorAll("[data-control]")]
  .filter((el) => !reached.includes(el.dataset.control))
  .map((el) => el.outerHTML.slice(0, 120))"""


def assert_tab_reaches_every_control(page: Page) -> None:
    """From a fresh page load, Tab visits every control, each with its focus in sight.

    A page that puts the focus in its form on load (autofocus) starts there, and Tab goes on
    round past the end of the page to the controls above the form. A date-and-time input
    takes one Tab per part (day, month, year, ...) and counts as one control.
    """
    controls = page.evaluate(MARK_CONTROLS)
    assert controls > 0
    reached, unseen = set(), []

    def arrive(control):
        reached.add(control)
        focus = page.evaluate(FOCUS_STYLE)
        if not ((focus["outline"] or focus["shadow"]) and focus["onScreen"]):
            unseen.append(focus["name"])

    start = previous = page.evaluate(FOCUSED_CONTROL)
    if start is not None:
        arrive(start)
    past_the_end = 0
    for _ in range(2 * controls + 20):
        page.keyboard.press("Tab")
        control = page.evaluate(FOCUSED_CONTROL)
        if control is None:
            past_the_end += 1
            if start is None or past_the_end > 2:
                break  # past the last control
        elif control in reached and control != previous:
            break  # round again to the first
        elif control not in reached:
            arrive(control)
        previous = control

    missed = page.evaluate(NOT_REACHED, sorted(reached))
    assert missed == [], f"Tab never reaches these controls: {missed}"
    assert unseen == [], f"focus cannot be seen on these controls: {unseen}"
