"""Grading by the engine, and naming the misunderstanding behind a wrong answer."""

import collections

import pytest

from quizzes.generator import generate
from quizzes.grading import changed_lines, grade
from quizzes.kinds import KINDS
from scoring import MISTAKES, ScoringError


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_engines_answer_is_graded_right(kind):
    for seed in range(40):
        k, s = generate(kind, seed)
        result = grade(k, s, k.solve(s).answer)
        assert result.correct
        assert all(mark.right for mark in result.marks)
        assert result.mistakes == []


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_wrong_answer_is_graded_wrong_with_the_wrong_field_marked(kind):
    for seed in range(40):
        k, s = generate(kind, seed)
        answer = dict(k.solve(s).answer)
        field = k.fields(s)[0]
        if field.type == "choice":
            answer[field.name] = next(c for c, _ in field.choices if c != answer[field.name])
        else:
            answer[field.name] += 10
        result = grade(k, s, answer)
        assert not result.correct
        assert [m.name for m in result.marks if not m.right] == [field.name]


def test_a_right_answer_names_no_mistake_even_when_a_belief_gives_the_same_answer():
    k, s = generate("undertricks", 3)
    assert grade(k, s, k.solve(s).answer).mistakes == []


def test_insult_forgotten_is_named_and_points_at_the_insult_line():
    # rules §8.2, example 7: 2HX making 9 not vulnerable = 120 + 100 + 50 (+300 at duplicate)
    k = KINDS["duplicate_deal"]
    s = {
        "form": "duplicate",
        "deal": {"board": 1, "declarer": "N", "contract": "2HX", "tricks": 9},
        "vulnerable": False,
        "show_vulnerability": True,
    }
    assert k.solve(s).answer == {"answer": 570}
    result = grade(k, s, {"answer": 520})
    assert result.mistake_keys == ["insult_forgotten"]
    lines = changed_lines(k, s, result.mistakes[0], result.solution)
    assert lines == ["Making a doubled or redoubled contract"]


def test_named_mistakes_spread_is_recorded_per_kind():
    # Every kind that lists misunderstandings can replay at least one of them.
    replayable = collections.Counter()
    for kind in KINDS.values():
        for seed in range(200):
            _, s = generate(kind.key, seed)
            for m in kind.applicable_mistakes(s):
                try:
                    if kind.solve(s, m).answer != kind.solve(s).answer:
                        replayable[kind.key] += 1
                except ScoringError:
                    pass
    assert {k for k, kind in KINDS.items() if kind.mistakes} <= set(replayable)


def _duplicate(contract, tricks, vulnerable):
    return {
        "form": "duplicate",
        "deal": {"board": 1, "declarer": "S", "contract": contract, "tricks": tricks},
        "vulnerable": vulnerable,
        "show_vulnerability": True,
    }


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "lines"),
    [
        # 4S made, vulnerable: reversing vulnerability changes only the game bonus (500 / 300).
        ("4S", 10, True, ["Game bonus"]),
        # 3NT two down, not vulnerable: it changes only the undertrick penalty (100 / 200).
        ("3NT", 7, False, ["Undertricks"]),
        # 4HX+1, vulnerable: the doubled overtrick (200 / 100) and the game bonus both change.
        ("4HX", 11, True, ["Overtricks", "Game bonus"]),
    ],
)
def test_the_lines_a_misunderstanding_changes_are_worked_out_for_the_question(
    contract, tricks, vulnerable, lines
):
    kind = KINDS["duplicate_deal"]
    situation = _duplicate(contract, tricks, vulnerable)
    solution = kind.solve(situation)
    mistake = MISTAKES["vulnerability_reversed"]
    assert [item.label for item in solution.items if item.label in lines] == lines
    assert changed_lines(kind, situation, mistake, solution) == lines


def test_a_line_only_the_misunderstanding_has_is_not_pointed_at():
    # 4S made: the right breakdown has no part-score bonus line for the learner to find.
    kind = KINDS["duplicate_deal"]
    situation = _duplicate("4S", 10, False)
    solution = kind.solve(situation)
    mistake = MISTAKES["part_score_bonus_on_game"]
    assert kind.solve(situation, mistake).answer != solution.answer
    assert changed_lines(kind, situation, mistake, solution) == []


FOUR_HEARTS_DOUBLED = {
    "form": "duplicate",
    "deal": {"declarer": "S", "contract": "4HX", "tricks": 11, "board": 2},
    "vulnerable": True,
    "show_vulnerability": True,
}


def test_an_answer_two_misunderstandings_explain_together_names_both():
    # 4♥ doubled making 11, vulnerable: 240 + 200 + 50 + 500 = 990. The overtrick at the
    # doubled trick value (60) and no insult: 240 + 60 + 500 = 800, which neither slip
    # alone gives (850 and 940).
    kind = KINDS["duplicate_deal"]
    assert kind.solve(FOUR_HEARTS_DOUBLED).answer == {"answer": 990}
    result = grade(kind, FOUR_HEARTS_DOUBLED, {"answer": 800})
    assert sorted(result.mistake_keys) == ["doubled_overtricks_at_trick_value", "insult_forgotten"]
    assert set(result.blamed) == {"doubles"}


def test_one_misunderstanding_alone_is_named_alone():
    result = grade(KINDS["duplicate_deal"], FOUR_HEARTS_DOUBLED, {"answer": 940})
    assert result.mistake_keys == ["insult_forgotten"]


def test_an_answer_nothing_explains_names_nothing():
    result = grade(KINDS["duplicate_deal"], FOUR_HEARTS_DOUBLED, {"answer": 123})
    assert result.mistake_keys == []
