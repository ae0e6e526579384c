"""The course: the order of the lessons, and which skill each one teaches.

Each topic lesson's text is a template in lessons/templates/lessons/topics/<slug>.html;
every figure in it comes from the engine through the drawing app's template tags.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from lessons import deals
from quizzes.skills import AFTER_LESSON, lesson_number, lesson_title


@dataclass(frozen=True)
class Lesson:
    slug: str
    summary: str
    skill: str
    """The skill its "Check yourself" questions practise."""

    @property
    def title(self) -> str:
        """Named by the course (quizzes/skills.py), so practice pages name it the same."""
        return lesson_title(self.skill)

    @property
    def number(self) -> int:
        return lesson_number(self.skill)

    @property
    def template(self) -> str:
        return f"lessons/topics/{self.slug}.html"

    @property
    def url(self) -> str:
        return f"/lessons/{self.slug}/"


TOPICS = (
    Lesson("score-sheet", "WE, THEY, and why one line matters so much.", "sheet"),
    Lesson("trick-score", "What each trick you bid and make is worth.", "trick_score"),
    Lesson("games", "100 below the line makes a game, in one deal or several.", "games"),
    Lesson("vulnerability", "Why winning a game raises the stakes.", "vulnerability"),
    Lesson("overtricks", "Tricks beyond your contract, and where they go.", "overtricks"),
    Lesson("undertricks", "What the defenders score when a contract fails.", "undertricks"),
    Lesson("doubles", "Higher stakes both ways, and the bonus for making it.", "doubles"),
    Lesson("slams", "Bonuses for bidding twelve or thirteen tricks, and making them.", "slams"),
    Lesson("honors", "A bonus for holding the top trumps, or four aces, in one hand.", "honors"),
    Lesson("rubber", "The rubber bonus, unfinished rubbers, rounding, and who won.", "rubber"),
    Lesson("partners", "Drawing cards for partners, and taking turns to sit out.", "partners"),
    Lesson(
        "chicago", "Four deals, vulnerability by deal number, and a game bonus at once.", "chicago"
    ),
    Lesson(
        "duplicate",
        "Every deal scored on its own, with the board saying who is vulnerable.",
        "duplicate",
    ),
    Lesson("simplicity", "Duplicate scoring with honors added back.", "simplicity"),
    Lesson("victory-points", "Turning a round's result into victory points.", "victory_points"),
    Lesson(
        "matchpoints",
        "The traveller, and why ten points more than the field can win a board.",
        "matchpoints",
    ),
    Lesson(
        "imps", "A scale that makes games and slams count, and overtricks hardly at all.", "imps"
    ),
    Lesson(
        "match-victory-points",
        "Turning a match's IMP margin into victory points out of 20.",
        "match_vp",
    ),
    Lesson("par", "What both sides could score with every card in view, and sacrifices.", "par"),
)

TOPICS_BY_SLUG = {lesson.slug: lesson for lesson in TOPICS}


# -- every page of the course, in course order: the "next" of each ----------------------


@dataclass(frozen=True)
class Page:
    """A page of the course, as a "next" link names it."""

    title: str
    url: str
    is_lesson: bool = False

    @property
    def next_label(self) -> str:
        return f"Next lesson: {self.title}" if self.is_lesson else f"Next: {self.title}"


AFTER_THE_COURSE = Page("Fill in a whole score sheet yourself", "/practice/sheet/")
"""Where the last page of the course leads: practice on a fresh rubber."""


def _worked_pages(slug: str, title: str, labels, result: str, extra=()) -> list[Page]:
    name = slug.replace("-", "_")
    pages = [Page(title, reverse(f"lessons:{name}"))]
    pages += [
        Page(f"{title}, deal {label}", reverse(f"lessons:{name}_deal", args=[number]))
        for number, label in enumerate(labels, start=1)
    ]
    pages.append(Page(result, reverse(f"lessons:{name}_result")))
    return pages + list(extra)


def course_pages() -> list[Page]:
    """Every page of the course in the order a learner goes through them: the lessons, the
    sample rubber deal by deal right after the rubber lesson (as that lesson says), the
    review quiz after the last lesson, then the cheat sheet. Any lesson added to TOPICS
    takes its place here by itself."""
    sample = _worked_pages(
        "sample-rubber",
        AFTER_LESSON["rubber"][0],
        [str(n) for n in range(1, len(deals.SAMPLE_RUBBER) + 1)],
        "The sample rubber's result and back score",
    )
    review = _worked_pages(
        "review-quiz",
        "The review quiz",
        deals.REVIEW_QUIZ_LETTERS[: len(deals.REVIEW_QUIZ)],
        "The review quiz: the rubber's result",
        extra=(
            Page("Review quiz, question 2: Chicago", reverse("lessons:review_quiz_chicago")),
            Page("Review quiz, question 3: duplicate", reverse("lessons:review_quiz_duplicate")),
        ),
    )
    pages = []
    for lesson in TOPICS:
        pages.append(Page(lesson.title, lesson.url, is_lesson=True))
        if AFTER_LESSON.get(lesson.skill, ("", ""))[1] == "lessons:sample_rubber":
            pages += sample
    return [*pages, *review, Page("The cheat sheet", reverse("lessons:cheat_sheet"))]


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
