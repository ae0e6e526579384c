"""Small slips of the learner's path, each pinned so it cannot come back (issue 28, point 14)."""

import re

import pytest

from quizzes.kinds import KINDS
from quizzes.models import Question

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
