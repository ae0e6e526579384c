"""A question's instruction is true for the boxes it stands above.

Lesson 2's sheet question said "answer any question under the boxes" with no question under
them, and the sample rubber's "an empty box counts as 0 too" does not hold in practice, where
an empty box is sent back: each place says what it does.
"""

import pytest

from quizzes import services
from quizzes.models import Learner

pytestmark = pytest.mark.django_db

DEAL = {"declarer": "we", "contract": "2H", "tricks": 8}


def _question_page(client, asks):
    client.post("/practice/today/")  # gives this browser its learner
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="rubber_deal",
        situation={"history": [], "deal": DEAL, "asks": asks},
        source="practice",
    )
    return client.get(f"/practice/q/{question.public_id}/").content.decode()


def _instruction(html):
    start = html.index('<p class="question__instruction">')
    return html[start : html.index("</p>", start)]


def test_a_sheet_question_with_no_question_under_its_boxes_does_not_ask_for_answers_there(client):
    html = _question_page(client, asks=[])
    assert 'type="radio"' not in html
    assert "under the boxes" not in _instruction(html)
    assert "(0 where nothing goes)." in _instruction(html)


def test_a_sheet_question_with_questions_under_its_boxes_still_asks_for_them(client):
    html = _question_page(client, asks=["game"])
    assert 'type="radio"' in html
    assert "answer any question under the boxes" in _instruction(html)


def test_practice_says_an_empty_box_is_sent_back_as_it_is(client):
    html = _question_page(client, asks=[])
    assert "a box left empty is sent back" in _instruction(html)
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="rubber_deal",
        situation={"history": [], "deal": DEAL, "asks": []},
        source="practice",
    )
    response = client.post(f"/practice/q/{question.public_id}/", {})
    assert response.status_code == 422
    assert "Enter a number here (0 if nothing is scored)." in response.content.decode()


def test_the_sample_rubber_says_an_empty_box_counts_as_0_on_its_deals_and_it_does(client):
    html = client.get("/lessons/sample-rubber/1/").content.decode()
    assert "on these sample deals, an empty box counts as 0 too" in html
