"""The French text of the first ten lessons (score sheet to rubber): each file is the English
lesson's twin, with the very same engine tags, so every figure a French learner reads is the
engine's and the same as the English page's. Only the prose (and the captions) is French.
"""

import pytest

from tests.lessons.tags import (
    lesson_page,
)

pytestmark = pytest.mark.django_db


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


@pytest.mark.parametrize("slug", LESSONS)
def test_the_lesson_page_shows_the_french_text_and_none_of_the_english(client, monkeypatch, slug):
    html = lesson_page(client, monkeypatch, slug, "fr")
    french_words, english_sentence = LESSONS[slug]
    for words in french_words:
        assert words in html, words
    assert english_sentence not in html
    assert "In this lesson you learn" not in html
    assert "<h2>En bref</h2>" in html
