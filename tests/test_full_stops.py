"""A name or label that ends a sentence gets one full stop, never two ("Ann B.", not "Ann B..")."""

import re
from pathlib import Path

import pytest
from django.template import Context, Template

from common.text import end_sentence

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "common", "drawing", "lessons", "live", "quizzes", "scorepad", "teaching")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann B.", "Ann B."),
        ("Ann", "Ann."),
        ("What goes above the line?", "What goes above the line?"),
        ("Well done!", "Well done!"),
    ],
)
def test_end_sentence_adds_a_full_stop_only_when_none_ends_the_text(text, expected):
    assert end_sentence(text) == expected


def test_full_stop_filter_does_not_double_a_name_ending_in_a_full_stop_and_still_escapes():
    template = Template(
        "{% load text %}Welcome back, {{ name|full_stop }} As <b>{{ odd|full_stop }}</b>"
    )
    html = template.render(Context({"name": "Ann B.", "odd": "<i>x"}))
    assert html == "Welcome back, Ann B. As <b>&lt;i&gt;x.</b>"


def test_full_stop_after_gives_the_stop_alone_for_a_name_in_its_own_element():
    template = Template(
        '{% load text %}<strong>{{ a }}</strong>{{ a|full_stop:"after" }} '
        '<strong>{{ b }}</strong>{{ b|full_stop:"after" }}'
    )
    html = template.render(Context({"a": "bob", "b": "Ann B."}))
    assert html == "<strong>bob</strong>. <strong>Ann B.</strong>"


def test_no_template_writes_its_own_full_stop_after_a_name_title_or_label():
    """Each such place goes through |full_stop, which knows whether the text ends a sentence."""
    pattern = re.compile(r"\{\{ ?[\w.]*(?:name|title|label|username)[^}|]* ?\}\}(?:</\w+>)?\.")
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for app in APPS
        for path in (ROOT / app).rglob("*.html")
        for match in pattern.finditer(path.read_text())
    ]
    assert offenders == []
