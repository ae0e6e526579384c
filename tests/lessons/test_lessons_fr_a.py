"""The French text of the first ten lessons (score sheet to rubber): each file is the English
lesson's twin, with the very same engine tags, so every figure a French learner reads is the
engine's and the same as the English page's. Only the prose (and the captions) is French.
"""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from lessons.course import TOPICS_BY_SLUG, Lesson

pytestmark = pytest.mark.django_db

TOPICS_DIR = Path(__file__).resolve().parents[2] / "lessons" / "templates" / "lessons" / "topics"

# slug: (words of the French text that must show, an English sentence that must not)
LESSONS = {
    "score-sheet": (
        ("feuille de marque", "Au-dessous de la ligne"),
        "Two columns: WE and THEY",
    ),
    "trick-score": (
        ("six premières levées", "valeur des levées"),
        "Book and odd tricks",
    ),
    "games": (
        ("partielle", "manche"),
        "Killing a part-score",
    ),
    "vulnerability": (
        ("vulnérable", "levée de chute"),
        "What vulnerable means",
    ),
    "overtricks": (
        ("levée de mieux", "au-dessus de la ligne"),
        "What an overtrick is",
    ),
    "undertricks": (
        ("une de chute", "pénalité"),
        "Going down",
    ),
    "doubles": (
        ("contre", "surcontre", "prime de contre réussi"),
        "What double and redouble mean",
    ),
    "slams": (
        ("petit chelem", "grand chelem"),
        "Small and grand slams",
    ),
    "honors": (
        ("honneurs", "quatre as"),
        "What honors are",
    ),
    "rubber": (
        ("prime de robre", "arrondir"),
        "When the rubber ends",
    ),
}

# Everything the template language does: the tags and the variables with their filters.
TEMPLATE_CALL = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
# The only arguments a translation may change: the captions a reader sees.
CAPTION = re.compile(r'caption="[^"]*"')


def _calls(path: Path) -> list[str]:
    return [CAPTION.sub('caption="…"', call) for call in TEMPLATE_CALL.findall(path.read_text())]


def _french(slug: str) -> Path:
    return TOPICS_DIR / "fr" / f"{slug}.html"


@pytest.mark.parametrize("slug", LESSONS)
def test_the_french_lesson_loads_as_a_template(slug):
    get_template(f"lessons/topics/fr/{slug}.html")


@pytest.mark.parametrize("slug", LESSONS)
def test_the_french_lesson_calls_the_same_tags_with_the_same_arguments_as_the_english(slug):
    english = _calls(TOPICS_DIR / f"{slug}.html")
    assert english, "the English lesson has no template calls: the regex is wrong"
    assert _calls(_french(slug)) == english


@pytest.mark.parametrize("slug", LESSONS)
def test_the_french_lesson_has_no_inline_style_or_script(slug):
    text = _french(slug).read_text()
    assert "style=" not in text
    assert "<script" not in text


@pytest.mark.parametrize("slug", LESSONS)
def test_the_lesson_page_shows_the_french_text_and_none_of_the_english(client, monkeypatch, slug):
    monkeypatch.setattr(
        Lesson, "template", property(lambda lesson: f"lessons/topics/fr/{lesson.slug}.html")
    )
    response = client.get(TOPICS_BY_SLUG[slug].url)
    assert response.status_code == 200
    html = response.content.decode()
    french_words, english_sentence = LESSONS[slug]
    for words in french_words:
        assert words in html, words
    assert english_sentence not in html
    assert "In this lesson you learn" not in html
    assert "<h2>En bref</h2>" in html
