"""The Dutch lessons, second half of the course (partners to par): each keeps the English
lesson's tags, so every figure on the page is the engine's and the same, and reads in Dutch.

The English file is the reference: its template tags and filters, with their arguments, must
come back in the same order in the Dutch file (only a caption="..." may be translated), its
HTML elements too, and none of its sentences may be left in the Dutch text.
"""

import re
from html.parser import HTMLParser

import pytest

from tests.lessons.tags import (
    TEMPLATE_CALL,
    lesson_page,
    lesson_source,
)

# For each lesson: words from the Dutch text that the rendered page must show, and an English
# sentence of the same lesson that must no longer be there.
LESSONS = {
    "partners": (
        ["Trekken voor partners", "Met z'n vijven", "Kort samengevat"],
        "Spread a deck face down on the table.",
    ),
    "chicago": (
        ["Kwetsbaar volgens het spelnummer", "rondgepast", "Cavendish-variant"],
        "A rubber can take a long time.",
    ),
    "duplicate": (
        ["Dezelfde kaarten aan veel tafels", "Het spelnummer", "wedstrijdbridge"],
        "So luck matters less.",
    ),
    "simplicity": (
        ["Wat Simplicity Bridge is", "Een eigen regel", "De acht voorbeelden"],
        "The minus sign means the points go to the defenders.",
    ),
    "victory-points": (
        ["Van punten naar winstpunten", "onafgemaakte robber", "WP"],
        "Note that the VP use the exact difference, not the rounded one.",
    ),
    "matchpoints": (
        ["Matchpunten tellen", "scorestrookje", "Eén spel, veel tafels"],
        "A score means little on its own.",
    ),
    "imps": (
        ["De IMP-schaal", "Butler-gemiddelde", "nettoscore"],
        "A team has four players: two pairs.",
    ),
    "match-victory-points": (
        ["Van een wedstrijd naar winstpunten", "gelijkspel", "Griekse letter tau"],
        "A drawn match is 10 to 10.",
    ),
    "par": (
        ["Wat par is", "offerbod", "Stap 3: de parscore"],
        "Par is a yardstick, not a target",
    ),
}


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.seen = []

    def handle_starttag(self, tag, attrs):
        self.seen.append(tag)

    def handle_endtag(self, tag):
        self.seen.append("/" + tag)


def _elements(source):
    parser = _Elements()
    parser.feed(TEMPLATE_CALL.sub("", source))
    return parser.seen


def _sentences(source):
    """The prose of a template: its sentences (or clauses) of five words or more."""
    text = re.sub(r"<[^>]+>", "\n", TEMPLATE_CALL.sub("\n", re.sub(r"\{#.*?#\}", "", source)))
    pieces = re.split(r"\n|(?<=[.!?:;])\s+", text)
    return [s.strip() for s in pieces if len(s.split()) >= 5]


@pytest.mark.parametrize("slug", LESSONS)
def test_dutch_lesson_keeps_the_english_html_structure(slug):
    assert _elements(lesson_source(slug, "nl")) == _elements(lesson_source(slug))


@pytest.mark.parametrize("slug", LESSONS)
def test_dutch_lesson_leaves_no_english_sentence(slug):
    dutch = lesson_source(slug, "nl")
    left = [s for s in _sentences(lesson_source(slug)) if s in dutch]
    assert left == []


@pytest.mark.parametrize("slug", LESSONS)
def test_lesson_page_renders_the_dutch_text_through_the_lesson_view(client, db, monkeypatch, slug):
    html = lesson_page(client, monkeypatch, slug, "nl")
    words, english_sentence = LESSONS[slug]
    for word in words:
        assert word in html
    assert english_sentence not in html
    assert "{%" not in html and "{{" not in html
