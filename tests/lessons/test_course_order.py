"""Lessons use only what earlier lessons have taught (the course order is quizzes.skills.COURSE).

A beginner reading in order met "3NT, THEY double … 800" in the vulnerability lesson, two lessons
before undertricks and three before doubles, and the sample rubber's players in the overtricks
lesson, long before the sample rubber introduces them. Each word below may appear only from the
lesson that teaches it, except where a listed lesson tells the idea in place (each exception
says why).
"""

import re

import pytest

from lessons.course import TOPICS, TOPICS_BY_SLUG
from quizzes.skills import COURSE
from scoring.mistakes import MISTAKES

# A word (as a pattern) and the lesson that teaches it.
TAUGHT_IN = {
    r"\b(?:re)?doubl\w*": "doubles",
    r"\bundertricks?\b": "undertricks",
    r"\bhonou?rs?\b": "honors",
    r"\bslams?\b": "slams",
    r"\bboards?\b": "duplicate",
    r"\binsult\b": "doubles",
    # The sample rubber's players: the rubber lesson introduces them with its finished sheet.
    r"\bMrs? (?:Smith|Jones)\b|\bSmiths\b|\bJoneses\b|\bthe (?:wo)?men\b|\bCharlie\b": "rubber",
}

EXCEPTIONS = {
    ("trick-score", r"\b(?:re)?doubl\w*"): "its trick-score table has Doubled and Redoubled "
    "columns, so a short section says what double and redouble are and points to the doubles "
    "lesson",
    ("overtricks", r"\b(?:re)?doubl\w*"): "doubled overtricks are part of what overtricks are "
    "worth (its table has doubled rows); the lesson says what a double is before using it",
    ("undertricks", r"\b(?:re)?doubl\w*"): "doubled penalties are part of what a failed contract "
    "costs (its table has doubled columns); the lesson says what a double is before using it",
    ("vulnerability", r"\bundertricks?\b"): "bigger penalties are what vulnerability changes; "
    "the lesson says what an undertrick is where it first uses the word, with the undoubled "
    "penalty only, and points to the undertricks lesson",
}


def _lesson_text(client, lesson):
    """The words of the lesson itself: no navigation (the pager names the next lesson)."""
    html = client.get(lesson.url).content.decode()
    article = html.split('<article class="lesson"', 1)[1].split("</article>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article))


def test_the_lessons_follow_the_course_order():
    assert [lesson.skill for lesson in TOPICS] == list(COURSE)


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_no_lesson_uses_a_word_a_later_lesson_teaches(client, db, lesson):
    text = _lesson_text(client, lesson)
    position = TOPICS.index(lesson)
    early = [
        f"{match.group()!r} (taught in {teacher})"
        for pattern, teacher in TAUGHT_IN.items()
        if position < TOPICS.index(TOPICS_BY_SLUG[teacher])
        and (lesson.slug, pattern) not in EXCEPTIONS
        for match in re.finditer(pattern, text, re.IGNORECASE)
    ]
    assert early == []


def test_every_exception_is_still_needed(client, db):
    """An exception a lesson no longer needs is taken off the list, so the list stays honest."""
    for slug, pattern in EXCEPTIONS:
        assert re.search(pattern, _lesson_text(client, TOPICS_BY_SLUG[slug]), re.IGNORECASE)


def test_the_first_lesson_teaches_the_word_its_feedback_uses_for_extra_tricks(client, db):
    """Lesson 1's questions can be answered with overtricks below the line; the feedback names
    them "overtricks", so lesson 1 teaches that word."""
    assert "overtricks" in MISTAKES["overtricks_below_the_line"].name
    text = _lesson_text(client, TOPICS[0])
    assert re.search(r"called overtricks", text)
