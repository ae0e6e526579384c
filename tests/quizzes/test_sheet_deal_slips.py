"""The four slips of a beginner's walk, named on whole deals written on a WE/THEY sheet.

A rubber deal (rubber_deal) and a deal of a chukker (four_deal) ask what a deal adds to each
column. A learner who scores the suits at each other's trick value, counts undoubled
overtricks twice when vulnerable, reads WE and THEY's vulnerability the other way round (in
rubber) or writes a failed contract's penalty in the declaring side's column must be told
that slip by name, with its explanation, and have it count against the slip's own skill
(rules §1, §2 and §3 of docs/rules.md; each figure worked beside its test). The right answer,
or a different slip, names none of them.
"""

from html import escape

import pytest

from quizzes import services
from quizzes.grading import changed_lines, grade
from quizzes.kinds import KINDS
from quizzes.models import Learner
from quizzes.skills import MISTAKE_SKILLS
from scoring import MISTAKES

RUBBER = KINDS["rubber_deal"]
FOUR_DEAL = KINDS["four_deal"]
NEW_SLIPS = (
    "suit_trick_values_swapped",
    "vulnerable_overtricks_doubled",
    "vulnerable_side_swapped",
    "penalty_in_declarers_column",
)


def _deal(declarer, contract, tricks) -> dict:
    return {"declarer": declarer, "contract": contract, "tricks": tricks}


def _rubber(deal, *history, asks=("game", "rubber_over")) -> dict:
    return {
        "history": [_deal(*d) for d in history],
        "deal": _deal(*deal),
        "asks": list(asks),
    }


def _chukker(deal, *history, form="chicago", first_dealer="we") -> dict:
    return {
        "form": form,
        "first_dealer": first_dealer,
        "history": [_deal(*d) for d in history],
        "deal": _deal(*deal),
    }


def _answer(kind, situation, **boxes) -> dict:
    """The right answer with some boxes written as the learner wrote them."""
    return {**kind.solve(situation).answer, **boxes}


def _offered(kind, situation) -> set[str]:
    return {m.key for m in kind.applicable_mistakes(situation)} & set(NEW_SLIPS)


# THEY bid 3H and take 7 tricks: two down, not vulnerable, 100 to WE (rules §1).
TWO_DOWN = _rubber(("they", "3H", 7))
# WE have a game (4S), so WE are vulnerable; WE bid 2S and take 10: 60 below, 60 above.
VULNERABLE_TWO_OVER = _rubber(("we", "2S", 10), ("we", "4S", 10))
# THEY have the only game; WE go two down in 3NT, not vulnerable: 100 to THEY.
WE_DOWN_THEY_VULNERABLE = _rubber(("we", "3NT", 7), ("they", "4S", 10))


# -- a rubber deal ----------------------------------------------------------------------------


def test_a_rubber_penalty_written_in_the_declarers_column_is_named():
    assert RUBBER.solve(TWO_DOWN).answer == {
        "we_above": 100,
        "we_below": 0,
        "they_above": 0,
        "they_below": 0,
        "game": "no",
        "rubber_over": "no",
    }
    result = grade(RUBBER, TWO_DOWN, _answer(RUBBER, TWO_DOWN, we_above=0, they_above=100))
    assert not result.correct
    assert result.mistake_keys == ["penalty_in_declarers_column"]
    assert result.blamed == ["sheet"]
    mistake = MISTAKES["penalty_in_declarers_column"]
    # The feedback points at the line the slip moved.
    assert changed_lines(RUBBER, TWO_DOWN, mistake, result.solution) == ["Undertricks"]


@pytest.mark.django_db
def test_the_question_page_shows_the_penalty_slip_and_its_explanation(client):
    client.post("/practice/today/")  # this browser's learner
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="rubber_deal", situation=TWO_DOWN, source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    slip = {
        name: str(value)
        for name, value in _answer(RUBBER, TWO_DOWN, we_above=0, they_above=100).items()
    }
    mistake = MISTAKES["penalty_in_declarers_column"]
    client.post(url, slip)
    hint = client.get(url).content.decode()  # the hint names the slip before the second try
    assert 'data-correct="no"' in hint
    assert 'data-mistake="penalty_in_declarers_column"' in hint
    assert escape(mistake.name) in hint
    client.post(url, slip)
    marks = client.get(url).content.decode()  # the marks explain it, and point at its line
    assert 'data-correct="no"' in marks
    assert 'data-mistake="penalty_in_declarers_column"' in marks
    assert escape(mistake.explanation) in marks
    assert 'data-lines="Undertricks"' in marks


def test_a_rubber_deal_names_hearts_scored_at_20_a_trick():
    # 4H made: 120 below, a game. At 20 a trick: 80 below, and no game.
    s = _rubber(("we", "4H", 10))
    assert RUBBER.solve(s).answer["we_below"] == 120
    result = grade(RUBBER, s, _answer(RUBBER, s, we_below=80, game="no"))
    assert not result.correct
    assert result.mistake_keys == ["suit_trick_values_swapped"]
    assert result.blamed == ["trick_score"]


