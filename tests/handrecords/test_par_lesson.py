"""The par lesson: last in the course, its worked board's figures the engine's, its check graded."""

import random
import re

import pytest

from lessons.course import TOPICS
from quizzes.generator import generate
from quizzes.kinds import kind_for
from scoring import score_deal

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_par_is_the_last_lesson_and_has_its_own_check():
    assert TOPICS[-1].slug == "par"
    assert TOPICS[-1].title == "Par: the best score both sides can get"


def test_the_worked_board_is_scored_by_the_engine(client):
    page = client.get("/lessons/par/")
    assert page.status_code == 200
    text = text_of(page.content.decode())
    # Board 5, North-South vulnerable: 4S made scores 620; East-West's 5HX two down, not
    # vulnerable, gives 300; par is the smaller.
    game = score_deal("4S", 10, vulnerable=True).total
    save = score_deal("5HX", 9, vulnerable=False).defender_points
    assert (game, save) == (620, 300)
    assert f"vulnerable, scores {game}" in text
    assert f"give North–South {save}" in text
    assert "Par on this board is 300 to North–South" in text
    assert 'data-par="300"' in page.content.decode()
    assert 'id="check-yourself"' in page.content.decode()


def test_a_par_question_is_graded_by_the_engine():
    kind, situation = generate("par_score", 11)
    solution = kind.solve(situation)
    vulnerable = situation["vulnerable"]
    game = score_deal(
        situation["game"], situation["game_tricks"], vulnerable in (situation["pair"], "both")
    ).total
    save = score_deal(
        situation["save"], situation["save_tricks"], vulnerable in (situation["saver"], "both")
    ).defender_points
    assert solution.answer == {"game": game, "save": save, "par": min(game, save)}


def test_par_questions_include_both_a_worthwhile_sacrifice_and_one_that_costs_too_much():
    kind = kind_for("par_score")
    outcomes = set()
    for seed in range(60):
        situation = kind.generate(random.Random(seed))
        answer = kind.solve(situation).answer
        outcomes.add(answer["par"] == answer["save"] < answer["game"])
    assert outcomes == {True, False}


def test_the_check_yourself_of_the_par_lesson_draws_par_questions(client):
    page = client.get("/practice/check/par/?start=1", follow=True)
    assert page.status_code == 200
    assert "Par: a game or a sacrifice" in page.content.decode()
