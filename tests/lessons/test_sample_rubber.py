"""The sample rubber pages: every sheet and figure comes from the engine (rules §8.1)."""

import re
from html.parser import HTMLParser

import pytest
from django.utils.html import escape

from common.forms import NEGATIVE, NOT_A_NUMBER
from drawing.templatetags.sheets import rubber_words
from lessons import deals

# rules §8.1, the sample rubber: what each deal writes (WE above, WE below, THEY above, THEY below)
DEAL_ENTRIES = {
    1: ([500], [], [], []),
    2: ([100, 50], [80], [], []),
    3: ([], [], [30], [120]),
    4: ([], [], [100], []),
    5: ([], [90], [], []),
    6: ([30], [40], [], []),
    7: ([], [], [300], []),
    8: ([20, 750, 500, 100], [120], [], []),
}
# Running totals after each deal (WE, THEY), summed from the document's sheets.
RUNNING_TOTALS = {
    1: (500, 0),
    2: (730, 0),
    3: (730, 150),
    4: (730, 250),
    5: (820, 250),
    6: (890, 250),
    7: (890, 550),
    8: (2380, 550),
}


# rules §8.1, the sample rubber: the part-scores below the line after each deal, game by game, as
# (the side whose game draws a line under them, or None while the game is open, WE, THEY).
# Deal 3: THEY's 4S is a game, and WE's 80 stops counting; deal 6: WE's 90 + 40 make a game;
# deal 8: WE's 6C is their second game, and the rubber is over (no open game after it).
BELOW_THE_LINE = {
    1: [(None, [], [])],
    2: [(None, [80], [])],
    3: [("they", [80], [120]), (None, [], [])],
    4: [("they", [80], [120]), (None, [], [])],
    5: [("they", [80], [120]), (None, [90], [])],
    6: [("they", [80], [120]), ("we", [90, 40], []), (None, [], [])],
    7: [("they", [80], [120]), ("we", [90, 40], []), (None, [], [])],
    8: [("they", [80], [120]), ("we", [90, 40], []), ("we", [120], [])],
}


class _SheetReader(HTMLParser):
    """The first WE/THEY sheet in some HTML, as scoring/sheet.html draws it.

    An entry's side and points are data attributes of its cell; its place is the tbody it
    sits in (`sheet-table__above`, or `sheet-table__below`, one tbody per game); a game line
    is a row of its own (`sheet-table__game-line`) whose hidden label names the side.
    """

    def __init__(self):
        super().__init__()
        self.new_entries: list[tuple[str, str, int]] = []
        self.below: list[tuple[str | None, list[int], list[int]]] = []
        self._state = "before"
        self._place = None
        self._game_line = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "table" and "data-sheet" in attrs and self._state == "before":
            self._state = "in"
        if self._state != "in":
            return
        if tag == "tbody":
            places = {"sheet-table__above": "above", "sheet-table__below": "below"}
            self._place = next((places[c] for c in classes if c in places), None)
            if self._place == "below":
                self.below.append((None, [], []))
        elif tag == "td" and "data-side" in attrs:
            side, points = attrs["data-side"], int(attrs["data-points"])
            if "is-new" in classes:
                self.new_entries.append((side, self._place, points))
            if self._place == "below":
                self.below[-1][1 if side == "we" else 2].append(points)
        elif tag == "tr" and "sheet-table__game-line" in classes:
            self._game_line = ""

    def handle_data(self, data):
        if self._game_line is not None:
            self._game_line += data

    def handle_endtag(self, tag):
        if self._state != "in":
            return
        if tag == "tr" and self._game_line is not None:
            side = re.fullmatch(r"\s*Game line: game to (WE|THEY)\s*", self._game_line)[1]
            _, we, they = self.below[-1]
            self.below[-1] = (side.lower(), we, they)
            self._game_line = None
        elif tag == "table":
            self._state = "after"

    @property
    def complete(self) -> bool:
        return self._state == "after"


def _totals(html: str, side: str) -> list[int]:
    """The totals row's figure for `side` on each sheet of the page, in order: the cell reads
    "WE total 730" to a screen reader ("WE" hidden, "total" a small label)."""
    label = "WE" if side == "we" else "THEY"
    cell = (
        rf'data-total="{side}"><span class="visually-hidden">{label} </span>'
        r'<span class="sheet-table__total-label">total </span>(-?\d+)<'
    )
    return [int(points) for points in re.findall(cell, html)]