def test_a_rubber_deal_names_a_minor_scored_at_30_a_trick():
    # 3D made: 60 below. At 30 a trick: 90 below, still no game.
    s = _rubber(("they", "3D", 9))
    result = grade(RUBBER, s, _answer(RUBBER, s, they_below=90))
    assert result.mistake_keys == ["suit_trick_values_swapped"]


def test_a_rubber_deal_names_vulnerable_overtricks_counted_twice():
    assert RUBBER.solve(VULNERABLE_TWO_OVER).answer["we_above"] == 60
    result = grade(RUBBER, VULNERABLE_TWO_OVER, _answer(RUBBER, VULNERABLE_TWO_OVER, we_above=120))
    assert not result.correct
    assert result.mistake_keys == ["vulnerable_overtricks_doubled"]
    assert result.blamed == ["overtricks"]


def test_overtricks_counted_twice_are_not_that_slip_when_the_side_is_not_vulnerable():
    s = _rubber(("they", "2S", 10), ("we", "4S", 10))  # THEY have no game
    assert "vulnerable_overtricks_doubled" not in _offered(RUBBER, s)
    result = grade(RUBBER, s, _answer(RUBBER, s, they_above=120))
    assert "vulnerable_overtricks_doubled" not in result.mistake_keys


def test_a_rubber_deal_names_we_and_they_read_the_other_way_round():
    # Only THEY have a game; WE two down read as vulnerable: 200 instead of 100.
    assert RUBBER.solve(WE_DOWN_THEY_VULNERABLE).answer["they_above"] == 100
    answer = _answer(RUBBER, WE_DOWN_THEY_VULNERABLE, they_above=200)
    result = grade(RUBBER, WE_DOWN_THEY_VULNERABLE, answer)
    assert not result.correct
    assert "vulnerable_side_swapped" in result.mistake_keys
    # On the columns alone, it is also declarer's vulnerability the other way round: the same
    # figures, so both are named, and both count against vulnerability.
    assert set(result.mistake_keys) == {"vulnerable_side_swapped", "vulnerability_reversed"}
    assert result.blamed == ["vulnerability"]


def test_asked_who_is_vulnerable_now_the_swapped_sides_alone_are_named():
    # The sheet drill asks who is vulnerable after the deal: THEY, read as WE.
    s = {**WE_DOWN_THEY_VULNERABLE, "asks": ["game", "rubber_over", "vulnerable"]}
    assert RUBBER.solve(s).answer["vulnerable"] == "they"
    result = grade(RUBBER, s, _answer(RUBBER, s, they_above=200, vulnerable="we"))
    assert result.mistake_keys == ["vulnerable_side_swapped"]
    # Declarer's vulnerability flipped, with the sides read right, is the other slip.
    result = grade(RUBBER, s, _answer(RUBBER, s, they_above=200))
    assert result.mistake_keys == ["vulnerability_reversed"]


def test_with_a_game_each_or_none_reading_the_sides_the_other_way_changes_nothing():
    for s in (
        _rubber(("we", "3NT", 7)),
        _rubber(("we", "3NT", 7), ("we", "4S", 10), ("they", "4S", 10)),
    ):
        assert "vulnerable_side_swapped" not in _offered(RUBBER, s)
        assert "vulnerable_side_swapped" not in grade(RUBBER, s, _answer(RUBBER, s)).mistake_keys


@pytest.mark.parametrize(
    ("situation", "offered"),
    [
        (TWO_DOWN, {"penalty_in_declarers_column"}),
        (_rubber(("we", "3NT", 10)), set()),  # notrump, not vulnerable, made
        (_rubber(("we", "4H", 10)), {"suit_trick_values_swapped"}),
        (
            VULNERABLE_TWO_OVER,
            {"suit_trick_values_swapped", "vulnerable_overtricks_doubled"},
        ),
        # Doubled, vulnerability changes the overtricks, so WE and THEY read the other
        # way round would; overtricks counted twice are for undoubled contracts only.
        (
            _rubber(("we", "2SX", 10), ("we", "4S", 10)),
            {"suit_trick_values_swapped", "vulnerable_side_swapped"},
        ),
        (
            WE_DOWN_THEY_VULNERABLE,
            {"penalty_in_declarers_column", "vulnerable_side_swapped"},
        ),
    ],
    ids=["down", "notrump-made", "hearts-made", "vulnerable-over", "doubled-over", "swap"],
)
def test_a_rubber_deal_offers_each_new_slip_only_where_it_changes_the_answer(situation, offered):
    assert _offered(RUBBER, situation) == offered
    for key in offered:
        assert RUBBER.solve(situation, MISTAKES[key]).answer != RUBBER.solve(situation).answer


