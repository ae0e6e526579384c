"""Questions from seeds: the same seed (and focus) always gives the same question.

>>> kind, situation = generate("undertricks", 7)
>>> generate("undertricks", 7) == (kind, situation)
True
"""

from __future__ import annotations

import random

from quizzes.kinds import KINDS, UnknownQuestion, kind_for
from quizzes.skills import SKILLS

# For each skill, the kinds that practise it best (first is most common).
SKILL_KINDS = {
    "sheet": ("rubber_deal",),
    "trick_score": ("duplicate_deal", "rubber_deal"),
    "games": ("rubber_deal", "four_deal"),
    "vulnerability": ("vulnerability", "undertricks", "duplicate_deal", "four_deal"),
    "overtricks": ("duplicate_deal", "rubber_deal"),
    "undertricks": ("undertricks", "duplicate_deal", "rubber_deal"),
    "doubles": ("duplicate_deal", "undertricks", "rubber_deal"),
    "slams": ("duplicate_deal", "rubber_deal"),
    "honors": ("honors", "rubber_deal"),
    "rubber": ("rubber_total", "rubber_deal"),
    "partners": ("partners",),
    "chicago": ("four_deal", "vulnerability"),
    "duplicate": ("duplicate_deal", "vulnerability"),
    "simplicity": ("duplicate_deal",),
    "victory_points": ("victory_points",),
}
MAX_TRIES = 200


def generate(kind_key: str | None, seed: int, skill: str | None = None):
    """(kind, situation) for a seed; with `skill`, a question that exercises it."""
    rng = random.Random(seed)
    if skill is not None and skill not in SKILLS:
        raise UnknownQuestion(f"There is no skill called {skill!r}")
    if kind_key is None:
        choices = SKILL_KINDS[skill] if skill else tuple(KINDS)
        # The first kind listed for a skill is its most direct practice.
        weights = [3 if i == 0 else 1 for i in range(len(choices))]
        kind_key = rng.choices(choices, weights=weights)[0]
    kind = kind_for(kind_key)
    for _ in range(MAX_TRIES):
        situation = kind.generate(random.Random(rng.getrandbits(64)))
        if skill is None or skill in kind.skills(situation):
            return kind, situation
    raise UnknownQuestion(f"{kind.title} cannot practise {SKILLS[skill].lower()}")
