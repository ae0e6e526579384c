"""The hint after a first wrong try reads as good English whatever the box label: a
question ("Where do the extra tricks go?"), a phrase ("THEY, above the line") or a word.
The label is quoted as written, never glued to ":" or "." after its own "?"."""

from __future__ import annotations

from html import unescape

import pytest
from django.template import Context, Template
from django.utils.html import strip_tags

from quizzes.generator import generate
from quizzes.kinds import KINDS, kind_for

BROKEN = ("?:", "?.", "..", "?”.", ":.", ",.", " .", "  ")


def _hint(labels, rest_right) -> str:
    html = Template("{% load hints %}{% hint_sentence labels rest %}").render(
        Context({"labels": labels, "rest": rest_right})
    )
    return unescape(strip_tags(html))


def _every_label():
    labels = set()
    for key in sorted(KINDS):
        kind = kind_for(key)
        for seed in range(40):
            _, situation = generate(key, seed)
            labels.update(field.label for field in kind.fields(situation))
    return sorted(labels)


LABELS = _every_label()


def test_every_kind_has_labels_to_check():
    assert len(LABELS) > 20
    assert any(label.endswith("?") for label in LABELS)


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize("rest_right", [False, True])
def test_the_hint_for_every_box_label_is_one_well_formed_sentence(label, rest_right):
    text = _hint([label], rest_right)
    assert text.startswith(f"Have another look at the box “{label}”"), text
    for broken in BROKEN:
        assert broken not in text, (broken, text)
    assert text.rstrip("”")[-1] in ".?!", text
    assert ("The rest is right." in text) == rest_right


def test_the_hint_names_two_or_three_boxes_with_and():
    two = _hint(["Vulnerable?", "THEY, above the line"], True)
    boxes = "the boxes “Vulnerable?” and “THEY, above the line”"
    assert two == f"Have another look at {boxes}. The rest is right."
    three = _hint(["A", "B", "C"], False)
    assert three == "Have another look at the boxes “A”, “B” and “C”."


def test_a_question_label_ends_the_sentence_with_its_own_question_mark():
    text = _hint(["Where do the extra tricks go?"], True)
    assert text == "Have another look at the box “Where do the extra tricks go?” The rest is right."
