"""The slips of the beginner's walk that feedback used to leave unnamed.

Each wrong answer below shows exactly one slip a beginner made, on the question where it was
seen; the site must name the misunderstanding behind it (rules from docs/rules.md, section
given by each test), count it against that misunderstanding's skill, and name nothing of the
kind for the right answer or for a different slip.
"""

import pytest

from quizzes.grading import grade
from quizzes.kinds import KINDS
from quizzes.skills import MISTAKE_SKILLS
from scoring import MISTAKES, PlayedDeal


def _deal(declarer, contract, tricks) -> dict:
    return PlayedDeal(declarer, contract, tricks).as_data()


def _named(kind: str, situation: dict, answer: dict) -> list[str]:
    return grade(KINDS[kind], situation, answer).mistake_keys


# -- (a) a suit scored at the other suits' trick value (rules §1) -------------------------


def test_hearts_at_20_a_trick_is_named_suit_trick_values_swapped():
    s = {"deal": _deal("they", "3H", 9)}
    assert KINDS["trick_value"].solve(s).answer == {"points": 90}
    result = grade(KINDS["trick_value"], s, {"points": 60})
    assert result.mistake_keys == ["suit_trick_values_swapped"]
    assert result.blamed == ["trick_score"]


def test_a_minor_at_30_a_trick_is_named_suit_trick_values_swapped():
    s = {"deal": _deal("we", "3D", 9)}
    assert KINDS["trick_value"].solve(s).answer == {"points": 60}
    assert _named("trick_value", s, {"points": 90}) == ["suit_trick_values_swapped"]


def test_a_doubled_suit_at_the_other_value_is_named_too():
    # 2SX: 2 x 30 doubled = 120; at 20 a trick, 80.
    s = {"deal": _deal("we", "2SX", 8)}
    assert KINDS["trick_value"].solve(s).answer == {"points": 120}
    assert _named("trick_value", s, {"points": 80}) == ["suit_trick_values_swapped"]


# Doubled by mistake is asked on 4H (4 x 30 x 2 = 240): on 3H its 180 is also 9 tricks at 20,
# every trick counted and the suits swapped, two slips the site may name together.
@pytest.mark.parametrize(
    ("contract", "answer"),
    [("3H", 90), ("3H", 100), ("4H", 240), ("3NT", 90), ("3NT", 120)],
    ids=["right", "unrelated-figure", "doubled-by-mistake", "notrump-all-30", "notrump-all-40"],
)
def test_suit_trick_values_swapped_is_not_named_for_a_right_answer_or_another_slip(
    contract, answer
):
    s = {"deal": _deal("they", contract, 6 + int(contract[0]))}
    assert "suit_trick_values_swapped" not in _named("trick_value", s, {"points": answer})


# -- (b) undoubled overtricks made worth more when vulnerable (rules §1) -------------------


def test_120_for_the_overtricks_of_two_spades_plus_two_vulnerable_is_named():
    s = {"contract": "2S", "over": 2, "vulnerable": True}
    assert KINDS["overtrick_value"].solve(s).answer == {"points": 60}
    result = grade(KINDS["overtrick_value"], s, {"points": 120})
    assert result.mistake_keys == ["vulnerable_overtricks_doubled"]
    assert result.blamed == ["overtricks"]


@pytest.mark.parametrize(
    ("situation", "answer"),
    [
        ({"contract": "2S", "over": 2, "vulnerable": True}, 60),  # right
        ({"contract": "2S", "over": 2, "vulnerable": True}, 40),  # spades at 20: another slip
        ({"contract": "2S", "over": 2, "vulnerable": True}, 400),  # the doubled scale
        ({"contract": "2S", "over": 2, "vulnerable": False}, 120),  # nothing to double: NV
        ({"contract": "2SX", "over": 2, "vulnerable": True}, 120),  # doubled at trick value
    ],
    ids=["right", "spades-at-20", "doubled-scale", "not-vulnerable", "doubled-contract"],
)
def test_vulnerable_overtricks_doubled_is_not_named_for_a_right_answer_or_another_slip(
    situation, answer
):
    named = _named("overtrick_value", situation, {"points": answer})
    assert "vulnerable_overtricks_doubled" not in named


def test_doubled_overtricks_at_trick_value_is_still_named_on_a_doubled_contract():
    s = {"contract": "2SX", "over": 2, "vulnerable": True}
    assert _named("overtrick_value", s, {"points": 120}) == ["doubled_overtricks_at_trick_value"]


# -- (c) WE and THEY swapped when reading who is vulnerable (rules §2) ---------------------


def _rubber(*deals) -> dict:
    return {"variant": "rubber", "history": [_deal(*deal) for deal in deals]}


