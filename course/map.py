"""The course map: the lessons in course order, the title of each, and where each lives.

The lessons app (lessons/course.py: every page of the course, in order) and practice (its
next steps, and the lesson to read again after a slip) both read the course here, a layer
below both: so a lesson has one title and one address wherever it is named, and practice
never names a page of the lessons app itself. Each lesson is known by the skill it teaches
(quizzes/skills.py names the skills, in this order).

>>> lesson_number("games")
3
>>> lesson_title("doubles")
'Doubles and redoubles'
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class MapLesson:
    """A lesson on the map: the skill it teaches, its slug (its address) and its title."""

    skill: str
    slug: str
    title: str

    @property
    def url(self) -> str:
        return reverse("lessons:topic", args=[self.slug])


@dataclass(frozen=True)
class Place:
    """A page of the course that is not a lesson: its title and its URL name."""

    title: str
    url_name: str

    @property
    def url(self) -> str:
        return reverse(self.url_name)


LESSONS = (
    MapLesson("sheet", "score-sheet", "The score sheet and the line"),
    MapLesson("trick_score", "trick-score", "Trick score"),
    MapLesson("games", "games", "Part-scores and games"),
    MapLesson("vulnerability", "vulnerability", "Vulnerability"),
    MapLesson("overtricks", "overtricks", "Overtricks"),
    MapLesson("undertricks", "undertricks", "Undertricks and penalties"),
    MapLesson("doubles", "doubles", "Doubles and redoubles"),
    MapLesson("slams", "slams", "Slams"),
    MapLesson("honors", "honors", "Honors"),
    MapLesson("rubber", "rubber", "Winning the rubber, totals and the back score"),
    MapLesson("partners", "partners", "Choosing partners, and five players"),
    MapLesson("chicago", "chicago", "Four-deal bridge: Chicago and Cavendish"),
    MapLesson("duplicate", "duplicate", "Duplicate bridge and board vulnerability"),
    MapLesson("simplicity", "simplicity", "Simplicity Bridge"),
    MapLesson("victory_points", "victory-points", "Club rounds and victory points"),
    MapLesson("matchpoints", "matchpoints", "Matchpoints: your score against the room"),
    MapLesson("imps", "imps", "IMPs: the team game, and the Butler datum"),
    MapLesson("match_vp", "match-victory-points", "Victory points for a teams match"),
    MapLesson("par", "par", "Par: the best score both sides can get"),
)
"""The lessons in course order."""

COURSE = tuple(lesson.skill for lesson in LESSONS)
"""The path: the skills in the order the lessons teach them."""

BY_SKILL = {lesson.skill: lesson for lesson in LESSONS}

LESSONS_INDEX = Place("Lessons", "lessons:index")
"""Every lesson, listed."""

SAMPLE_RUBBER = Place("The sample rubber, deal by deal", "lessons:sample_rubber")

AFTER_LESSON = {"rubber": SAMPLE_RUBBER}
"""A page of the course between a lesson (by its skill) and the next lesson. The lessons
place it in course order, and practice's pages that lead on from that lesson (its check)
lead to it, as the lesson itself says they will."""

REVIEW_QUIZ = Place("The review quiz", "lessons:review_quiz")
"""What comes after the last lesson: a whole rubber, scored by the learner."""


def lesson_title(skill: str) -> str:
    """The one name of the lesson that teaches `skill`, on lesson and practice pages alike."""
    return BY_SKILL[skill].title


def lesson_number(skill: str) -> int:
    """The lesson's number on the course, as the lessons index numbers it (from 1)."""
    return COURSE.index(skill) + 1


def lesson_url(skill: str) -> str:
    """Where the lesson that teaches `skill` lives."""
    return BY_SKILL[skill].url
