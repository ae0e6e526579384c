"""The Dutch lessons, first part (score sheet to rubber): each is the English lesson's twin.

A translation may change every word of prose, but not one template tag: the tags are where
the figures come from (the engine), so the same tags with the same arguments prove the Dutch
page shows the very figures the English page shows. Only a caption="..." may be translated.
"""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from lessons import deals
from lessons.course import TOPICS_BY_SLUG, Lesson

TOPICS_DIR = Path(__file__).resolve().parents[2] / "lessons" / "templates" / "lessons" / "topics"

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

_TAG = re.compile(r"{%.*?%}|{{.*?}}", re.DOTALL)
_CAPTION = re.compile(r'caption="[^"]*"')


def _source(slug: str, lang: str = "") -> str:
    folder = TOPICS_DIR / lang if lang else TOPICS_DIR
    return (folder / f"{slug}.html").read_text(encoding="utf-8")


def _tags(source: str) -> list[str]:
    """Every tag and variable with its arguments, in order, captions blanked."""
    return [
        _CAPTION.sub('caption=""', " ".join(tag.split()))
        for tag in _TAG.findall(source)
        if tag not in ENGLISH_ONLY_TAGS
    ]


def _headings(source: str) -> list[str]:
    return re.findall(r"<h[23]>([^<{]+)</h[23]>", source)


def _lead(source: str) -> str:
    return re.search(r'<p class="lead">(.*?)</p>', source, re.DOTALL).group(1)


@pytest.mark.parametrize("slug", DUTCH_WORDS)
def test_the_dutch_lesson_loads_as_a_template(slug):
    assert get_template(f"lessons/topics/nl/{slug}.html")


@pytest.mark.parametrize("slug", DUTCH_WORDS)
def test_the_dutch_lesson_has_the_english_tags_with_the_same_arguments(slug):
    english, dutch = _tags(_source(slug)), _tags(_source(slug, "nl"))
    assert english, "the English lesson has no tags: the comparison would prove nothing"
    assert dutch == english


@pytest.mark.parametrize("slug", DUTCH_WORDS)
def test_the_dutch_lesson_has_no_inline_style_or_script(slug):
    source = _source(slug, "nl")
    assert "style=" not in source
    assert "<script" not in source


@pytest.mark.parametrize("slug", DUTCH_WORDS)
def test_the_lesson_page_shows_the_dutch_text_and_no_english_prose(client, db, monkeypatch, slug):
    english_template = Lesson.template.fget
    monkeypatch.setattr(
        Lesson,
        "template",
        property(
            lambda lesson: (
                f"lessons/topics/nl/{lesson.slug}.html"
                if lesson.slug == slug
                else english_template(lesson)
            )
        ),
    )
    response = client.get(TOPICS_BY_SLUG[slug].url)
    assert response.status_code == 200
    html = response.content.decode()
    dutch = _source(slug, "nl")
    assert _lead(dutch) in html
    for word in DUTCH_WORDS[slug]:
        assert word in html, f"{word!r} missing from the Dutch {slug} lesson"
    english = _source(slug)
    assert _lead(english) not in html
    for heading in _headings(english):
        assert f">{heading}<" not in html, f"English heading {heading!r} left in"
    for deal in deals.REVIEW_QUIZ:
        assert str(deal.story) not in html, "an English story from lessons/deals.py left in"
    assert "{%" not in html and "{{" not in html