def test_we_only_with_only_theys_game_on_the_sheet_is_named_vulnerable_side_swapped():
    s = _rubber(("they", "4S", 10))
    assert KINDS["vulnerability"].solve(s).answer == {"vulnerable": "they"}
    result = grade(KINDS["vulnerability"], s, {"vulnerable": "we"})
    assert result.mistake_keys == ["vulnerable_side_swapped"]
    assert "vulnerability" in result.blamed


def test_they_only_with_only_wes_game_is_named_too():
    s = _rubber(("we", "3NT", 9), ("they", "2H", 8))
    assert KINDS["vulnerability"].solve(s).answer == {"vulnerable": "we"}
    assert _named("vulnerability", s, {"vulnerable": "they"}) == ["vulnerable_side_swapped"]


@pytest.mark.parametrize(
    ("history", "answer"),
    [
        ((("they", "4S", 10),), "they"),  # right
        ((("they", "4S", 10),), "both"),  # another slip
        ((("they", "4S", 10),), "none"),  # another slip
        ((), "both"),  # no game yet: swapping sides changes nothing
        ((("we", "4S", 10), ("they", "5D", 11)), "none"),  # a game each
    ],
    ids=["right", "both", "none", "no-game-yet", "a-game-each"],
)
def test_vulnerable_side_swapped_is_not_named_for_a_right_answer_or_another_slip(history, answer):
    s = _rubber(*history)
    assert "vulnerable_side_swapped" not in _named("vulnerability", s, {"vulnerable": answer})


# -- (d) the penalty in the declaring side's column (rules §1 and §2) ----------------------


def test_the_penalty_in_the_declarers_column_is_named():
    s = {"deal": _deal("they", "3H", 7)}  # two down: WE defended
    assert KINDS["line_place"].solve(s).answer == {"penalty_place": "we_above"}
    result = grade(KINDS["line_place"], s, {"penalty_place": "they_above"})
    assert result.mistake_keys == ["penalty_in_declarers_column"]
    assert result.blamed == ["sheet"]


@pytest.mark.parametrize("answer", ["we_above", "we_below"], ids=["right", "below"])
def test_penalty_in_declarers_column_is_not_named_for_a_right_answer_or_another_slip(answer):
    s = {"deal": _deal("they", "3H", 7)}
    assert "penalty_in_declarers_column" not in _named("line_place", s, {"penalty_place": answer})


def test_a_penalty_below_the_line_in_the_declarers_column_names_both_slips():
    s = {"deal": _deal("they", "3H", 7)}
    assert _named("line_place", s, {"penalty_place": "we_below"}) == ["penalty_below_the_line"]
    assert _named("line_place", s, {"penalty_place": "they_below"}) == [
        "penalty_in_declarers_column",
        "penalty_below_the_line",
    ]


def test_a_made_contract_never_names_the_penalty_slip():
    s = {"deal": _deal("we", "2S", 9)}
    answer = {"trick_score_place": "we_below", "extra_place": "we_below"}
    assert _named("line_place", s, answer) == ["overtricks_below_the_line"]


# -- each new misunderstanding: a plain name, a rule, and its skill ------------------------


@pytest.mark.parametrize(
    ("key", "skill"),
    [
        ("suit_trick_values_swapped", "trick_score"),
        ("vulnerable_overtricks_doubled", "overtricks"),
        ("vulnerable_side_swapped", "vulnerability"),
        ("penalty_in_declarers_column", "sheet"),
    ],
)
def test_each_new_misunderstanding_is_worded_and_counts_against_its_skill(key, skill):
    mistake = MISTAKES[key]
    assert mistake.name.startswith("You ") and mistake.name.endswith(".")
    assert mistake.explanation.endswith(".")
    assert MISTAKE_SKILLS[key] == skill


# -- the same two slips on a whole duplicate deal (rules §1 and §4) -----------------------


def _duplicate(contract, tricks, vulnerable) -> dict:
    deal = {"board": 1, "declarer": "N", "contract": contract, "tricks": tricks}
    return {"form": "duplicate", "deal": deal, "vulnerable": vulnerable, "show_vulnerability": True}


def test_a_duplicate_deal_names_hearts_scored_at_20_a_trick():
    # 4H made vulnerable: 120 + 500 game = 620. At 20 a trick: 80 + 50 for a part-score.
    s = _duplicate("4H", 10, True)
    assert KINDS["duplicate_deal"].solve(s).answer == {"answer": 620}
    assert _named("duplicate_deal", s, {"answer": 130}) == ["suit_trick_values_swapped"]
    assert "suit_trick_values_swapped" not in _named("duplicate_deal", s, {"answer": 120})


def test_a_duplicate_deal_names_vulnerable_overtricks_counted_twice():
    # 4H + 1 vulnerable with the overtrick at 60: 680.
    s = _duplicate("4H", 11, True)
    assert _named("duplicate_deal", s, {"answer": 680}) == ["vulnerable_overtricks_doubled"]
    assert _named("duplicate_deal", _duplicate("4H", 11, False), {"answer": 480}) == []
