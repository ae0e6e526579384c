"""Two named slips that each give the learner's answer alone are said to be alternatives.

WE play 4♥ and go two down, not vulnerable, and THEY hold four trump honors: THEY score 100
for the undertricks and 100 for the honors, 200 above the line (rules §1 and §2). A learner
who writes 100 to WE and 100 to THEY may have given the honors to the wrong side, or written
the penalty in the declarer's column: either slip alone gives those figures. The feedback
names both and says one is enough, rather than reading as two mistakes made at once.
"""

import pytest

from quizzes import services
from quizzes.grading import each_explains_alone, grade
from quizzes.kinds import KINDS
from quizzes.models import Learner

RUBBER = KINDS["rubber_deal"]
TWO_DOWN_WITH_THEIR_HONORS = {
    "history": [],
    "deal": {
        "declarer": "we",
        "contract": "4H",
        "tricks": 8,
        "honors": "four_trumps",
        "honors_side": "they",
    },
    "asks": ["game", "rubber_over"],
}
EITHER = {"we_above": 100, "we_below": 0, "they_above": 100, "they_below": 0}


def _given(**boxes):
    return {**RUBBER.solve(TWO_DOWN_WITH_THEIR_HONORS).answer, **boxes}


def test_the_deal_gives_they_200_above_the_line():
    assert RUBBER.solve(TWO_DOWN_WITH_THEIR_HONORS).answer["they_above"] == 200


def test_two_slips_each_giving_the_answer_alone_are_alternatives():
    given = _given(**EITHER)
    result = grade(RUBBER, TWO_DOWN_WITH_THEIR_HONORS, given)
    assert set(result.mistake_keys) == {"honors_wrong_side", "penalty_in_declarers_column"}
    assert each_explains_alone(RUBBER, TWO_DOWN_WITH_THEIR_HONORS, given, result.mistakes)


def test_two_slips_held_together_are_not_called_alternatives():
    # Both slips at once: the honors and the penalty both in WE's column, WE 200, THEY 0.
    given = _given(we_above=200, they_above=0)
    result = grade(RUBBER, TWO_DOWN_WITH_THEIR_HONORS, given)
    assert set(result.mistake_keys) == {"honors_wrong_side", "penalty_in_declarers_column"}
    assert not each_explains_alone(RUBBER, TWO_DOWN_WITH_THEIR_HONORS, given, result.mistakes)


@pytest.mark.django_db
def test_the_page_says_either_slip_gives_the_answer_at_the_hint_and_after(client):
    client.post("/practice/today/")  # this browser's learner
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="rubber_deal",
        situation=TWO_DOWN_WITH_THEIR_HONORS,
        source="practice",
    )
    url = f"/practice/q/{question.public_id}/"
    slip = {name: str(value) for name, value in _given(**EITHER).items()}
    client.post(url, slip)
    hint = client.get(url).content.decode()
    assert "Either of these slips gives your answer: one is enough." in hint
    client.post(url, slip)
    marks = client.get(url).content.decode()
    assert "Either of these slips gives your answer: one is enough." in marks


@pytest.mark.django_db
def test_a_single_named_slip_says_nothing_of_alternatives(client):
    # No honors this time: the penalty in WE's column is the one slip, WE 100, THEY 0.
    situation = {
        **TWO_DOWN_WITH_THEIR_HONORS,
        "deal": {"declarer": "we", "contract": "4H", "tricks": 8},
    }
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="rubber_deal", situation=situation, source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    given = {**RUBBER.solve(situation).answer, "we_above": 100, "they_above": 0}
    client.post(url, {name: str(value) for name, value in given.items()})
    page = client.get(url).content.decode()
    assert 'data-mistake="penalty_in_declarers_column"' in page
    assert "Either of these slips" not in page
