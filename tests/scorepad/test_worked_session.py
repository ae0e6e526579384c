"""The worked pairs session of docs/rules.md §9.6 (four tables, three boards) on the score
pad's pages: its results are read from the document's own tables, typed into the pairs page
(and board 2 into the traveller), and every figure the document prints must be on the page.
Nothing is copied here by hand: change a figure in the document and this test fails."""

import re
from pathlib import Path

import pytest

from tests.scorepad.test_pairs import board_row, cell, standing

pytestmark = pytest.mark.django_db
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
SECTION = "### 9.6 "


def _section() -> str:
    text = RULES.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start)
    return text[start : end if end != -1 else None]


def _tables(text: str) -> list[list[dict]]:
    """Every Markdown table of the text, each a list of rows keyed by its header."""
    tables, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            header = _cells(lines[i])
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(dict(zip(header, _cells(lines[i]), strict=True)))
                i += 1
            tables.append(rows)
        else:
            i += 1
    return tables


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _text(html: str) -> str:
    """The page's text with the minus signs the pages print (−) written as the document's."""
    return re.sub(r"<[^>]+>", "", html).replace("\u2212", "-")


RESULTS, RANKING, BUTLER = _tables(_section())


def _boards() -> dict[str, list[dict]]:
    boards = {}
    for row in RESULTS:
        boards.setdefault(row["board"], []).append(row)
    return boards


def _result_fields(key: str, row: dict) -> dict:
    if row["contract"] == "passed out":
        return {f"{key}-passed": "on"}
    return {
        f"{key}-contract": row["contract"],
        f"{key}-declarer": row["declarer"],
        f"{key}-tricks": row["tricks"],
    }


def _pairs_data() -> dict:
    boards = _boards()
    tables = max(len(rows) for rows in boards.values())
    data = {"boards": str(len(boards)), "tables": str(tables)}
    for i, (board, rows) in enumerate(boards.items(), 1):
        data[f"traveller-{i - 1}-board"] = board
        for row in rows:
            key = f"t{i - 1}-{int(row['table']) - 1}"
            data |= {f"{key}-ns": row["N-S pair"], f"{key}-ew": row["E-W pair"]}
            data |= _result_fields(key, row)
    return data


def test_the_document_holds_a_session_of_four_tables_and_three_boards():
    boards = _boards()
    assert len(boards) == 3
    assert all(len(rows) == 4 for rows in boards.values())
    assert len(RANKING) == 8 and len(BUTLER) == 4


@pytest.fixture
def pairs_page(client) -> str:
    response = client.get("/scorepad/pairs/", _pairs_data())
    assert response.status_code == 200, response.content.decode()
    return response.content.decode()


def test_each_result_has_the_documents_score_and_matchpoints_on_the_pairs_page(pairs_page):
    for row in RESULTS:
        ns_pair, ew_pair = f"N-S {row['N-S pair']}", f"E-W {row['E-W pair']}"
        found = board_row(pairs_page, int(row["board"]), ns_pair)
        where = f"board {row['board']}, {ns_pair}"
        assert f"{ns_pair} v {ew_pair}" in _text(found), where
        assert f'data-ns-score="{int(row["N-S score"])}"' in found, where
        assert cell(found, 'matchpoints="ns"') == row["N-S MP"], where
        assert cell(found, 'matchpoints="ew"') == row["E-W MP"], where
    assert "of a top of 3" in pairs_page  # §9.6: a top of 3 at four tables


def test_each_pairs_total_percentage_and_place_is_the_documents(pairs_page):
    for row in RANKING:
        pair = row["pair"]
        assert standing(pairs_page, pair) == {
            "place": row["place"],
            "total": row["total"],
            "top": row["out of"],
            "percentage": row["%"],
        }, pair
        # The pair's matchpoints board by board, as the page adds them up.
        boards = [row[f"board {n}"] for n in (1, 2, 3)]
        reason = (
            f"{pair}: {' + '.join(boards)} = {row['total']} of {row['out of']} over 3 boards: "
            f"{row['%']}%"
        )
        assert reason in pairs_page, reason


def test_each_fields_ranking_is_in_the_documents_order(pairs_page):
    for direction, prefix in (("NS", "N-S"), ("EW", "E-W")):
        table = pairs_page[pairs_page.index(f'data-field="{direction}"') :]
        table = table[: table.index("</table>")]
        shown = re.findall(r'data-standing="([^"]+)"', table)
        assert shown == [row["pair"] for row in RANKING if row["pair"].startswith(prefix)]


def test_board_2s_butler_datum_and_imps_are_the_documents_on_the_traveller_page(client):
    rows = _boards()["2"]
    data = {"board": "2", "tables": str(len(rows))}
    for row in rows:
        data |= _result_fields(f"table-{int(row['table']) - 1}", row)
    response = client.get("/scorepad/traveller/", data)
    assert response.status_code == 200
    html = response.content.decode()
    text = _text(html)
    worked = re.search(r"(\d+) / (\d+) = \*\*(-?\d+)\*\*", _section())
    total, count, datum = worked.groups()
    assert f'data-datum="{datum}"' in html
    assert f"{total} / {count} = {datum}" in text
    for row in BUTLER:
        found = html[html.index(f'<tr data-table-row="{row["table"]}"') :]
        found = found[: found.index("</tr>")]
        assert f'data-ns-score="{int(row["N-S score"])}"' in found
        assert cell(found, "butler").replace("\u2212", "-") == row["IMPs"]
        against = (
            f"{row['N-S score']} against a datum of {int(datum):+d}: {row['against the datum']}"
        )
        assert against in text, against