def _sheet_after_the_deal(client, number) -> _SheetReader:
    """The sheet in the answer of deal `number`'s page (the sheet before the deal comes first)."""
    html = client.get(f"/lessons/sample-rubber/{number}/?answer=1").content.decode()
    reader = _SheetReader()
    reader.feed(html[html.index('id="answer-panel"') :])
    assert reader.complete, "no whole sheet in the answer"
    return reader


@pytest.mark.parametrize("number", range(1, 9))
def test_deal_page_highlights_this_deals_entries_with_side_place_and_points_of_seed_000(
    client, number
):
    we_above, we_below, they_above, they_below = DEAL_ENTRIES[number]
    expected = (
        [("we", "above", p) for p in we_above]
        + [("we", "below", p) for p in we_below]
        + [("they", "above", p) for p in they_above]
        + [("they", "below", p) for p in they_below]
    )
    assert sorted(_sheet_after_the_deal(client, number).new_entries) == sorted(expected)


@pytest.mark.parametrize("number", range(1, 9))
def test_deal_page_draws_game_lines_under_the_part_scores_of_each_game_of_seed_000(client, number):
    assert _sheet_after_the_deal(client, number).below == BELOW_THE_LINE[number]


@pytest.mark.parametrize("number", range(1, 9))
def test_deal_page_shows_running_totals_from_seed_000(client, number):
    html = client.get(f"/lessons/sample-rubber/{number}/?answer=1").content.decode()
    we, they = RUNNING_TOTALS[number]
    assert _totals(html, "we")[-1] == we and _totals(html, "they")[-1] == they


def test_after_deal_8_we_have_2380_and_they_550(client):
    html = client.get("/lessons/sample-rubber/8/?answer=1").content.decode()
    assert _totals(html, "we")[-1] == 2380 and _totals(html, "they")[-1] == 550
    assert "The rubber is over" in html


@pytest.mark.parametrize("number", range(1, 9))
def test_deal_page_does_not_contain_its_answer_before_it_is_asked_for(client, number):
    html = client.get(f"/lessons/sample-rubber/{number}/").content.decode()
    assert "is-new" not in html
    assert f"After deal {number}" not in html
    assert 'data-item="' not in html  # no breakdown of this deal
    assert "Show the score" in html


def test_deal_page_shows_the_sheet_before_the_deal(client):
    html = client.get("/lessons/sample-rubber/3/").content.decode()
    # Before deal 3: WE 500, 100, 50 above and 80 below; THEY nothing.
    assert _totals(html, "we") == [730] and _totals(html, "they") == [0]


SLIP_ON_DEAL_2 = {
    "check": "1",
    "we_above": "150",
    "we_below": "40",
    "they_above": "",
    "they_below": "0",
}


def test_a_first_try_with_a_slip_names_the_box_without_its_figure_and_offers_a_second(client):
    # Deal 2: WE 150 above (100 + 50), 80 below; THEY nothing. 40 below is the slip.
    response = client.get("/lessons/sample-rubber/2/", SLIP_ON_DEAL_2)
    html = response.content.decode()
    assert response.status_code == 200
    hint = "Have another look at the box “<strong>WE, below the line</strong>”. The rest is right."
    assert hint in html
    assert 'name="attempt" value="2"' in html and "Check my second try" in html
    assert 'value="40"' in html  # the learner's figures stay in the boxes
    assert "the sheet has" not in html and "After deal 2" not in html  # no answer yet
    assert 'data-points="80"' not in html


def test_the_second_try_marks_each_field_right_or_wrong_and_shows_the_answer(client):
    response = client.get("/lessons/sample-rubber/2/", {**SLIP_ON_DEAL_2, "attempt": "2"})
    html = response.content.decode()
    assert html.count('class="mark-ok"') == 3
    assert html.count('class="mark-bad"') == 1
    assert "Not quite, again" in html
    assert "you wrote 40, the sheet has 80" in html
    assert "After deal 2" in html  # the answer is shown once they have tried twice


def test_a_right_second_try_says_so(client):
    right = {**SLIP_ON_DEAL_2, "we_below": "80", "attempt": "2"}
    html = client.get("/lessons/sample-rubber/2/", right).content.decode()
    assert "All four right at the second try." in html


def test_try_it_first_all_right(client):
    html = client.get(
        "/lessons/sample-rubber/8/",
        {"check": "1", "we_above": "1370", "we_below": "120", "they_above": "", "they_below": ""},
    ).content.decode()
    assert "All four right." in html


