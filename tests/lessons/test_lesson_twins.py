"""Every French and Dutch lesson text is its English lesson's twin (tests/lessons/tags.py):
it loads as a template, calls the same tags with the same arguments in the same order, and
has no inline style or script. What each says is checked per language (test_lessons_*)."""

import pytest
from django.template.loader import get_template

from tests.lessons.tags import (
    TOPICS_DIR,
    assert_no_inline_style_or_script,
    assert_same_calls_as_the_english,
)

# English prose read out by a tag ({{ deal.story }}, from lessons/deals.py): the Dutch
# lessons tell the same story in their own words.
LEFT_OUT = {"fr": frozenset(), "nl": frozenset({"{{ deal.story }}"})}
TWINS = [
    (language, path.stem)
    for language in LEFT_OUT
    for path in sorted((TOPICS_DIR / language).glob("*.html"))
]


def test_every_lesson_has_its_french_and_dutch_twins():
    english = {path.stem for path in TOPICS_DIR.glob("*.html")}
    for language in LEFT_OUT:
        assert {slug for lang, slug in TWINS if lang == language} == english


@pytest.mark.parametrize(("language", "slug"), TWINS)
def test_the_twin_loads_as_a_template(language, slug):
    assert get_template(f"lessons/topics/{language}/{slug}.html")


@pytest.mark.parametrize(("language", "slug"), TWINS)
def test_the_twin_calls_the_same_tags_with_the_same_arguments_as_the_english(language, slug):
    assert_same_calls_as_the_english(slug, language, leave_out=LEFT_OUT[language])


@pytest.mark.parametrize(("language", "slug"), TWINS)
def test_the_twin_has_no_inline_style_or_script(language, slug):
    assert_no_inline_style_or_script(slug, language)
