"""Single-idea kinds: pinned answers from the engine, taught-only draws, and their pages.

Figures are checked against docs/rules.md §1 (one deal) and §2 (rubber bridge).
"""

import collections
import contextlib
import random

import pytest
from django.template.loader import render_to_string

from quizzes.grading import grade
from quizzes.kinds.facts import (
    PART_SCORES,
    PLACES,
    GameCheck,
    LinePlace,
    OvertrickValue,
    SlamBonus,
    TrickValue,
)
from quizzes.skills import COURSE, EVERYTHING, taught_through
from scoring import MISTAKES, Contract, PlayedDeal, Rubber, ScoringError, score_deal
from tests.draws import draws

LINE_PLACE, TRICK_VALUE, GAME_CHECK = LinePlace(), TrickValue(), GameCheck()
OVERTRICK_VALUE, SLAM_BONUS = OvertrickValue(), SlamBonus()
ALL = (LINE_PLACE, TRICK_VALUE, GAME_CHECK, OVERTRICK_VALUE, SLAM_BONUS)
SWEEP_SEEDS = range(draws(2000))


def _deal(declarer, contract, tricks):
    return PlayedDeal(declarer, contract, tricks).as_data()


def _answer(kind, situation, mistake=None):
    return kind.solve(situation, MISTAKES[mistake] if mistake else None).answer


# -- what every kind declares -------------------------------------------------------------


@pytest.mark.parametrize("kind", ALL, ids=lambda k: k.key)
def test_each_kind_is_a_single_idea_with_its_own_template(kind):
    assert kind.single_idea
    assert kind.template == f"quizzes/kinds/{kind.key}.html"
    assert set(kind.mistakes) <= set(MISTAKES)
    assert set(kind.requires) <= set(kind.possible_skills)


@pytest.mark.parametrize("kind", ALL, ids=lambda k: k.key)
def test_a_kind_is_not_available_before_the_lesson_it_requires(kind):
    (skill,) = kind.requires
    assert kind.available(taught_through(skill))
    earlier = COURSE.index(skill) - 1
    if earlier >= 0:
        assert not kind.available(taught_through(COURSE[earlier]))


# -- line_place: rules §2, below the line only the trick score for tricks bid and made --------


def test_line_place_trick_score_below_and_extra_tricks_above_in_the_declarers_column():
    s = {"deal": _deal("we", "3D", 10)}
    assert [f.name for f in LINE_PLACE.fields(s)] == ["trick_score_place", "extra_place"]
    assert _answer(LINE_PLACE, s) == {"trick_score_place": "we_below", "extra_place": "we_above"}


def test_line_place_made_exactly_asks_only_for_the_trick_score():
    s = {"deal": _deal("they", "2S", 8)}
    assert [f.name for f in LINE_PLACE.fields(s)] == ["trick_score_place"]
    assert _answer(LINE_PLACE, s) == {"trick_score_place": "they_below"}


def test_line_place_penalty_goes_above_the_line_in_the_defenders_column():
    s = {"deal": _deal("they", "4H", 9)}
    assert [f.name for f in LINE_PLACE.fields(s)] == ["penalty_place"]
    assert _answer(LINE_PLACE, s) == {"penalty_place": "we_above"}


def test_line_place_replays_overtricks_written_below_the_line():
    s = {"deal": _deal("we", "3D", 10)}
    assert [m.key for m in LINE_PLACE.applicable_mistakes(s)] == [
        "trick_score_above_the_line",
        "overtricks_below_the_line",
    ]
    assert _answer(LINE_PLACE, s, "overtricks_below_the_line")["extra_place"] == "we_below"
    exact = LINE_PLACE.applicable_mistakes({"deal": _deal("we", "3D", 9)})
    assert [m.key for m in exact] == ["trick_score_above_the_line"]


# -- trick_value: rules §1, 20 a minor trick, 30 a major, notrump 40 then 30; x2, x4 -----------