@pytest.mark.parametrize(
    "situation",
    [TWO_DOWN, VULNERABLE_TWO_OVER, WE_DOWN_THEY_VULNERABLE, _rubber(("we", "4H", 10))],
    ids=["down", "vulnerable-over", "swap", "hearts-made"],
)
def test_the_right_answer_to_a_rubber_deal_names_no_slip(situation):
    result = grade(RUBBER, situation, RUBBER.solve(situation).answer)
    assert result.correct
    assert result.mistake_keys == []
    assert result.blamed == []


def test_a_different_slip_on_a_failed_contract_is_not_called_the_penalty_slip():
    # 300 to WE: the doubled scale on an undoubled contract, not the column.
    result = grade(RUBBER, TWO_DOWN, _answer(RUBBER, TWO_DOWN, we_above=300))
    assert "penalty_in_declarers_column" not in result.mistake_keys
    # The penalty in the right column but below the line: a slip of the line, unnamed here.
    result = grade(RUBBER, TWO_DOWN, _answer(RUBBER, TWO_DOWN, we_above=0, we_below=100))
    assert "penalty_in_declarers_column" not in result.mistake_keys


# -- a deal of a chukker (Chicago) ----------------------------------------------------------------


def test_a_chukker_penalty_written_in_the_declarers_column_is_named():
    # Deal 1, nobody vulnerable: THEY 4S two down, 100 to WE.
    s = _chukker(("they", "4S", 8))
    assert FOUR_DEAL.solve(s).answer == {"we_points": 100, "they_points": 0}
    result = grade(FOUR_DEAL, s, {"we_points": 0, "they_points": 100})
    assert not result.correct
    assert result.mistake_keys == ["penalty_in_declarers_column"]
    assert result.blamed == ["sheet"]
    # A four-deal question lists no "sheet" skill, but the slip still counts against it
    # and only against it.
    right, wrong = result.credit(FOUR_DEAL.skills(s))
    assert wrong == ["sheet"]
    assert "undertricks" in right and "chicago" in right


def test_a_chukker_deal_names_hearts_scored_at_20_a_trick():
    # Deal 1: 4H made is 120 and a game, 300 not vulnerable: 420. At 20 a trick: 80, no game.
    s = _chukker(("we", "4H", 10))
    assert FOUR_DEAL.solve(s).answer == {"we_points": 420, "they_points": 0}
    result = grade(FOUR_DEAL, s, {"we_points": 80, "they_points": 0})
    assert result.mistake_keys == ["suit_trick_values_swapped"]
    assert result.blamed == ["trick_score"]


def test_a_chukker_deal_names_vulnerable_overtricks_counted_twice():
    # Deal 4, both vulnerable, no part-score standing (three contracts went down): 2S + 2 is
    # 60 below, 60 above and the fourth deal's 100 for a part-score: 220. Twice: 280.
    history = [("we", "3NT", 8), ("they", "4H", 9), ("we", "2D", 7)]
    s = _chukker(("we", "2S", 10), *history)
    assert FOUR_DEAL.solve(s).answer == {"we_points": 220, "they_points": 0}
    result = grade(FOUR_DEAL, s, {"we_points": 280, "they_points": 0})
    assert result.mistake_keys == ["vulnerable_overtricks_doubled"]
    assert result.blamed == ["overtricks"]
    # Deal 1, nobody vulnerable: the same overtricks count once whatever the learner thinks.
    assert "vulnerable_overtricks_doubled" not in _offered(FOUR_DEAL, _chukker(("we", "2S", 10)))


def test_a_chukker_has_no_we_and_they_swap_slip():
    # Its vulnerability comes from the deal's number and dealer (rules §3), not from games:
    # reading it the other way round on deals 2 and 3 is the other form's rule.
    assert "vulnerable_side_swapped" not in FOUR_DEAL.mistakes
    assert "chicago_cavendish_swapped" in FOUR_DEAL.mistakes


@pytest.mark.parametrize(
    "situation",
    [
        _chukker(("they", "4S", 8)),
        _chukker(("we", "4H", 10)),
        _chukker(("we", "2S", 10), ("we", "3NT", 8), ("they", "4H", 9), ("we", "2D", 7)),
    ],
    ids=["down", "hearts-made", "vulnerable-over"],
)
def test_the_right_answer_to_a_chukker_deal_names_no_slip(situation):
    result = grade(FOUR_DEAL, situation, FOUR_DEAL.solve(situation).answer)
    assert result.correct and result.mistake_keys == [] and result.blamed == []


# -- each slip counts against its own skill ---------------------------------------------------


@pytest.mark.parametrize("key", NEW_SLIPS)
def test_each_new_slip_a_sheet_kind_lists_counts_against_its_skill(key):
    kinds = [kind for kind in (RUBBER, FOUR_DEAL) if key in kind.mistakes]
    assert kinds
    expected = {
        "suit_trick_values_swapped": "trick_score",
        "vulnerable_overtricks_doubled": "overtricks",
        "vulnerable_side_swapped": "vulnerability",
        "penalty_in_declarers_column": "sheet",
    }
    assert MISTAKE_SKILLS[key] == expected[key]
