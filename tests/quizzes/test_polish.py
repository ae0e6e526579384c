"""Small slips of the learner's path, each pinned so it cannot come back (issue 28, point 14)."""

import re

import pytest

from quizzes.kinds import KINDS
from quizzes.models import Question
from tests.factories import LearnerFactory

pytestmark = pytest.mark.django_db


def _new(client, kind):
    response = client.post("/practice/new/", {"kind": kind})
    public_id = response["Location"].rstrip("/").split("/")[-1]
    return Question.objects.get(public_id=public_id), response["Location"]


@pytest.mark.parametrize(
    "form, title", [("simplicity", "Simplicity Bridge: score one deal"), ("duplicate", None)]
)
def test_a_deal_question_is_titled_with_its_own_form(client, form, title):
    question, address = _new(client, "duplicate_deal")
    situation = {**question.situation, "form": form}
    Question.objects.filter(pk=question.pk).update(situation=situation)
    html = client.get(address).content.decode()
    expected = title or KINDS["duplicate_deal"].title
    heading = re.search(r'class="question__title"[^>]*>([^<]*)</h2>', html).group(1)
    assert heading == expected
    assert re.search(r"<title>([^<]*)</title>", html).group(1).startswith(expected)
    if form == "simplicity":
        assert "Duplicate: score one deal" not in html


def test_the_practice_page_has_one_way_into_todays_set(client):
    # It offered both "Carry on with today's set" and "Start today's set" (issue 28, 13).
    client.post("/practice/today/")
    question = Question.objects.get()
    client.post(
        f"/practice/q/{question.public_id}/",
        {k: str(v) for k, v in KINDS[question.kind].solve(question.situation).answer.items()},
    )
    html = client.get("/practice/").content.decode()
    ways = html.count('action="/practice/today/"') + html.count('href="/practice/today/"')
    assert ways == 1, ways
    assert "Carry on with today's set" in html
    assert "Start today's set" not in html


def test_a_lesson_check_never_asks_the_same_question_twice(monkeypatch):
    # The vulnerability check drew one question twice in about one check of fifteen.
    import json
    import random
    import secrets

    from quizzes import services

    draws = random.Random(7)
    monkeypatch.setattr(secrets, "randbits", draws.getrandbits)
    learner = LearnerFactory()
    for _ in range(40):
        questions = services.check_new(learner=learner, skill="vulnerability", count=3)
        drawn = {(q.kind, json.dumps(q.situation, sort_keys=True)) for q in questions}
        assert len(drawn) == 3, questions
        assert [q.source for q in questions] == ["check"] * 3
        assert [KINDS[q.kind].single_idea for q in questions][:2] == [True, True]