def test_try_it_first_bad_input_keeps_what_was_typed_and_explains(client):
    response = client.get(
        "/lessons/sample-rubber/1/",
        {
            "check": "1",
            "we_above": "five hundred",
            "we_below": "-10",
            "they_above": "0",
            "they_below": "",
        },
    )
    html = response.content.decode()
    assert response.status_code == 422  # the form again, with its messages
    assert escape(NOT_A_NUMBER) in html  # "five hundred"
    assert escape(NEGATIVE) in html  # "-10"
    assert 'aria-invalid="true"' in html
    assert "After deal 1" not in html  # no answer for an unreadable try


def test_try_it_first_with_htmx_returns_the_panel_and_the_answer_out_of_band(client):
    response = client.get(
        "/lessons/sample-rubber/2/",
        {"check": "1", "we_above": "150", "we_below": "80", "they_above": "", "they_below": ""},
        headers={"HX-Request": "true", "HX-Target": "try-panel"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="try-panel"')
    assert 'id="answer-panel"' in html and 'hx-swap-oob="true"' in html
    assert "<html" not in html


def test_htmx_step_to_next_deal_returns_only_the_deal_panel(client):
    response = client.get(
        "/lessons/sample-rubber/4/", headers={"HX-Request": "true", "HX-Target": "deal-panel"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="deal-panel"')
    assert "<html" not in html


def test_answer_fragment_for_htmx(client):
    response = client.get(
        "/lessons/sample-rubber/5/?answer=1",
        headers={"HX-Request": "true", "HX-Target": "answer-panel"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="answer-panel"')
    assert "After deal 5" in html


@pytest.mark.parametrize("number", [0, 9, 100])
def test_deal_numbers_outside_1_to_8_are_not_found(client, number):
    assert client.get(f"/lessons/sample-rubber/{number}/").status_code == 404


def test_every_deal_page_links_to_the_previous_and_next(client):
    html = client.get("/lessons/sample-rubber/4/").content.decode()
    assert 'href="/lessons/sample-rubber/3/"' in html
    assert 'href="/lessons/sample-rubber/5/"' in html
    last = client.get("/lessons/sample-rubber/8/").content.decode()
    assert 'href="/lessons/sample-rubber/result/"' in last


def test_result_page_shows_totals_difference_rounding_and_back_score(client):
    html = client.get("/lessons/sample-rubber/result/").content.decode()
    assert 'data-total="we">2380<' in html
    assert 'data-total="they">550<' in html
    assert "data-difference>1830<" in html
    assert "data-rubber-points>18<" in html
    back = dict(re.findall(r'data-player="([^"]+)">([^<]+)<', html))
    assert back == {
        "Mr Smith": "+18",
        "Mrs Smith": "−18",
        "Mr Jones": "+18",
        "Mrs Jones": "−18",
        "Charlie": "0",
    }


def test_result_page_says_an_18_rubber(client):
    html = client.get("/lessons/sample-rubber/result/").content.decode()
    # rules §8.1: 1830 rounds to 18, "an 18 rubber" for the men
    assert 'so this was "an 18 rubber" for the men' in html
    assert "a 18 rubber" not in html


@pytest.mark.parametrize(
    ("hundreds", "words"),
    [
        (18, "an 18 rubber"),  # rules §8.1, the sample rubber
        (-18, "an 18 rubber"),  # said the same from the losers' side
        (6, "a 6 rubber"),  # rules §8.3, the review quiz
        (16, "a 16 rubber"),  # rules §8.4, fifty rounds down
        (11, "an 11 rubber"),
        (8, "an 8 rubber"),
        (80, "an 80 rubber"),
        (1, "a 1 rubber"),
    ],
)
def test_a_rubbers_hundreds_are_said_with_the_right_article(hundreds, words):
    assert rubber_words(hundreds) == words


def test_result_page_names_who_plays_the_next_rubber(client):
    html = client.get("/lessons/sample-rubber/result/").content.decode()
    # Charlie replaces Mr Jones, who drew the second-lowest card.
    row = re.search(r'<tr class="is-next">(.*?)</tr>', html, re.S).group(1)
    assert "Charlie" in row and row.rstrip().endswith("<td>Mr Jones</td>")


def test_overview_shows_the_draw_in_order(client):
    html = client.get("/lessons/sample-rubber/").content.decode()
    order = re.findall(r'<tr><th scope="row">([^<]+)</th><td><span class="playing-card">', html)
    assert order == ["Mrs Smith", "Mrs Jones", "Mr Smith", "Mr Jones", "Charlie"]


def test_deals_are_stored_once_and_produce_the_documents_totals():
    rubber = deals.sample_rubber()
    assert (rubber.total("we"), rubber.total("they")) == (2380, 550)
