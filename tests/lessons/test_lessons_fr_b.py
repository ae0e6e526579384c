"""The French lessons (second half of the course): each is the English lesson's twin.

Each French file must call the very same template tags and filters, with the same
arguments and in the same order, as the English file, so every figure on the French page
comes from the engine and matches the English page. Only caption="..." may be translated.
The page is then rendered through the real lesson view with the French template.
"""

import re

import pytest
from django.template.loader import get_template

from lessons.course import TOPICS_BY_SLUG, Lesson

TOPICS_DIR = "lessons/templates/lessons/topics"

# slug: (words the French page must show, an English sentence that must be gone)
FRENCH = {
    "partners": (
        ["Tirer les places", "passe son tour", "robre"],
        "Spread a deck face down on the table.",
    ),
    "chicago": (
        ["Un tour de quatre donnes", "Variante Cavendish", "partielle"],
        "A rubber can take a long time.",
    ),
    "duplicate": (
        ["Le numéro de l'étui", "prime de contre réussi", "levées"],
        "So luck matters less.",
    ),
    "simplicity": (
        ["Une règle bien à lui", "Les huit exemples", "surcontré"],
        "The minus sign means the points go to the defenders.",
    ),
    "victory-points": (
        ["points de victoire", "robre inachevé", "12 PV"],
        "Note that the VP use the exact difference, not the rounded one.",
    ),
    "matchpoints": (
        ["feuille ambulante", "Compter les points de match", "top"],
        "A score means little on its own.",
    ),
    "imps": (
        ["Le barème des IMP", "moyenne Butler", "coéquipiers"],
        "A team has four players: two pairs.",
    ),
    "match-victory-points": (
        ["points de victoire sur 20", "blitz", "la lettre grecque tau"],
        "A drawn match is 10 to 10.",
    ),
    "par": (
        ["contrat par", "sacrifice", "cartes ouvertes"],
        "Par is a yardstick, not a target",
    ),
}

TAG = re.compile(r"{%.*?%}|{{.*?}}", re.DOTALL)
CAPTION = re.compile(r'\s*caption="[^"]*"')


def _tags(path):
    with open(path, encoding="utf-8") as source:
        text = source.read()
    return [CAPTION.sub("", tag) for tag in TAG.findall(text)]


def _source(slug, lang=None):
    folder = f"{TOPICS_DIR}/{lang}" if lang else TOPICS_DIR
    return f"{folder}/{slug}.html"


@pytest.mark.parametrize("slug", FRENCH)
def test_french_lesson_loads_as_a_template(slug):
    assert get_template(f"lessons/topics/fr/{slug}.html")


@pytest.mark.parametrize("slug", FRENCH)
def test_french_lesson_calls_the_same_tags_with_the_same_arguments_as_the_english(slug):
    english = _tags(_source(slug))
    assert english, "the English lesson has template tags to compare"
    assert _tags(_source(slug, "fr")) == english


@pytest.mark.parametrize("slug", FRENCH)
def test_french_lesson_has_no_inline_style_or_script(slug):
    with open(_source(slug, "fr"), encoding="utf-8") as source:
        text = source.read()
    assert "style=" not in text
    assert "<script" not in text


@pytest.mark.parametrize("slug", FRENCH)
def test_french_lesson_renders_through_the_lesson_view(client, db, monkeypatch, slug):
    monkeypatch.setattr(
        Lesson, "template", property(lambda lesson: f"lessons/topics/fr/{lesson.slug}.html")
    )
    response = client.get(TOPICS_BY_SLUG[slug].url)
    assert response.status_code == 200
    html = response.content.decode()
    words, english_sentence = FRENCH[slug]
    with open(_source(slug), encoding="utf-8") as source:
        assert english_sentence in source.read(), "the sentence is the English lesson's"
    for word in words:
        assert word in html, f"{word!r} missing from the French {slug} page"
    assert english_sentence not in html
