"""The Dutch lessons, first part (score sheet to rubber): each is the English lesson's twin.

A translation may change every word of prose, but not one template tag: the tags are where
the figures come from (the engine), so the same tags with the same arguments prove the Dutch
page shows the very figures the English page shows. Only a caption="..." may be translated.
"""

import re

import pytest

from lessons import deals
from tests.lessons.tags import (
    lesson_page,
    lesson_source,
)

# slug: Dutch words the page must show (bridge terms from docs/glossary-nl.md).
DUTCH_WORDS = {
    "score-sheet": ("scorekaart", "onder de streep", "de blinde"),
    "trick-score": ("slagenwaarde", "slag boven de zes", "deelscore"),
    "games": ("manche", "deelscore", "manchestreep"),
    "vulnerability": ("kwetsbaar", "niet kwetsbaar", "strafpunten"),
    "overtricks": ("overslag", "boven de streep", "gedoubleerd"),
    "undertricks": ("één down", "strafpunten", "tegenpartij"),
    "doubles": ("doublet", "redoublet", "premie"),
    "slams": ("klein slem", "groot slem", "slempremie"),
    "honors": ("honneurs", "troef", "sans atout"),
    "rubber": ("robber", "robberpremie", "onafgemaakt"),
}

# The English prose read out by a tag instead of written in the lesson ({{ deal.story }}, from
# lessons/deals.py): the Dutch lesson tells the same story in its own words.
ENGLISH_ONLY_TAGS = {"{{ deal.story }}"}


def _headings(source: str) -> list[str]:
    return re.findall(r"<h[23]>([^<{]+)</h[23]>", source)


def _lead(source: str) -> str:
    return re.search(r'<p class="lead">(.*?)</p>', source, re.DOTALL).group(1)


@pytest.mark.parametrize("slug", DUTCH_WORDS)
def test_the_lesson_page_shows_the_dutch_text_and_no_english_prose(client, db, monkeypatch, slug):
    html = lesson_page(client, monkeypatch, slug, "nl")
    dutch = lesson_source(slug, "nl")
    assert _lead(dutch) in html
    for word in DUTCH_WORDS[slug]:
        assert word in html, f"{word!r} missing from the Dutch {slug} lesson"
    english = lesson_source(slug)
    assert _lead(english) not in html
    for heading in _headings(english):
        assert f">{heading}<" not in html, f"English heading {heading!r} left in"
    for deal in deals.REVIEW_QUIZ:
        assert str(deal.story) not in html, "an English story from lessons/deals.py left in"
    assert "{%" not in html and "{{" not in html