@pytest.mark.parametrize(
    "contract, points",
    [("3D", 60), ("1NT", 40), ("3NT", 100), ("4S", 120), ("2NTX", 140), ("4HXX", 480)],
)
def test_trick_value_pinned_contracts(contract, points):
    tricks = Contract.parse(contract).tricks_needed
    assert _answer(TRICK_VALUE, {"deal": _deal("we", contract, tricks)}) == {"points": points}


def test_trick_value_of_three_diamonds_is_60():
    assert _answer(TRICK_VALUE, {"deal": _deal("we", "3D", 9)}) == {"points": 60}


def test_trick_value_replays_notrump_tricks_all_at_30_or_all_at_40():
    s = {"deal": _deal("they", "3NT", 9)}
    assert _answer(TRICK_VALUE, s, "notrump_all_30") == {"points": 90}
    assert _answer(TRICK_VALUE, s, "notrump_all_40") == {"points": 120}
    one = {"deal": _deal("they", "1NT", 7)}
    keys = [m.key for m in TRICK_VALUE.applicable_mistakes(one)]
    assert keys == ["book_tricks_counted", "notrump_all_30"]
    # A suit contract cannot show a notrump slip (rules §1: 20 minors, 30 majors).
    suit = TRICK_VALUE.applicable_mistakes({"deal": _deal("we", "4H", 10)})
    assert [m.key for m in suit] == ["book_tricks_counted", "suit_trick_values_swapped"]


def test_trick_value_names_every_trick_counted_not_only_those_over_the_book():
    # 2H made: 2 tricks over the book, 2 x 30 = 60. Counting all 8 tricks gives 8 x 30 = 240.
    s = {"deal": _deal("we", "2H", 8)}
    assert _answer(TRICK_VALUE, s) == {"points": 60}
    assert _answer(TRICK_VALUE, s, "book_tricks_counted") == {"points": 240}
    result = grade(TRICK_VALUE, s, {"points": 240})
    assert result.mistake_keys == ["book_tricks_counted"]
    assert result.blamed == ["trick_score"]
    explanation = MISTAKES["book_tricks_counted"].explanation
    assert "first six tricks (the book) score nothing" in explanation
    # At notrump the first trick is still 40: 1NT counted as 7 tricks is 40 + 6 x 30.
    one = {"deal": _deal("we", "1NT", 7)}
    assert _answer(TRICK_VALUE, one, "book_tricks_counted") == {"points": 220}


def test_trick_value_of_a_doubled_contract_exercises_doubles():
    assert TRICK_VALUE.skills({"deal": _deal("we", "2NTX", 8)}) == ["trick_score", "doubles"]
    assert TRICK_VALUE.skills({"deal": _deal("we", "2NT", 8)}) == ["trick_score"]


# -- game_check: rules §2, 100 below the line, in one deal or by adding part-scores ----------


def _game_check(history, deal):
    return {"history": [_deal(*d) for d in history], "deal": _deal(*deal)}


def test_game_check_two_part_scores_add_up_to_a_game():
    # 2H (60) then 2S (60): 120 below the line.
    s = _game_check([("we", "2H", 8)], ("we", "2S", 8))
    assert _answer(GAME_CHECK, s) == {"game": "yes"}


def test_game_check_a_part_score_alone_is_no_game():
    assert _answer(GAME_CHECK, _game_check([], ("we", "2S", 8))) == {"game": "no"}


def test_game_check_the_opponents_game_made_the_old_part_score_dead():
    s = _game_check([("we", "2H", 8), ("they", "4S", 10)], ("we", "2S", 8))
    assert _answer(GAME_CHECK, s) == {"game": "no"}
    assert "part_score_not_cancelled" in [m.key for m in GAME_CHECK.applicable_mistakes(s)]
    assert _answer(GAME_CHECK, s, "part_score_not_cancelled") == {"game": "yes"}


