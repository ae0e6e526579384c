"""A file's results as an assignment's questions (assignments.from_deals): no database."""

import pytest

from assignments.from_deals import (
    BoardResult,
    UnusableResult,
    question_of,
    questions_of,
    results_chosen,
)
from quizzes.kinds import kind_for


def _result(board, declarer="N", contract="4S", tricks=10, vulnerable=None, label=""):
    from scoring import board_conditions

    vulnerable = vulnerable or board_conditions(board)[1]
    return BoardResult(board, vulnerable, declarer, contract, tricks, label or f"B{board}")


@pytest.mark.parametrize(
    ("result", "score", "stated"),
    [
        (_result(1, "N", "3NT", 10), 430, False),  # board 1: nobody vulnerable
        (_result(2, "S", "4S", 9), -100, False),  # board 2: N-S vulnerable, one down
        (_result(2, "E", "3HX", 7), -300, False),  # E-W not vulnerable, two down doubled
        (_result(4, "W", "6NT", 12), 1440, False),  # board 4: both vulnerable
        (_result(1, "N", "4S", 10, vulnerable="both"), 620, True),  # the file's own: stated
    ],
)
def test_each_result_is_scored_by_the_engine_as_one_duplicate_deal(result, score, stated):
    question = question_of(result)
    assert question["kind"] == "duplicate_deal"
    assert kind_for(question["kind"]).solve(question["situation"]).answer == {"answer": score}
    assert question["situation"]["show_vulnerability"] is stated


@pytest.mark.parametrize(
    "result",
    [
        _result(1, "X"),
        _result(1, contract="8S"),
        _result(1, tricks=14),
        _result(1, vulnerable="ns"),
    ],
)
def test_a_result_the_engine_cannot_score_is_refused(result):
    with pytest.raises(UnusableResult):
        question_of(result)


def test_two_tables_with_the_same_result_make_one_question():
    same = [_result(1, label="table 1"), _result(1, label="table 2"), _result(1, tricks=9)]
    assert [r.label for r in results_chosen(same)] == ["table 1", "B1"]


def test_past_the_limit_every_board_is_asked_before_any_twice():
    results = [_result(b, tricks=t) for b in (1, 2, 3) for t in (8, 9, 10)]
    chosen = results_chosen(results, limit=4)
    assert [(r.board, r.tricks) for r in chosen] == [(1, 8), (1, 9), (2, 8), (3, 8)]


def test_an_unusable_result_does_not_take_a_usable_ones_place():
    results = [_result(1, tricks=14), _result(2), _result(3)]
    assert [q["label"] for q in questions_of(results, limit=2)] == ["B2", "B3"]


def test_the_modules_docstring_examples_run():
    import doctest

    from assignments import from_deals

    result = doctest.testmod(from_deals)
    assert result.failed == 0 and result.attempted > 0
