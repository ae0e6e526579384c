"""A box that may hold a minus score opens a keyboard with a minus on every phone, and the
browser's pattern takes every spelling the site reads (issue 28, point 2).

`inputmode="numeric"` gives an iPhone its digits-only keypad: a learner there could not
type -100 for a duplicate score, -10 IMPs or a Butler datum below zero.
"""

import random
import re

import pytest
from django import forms

from common.forms import SIGNED_PATTERN, PointsField, parse_points
from quizzes.kinds import KINDS
from quizzes.models import Question

pytestmark = pytest.mark.django_db

# Every spelling parse_points reads for a signed box, with what it reads.
SPELLINGS = [
    ("-100", -100),
    ("−100", -100),  # a typographic minus, as phones' keyboards offer
    ("– 100", -100),
    ("－１００", -100),  # full width
    ("+420", 420),
    ("＋４２０", 420),
    ("1,100", 1100),
    ("1 100", 1100),
    ("-1'100", -1100),
    ("  -50  ", -50),
    ("0", 0),
]


def _box(html: str, name: str) -> str:
    return re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)


@pytest.mark.parametrize("typed, value", SPELLINGS)
def test_the_pattern_takes_every_spelling_the_site_reads(typed, value):
    assert parse_points(typed, signed=True) == value
    assert re.fullmatch(SIGNED_PATTERN, typed), typed


@pytest.mark.parametrize("typed", ["abc", "4 hearts", "-", "1.5"])
def test_the_pattern_refuses_what_is_no_score(typed):
    assert not re.fullmatch(SIGNED_PATTERN, typed)


def test_a_signed_box_opens_the_full_keyboard_and_an_unsigned_box_the_keypad():
    class Form(forms.Form):
        score = PointsField(signed=True)
        bonus = PointsField()

    html = str(Form())
    signed, unsigned = _box(html, "score"), _box(html, "bonus")
    assert 'inputmode="text"' in signed
    assert "pattern=" in signed
    assert 'inputmode="numeric"' in unsigned
    assert "pattern=" not in unsigned


SIGNED_KINDS = sorted(
    key
    for key, kind in KINDS.items()
    if any(f.type == "signed" for f in kind.fields(kind.generate(random.Random(0))))
)


def test_the_kinds_with_minus_answers_are_found():
    assert {"duplicate_deal", "imp_scale", "butler_datum"} <= set(SIGNED_KINDS)


@pytest.mark.parametrize("kind", SIGNED_KINDS)
def test_every_answer_box_that_can_be_negative_has_a_minus_key_on_the_page(client, kind):
    response = client.post("/practice/new/", {"kind": kind})
    public_id = response["Location"].rstrip("/").split("/")[-1]
    question = Question.objects.get(public_id=public_id)
    html = client.get(response["Location"]).content.decode()
    for field in KINDS[kind].fields(question.situation):
        box = _box(html, field.name)
        if field.type == "signed":
            assert 'inputmode="text"' in box and "pattern=" in box, box
        elif field.type == "int":
            assert 'inputmode="numeric"' in box, box
