"""The course: the order of the lessons, and which skill each one teaches.

Each topic lesson's text is a template in lessons/templates/lessons/topics/<slug>.html;
every figure in it comes from the engine through the drawing app's template tags.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    summary: str
    skill: str
    """The skill its "Check yourself" questions practise."""

    @property
    def template(self) -> str:
        return f"lessons/topics/{self.slug}.html"

    @property
    def url(self) -> str:
        return f"/lessons/{self.slug}/"


TOPICS = (
    Lesson(
        "score-sheet",
        "The score sheet and the line",
        "WE, THEY, and why one line matters so much.",
        "sheet",
    ),
    Lesson(
        "trick-score", "Trick score", "What each trick you bid and make is worth.", "trick_score"
    ),
    Lesson(
        "games",
        "Part-scores and games",
        "100 below the line makes a game, in one deal or several.",
        "games",
    ),
    Lesson(
        "vulnerability", "Vulnerability", "Why winning a game raises the stakes.", "vulnerability"
    ),
    Lesson(
        "overtricks", "Overtricks", "Tricks beyond your contract, and where they go.", "overtricks"
    ),
    Lesson(
        "undertricks",
        "Undertricks and penalties",
        "What the defenders score when a contract fails.",
        "undertricks",
    ),
    Lesson(
        "doubles",
        "Doubles and redoubles",
        "Higher stakes both ways, and the bonus for making it.",
        "doubles",
    ),
    Lesson(
        "slams", "Slams", "Bonuses for bidding twelve or thirteen tricks, and making them.", "slams"
    ),
    Lesson(
        "honors",
        "Honors",
        "A bonus for holding the top trumps, or four aces, in one hand.",
        "honors",
    ),
    Lesson(
        "rubber",
        "Winning the rubber, totals and the back score",
        "The rubber bonus, unfinished rubbers, rounding, and who won.",
        "rubber",
    ),
    Lesson(
        "partners",
        "Choosing partners, and five players",
        "Drawing cards for partners, and taking turns to sit out.",
        "partners",
    ),
    Lesson(
        "chicago",
        "Four-deal bridge: Chicago and Cavendish",
        "Four deals, vulnerability by deal number, and a game bonus at once.",
        "chicago",
    ),
    Lesson(
        "duplicate",
        "Duplicate bridge and board vulnerability",
        "Every deal scored on its own, with the board saying who is vulnerable.",
        "duplicate",
    ),
    Lesson(
        "simplicity", "Simplicity Bridge", "Duplicate scoring with honors added back.", "simplicity"
    ),
    Lesson(
        "victory-points",
        "Club rounds and victory points",
        "Turning a round's result into victory points.",
        "victory_points",
    ),
    Lesson(
        "matchpoints",
        "Matchpoints: your score against the room",
        "The traveller, and why ten points more than the field can win a board.",
        "matchpoints",
    ),
    Lesson(
        "imps",
        "IMPs: the team game, and the Butler datum",
        "A scale that makes games and slams count, and overtricks hardly at all.",
        "imps",
    ),
    Lesson(
        "match-victory-points",
        "Victory points for a teams match",
        "Turning a match's IMP margin into victory points out of 20.",
        "match_vp",
    ),
)

TOPICS_BY_SLUG = {lesson.slug: lesson for lesson in TOPICS}
