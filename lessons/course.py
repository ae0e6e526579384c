"""The course: the order of the lessons, and which skill each one teaches.

Each topic lesson's text is a template in lessons/templates/lessons/topics/<slug>.html;
every figure in it comes from the engine through the drawing app's template tags.
"""

from __future__ import annotations

from dataclasses import dataclass

from quizzes.skills import lesson_number, lesson_title


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
