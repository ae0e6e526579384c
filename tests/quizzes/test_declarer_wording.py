"""A question never calls the declaring side "they": THEY is the opponents' column on the
score sheet, so a beginner reads "they needed 9" as the opponents. The declarer is named
(WE, THEY, the declarers), never a pronoun."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils.html import strip_tags

from quizzes.generator import generate
from quizzes.kinds import KINDS, kind_for

DRAWS = 60
PRONOUN = re.compile(r"\b(they|They|them|Them|their|Their)\b")


def _page_text(kind, situation) -> str:
    q = {"s": situation, "prompt": kind.prompt(situation), "kind": kind}
    html = render_to_string(kind.template, {"q": q})
    return " ".join(strip_tags(html).split())


@pytest.mark.parametrize("kind_key", sorted(KINDS))
def test_no_question_calls_any_side_they_in_lower_case(kind_key):
    kind = kind_for(kind_key)
    for seed in range(DRAWS):
        _, situation = generate(kind_key, seed)
        text = _page_text(kind, situation) + " " + kind.instruction
        found = PRONOUN.search(text)
        assert not found, (seed, text[max(0, found.start() - 80) : found.end() + 40])


def test_line_place_names_the_declarers_when_we_declare_and_when_they_do():
    kind = kind_for("line_place")
    for side, name in (("we", "WE"), ("they", "THEY")):
        situation = {"deal": {"declarer": side, "contract": "3N", "tricks": 8}}
        text = _page_text(kind, situation)
        assert f"{name} needed 9." in text, text
        assert f"{name} are 1 trick short" in text, text
