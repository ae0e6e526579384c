"""A lesson is drawn from its French or Dutch text where one is written
(lessons/topics/<fr|nl>/<slug>.html), else from the English one."""

import pytest
from django.test import Client
from django.utils import translation

from lessons.course import TOPICS_BY_SLUG

pytestmark = pytest.mark.django_db

DUTCH = "De tekst van deze les in het Nederlands (een test)"
ENGLISH = "What each odd trick is worth"


def test_a_dutch_page_draws_the_dutch_text_where_it_is_written(lesson_dir):
    lesson_dir("nl", "trick-score", DUTCH)
    dutch = Client().get("/nl/lessons/trick-score/").content.decode()
    assert DUTCH in dutch and ENGLISH not in dutch
    # Around it, the page is the lesson's: its Dutch title from the course map.
    assert '<h1 id="lesson-title">Slagenwaarde</h1>' in dutch


def test_the_english_page_never_draws_a_translation(lesson_dir):
    lesson_dir("nl", "trick-score", DUTCH)
    english = Client().get("/lessons/trick-score/").content.decode()
    assert ENGLISH in english and DUTCH not in english


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["lessons/topics/games.html"]),
        ("fr", ["lessons/topics/fr/games.html", "lessons/topics/games.html"]),
        ("nl", ["lessons/topics/nl/games.html", "lessons/topics/games.html"]),
    ],
)
def test_a_lesson_looks_for_its_text_in_the_page_language_first(language, names):
    with translation.override(language):
        assert TOPICS_BY_SLUG["games"].templates == names


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_lesson_of_the_course_is_written_in_french_and_in_dutch(language):
    """The course is whole in each language: no lesson falls back to its English text."""
    from django.template.loader import select_template

    with translation.override(language):
        drawn = {
            slug: select_template(lesson.templates).origin.template_name
            for slug, lesson in TOPICS_BY_SLUG.items()
        }
    assert drawn == {slug: f"lessons/topics/{language}/{slug}.html" for slug in TOPICS_BY_SLUG}
