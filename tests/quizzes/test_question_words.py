"""Every question's expected answer is what its own words imply (issue 28, point 1).

For every kind of question, questions are drawn with fixed seeds and drawn as the page shows
them: the question's text, its sheet or traveller, its instruction and its boxes. A reader
for each kind takes the facts back out of those words alone (the contract, the tricks, who
declares, the vulnerability, the games each side holds, whether the rubber ends, what is
asked) and works the answer out a second way: by hand from the rules' tables for the simple
kinds, or by calling the engine afresh on the facts read. It must equal the kind's own
answer. A fact the answer needs and the words do not state fails the reader, not the
learner: "4NTXX, 11 tricks, declaring side vulnerable ... above the line" with nothing said
of the rubber cannot be read, so it cannot pass.
"""

from __future__ import annotations

import re

import pytest

from quizzes.kinds import KINDS
from tests.quizzes.question_words import reference
from tests.quizzes.question_words.page import Unstated, page_html, text_of
from tests.quizzes.question_words.readers import (
    READERS,
    check,
    check_sheets,
    read_answer,
    read_doubled_above,
    read_vulnerability_cost,
)

QUICK = 24
"""Questions of each kind in the quick run (with the course's early stages below)."""
SWEEP = 1000
"""Questions of each kind in the slow sweep."""


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "form", "score"),
    [
        ("2S", 8, False, "simplicity", 110),  # a Simplicity example of the rules (§8.5)
        ("4S", 10, False, "duplicate", 420),
        ("4H", 11, True, "duplicate", 650),
        ("6NT", 12, False, "duplicate", 990),
        ("7C", 13, True, "duplicate", 2140),
        ("7CX", 13, True, "duplicate", 2330),
        ("4SX", 11, True, "duplicate", 990),
        ("4H", 8, False, "duplicate", -100),
        ("3NTX", 9, False, "rubber", 200 + 50),  # rules §1: the doubled trick score
        ("4SX", 6, False, "rubber", -800),  # a rubber penalty of the rules' worked examples (§8)
        ("1HXX", 6, False, "rubber", -200),  # a rubber penalty of the rules' worked examples (§8)
    ],
)
def test_the_second_scorer_gives_the_rules_worked_figures(
    contract, tricks, vulnerable, form, score
):
    assert reference.score(contract, tricks, vulnerable, form=form) == score


def test_the_second_scorers_tables_give_the_rules_worked_figures():
    # docs/rules.md §9.1 and §9.3; rules §5's table.
    assert [reference.imps(d) for d in (19, 45, -45, 200, 4000)] == [0, 1, -1, 5, 24]
    assert reference.butler_datum([620, 420, 650, 420, -50, 200]) == 420
    assert reference.butler_datum([-415, -415, -415]) == -420
    assert reference.club_victory_points(1830) == (19, 1)
    assert reference.club_victory_points(40) == (10, 10)
    # docs/rules.md §9.5 and the README: 13 IMPs over 20 boards is 13.19 by the formula,
    # raised to 13.20; a margin of the blitz (15 × √20 = 67.08) or more is 20 to 0.
    assert reference.wbf_victory_points(33, 20, 20) == (13.2, 6.8)
    assert reference.wbf_victory_points(20, 33, 20) == (6.8, 13.2)
    assert reference.wbf_victory_points(0, 70, 20) == (0.0, 20.0)
    assert reference.wbf_victory_points(5, 5, 20) == (10.0, 10.0)


def test_a_chicago_chukker_by_the_second_scorer():
    # scoring/fourdeal.py's example: 3S making 10 by WE (deal 1), 3NT making 9 by THEY (deal 2,
    # THEY deal and are vulnerable): WE's part-score stays below; THEY's game takes 500.
    chukker = reference.Chukker(form="chicago", first_dealer="we")
    assert chukker.play("we", "3S", 10) == {"we": 120, "they": 0}
    assert chukker.play("they", "3NT", 9) == {"we": 0, "they": 600}
    assert chukker.below == {"we": 0, "they": 0}  # a game cancels both part-scores
    assert chukker.play("we", "2H", 8) == {"we": 60, "they": 0}  # deal 3: a part-score
    # Deal 4: THEY's 2C short of game takes the fourth deal's 100; WE's 60 earns nothing.
    assert chukker.play("they", "2C", 8) == {"we": 0, "they": 40 + 100}


def test_a_fourth_deal_part_score_that_completes_a_game_takes_the_game_bonus():
    chukker = reference.Chukker(form="cavendish", first_dealer="they")
    chukker.play("we", "2H", 8)
    chukker.play("they", "1NT", 7)
    chukker.play("they", "1NT", 7)
    assert chukker.play("we", "2C", 8) == {"we": 40 + 500, "they": 0}


def test_every_kind_has_a_reader():
    assert set(READERS) == set(KINDS)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_the_answer_is_what_the_questions_words_imply(key):
    check(KINDS[key], QUICK)


def test_each_step_of_fill_in_the_sheet_is_what_its_words_imply():
    check_sheets(6)


@pytest.mark.slow
def test_over_many_sheets_each_step_is_what_its_words_imply():
    check_sheets(120, start=10_000)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(KINDS))
def test_over_thousands_of_questions_the_answer_is_what_the_words_imply(key):
    check(KINDS[key], SWEEP, start=10_000)


# -- the readers refuse words that leave a needed fact out -------------------------------------

ISSUE_EXAMPLE = {"contract": "4NTXX", "over": 1, "vulnerable": True, "opponents_game": False}
"""The issue's own example: 4NTXX, 11 tricks, vulnerable, above the line (point 1)."""


def test_the_issues_example_reads_as_the_deal_that_wins_the_rubber_with_its_bonus():
    kind = KINDS["doubled_above"]
    assert read_answer(kind, ISSUE_EXAMPLE) == {"points": 400 + 100 + 700}
    assert kind.solve(ISSUE_EXAMPLE).answer == {"points": 1200}


@pytest.mark.parametrize(
    "left_out",
    [
        r"The opponents have <strong>not won a game</strong>\.",  # the opponents' games
        r"Count the rubber bonus too\.",  # whether the bonus counts
    ],
)
def test_words_that_leave_out_what_the_rubber_bonus_needs_cannot_be_read(left_out):
    markup = page_html(KINDS["doubled_above"], ISSUE_EXAMPLE)
    assert re.search(left_out, markup)
    markup = re.sub(left_out, "", markup)
    with pytest.raises(Unstated):
        read_doubled_above(text_of(markup), markup)


def test_a_sheet_read_without_its_game_line_gives_another_answer():
    # WE made a game (4S), so are vulnerable: 1 down undoubled costs 100, not 50.
    kind = KINDS["vulnerability_cost"]
    situation = {
        "history": [{"declarer": "we", "contract": "4S", "tricks": 10}],
        "deal": {"declarer": "we", "contract": "2H", "tricks": 7},
    }
    markup = page_html(kind, situation)
    assert (
        read_answer(kind, situation)
        == kind.solve(situation).answer
        == {
            "vulnerable": "we",
            "penalty": 100,
        }
    )
    without = re.sub(r'<tr class="sheet-table__game-line">.*?</tr>', "", markup, flags=re.S)
    assert read_vulnerability_cost(text_of(without), without) == {
        "vulnerable": "none",
        "penalty": 50,
    }