def test_game_check_game_contracts_and_a_doubled_two_spades_are_games():
    for deal in (("they", "3NT", 9), ("we", "4H", 10), ("we", "5D", 11), ("we", "2SX", 8)):
        assert _answer(GAME_CHECK, _game_check([], deal)) == {"game": "yes"}, deal


def test_game_check_overtricks_do_not_count_toward_game():
    # 3H making 10: 90 below the line, 30 above.
    s = _game_check([], ("we", "3H", 10))
    assert _answer(GAME_CHECK, s) == {"game": "no"}
    assert _answer(GAME_CHECK, s, "overtricks_below_the_line") == {"game": "yes"}


def test_game_check_three_notrump_is_no_game_for_a_learner_counting_every_trick_at_30():
    s = _game_check([], ("we", "3NT", 9))
    assert _answer(GAME_CHECK, s, "notrump_all_30") == {"game": "no"}


def test_game_check_asks_about_the_declaring_side():
    (field,) = GAME_CHECK.fields(_game_check([], ("they", "1NT", 7)))
    assert field.label == "Does this deal give THEY a game?"


def test_game_check_part_score_contracts_are_part_scores():
    for contract in PART_SCORES:
        result = score_deal(contract, Contract.parse(contract).tricks_needed, form="rubber")
        assert not result.completes_game, contract


@pytest.mark.parametrize("skill", ["games", "overtricks", "rubber", "victory_points"])
def test_game_check_answers_yes_and_no_each_at_least_30_percent(skill):
    answers = collections.Counter(
        _answer(GAME_CHECK, GAME_CHECK.generate(random.Random(seed), taught_through(skill)))["game"]
        for seed in range(500)
    )
    assert answers["yes"] >= 150 and answers["no"] >= 150, answers


def test_game_check_draws_part_scores_that_add_up_and_part_scores_made_dead():
    adds_up = dead = 0
    for seed in range(500):
        s = GAME_CHECK.generate(random.Random(seed), taught_through("games"))
        solution = GAME_CHECK.solve(s)
        deal = PlayedDeal.from_data(s["deal"])
        alone = score_deal(deal.contract, deal.tricks, form="rubber")
        adds_up += solution.answer["game"] == "yes" and not alone.completes_game
        believed = _answer(GAME_CHECK, s, "part_score_not_cancelled")
        dead += believed != solution.answer
    assert adds_up >= 25
    assert dead >= 25


# -- overtrick_value: rules §1, trick value undoubled; 100/200 doubled, 200/400 redoubled ------


@pytest.mark.parametrize(
    "contract, over, vulnerable, points",
    [
        ("3DX", 1, True, 200),
        ("3D", 2, False, 40),
        ("3NT", 2, True, 60),
        ("4S", 1, False, 30),
        ("2CX", 2, False, 200),
        ("4HXX", 1, False, 200),
        ("4HXX", 2, True, 800),
    ],
)
def test_overtrick_value_pinned(contract, over, vulnerable, points):
    s = {"contract": contract, "over": over, "vulnerable": vulnerable}
    assert _answer(OVERTRICK_VALUE, s) == {"points": points}


def test_overtrick_value_of_one_overtrick_in_three_diamonds_doubled_vulnerable_is_200():
    s = {"contract": "3DX", "over": 1, "vulnerable": True}
    assert _answer(OVERTRICK_VALUE, s) == {"points": 200}
    assert _answer(OVERTRICK_VALUE, s, "doubled_overtricks_at_trick_value") == {"points": 40}
    assert _answer(OVERTRICK_VALUE, s, "vulnerability_reversed") == {"points": 100}
    assert OVERTRICK_VALUE.skills(s) == ["overtricks", "doubles", "vulnerability"]


def test_overtrick_value_at_notrump_replays_every_trick_at_40():
    s = {"contract": "3NT", "over": 2, "vulnerable": False}
    assert [m.key for m in OVERTRICK_VALUE.applicable_mistakes(s)] == ["notrump_all_40"]
    assert _answer(OVERTRICK_VALUE, s, "notrump_all_40") == {"points": 80}
    assert OVERTRICK_VALUE.skills(s) == ["overtricks"]


