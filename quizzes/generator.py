"""Questions from seeds: the same seed (and focus) always gives the same question.

A question drawn for a lesson needs only what has been taught up to that lesson
(`taught`, from quizzes.skills.taught_through); free practice draws from everything.

>>> kind, situation = generate("undertricks", 7)
>>> generate("undertricks", 7) == (kind, situation)
True
"""

from __future__ import annotations

import random

from quizzes.kinds import KINDS, UnknownQuestion, kind_for
from quizzes.skills import EVERYTHING, SKILLS

# For each skill, the kinds that practise it: its quick single-idea questions first, then
# whole deals. The first kind listed is the most direct practice.
SKILL_KINDS = {
    "sheet": ("line_place", "rubber_deal"),
    "trick_score": ("trick_value", "rubber_deal", "duplicate_deal"),
    "games": ("game_check", "rubber_deal", "four_deal"),
    "vulnerability": (
        "vulnerability",
        "vulnerability_cost",
        "undertricks",
        "duplicate_deal",
        "four_deal",
    ),
    "overtricks": ("overtrick_value", "rubber_deal", "duplicate_deal"),
    "undertricks": ("undertricks", "rubber_deal", "duplicate_deal"),
    "doubles": (
        "doubled_above",
        "undertricks",
        "overtrick_value",
        "trick_value",
        "rubber_deal",
        "duplicate_deal",
    ),
    "slams": ("slam_bonus", "rubber_deal", "duplicate_deal"),
    "honors": ("honors", "rubber_deal"),
    "rubber": ("rubber_total", "rubber_deal"),
    "partners": ("partners",),
    "chicago": ("four_deal", "vulnerability"),
    "duplicate": ("duplicate_deal", "vulnerability"),
    "simplicity": ("duplicate_deal",),
    "victory_points": ("victory_points",),
    "matchpoints": ("matchpoint_row",),
    "imps": ("imp_scale", "butler_datum", "team_board"),
    "match_vp": ("match_vp",),
    "par": ("par_score",),
}
MAX_TRIES = 200


def kinds_for(
    skill: str, taught: frozenset[str] = EVERYTHING, single_idea: bool | None = None
) -> tuple[str, ...]:
    """The kinds that can practise `skill` with only `taught` skills, most direct first.

    single_idea=True keeps the quick questions, False the whole deals (when there are any
    of the wanted sort; otherwise every kind that can serve).
    """
    kinds = tuple(
        key for key in SKILL_KINDS[skill] if key in KINDS and KINDS[key].available(taught)
    )
    if single_idea is not None:
        wanted = tuple(key for key in kinds if KINDS[key].single_idea == single_idea)
        kinds = wanted or kinds
    return kinds


def generate(
    kind_key: str | None,
    seed: int,
    skill: str | None = None,
    taught: frozenset[str] = EVERYTHING,
    single_idea: bool | None = None,
):
    """(kind, situation) for a seed; with `skill`, a question that exercises it.

    Only kinds and situations that need no skill outside `taught` are drawn.
    """
    rng = random.Random(seed)
    if skill is not None and skill not in SKILLS:
        raise UnknownQuestion(f"There is no skill called {skill!r}")
    if kind_key is None:
        if skill:
            choices = kinds_for(skill, taught, single_idea)
        else:
            choices = tuple(key for key, kind in KINDS.items() if kind.available(taught))
        if not choices:
            raise UnknownQuestion(f"Nothing taught yet can practise {SKILLS[skill].lower()}")
        # The first kind listed for a skill is its most direct practice; the others are
        # tried in turn if it cannot practise the skill with what has been taught.
        weights = [3 if i == 0 else 1 for i in range(len(choices))]
        first = rng.choices(choices, weights=weights)[0]
        order = [first, *(key for key in choices if key != first)]
    else:
        order = [kind_key]
    for key in order:
        kind = kind_for(key)
        if not kind.available(taught):
            continue
        for _ in range(MAX_TRIES):
            situation = kind.generate(random.Random(rng.getrandbits(64)), taught)
            if skill is None or skill in kind.skills(situation):
                return kind, situation
    what = SKILLS[skill].lower() if skill else "anything"
    raise UnknownQuestion(f"{kind_for(order[0]).title} cannot practise {what} yet")
