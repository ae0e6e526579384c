"""The course's pages: each lesson's page, and every page of the course in order.

The order of the lessons, their titles and their addresses are the course map's
(course/map.py), which practice reads too. Each topic lesson's text is a template in
lessons/templates/lessons/topics/<slug>.html, and in French or Dutch
lessons/topics/<fr|nl>/<slug>.html where one is written; every figure in it comes from the
engine through the drawing app's template tags.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.conf import settings
from django.template.loader import select_template
from django.urls import get_script_prefix, get_urlconf, reverse, reverse_lazy
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from common.text import fill
from course.map import (
    AFTER_LESSON,
    BY_SKILL,
    LESSONS,
    REVIEW_QUIZ,
    SAMPLE_RUBBER,
    lesson_number,
)
from lessons import deals


@dataclass(frozen=True)
class Lesson:
    skill: str
    """The skill its "Check yourself" questions practise."""
    summary: str | Promise

    @property
    def slug(self) -> str:
        return BY_SKILL[self.skill].slug

    @property
    def title(self) -> str:
        """Named by the course map, so practice pages name it the same (in the page's language)."""
        return str(BY_SKILL[self.skill].title)

    @property
    def number(self) -> int:
        return lesson_number(self.skill)

    @property
    def templates(self) -> list[str]:
        """The lesson's text in the page's language first, then the English it is written from."""
        english = f"lessons/topics/{self.slug}.html"
        language = get_language()
        if not language or language == settings.LANGUAGE_CODE:
            return [english]
        return [f"lessons/topics/{language}/{self.slug}.html", english]

    @property
    def template(self) -> str:
        """The template drawn: the page's language's where it exists, else the English one."""
        return select_template(self.templates).template.name

    @property
    def url(self) -> str:
        return BY_SKILL[self.skill].url


SUMMARIES = {
    "sheet": _("WE, THEY, and why one line matters so much."),
    "trick_score": _("What each trick you bid and make is worth."),
    "games": _("100 below the line makes a game, in one deal or several."),
    "vulnerability": _("Why winning a game raises the stakes."),
    "overtricks": _("Tricks beyond your contract, and where they go."),
    "undertricks": _("What the defenders score when a contract fails."),
    "doubles": _("Higher stakes both ways, and the bonus for making it."),
    "slams": _("Bonuses for bidding twelve or thirteen tricks, and making them."),
    "honors": _("A bonus for holding the top trumps, or four aces, in one hand."),
    "rubber": _("The rubber bonus, unfinished rubbers, rounding, and who won."),
    "partners": _("Drawing cards for partners, and taking turns to sit out."),
    "chicago": _("Four deals, vulnerability by deal number, and a game bonus at once."),
    "duplicate": _("Every deal scored on its own, with the board saying who is vulnerable."),
    "simplicity": _("Duplicate scoring with honors added back."),
    "victory_points": _("Turning a round's result into victory points."),
    "matchpoints": _("The traveller, and why ten points more than the field can win a board."),
    "imps": _("A scale that makes games and slams count, and overtricks hardly at all."),
    "match_vp": _("Turning a match's IMP margin into victory points out of 20."),
    "par": _("What both sides could score with every card in view, and sacrifices."),
}
"""What each lesson teaches, in a line, on the lessons index."""

TOPICS = tuple(Lesson(lesson.skill, SUMMARIES[lesson.skill]) for lesson in LESSONS)
"""The lessons, in the course map's order."""

TOPICS_BY_SLUG = {lesson.slug: lesson for lesson in TOPICS}


# -- every page of the course, in course order: the "next" of each ----------------------


@dataclass(frozen=True)
class Page:
    """A page of the course, as a "next" link names it."""

    title: str | Promise
    url: str | Promise  # AFTER_THE_COURSE's: in the language of the page that links to it
    is_lesson: bool = False

    @property
    def next_label(self) -> str:
        words = gettext("Next lesson: {title}") if self.is_lesson else gettext("Next: {title}")
        return fill(words, title=self.title)


AFTER_THE_COURSE = Page(_("Fill in a whole score sheet yourself"), reverse_lazy("quizzes:sheet"))
"""Where the last page of the course leads: practice on a fresh rubber."""


def _worked_pages(slug: str, title, labels, result, extra=()) -> list[Page]:
    name = slug.replace("-", "_")
    pages = [Page(title, reverse(f"lessons:{name}"))]
    pages += [
        Page(
            format_lazy(_("{title}, deal {label}"), title=title, label=label),
            reverse(f"lessons:{name}_deal", args=[number]),
        )
        for number, label in enumerate(labels, start=1)
    ]
    pages.append(Page(result, reverse(f"lessons:{name}_result")))
    return pages + list(extra)


def course_pages() -> tuple[Page, ...]:
    """Every page of the course in the order a learner goes through them: the lessons, the
    sample rubber deal by deal right after the rubber lesson (as that lesson says), the
    review quiz after the last lesson, then the cheat sheet. Any lesson added to the course
    map takes its place here by itself.

    Worked out once for each language and address prefix, which its addresses depend on: a
    lesson page asks for it several times, and reversing its forty-odd addresses each time
    cost the page most of its time (docs/performance.md, 2026-11-27, night)."""
    return _course_pages(get_language(), get_script_prefix(), get_urlconf())


@functools.lru_cache(maxsize=32)
def _course_pages(language, prefix, urlconf) -> tuple[Page, ...]:
    # The arguments are the cache's key: reverse() reads the same three from the active state.
    sample = _worked_pages(
        "sample-rubber",
        SAMPLE_RUBBER.title,
        [str(n) for n in range(1, len(deals.SAMPLE_RUBBER) + 1)],
        _("The sample rubber's result and back score"),
    )
    review = _worked_pages(
        "review-quiz",
        REVIEW_QUIZ.title,
        deals.REVIEW_QUIZ_LETTERS[: len(deals.REVIEW_QUIZ)],
        _("The review quiz: the rubber's result"),
        extra=(
            Page(_("Review quiz, question 2: Chicago"), reverse("lessons:review_quiz_chicago")),
            Page(_("Review quiz, question 3: duplicate"), reverse("lessons:review_quiz_duplicate")),
        ),
    )
    pages = []
    for lesson in TOPICS:
        pages.append(Page(lesson.title, lesson.url, is_lesson=True))
        if AFTER_LESSON.get(lesson.skill) == SAMPLE_RUBBER:
            pages += sample
    return (*pages, *review, Page(_("The cheat sheet"), reverse("lessons:cheat_sheet")))


def next_page(url: str) -> Page:
    """The page after `url` in course order; after the last, practice on a whole sheet."""
    pages = course_pages()
    urls = [page.url for page in pages]
    if url not in urls:
        raise ValueError(f"{url} is not a page of the course")
    position = urls.index(url) + 1
    return pages[position] if position < len(pages) else AFTER_THE_COURSE


def previous_page(url: str) -> Page | None:
    pages = course_pages()
    position = [page.url for page in pages].index(url)
    return pages[position - 1] if position else None


def course_urls() -> frozenset[str]:
    return frozenset(page.url for page in course_pages())
