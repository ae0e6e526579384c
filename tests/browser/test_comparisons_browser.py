"""Comparing results in a real browser at phone size (390 wide): a lesson's check with
matchpoint questions answered, and a traveller and a pairs session filled in on the score pad,
with JavaScript and without; axe on each."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.answers import answer_right, start_check

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _phone(new_page, javascript=True):
    page = new_page("phone", javascript=javascript)
    page.set_viewport_size(PHONE)
    return page


def test_the_matchpoints_lessons_check_is_answered_on_a_phone(
    new_page, live_server, axe_check, no_horizontal_overflow
):
    page = _phone(new_page)
    page.goto(live_server.url + "/lessons/matchpoints/")
    expect(page.locator('table[data-table="traveller"]')).to_be_visible()
    axe_check(page)
    no_horizontal_overflow(page)
    start_check(page)
    questions = page.locator("#check-yourself [data-question-kind]")
    expect(questions).to_have_count(3)
    expect(questions.first).to_have_attribute("data-question-kind", "matchpoint_row")
    axe_check(page)
    question = answer_right(page, questions.first)
    assert question.kind == "matchpoint_row"
    expect(questions.first.locator(".feedback")).to_contain_text("of a top of")
    axe_check(page)
    no_horizontal_overflow(page)


def test_a_traveller_is_filled_in_scored_and_changed_on_a_phone(
    new_page, live_server, axe_check, no_horizontal_overflow
):
    page = _phone(new_page)
    page.goto(live_server.url + "/scorepad/traveller/")
    axe_check(page)
    page.get_by_label("Board", exact=True).fill("5")
    for table, (contract, seat, tricks) in enumerate(
        [("4S", "S", "10"), ("3NT", "N", "10"), ("4S", "S", "9")], start=1
    ):
        page.get_by_label(f"Table {table}: contract").fill(contract)
        page.get_by_label(f"Table {table}: declarer").select_option(seat)
        page.get_by_label(f"Table {table}: tricks").fill(tricks)
    page.get_by_label("Table 4: passed out").check()
    page.get_by_role("button", name="Score the board").click()
    result = page.locator("[data-traveller-board]")
    expect(result).to_contain_text("Board 5")
    expect(page.locator('[data-table-row="2"] [data-matchpoints="ns"]')).to_have_text("3")
    expect(page.locator('[data-table-row="2"] [data-percent="ns"]')).to_have_text("100.00")
    expect(page.locator("[data-datum]")).to_have_attribute("data-datum", "290")
    axe_check(page)
    no_horizontal_overflow(page)

    # A slip: table 3 took ten tricks, not nine. The form kept every result.
    page.get_by_label("Table 3: tricks").fill("10")
    page.get_by_role("button", name="Score the board").click()
    expect(page.locator('[data-table-row="3"]')).to_have_attribute("data-ns-score", "620")
    expect(page.locator('[data-table-row="3"] [data-matchpoints="ns"]')).to_have_text("1½")

    # A contract the engine cannot read is refused beside its box, nothing lost.
    page.get_by_label("Table 2: contract").fill("3NZ")
    page.get_by_role("button", name="Score the board").click()
    expect(page.locator("#id_table-1-contract-error")).to_be_visible()
    expect(page.get_by_label("Table 1: contract")).to_have_value("4S")
    axe_check(page)


def test_a_traveller_works_without_javascript(
    new_page, live_server, axe_check, no_horizontal_overflow
):
    page = _phone(new_page, javascript=False)
    # The form is a GET: its address holds every result, as a bookmark of it would.
    results = (
        "table-0-contract=4S&table-0-declarer=S&table-0-tricks=10&table-1-contract=3NT&table-1-declarer=N&table-1-tricks=10"
        "&table-2-contract=4S&table-2-declarer=S&table-2-tricks=10"
    )
    page.goto(f"{live_server.url}/scorepad/traveller/?board=5&tables=6&{results}")
    expect(page.locator('[data-table-row="2"] [data-matchpoints="ns"]')).to_have_text("2")
    # axe runs on the document this visitor has, in a twin page with scripts on (conftest).
    axe_check(page)
    no_horizontal_overflow(page)
    page.get_by_label("Table 3: tricks").fill("9")  # a slip put right: nine tricks, not ten
    page.get_by_role("button", name="Score the board").click()
    expect(page.locator('[data-table-row="3"]')).to_have_attribute("data-ns-score", "-100")
    expect(page.locator('[data-table-row="1"] [data-matchpoints="ns"]')).to_have_text("1")
    # A contract the engine cannot read comes back beside its box, with nothing lost.
    page.get_by_label("Table 2: contract").fill("3NZ")
    page.get_by_role("button", name="Score the board").click()
    expect(page.locator("#id_table-1-contract-error")).to_be_visible()
    expect(page.get_by_label("Table 3: tricks")).to_have_value("9")
    axe_check(page)
    no_horizontal_overflow(page)


# A Mitchell of three tables and two boards, worked by hand in tests/scorepad/test_pairs.py:
# (N-S pair, E-W pair, contract, declarer, tricks) at each table of each traveller.
MITCHELL = [
    (1, [(1, 1, "4S", "S", "10"), (2, 2, "4S", "S", "11"), (3, 3, "4S", "N", "10")]),
    (2, [(1, 2, "3NT", "N", "9"), (2, 3, "3NT", "N", "8"), (3, 1, "2H", "E", "8")]),
]


def _standing(page, pair, part):
    return page.locator(f'[data-standing="{pair}"] [data-{part}]')


def test_a_pairs_session_is_filled_in_ranked_and_changed_on_a_phone(
    new_page, live_server, axe_check, no_horizontal_overflow, screenshot
):
    page = _phone(new_page)
    page.goto(live_server.url + "/scorepad/pairs/")
    axe_check(page)
    no_horizontal_overflow(page)
    for traveller, rows in MITCHELL:
        expect(page.get_by_label(f"Traveller {traveller}: board number")).to_have_value(
            str(traveller)
        )
        for table, (ns, ew, contract, seat, tricks) in enumerate(rows, start=1):
            at = f"Traveller {traveller}, table {table}"
            expect(page.get_by_label(f"{at}: N-S pair")).to_have_value(str(ns))
            page.get_by_label(f"{at}: E-W pair").fill(str(ew))
            page.get_by_label(f"{at}: contract").fill(contract)
            page.get_by_label(f"{at}: declarer").select_option(seat)
            page.get_by_label(f"{at}: tricks").fill(tricks)
    page.get_by_role("button", name="Score the session").click()  # traveller 3 left blank
    expect(page.locator("[data-pairs-result]")).to_be_visible()
    expect(_standing(page, "N-S 2", "percentage")).to_have_text("75.00")
    expect(_standing(page, "E-W 1", "total")).to_have_text("3½")
    expect(page.locator('[data-field="EW"] [data-standing]').first).to_have_attribute(
        "data-standing", "E-W 1"
    )
    axe_check(page)
    no_horizontal_overflow(page)
    screenshot(page, "pairs-session")

    # A slip: E-W 2 written at two tables of board 1. The engine's message is beside the
    # second, and nothing typed is lost.
    page.get_by_label("Traveller 1, table 3: E-W pair").fill("2")
    page.get_by_role("button", name="Score the session").click()
    expect(page.locator("#id_t0-2-ew-error")).to_contain_text("'E-W 2' already has a result")
    expect(page.get_by_label("Traveller 2, table 3: contract")).to_have_value("2H")
    axe_check(page)
    no_horizontal_overflow(page)

    # Put right, the session is ranked again; on paper the form is left out.
    page.get_by_label("Traveller 1, table 3: E-W pair").fill("3")
    page.get_by_role("button", name="Score the session").click()
    expect(_standing(page, "N-S 3", "place")).to_have_text("3")
    page.emulate_media(media="print")
    expect(page.locator(".pad__entry")).to_be_hidden()
    expect(page.locator('[data-pairs-board="2"] table')).to_be_visible()
    for paper in ("A4", "Letter"):  # the short session on one sheet, whichever paper
        pages = re.findall(rb"/Type\s*/Page[^s]", page.pdf(format=paper))
        assert len(pages) == 1, f"{len(pages)} pages on {paper}"


def test_a_pairs_session_works_without_javascript(
    new_page, live_server, axe_check, no_horizontal_overflow
):
    page = _phone(new_page, javascript=False)
    query = "boards=2&tables=3"
    for traveller, rows in MITCHELL:
        query += f"&traveller-{traveller - 1}-board={traveller}"
        for table, (ns, ew, contract, seat, tricks) in enumerate(rows, start=1):
            key = f"t{traveller - 1}-{table - 1}"
            query += f"&{key}-ns={ns}&{key}-ew={ew}&{key}-contract={contract}"
            query += f"&{key}-declarer={seat}&{key}-tricks={tricks}"
    # The address holds the whole session, as a bookmark of it would.
    page.goto(f"{live_server.url}/scorepad/pairs/?{query}")
    expect(_standing(page, "N-S 1", "total")).to_have_text("2½")
    axe_check(page)
    no_horizontal_overflow(page)
    # Table 3 on board 2 was passed out, not 2♥ by East.
    page.get_by_label("Traveller 2, table 3: contract").fill("")
    page.get_by_label("Traveller 2, table 3: declarer").select_option("")
    page.get_by_label("Traveller 2, table 3: tricks").fill("")
    page.get_by_label("Traveller 2, table 3: passed out").check()
    page.get_by_role("button", name="Score the session").click()
    # Board 2: +600, -100, 0: N-S 3 now beats -100 (1), E-W 1 earns 1.
    expect(_standing(page, "N-S 3", "total")).to_have_text("1½")
    expect(_standing(page, "E-W 1", "total")).to_have_text("2½")
    axe_check(page)
    no_horizontal_overflow(page)
