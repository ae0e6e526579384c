"""A lesson's French or Dutch text against its English text (tests/lessons/test_lessons_*).

A translation may change every word of prose, but not one template tag: the tags are where
the figures come from (the engine), so the same tags and variables with the same arguments,
in the same order, prove the translated page shows the very figures the English page shows.
Only a caption="..." may be translated.
"""

import re

from django.conf import settings

from lessons.course import TOPICS_BY_SLUG, Lesson

TOPICS_DIR = settings.BASE_DIR / "lessons" / "templates" / "lessons" / "topics"

# Everything the template language does: the tags, and the variables with their filters.
TEMPLATE_CALL = re.compile(r"{%.*?%}|{{.*?}}", re.DOTALL)
# The only arguments a translation may change: the captions a reader sees.
CAPTION = re.compile(r'caption="[^"]*"')


def lesson_source(slug: str, language: str = "") -> str:
    """The lesson's template text: the English one, or its `language` twin."""
    return (TOPICS_DIR / language / f"{slug}.html").read_text(encoding="utf-8")


def template_calls(source: str, leave_out=frozenset()) -> list[str]:
    """Every tag and variable with its arguments, in order, spaces folded, captions blanked."""
    return [
        CAPTION.sub('caption=""', " ".join(call.split()))
        for call in TEMPLATE_CALL.findall(source)
        if call not in leave_out
    ]


def assert_same_calls_as_the_english(slug: str, language: str, leave_out=frozenset()):
    english = template_calls(lesson_source(slug), leave_out)
    assert english, "the English lesson has no template calls: the comparison proves nothing"
    assert template_calls(lesson_source(slug, language), leave_out) == english


def assert_no_inline_style_or_script(slug: str, language: str):
    source = lesson_source(slug, language)
    assert "style=" not in source
    assert "<script" not in source


def lesson_page(client, monkeypatch, slug: str, language: str) -> str:
    """The lesson's page at its English address, drawn from its `language` text (the other
    lessons from their English text), through the real lesson view."""
    english = Lesson.template.fget

    def template(lesson):
        return f"lessons/topics/{language}/{slug}.html" if lesson.slug == slug else english(lesson)

    monkeypatch.setattr(Lesson, "template", property(template))
    response = client.get(TOPICS_BY_SLUG[slug].url)
    assert response.status_code == 200
    return response.content.decode()
