"""Kept fragments carry the page's language in their keys: an English page and a French page
of the same lesson never share one."""

import pytest
from django.core.cache import caches
from django.test import Client

pytestmark = pytest.mark.django_db

FRENCH = "Texte de la leçon en français (un test)"


def _kept() -> set[str]:
    return set(caches["fragments"]._cache)


def test_the_english_and_the_french_page_of_a_lesson_keep_their_own_fragments():
    Client().get("/lessons/trick-score/")
    english = _kept()
    assert english, "the English page keeps its lesson body"
    Client().get("/fr/lessons/trick-score/")
    assert _kept() > english, "the French page keeps fragments of its own"


def test_a_french_page_never_shows_the_english_fragment_kept_first(lesson_dir):
    lesson_dir("fr", "trick-score", FRENCH)
    english = Client().get("/lessons/trick-score/").content.decode()
    assert "What each odd trick is worth" in english and FRENCH not in english
    french = Client().get("/fr/lessons/trick-score/").content.decode()
    assert FRENCH in french and "What each odd trick is worth" not in french
    again = Client().get("/lessons/trick-score/").content.decode()
    assert FRENCH not in again, "nor the English page the French one"


@pytest.mark.parametrize(
    "path", ["/lessons/sample-rubber/3/", "/lessons/cheat-sheet/", "/lessons/review-quiz/"]
)
def test_every_kept_page_part_is_kept_per_language(path):
    Client().get(path)
    english = _kept()
    Client().get(f"/nl{path}")
    dutch = _kept() - english
    assert len(dutch) == len(english), "each English fragment has a Dutch one of its own"