# -- slam_bonus: rules §1, 500/750 small, 1000/1500 grand, bid and made ------------------------


@pytest.mark.parametrize(
    "contract, tricks, vulnerable, points",
    [
        ("6H", 12, True, 750),
        ("6S", 12, False, 500),
        ("7NT", 13, False, 1000),
        ("7C", 13, True, 1500),
        ("6C", 13, False, 500),
    ],
)
def test_slam_bonus_pinned(contract, tricks, vulnerable, points):
    s = {"deal": _deal("we", contract, tricks), "vulnerable": vulnerable}
    assert _answer(SLAM_BONUS, s) == {"points": points}


def test_slam_bonus_small_slam_vulnerable_is_750_and_grand_not_vulnerable_is_1000():
    small = {"deal": _deal("we", "6H", 12), "vulnerable": True}
    grand = {"deal": _deal("they", "7D", 13), "vulnerable": False}
    assert _answer(SLAM_BONUS, small) == {"points": 750}
    assert _answer(SLAM_BONUS, grand) == {"points": 1000}


def test_slam_bonus_replays_a_grand_slam_bonus_for_tricks_not_bid():
    s = {"deal": _deal("we", "6C", 13), "vulnerable": False}
    assert _answer(SLAM_BONUS, s, "slam_for_tricks_taken") == {"points": 1000}
    assert _answer(SLAM_BONUS, s, "slam_bonus_missed") == {"points": 0}
    exact = {"deal": _deal("we", "6C", 12), "vulnerable": False}
    keys = [m.key for m in SLAM_BONUS.applicable_mistakes(exact)]
    assert "slam_for_tricks_taken" not in keys


# -- draws: nothing beyond what is taught, and always answerable -----------------------------


def _drawn(kind, s):
    """Every (contract, tricks, honors) the learner is shown, and whether extras are allowed."""
    if kind is OVERTRICK_VALUE:
        contract = Contract.parse(s["contract"])
        return [(contract, contract.tricks_needed + s["over"], None)]
    deals = [PlayedDeal.from_data(d) for d in (*s.get("history", ()), s["deal"])]
    return [(Contract.parse(d.contract), d.tricks, d.honors) for d in deals]


def _check_taught(kind, s, taught):
    for contract, tricks, honors in _drawn(kind, s):
        needed = contract.tricks_needed
        assert not contract.doubling.value or "doubles" in taught, s
        assert contract.level < 6 or "slams" in taught, s
        assert tricks >= needed or "undertricks" in taught, s
        # Lesson 1 shows extra tricks going above the line before their value is taught.
        assert tricks <= needed or "overtricks" in taught or kind is LINE_PLACE, s
        assert not honors or "honors" in taught, s
    if kind is GAME_CHECK:
        rubber = Rubber()
        records = rubber.record_all(_drawn_deals(s))
        assert not records[-1].ends_rubber or "rubber" in taught, s
        assert not any(r.ends_rubber for r in records[:-1]), s


def _drawn_deals(s):
    return [PlayedDeal.from_data(d) for d in (*s["history"], s["deal"])]


def _check_answerable(kind, s, taught):
    solution = kind.solve(s)
    fields = kind.fields(s)
    assert {f.name for f in fields} == set(solution.answer), s
    for field in fields:
        value = solution.answer[field.name]
        if field.type == "choice":
            assert value in dict(field.choices), s
        else:
            assert isinstance(value, int) and value >= 0, s
    assert solution.items, s
    skills = kind.skills(s)
    assert set(skills) <= set(kind.possible_skills) & taught, s
    assert set(kind.attributes(s).values()).isdisjoint(solution.answer.values()), s
    for mistake in kind.applicable_mistakes(s):
        assert mistake.key in kind.mistakes
        # A belief may not replay on this sheet (grading then skips it), but nothing else fails.
        with contextlib.suppress(ScoringError):
            kind.solve(s, mistake)


