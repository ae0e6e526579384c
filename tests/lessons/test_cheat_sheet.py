"""The cheat sheet: every table and figure on it agrees with how the engine scores.

The sheet is read as a screen reader meets it (what is aria-hidden is left out), and
each value is compared with what the engine does when it scores a deal, a rubber, a
chukker or a board: not with the constants the sheet's tables are built from. A digit
anywhere else on the sheet fails the test, so no figure can be typed in by hand.
"""

import re
from html.parser import HTMLParser

import pytest

from lessons import deals
from scoring import (
    HONORS,
    SIT_OUT_VP,
    Contract,
    Doubling,
    FourDeal,
    InvalidHonors,
    Kind,
    Rubber,
    Strain,
    board_conditions,
    other,
    round_to_hundreds,
    score_board,
    score_deal,
    tables,
    victory_points,
)

pytestmark = pytest.mark.django_db

VOID_TAGS = {"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}


class CheatSheet(HTMLParser):
    """The sheet's tables (cell text by row), its data-figure values, and all other text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = {}
        self.figures = {}
        self.loose_text = []
        self._stack = []
        self._table = self._row = self._cell = None

    def _inside(self, flag):
        return next((entry[flag] for entry in reversed(self._stack) if entry[flag]), None)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        entry = {
            "tag": tag,
            "hidden": attrs.get("aria-hidden") == "true" or bool(self._inside("hidden")),
            "figure": attrs.get("data-figure"),
            "contract": "contract" in (attrs.get("class") or "").split(),
            "caption": tag == "caption",
        }
        if entry["figure"]:
            self.figures[entry["figure"]] = {"text": "", **attrs}
        if tag == "table":
            self._table = {"caption": "", "head": [], "rows": []}
            self.tables[attrs.get("data-table")] = self._table
        elif tag == "tr" and self._table is not None:
            self._row = []
            in_head = any(e["tag"] == "thead" for e in self._stack)
            self._table["head" if in_head else "rows"].append(self._row)
        elif tag in ("th", "td") and self._row is not None:
            self._cell = []
            self._row.append(self._cell)
        if tag not in VOID_TAGS:
            self._stack.append(entry)

    def handle_endtag(self, tag):
        while self._stack:
            entry = self._stack.pop()
            if entry["tag"] == tag:
                break
        if tag in ("th", "td") and self._cell is not None:
            self._row[-1] = " ".join("".join(self._cell).split())
            self._cell = None
        elif tag == "table":
            self._table = self._row = None

    def handle_data(self, data):
        figure = self._inside("figure")
        if figure:
            self.figures[figure]["text"] += data
        elif self._inside("caption") and self._table is not None:
            self._table["caption"] += data
        elif self._cell is not None:
            if not self._inside("hidden"):
                self._cell.append(data)
        elif self._table is None and not self._inside("contract"):
            self.loose_text.append(data)


@pytest.fixture
def sheet(client):
    html = client.get("/lessons/cheat-sheet/").content.decode()
    part = html.split('<div class="cheat-sheet">', 1)[1].split("</main>", 1)[0]
    parser = CheatSheet()
    parser.feed(part)
    return parser


def _rows(sheet, name):
    """{row heading: [cells]} of a table on the sheet."""
    return {row[0]: row[1:] for row in sheet.tables[name]["rows"]}


def _figure(sheet, name) -> int:
    return int(sheet.figures[name]["text"])


def _one_value_in_every_form(value_in):
    """The value a rule has in every form the sheet covers; they must all agree."""
    values = {value_in(form) for form in tables.FORMS_COMPARED}
    assert len(values) == 1, f"the forms disagree: {values}"
    return values.pop()


def _cells(*values) -> list[str]:
    return [str(v) for v in values]


# -- Nothing typed by hand ----------------------------------------------------------------


def test_every_table_and_figure_on_the_sheet_is_checked_here(sheet):
    # A new table or figure needs its own check below before the sheet may show it.
    assert set(sheet.tables) == {
        "trick-score",
        "overtricks",
        "undertricks",
        "forms",
        "rubber-bonuses",
        "honors",
        "chukker-vulnerability",
        "board-grid",
        "victory-points",
    }
    assert set(sheet.figures) == {
        "game-points",
        "book",
        "tricks-needed",
        "board-cycle",
        "sit-out-vp",
        "sample-difference",
        "sample-hundreds",
        "review-difference",
        "review-up",
        "review-down",
    }


def test_no_digit_on_the_sheet_outside_the_engines_tables_and_figures(sheet):
    loose = "".join(sheet.loose_text)
    typed = re.findall(r".{0,30}\d.{0,30}", loose)
    assert not typed, f"figures typed by hand: {typed}"
    for name, table in sheet.tables.items():
        assert not re.search(r"\d", table["caption"]), f"{name} caption: {table['caption']!r}"


# -- One deal -----------------------------------------------------------------------------


def test_trick_score_table_is_what_the_engine_scores(sheet):
    rows = _rows(sheet, "trick-score")

    def per_trick(strain, doubling):
        # A grand slam made exactly: its trick score shared over its seven odd tricks.
        contract = Contract(7, strain, doubling)
        return _one_value_in_every_form(lambda f: score_deal(contract, 13, form=f).trick_score // 7)

    def notrump(level, doubling):
        contract = Contract(level, Strain.NOTRUMP, doubling)
        return _one_value_in_every_form(
            lambda f: score_deal(contract, 6 + level, form=f).trick_score
        )

    for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
        assert rows[strain.noun] == _cells(*(per_trick(strain, d) for d in Doubling)), strain
    assert rows["Notrump, first trick"] == _cells(*(notrump(1, d) for d in Doubling))
    further = [(notrump(7, d) - notrump(1, d)) // 6 for d in Doubling]
    assert rows["Notrump, each further trick"] == _cells(*further)
    assert len(rows) == 6


def test_overtrick_table_is_what_the_engine_scores(sheet):
    rows = _rows(sheet, "overtricks")
    groups = ((Strain.CLUBS, Strain.DIAMONDS), (Strain.HEARTS, Strain.SPADES), (Strain.NOTRUMP,))

    def each(strain, doubling, vulnerable):
        # Three bid, eleven taken: two overtricks.
        contract = Contract(3, strain, doubling)
        return _one_value_in_every_form(
            lambda f: score_deal(contract, 11, vulnerable, form=f).item("overtricks").points // 2
        )

    for doubling in Doubling:
        expected = []
        for strains in groups:
            for vulnerable in (False, True):
                values = {each(strain, doubling, vulnerable) for strain in strains}
                assert len(values) == 1, f"{strains} score overtricks differently"
                expected.append(values.pop())
        assert rows[doubling.word.capitalize()] == _cells(*expected), doubling
    assert len(rows) == len(Doubling)


def _penalty(down, doubling, vulnerable):
    contract = Contract(7, Strain.SPADES, doubling)
    return _one_value_in_every_form(
        lambda f: score_deal(contract, 13 - down, vulnerable, form=f).defender_points
    )


def test_undertrick_table_is_what_the_engine_scores(sheet):
    rows = _rows(sheet, "undertricks")
    assert list(rows) == _cells(*range(1, len(rows) + 1))
    for down in range(1, len(rows) + 1):
        expected = [_penalty(down, d, v) for d in Doubling for v in (False, True)]
        assert rows[str(down)] == _cells(*expected), f"{down} down"


def test_game_and_book_figures_are_how_the_engine_scores(sheet):
    game, book = _figure(sheet, "game-points"), _figure(sheet, "book")
    trick_scores = set()
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                made = score_deal(contract, book + level, form="rubber")
                assert made.made and made.overtricks == 0, contract
                assert score_deal(contract, book + level - 1, form="rubber").undertricks == 1
                assert made.completes_game == (made.trick_score >= game), contract
                trick_scores.add(made.trick_score)
    # The threshold is exact: one contract scores just that much, another just under it.
    assert game in trick_scores and game - 10 in trick_scores

    needed = sheet.figures["tricks-needed"]
    tricks = int(needed["text"])
    assert score_deal(needed["data-contract"], tricks).made
    assert not score_deal(needed["data-contract"], tricks - 1).made


# -- Bonuses ------------------------------------------------------------------------------


def _item_points(item_key, contract, tricks, **kwargs):
    def points(form, vulnerable):
        item = score_deal(contract, tricks, vulnerable, form=form, **kwargs).item(item_key)
        return item.points if item else None

    return points


def _honors_count(form, vulnerable):
    try:
        score_deal("4S", 10, vulnerable, form=form, honors="four_trumps")
    except InvalidHonors:
        return False
    return True


def _part_scores_carry_over(form, vulnerable):
    # 60 below the line, with 40 already there from an earlier deal.
    return score_deal("2S", 8, vulnerable, form=form, part_score=40).completes_game


FORM_ROWS = {
    "Game": _item_points("game_bonus", "3NT", 9),
    "Part-score contract": _item_points("part_score_bonus", "1C", 7),
    "Part-score on the fourth deal, no game": _item_points(
        "fourth_deal_bonus", "1C", 7, last_deal=True
    ),
    "Small slam bid and made": _item_points("slam_bonus", "6C", 12),
    "Grand slam bid and made": _item_points("slam_bonus", "7C", 13),
    "Making a doubled contract": _item_points("insult", "1CX", 7),
    "Making a redoubled contract": _item_points("insult", "1CXX", 7),
    "Honors count": _honors_count,
    "Part-scores carry over to the next deal": _part_scores_carry_over,
}


def _shown(not_vulnerable, vulnerable) -> str:
    """How the forms table writes a pair of values, as a screen reader reads it."""
    if isinstance(not_vulnerable, bool):
        assert not_vulnerable == vulnerable
        return "Yes" if not_vulnerable else "No"
    if not_vulnerable is None and vulnerable is None:
        return "none"
    if not_vulnerable == vulnerable:
        return str(not_vulnerable)
    return f"{not_vulnerable}/{vulnerable}"


def test_bonuses_in_each_form_are_what_the_engine_scores(sheet):
    table = sheet.tables["forms"]
    by_label = {tables.short_label(form): form for form in tables.FORMS_COMPARED}
    forms = [by_label[heading] for heading in table["head"][0][1:]]
    assert forms == list(tables.FORMS_COMPARED)
    rows = _rows(sheet, "forms")
    assert set(rows) == set(FORM_ROWS)
    for label, value_in in FORM_ROWS.items():
        expected = [_shown(value_in(form, False), value_in(form, True)) for form in forms]
        assert rows[label] == expected, label


def test_simplicity_keeps_the_insult_at_fifty_when_redoubled(sheet):
    # rules §6: the one bonus where Simplicity differs from Chicago.
    rows = _rows(sheet, "forms")
    simplicity = list(tables.FORMS_COMPARED).index("simplicity")
    assert rows["Making a redoubled contract"][simplicity] == "50"
    assert rows["Making a doubled contract"][simplicity] == "50"


def _rubber_bonus(*deals, finish=False):
    rubber = Rubber()
    for side, contract, tricks in deals:
        rubber.record(side, contract, tricks)
    if finish:
        rubber.finish()
    kinds = (Kind.RUBBER_BONUS, Kind.UNFINISHED_GAME, Kind.UNFINISHED_PART_SCORE)
    (bonus,) = [e.points for e in rubber.entries if e.item.kind in kinds]
    return bonus


GAME_WE, GAME_THEY, PART_SCORE_WE = ("we", "3NT", 9), ("they", "4S", 10), ("we", "1C", 7)
RUBBER_ROWS = {
    "Winning the rubber two games to none": lambda: _rubber_bonus(GAME_WE, GAME_WE),
    "Winning the rubber two games to one": lambda: _rubber_bonus(GAME_WE, GAME_THEY, GAME_WE),
    "The only game in an unfinished rubber": lambda: _rubber_bonus(GAME_WE, finish=True),
    "The only part-score in an unfinished game": lambda: _rubber_bonus(PART_SCORE_WE, finish=True),
}


def test_rubber_bonuses_are_what_a_played_rubber_scores(sheet):
    rows = _rows(sheet, "rubber-bonuses")
    assert set(rows) == set(RUBBER_ROWS)
    for label, play in RUBBER_ROWS.items():
        assert rows[label] == _cells(play()), label


def test_honors_are_what_the_engine_scores_in_every_form_that_counts_them(sheet):
    rows = _rows(sheet, "honors")
    assert len(rows) == len(HONORS)
    for key, (_, label, *_) in HONORS.items():
        contract = "3NT" if key == "four_aces" else "4S"
        for holder in ("declarer", "defenders"):
            points = {
                score_deal(contract, 9, form=f, honors=key, honors_side=holder)
                .item("honors")
                .points
                for f in tables.FORMS_COMPARED
                if _honors_count(f, False)
            }
            assert len(points) == 1
            assert rows[label] == _cells(*points), label


# -- Vulnerability, boards, victory points, the end -----------------------------------------


def _who_is_vulnerable(form, deal_number):
    """Played, not looked up: the dealer's side, then its opponents, go one down."""
    vulnerable = {}
    for declares in ("dealer", "opponents"):
        chukker = FourDeal(form=form, first_dealer="we")
        for _ in range(deal_number - 1):  # earlier deals: vulnerability goes by the number
            chukker.record("we", "1C", 7)
        dealer = chukker.dealer()
        declarer = dealer if declares == "dealer" else other(dealer)
        record = chukker.record(declarer, "1NT", 6)
        penalty = record.points(other(declarer))
        vulnerable[declares] = penalty == score_deal("1NT", 6, True).defender_points
    if vulnerable["dealer"] and vulnerable["opponents"]:
        return "Both"
    if vulnerable["dealer"]:
        return "Dealer's side"
    return "Dealer's opponents" if vulnerable["opponents"] else "Neither"


def test_four_deal_vulnerability_is_how_a_chukker_scores(sheet):
    table = sheet.tables["chukker-vulnerability"]
    by_label = {tables.short_label(form): form for form in tables.FORMS_COMPARED}
    by_label["Cavendish"] = "cavendish"
    columns = [heading.split(", ") for heading in table["head"][0][1:]]
    shown = [label for labels in columns for label in labels]
    assert sorted(shown) == ["Cavendish", "Chicago", "Simplicity"]
    rows = _rows(sheet, "chukker-vulnerability")
    assert list(rows) == ["1", "2", "3", "4"]
    for number, cells in rows.items():
        for labels, cell in zip(columns, cells, strict=True):
            for label in labels:
                assert cell == _who_is_vulnerable(by_label[label], int(number)), (label, number)


def _board_vulnerability(board):
    """Played, not looked up: each pair goes one down on the board."""
    one_down_vulnerable = score_deal("1NT", 6, True).defender_points
    ns = score_board(board, "N", "1NT", 6).ew == one_down_vulnerable
    ew = score_board(board, "E", "1NT", 6).ns == one_down_vulnerable
    return {(False, False): "none", (True, False): "NS", (False, True): "EW"}.get((ns, ew), "both")


def test_board_grid_is_how_the_engine_scores_each_board(sheet):
    cycle = _figure(sheet, "board-cycle")
    shown = {}
    for row in sheet.tables["board-grid"]["rows"]:
        for board, dealer, vulnerable in (row[:3], row[3:]):
            shown[int(board)] = (dealer, vulnerable)
    assert sorted(shown) == list(range(1, cycle + 1))
    for board, (dealer, vulnerable) in shown.items():
        assert dealer == score_board(board, "N", "1NT", 7).dealer, board
        assert vulnerable == _board_vulnerability(board), board
    # The cycle is exact: no two boards in it alike, and the next board is the first again.
    assert len(set(shown.values())) == cycle
    assert board_conditions(cycle + 1) == board_conditions(1)


def test_victory_points_bands_are_the_engines(sheet):
    bands = []
    for row in sheet.tables["victory-points"]["rows"]:
        low, high = re.fullmatch(r"(\d+) (?:to (\d+)|or more)", row[0]).groups()
        bands.append((int(low), int(high) if high else None, int(row[1]), int(row[2])))
    assert bands[0][0] == 0
    for (_, high, _, _), (next_low, *_) in zip(bands, bands[1:], strict=False):
        assert next_low == high + 10  # every score is a multiple of 10
    for low, high, winner, loser in bands:
        assert victory_points(low) == (winner, loser), low
        assert victory_points(high if high is not None else low * 100) == (winner, loser), high
        if low:
            assert victory_points(low - 10) != (winner, loser), low
    assert bands[-1][1] is None


def test_sitting_out_is_the_engines_figure(sheet):
    # The engine keeps it as a figure (ClubRound has no sitting-out pair to score).
    assert _figure(sheet, "sit-out-vp") == SIT_OUT_VP == 12  # rules §5


def test_rounding_is_the_engines_on_the_courses_rubbers(sheet):
    sample, review = deals.sample_rubber(), deals.review_quiz_rubber()
    # rules §8.1: the sample rubber is an 18 rubber; the review quiz's 550 is a 6 rubber.
    assert _figure(sheet, "sample-difference") == sample.difference == 1830
    assert _figure(sheet, "sample-hundreds") == round_to_hundreds(1830) == 18
    assert _figure(sheet, "review-difference") == review.difference == 550
    assert _figure(sheet, "review-up") == round_to_hundreds(550, fifty="up") == 6
    assert _figure(sheet, "review-down") == round_to_hundreds(550, fifty="down") == 5


def test_the_sheet_shows_the_documents_figures(sheet):
    # A few figures as docs/rules.md prints them, in case the engine itself goes wrong.
    assert _rows(sheet, "undertricks")["4"][2] == "800"  # 4 down doubled, not vulnerable
    assert _rows(sheet, "rubber-bonuses")["Winning the rubber two games to none"] == ["700"]
    assert _rows(sheet, "forms")["Grand slam bid and made"][0] == "1000/1500"
    assert _rows(sheet, "victory-points")["1550 or more"] == ["19", "1"]
    assert _figure(sheet, "game-points") == 100


def test_cheat_sheet_fits_a4_and_letter_without_forcing_a_paper_size():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/cheat-sheet.css").read_text()
    page_rules = re.findall(r"@page\s*{([^}]*)}", css)
    assert page_rules, "the cheat sheet sets its print margins"
    assert not any("size" in rule for rule in page_rules), "A4 or Letter: the printer's paper"
