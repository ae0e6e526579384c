"""With JavaScript, a lesson's "Check yourself" questions come back after a reload.

The lesson page (the same for everyone) fetches its check with htmx as it loads. That fetch
gave only the start button, so a reload dropped three questions under way; without
JavaScript the check page kept them. Now the fetch gives the check as it was.
"""

import pytest

from quizzes.models import Question
from tests.factories import AnswerFactory

pytestmark = pytest.mark.django_db

START = "/practice/check/trick_score/?part=start"
CHECK = "/practice/check/trick_score/"
HTMX = {"HX-Request": "true"}


def _reload(client):
    return client.get(START, headers=HTMX)


def test_a_check_under_way_comes_back_when_the_lesson_loads_again(client):
    client.post(CHECK, headers=HTMX)  # "Give me three questions", with JavaScript
    ids = set(Question.objects.values_list("public_id", flat=True))
    assert len(ids) == 3
    response = _reload(client)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("data-question-kind") == 3
    assert all(f'id="q-{public_id}"' in html for public_id in ids)
    # It takes the place of the lesson's whole check section, not of its start form only.
    assert response["HX-Retarget"] == "#check-yourself"
    assert response["HX-Reswap"] == "outerHTML"
    assert html.lstrip().startswith('<section id="check-yourself"')
    # Drawn as the page loads, it takes no focus away from the top of the lesson.
    assert "data-autofocus" not in html


def test_a_visitor_with_no_check_under_way_gets_the_start_button(client):
    response = _reload(client)
    html = response.content.decode()
    assert "Give me three questions" in html and "data-question-kind" not in html
    assert "HX-Retarget" not in response


def test_a_finished_check_gives_way_to_the_button_for_three_more(client):
    # The lesson page itself says how the finished check went (tests/lessons/
    # test_check_finished.py): the fetch brings only the button, in place of its own.
    client.post(CHECK, headers=HTMX)
    for question in Question.objects.all():
        AnswerFactory(question=question, correct=True)
    response = _reload(client)
    html = response.content.decode()
    assert "Three more questions" in html and "data-question-kind" not in html
    assert "HX-Retarget" not in response