SWEEP = [(kind, skill) for kind in ALL for skill in COURSE[COURSE.index(kind.requires[0]) :]]


@pytest.mark.parametrize("kind, skill", SWEEP, ids=lambda v: getattr(v, "key", v))
def test_draws_need_nothing_beyond_the_skills_taught_and_can_be_answered(kind, skill):
    taught = taught_through(skill)
    for seed in SWEEP_SEEDS:
        s = kind.generate(random.Random(seed), taught)
        _check_taught(kind, s, taught)
        _check_answerable(kind, s, taught)


@pytest.mark.parametrize("kind", ALL, ids=lambda k: k.key)
def test_the_same_seed_gives_the_same_situation(kind):
    for taught in (taught_through(kind.requires[0]), EVERYTHING):
        for seed in (0, 1, 99, 2**40 + 7):
            assert kind.generate(random.Random(seed), taught) == kind.generate(
                random.Random(seed), taught
            )
        drawn = {repr(kind.generate(random.Random(seed), taught)) for seed in range(50)}
        assert len(drawn) > 10


def test_line_place_draws_failed_contracts_once_undertricks_are_taught():
    def outcomes(taught):
        seen = set()
        for seed in range(300):
            deal = LINE_PLACE.generate(random.Random(seed), taught)["deal"]
            needed = Contract.parse(deal["contract"]).tricks_needed
            seen.add((deal["tricks"] > needed) - (deal["tricks"] < needed))
        return seen

    assert outcomes(taught_through("sheet")) == {0, 1}
    assert outcomes(taught_through("undertricks")) == {-1, 0, 1}


def test_overtrick_value_and_trick_value_draw_doubled_contracts_once_doubles_are_taught():
    for kind in (OVERTRICK_VALUE, TRICK_VALUE):
        drawn = [kind.generate(random.Random(seed), EVERYTHING) for seed in range(300)]
        doublings = {_drawn(kind, s)[0][0].doubling.value for s in drawn}
        assert doublings == {"", "X", "XX"}


# -- pages: the situation is shown, the answer is not ----------------------------------------


def _page(kind, s):
    return render_to_string(kind.template, {"q": {"s": s, "prompt": kind.prompt(s), "kind": kind}})


def test_line_place_page_shows_the_contract_and_no_place():
    html = _page(LINE_PLACE, {"deal": _deal("we", "3D", 10)})
    assert "3 diamonds" in html and "10" in html and "1 extra trick" in html
    for _, label in PLACES:
        assert label not in html


def test_trick_value_page_shows_the_contract_and_not_its_trick_score():
    html = _page(TRICK_VALUE, {"deal": _deal("we", "2NTX", 8)})
    assert "2 notrump doubled" in html and "(doubled)" in html and "WE" in html
    assert "140" not in html


def test_game_check_page_shows_the_sheet_the_contract_and_the_question():
    s = _game_check([("we", "2H", 8), ("they", "4S", 10)], ("we", "2S", 8))
    html = _page(GAME_CHECK, s)
    assert "The sheet before this deal" in html
    assert "2 spades" in html
    assert "Does this deal give WE a game?" in html


def test_overtrick_value_page_says_vulnerable_and_not_the_answer():
    html = _page(OVERTRICK_VALUE, {"contract": "3DX", "over": 1, "vulnerable": True})
    assert "3 diamonds doubled" in html and "1 overtrick" in html and ">vulnerable<" in html
    assert "200" not in html
    html = _page(OVERTRICK_VALUE, {"contract": "3D", "over": 2, "vulnerable": False})
    assert "not vulnerable" in html and "2 overtricks" in html
    assert "40" not in html


def test_slam_bonus_page_shows_the_slam_and_not_its_bonus():
    html = _page(SLAM_BONUS, {"deal": _deal("they", "6H", 12), "vulnerable": True})
    assert "6 hearts" in html and "THEY" in html and "vulnerable" in html
    assert "750" not in html and "500" not in html
