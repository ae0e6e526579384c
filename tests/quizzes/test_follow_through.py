"""Follow-through marking: a box worked out from other boxes (a rubber's difference from its
totals, the result from the difference) is judged against what the learner's own boxes give
it, so that one slip counts as one mistake, not one for every box after it."""

import random

import pytest

from quizzes.grading import grade
from quizzes.kinds import KINDS, kind_for
from scoring import round_to_hundreds
from scoring.sheet import PlayedDeal

TOTAL = kind_for("rubber_total")
# WE 1NT made with three over (40 below, 90 above), WE 3C four down (200 to THEY); play
# stops with WE's part-score alone in the game: 100 more to WE. WE 230, THEY 200.
SHEET = {
    "history": [PlayedDeal("we", "1NT", 10).as_data(), PlayedDeal("we", "3C", 5).as_data()],
    "finished": False,
}


def _marks(result):
    return {mark.name: mark for mark in result.marks}


def test_the_example_sheet_is_we_230_they_200_a_difference_of_30_and_no_hundreds():
    assert TOTAL.solve(SHEET).answer == {
        "we_total": 230,
        "they_total": 200,
        "difference": 30,
        "hundreds": 0,
    }


def test_a_wrong_total_is_one_slip_the_difference_and_result_from_it_are_credited():
    given = {"we_total": 230, "they_total": 300, "difference": 70, "hundreds": 1}
    result = grade(TOTAL, SHEET, given)
    marks = _marks(result)
    assert not result.correct, "a box is wrong, so the answer is"
    assert [m.name for m in result.marks if not m.right] == ["they_total"]
    assert marks["difference"].right and marks["difference"].follows
    assert marks["hundreds"].right and marks["hundreds"].follows
    assert not marks["we_total"].follows, "a box right on its own does not merely follow"
    # The engine's answer is still what each box is shown against.
    assert (marks["difference"].expected, marks["hundreds"].expected) == (30, 0)
    # Blamed on the total's own skill, and only it.
    assert result.blamed == TOTAL.box_skills(SHEET, "they_total") == ["rubber"]
    assert result.credit(TOTAL.skills(SHEET)) == ([], ["rubber"])


def test_a_difference_wrong_even_from_the_learners_own_totals_is_marked_wrong():
    given = {"we_total": 230, "they_total": 300, "difference": 530, "hundreds": 5}
    marks = _marks(grade(TOTAL, SHEET, given))
    assert not marks["difference"].right and not marks["difference"].follows
    assert not marks["they_total"].right
    # The result follows from the difference written, wrong as that is.
    assert marks["hundreds"].right and marks["hundreds"].follows


def test_a_result_that_follows_from_nothing_written_is_wrong():
    given = {"we_total": 230, "they_total": 300, "difference": 70, "hundreds": 7}
    marks = _marks(grade(TOTAL, SHEET, given))
    assert not marks["hundreds"].right
    assert marks["difference"].follows


def test_the_result_is_rounded_by_the_engines_rule_an_exact_50_up():
    given = {"we_total": 230, "they_total": 380, "difference": 150, "hundreds": 2}
    marks = _marks(grade(TOTAL, SHEET, given))
    assert round_to_hundreds(150) == 2
    assert marks["hundreds"].follows
    down = grade(TOTAL, SHEET, {**given, "hundreds": 1})
    assert not _marks(down)["hundreds"].right


def test_blank_boxes_give_nothing_to_follow_from():
    given = {"we_total": None, "they_total": 300, "difference": None, "hundreds": 1}
    result = grade(TOTAL, SHEET, given)
    assert not any(mark.follows for mark in result.marks)
    assert not _marks(result)["hundreds"].right


def _sheets(count):
    rng = random.Random(20261124)
    return [TOTAL.generate(rng) for _ in range(count)]


def _plain(result):
    return {mark.name: mark.given == mark.expected for mark in result.marks}


