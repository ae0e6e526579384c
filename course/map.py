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
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class MapLesson:
    """A lesson on the map: the skill it teaches, its slug (its address) and its title (in
    the page's language when it is read)."""

    skill: str
    slug: str
    title: str | Promise

    @property
    def url(self) -> str:
        return reverse("lessons:topic", args=[self.slug])


@dataclass(frozen=True)
class Place:
    """A page of the course that is not a lesson: its title and its URL name."""

    title: str | Promise
    url_name: str

    @property
    def url(self) -> str:
        return reverse(self.url_name)


LESSONS = (
    MapLesson("sheet", "score-sheet", _("The score sheet and the line")),
    MapLesson("trick_score", "trick-score", _("Trick score")),
    MapLesson("games", "games", _("Part-scores and games")),
    MapLesson("vulnerability", "vulnerability", _("Vulnerability")),
    MapLesson("overtricks", "overtricks", _("Overtricks")),
    MapLesson("undertricks", "undertricks", _("Undertricks and penalties")),
    MapLesson("doubles", "doubles", _("Doubles and redoubles")),
    MapLesson("slams", "slams", _("Slams")),
    MapLesson("honors", "honors", _("Honors")),
    MapLesson("rubber", "rubber", _("Winning the rubber, totals and the back score")),
    MapLesson("partners", "partners", _("Choosing partners, and five players")),
    MapLesson("chicago", "chicago", _("Four-deal bridge: Chicago and Cavendish")),
    MapLesson("duplicate", "duplicate", _("Duplicate bridge and board vulnerability")),
    MapLesson("simplicity", "simplicity", _("Simplicity Bridge")),
    MapLesson("victory_points", "victory-points", _("Club rounds and victory points")),
    MapLesson("matchpoints", "matchpoints", _("Matchpoints: your score against the room")),
    MapLesson("imps", "imps", _("IMPs: the team game, and the Butler datum")),
    MapLesson("match_vp", "match-victory-points", _("Victory points for a teams match")),
    MapLesson("par", "par", _("Par: the best score both sides can get")),
)
"""The lessons in course order."""

COURSE = tuple(lesson.skill for lesson in LESSONS)
"""The path: the skills in the order the lessons teach them."""

BY_SKILL = {lesson.skill: lesson for lesson in LESSONS}

LESSONS_INDEX = Place(_("Lessons"), "lessons:index")
"""Every lesson, listed."""

SAMPLE_RUBBER = Place(_("The sample rubber, deal by deal"), "lessons:sample_rubber")

AFTER_LESSON = {"rubber": SAMPLE_RUBBER}
"""A page of the course between a lesson (by its skill) and the next lesson. The lessons
place it in course order, and practice's pages that lead on from that lesson (its check)
lead to it, as the lesson itself says they will."""

REVIEW_QUIZ = Place(_("The review quiz"), "lessons:review_quiz")
"""What comes after the last lesson: a whole rubber, scored by the learner."""


def lesson_title(skill: str) -> str:
    """The one name of the lesson that teaches `skill`, on lesson and practice pages alike
    (in the language of the page being drawn)."""
    return str(BY_SKILL[skill].title)


def lesson_number(skill: str) -> int:
    """The lesson's number on the course, as the lessons index numbers it (from 1)."""
    return COURSE.index(skill) + 1


def lesson_url(skill: str) -> str:
    """Where the lesson that teaches `skill` lives."""
    return BY_SKILL[skill].url
