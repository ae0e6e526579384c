"""The score pad's traveller: one board at several tables, scored with the board's
vulnerability, then matchpointed and Butler-scored; a GET form that keeps every result."""

import re

import pytest
from django.utils.html import escape

from scorepad.traveller_forms import ROW_PASSED_WITH_RESULT, TRAVELLER_TABLES, TRAVELLER_TOO_FEW

pytestmark = pytest.mark.django_db
URL = "/scorepad/traveller/"

# Board 5: North deals, N-S vulnerable. +620, +630, -100 and a board passed out.
FOUR_TABLES = {
    "board": "5",
    "tables": "6",
    "table-0-contract": "4S",
    "table-0-declarer": "S",
    "table-0-tricks": "10",
    "table-1-contract": "3nt",
    "table-1-declarer": "N",
    "table-1-tricks": "10",
    "table-2-contract": "4S",
    "table-2-declarer": "S",
    "table-2-tricks": "9",
    "table-3-passed": "on",
}


def _row(html, table):
    start = html.index(f'<tr data-table-row="{table}"')
    return html[start : html.index("</tr>", start)]


def _cells(row, name):
    return re.findall(rf"data-{name}[^>]*>([^<]*)<", row)


def test_a_new_traveller_offers_blank_tables_and_no_result(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("data-entry-row=") == TRAVELLER_TABLES
    assert "data-traveller-board" not in html and "field__error" not in html


def test_a_board_at_four_tables_is_scored_matchpointed_and_butler_scored(client):
    response = client.get(URL, FOUR_TABLES)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-traveller-board="5"' in html and "North–South vulnerable" in html
    # Worked by hand: +630 beats all three; the passed-out 0 beats only -100.
    # Datum: (620 + 630 - 100 + 0) / 4 = 287.5, so 290; 620 is +330 (8), -100 is -390 (-9).
    expected = {
        "1": ("620", "2", "66.67", "1", "33.33", "+8"),
        "2": ("630", "3", "100.00", "0", "0.00", "+8"),
        "3": ("-100", "0", "0.00", "3", "100.00", "−9"),
        "4": ("0", "1", "33.33", "2", "66.67", "−7"),
    }
    for table, (score, ns_mp, ns_pct, ew_mp, ew_pct, imps) in expected.items():
        row = _row(html, table)
        assert f'data-ns-score="{score}"' in row
        assert _cells(row, 'matchpoints="ns"') == [ns_mp]
        assert _cells(row, 'percent="ns"') == [ns_pct]
        assert _cells(row, 'matchpoints="ew"') == [ew_mp]
        assert _cells(row, 'percent="ew"') == [ew_pct]
        assert _cells(row, "butler") == [imps]
    assert 'data-datum="290"' in html
    assert "The mean of all 4 scores is 1150 / 4 = 287½" in html
    assert "Passed out" in _row(html, "4")
    # The form below keeps every result, to change one and score again.
    assert 'value="3nt"' in html and 'name="table-3-passed" id="id_table-3-passed" checked' in html


def test_a_contract_the_engine_cannot_read_is_refused_beside_its_box_with_nothing_lost(client):
    data = {**FOUR_TABLES, "table-1-contract": "4Z"}
    response = client.get(URL, data)
    assert response.status_code == 422
    html = response.content.decode()
    row = html[html.index('data-entry-row="2"') :]
    row = row[: row.index("</tr>")]
    assert 'class="field__error" id="id_table-1-contract-error"' in row
    assert 'aria-invalid="true"' in row and 'value="4Z"' in row
    assert 'value="4S"' in html and "data-traveller-board" not in html


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"table-0-tricks": "14"},
            "table-0-tricks",
            "13 tricks is the most a side can take, got 14",
        ),
        ({"table-0-tricks": "ten"}, "table-0-tricks", "Tricks are a whole number, 0 to 13"),
        ({"table-0-declarer": ""}, "table-0-declarer", "Choose declarer"),
        ({"table-3-contract": "2H"}, "table-3-contract", ROW_PASSED_WITH_RESULT),
        ({"board": "0"}, "board", "Board"),
        ({"board": ""}, "board", "Enter the board number"),
    ],
)
def test_a_bad_part_of_a_result_is_refused_beside_its_field(client, change, field, message):
    response = client.get(URL, {**FOUR_TABLES, **change})
    assert response.status_code == 422
    html = response.content.decode()
    error = re.search(rf'<p class="field__error" id="id_{field}-error">([^<]*)</p>', html)
    assert error and escape(message) in html


def test_one_table_alone_is_refused_with_a_message_that_says_why(client):
    data = {"board": "5", "table-0-contract": "4S", "table-0-declarer": "S", "table-0-tricks": "10"}
    response = client.get(URL, data)
    assert response.status_code == 422
    assert escape(TRAVELLER_TOO_FEW) in response.content.decode()


def test_adding_a_table_keeps_what_was_typed_and_judges_nothing_yet(client):
    response = client.get(URL, {**FOUR_TABLES, "table-1-contract": "4Z", "add": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("data-entry-row=") == TRAVELLER_TABLES + 1
    assert 'value="4Z"' in html and "field__error" not in html


@pytest.mark.parametrize("tables", ["abc", "-3", "99999", ""])
def test_any_number_of_tables_asked_for_draws_a_page(client, tables):
    response = client.get(URL, {"tables": tables})
    assert response.status_code == 200
    assert 2 <= response.content.decode().count("data-entry-row=") <= 20


def test_the_score_pad_page_links_to_the_traveller(client):
    assert 'href="/scorepad/traveller/"' in client.get("/scorepad/").content.decode()