@pytest.mark.parametrize("situation", _sheets(200))
def test_with_the_totals_right_follow_through_marks_as_plain_marking_does(situation):
    """Property: worked from right boxes, a derived box gets the plain mark; the answer is
    right exactly when every box is the engine's."""
    right = TOTAL.solve(situation).answer
    rng = random.Random(str(situation))
    for _ in range(20):
        given = dict(right)
        given["difference"] = rng.choice((right["difference"], right["difference"] + 100, 0))
        given["hundreds"] = rng.choice(
            (right["hundreds"], right["hundreds"] + 1, round_to_hundreds(given["difference"]))
        )
        result = grade(TOTAL, situation, given)
        marks, plain = _marks(result), _plain(result)
        assert marks["difference"].right == plain["difference"]
        if plain["difference"]:
            assert {name: mark.right for name, mark in marks.items()} == plain
        assert result.correct == all(plain.values())


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_kinds_follow_through_from_the_right_answer_is_the_right_answer(key):
    """Follow-through can never credit a box whose own boxes are right but which is wrong."""
    kind, rng = kind_for(key), random.Random(key)
    for _ in range(30):
        situation = kind.generate(rng)
        right = kind.solve(situation).answer
        implied = kind.follow_through(situation, right)
        assert implied == {name: right[name] for name in implied}


DEAL = kind_for("rubber_deal")
ASKS = ["game", "rubber_over", "vulnerable"]


def _deal_situation(history, deal):
    return {"history": [d.as_data() for d in history], "deal": deal.as_data(), "asks": ASKS}


def test_a_game_missed_is_one_slip_who_is_vulnerable_then_follows_from_it():
    situation = _deal_situation([], PlayedDeal("we", "4H", 10))
    assert DEAL.solve(situation).answer["vulnerable"] == "we"
    given = {**DEAL.solve(situation).answer, "game": "no", "vulnerable": "none"}
    result = grade(DEAL, situation, given)
    marks = _marks(result)
    assert not result.correct
    assert [m.name for m in result.marks if not m.right] == ["game"]
    assert marks["vulnerable"].follows
    assert result.blamed == ["games"], "the game's skill, not vulnerability"
    # Nobody vulnerable follows from no game; THEY vulnerable follows from nothing.
    wrong = grade(DEAL, situation, {**given, "vulnerable": "they"})
    assert not _marks(wrong)["vulnerable"].right
    assert "vulnerability" in wrong.blamed


def test_a_game_seen_where_there_is_none_ends_the_rubber_as_the_learner_has_it():
    situation = _deal_situation([PlayedDeal("we", "4H", 10)], PlayedDeal("we", "2H", 8))
    right = DEAL.solve(situation).answer
    assert (right["game"], right["rubber_over"], right["vulnerable"]) == ("no", "no", "we")
    result = grade(DEAL, situation, {**right, "game": "yes", "rubber_over": "yes"})
    marks = _marks(result)
    assert [m.name for m in result.marks if not m.right] == ["game"]
    assert marks["rubber_over"].follows
    assert result.blamed == ["games"], "not the rubber's skill"


def test_a_game_seen_on_a_contract_that_failed_gives_nothing_to_follow_from():
    situation = _deal_situation([], PlayedDeal("we", "4H", 8))
    right = DEAL.solve(situation).answer
    result = grade(DEAL, situation, {**right, "game": "yes", "vulnerable": "we"})
    assert not _marks(result)["vulnerable"].right


@pytest.mark.parametrize("seed", range(100))
def test_with_the_game_box_right_a_deals_marks_are_the_plain_ones(seed):
    """Property: when the learner has the game right, rubber over and vulnerable get the
    plain mark, whatever else they wrote."""
    rng = random.Random(seed)
    situation = {**DEAL.generate(rng), "asks": ASKS}
    right = DEAL.solve(situation).answer
    assert DEAL.follow_through(situation, right) == {
        "rubber_over": right["rubber_over"],
        "vulnerable": right["vulnerable"],
    }
    for _ in range(10):
        given = {
            **right,
            "rubber_over": rng.choice(("yes", "no")),
            "vulnerable": rng.choice(("none", "we", "they", "both")),
            "we_below": rng.choice((right["we_below"], right["we_below"] + 30)),
        }
        result = grade(DEAL, situation, given)
        assert {n: m.right for n, m in _marks(result).items()} == _plain(result)
