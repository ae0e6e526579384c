"""Par: one side can make a game, the other can sacrifice against it, doubled. Which costs
less is par; every figure is the engine's score of a deal (rules §9, duplicate scoring)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    form_believed,
    is_whole,
)
from quizzes.skills import EVERYTHING
from scoring import Contract, Misreading, score_deal

# The game one side makes, and the contracts the other side can sacrifice in over it.
SAVES = {"4S": ("5H", "5D", "5C"), "4H": ("4S", "5D", "5C")}
VULNERABILITIES = ("none", "NS", "EW", "both")
OTHER = {"NS": "EW", "EW": "NS"}


def _vulnerable(pair: str, vulnerable: str) -> bool:
    return vulnerable in (pair, "both")


@dataclass(frozen=True)
class ParSituation(SituationData):
    """A game one pair can make, and the other pair's doubled sacrifice over it."""

    pair: str
    saver: str
    game: str
    game_tricks: int
    save: str
    save_tricks: int
    down: int
    vulnerable: str


class ParScore(QuestionKind):
    """A game against a doubled sacrifice: the game's score, the sacrifice's cost, and par."""

    key = "par_score"
    title = gettext_noop("Par: a game or a sacrifice")
    instruction = gettext_noop("Enter each score for the side that can make the game.")
    template = "quizzes/kinds/par_score.html"
    possible_skills = ("par",)
    requires = ("par",)
    mistakes = (
        "vulnerability_reversed",
        "game_bonus_forgotten",
        "part_score_bonus_on_game",
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
    )
    """Slips in scoring the game or the sacrifice, each replayed by the engine: par then
    follows from the learner's own two figures (`follow_through`)."""
    situation_type = ParSituation

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING) -> ParSituation:
        game = rng.choice(tuple(SAVES))
        save = rng.choice(SAVES[game])
        pair = rng.choice(tuple(OTHER))
        game_tricks = Contract.parse(game).tricks_needed + rng.choice((0, 0, 1))
        down = rng.choice((1, 2, 2, 3, 3, 4))
        return ParSituation(
            pair=pair,
            saver=OTHER[pair],
            game=game,
            game_tricks=game_tricks,
            save=f"{save}X",
            save_tricks=Contract.parse(save).tricks_needed - down,
            down=down,
            vulnerable=rng.choice(VULNERABILITIES),
        )

    def fields(self, situation):
        return [
            Field("game", gettext("The game's score")),
            Field("save", gettext("What the sacrifice doubled gives them")),
            Field("par", gettext("Par, for the side that can make the game")),
        ]

    def solve(self, situation, mistake=None):
        s = situation
        form = form_believed("duplicate", mistake)
        # Read the other way round, the vulnerability is wrong for both pairs.
        flip = believes(mistake, Misreading.FLIP_VULNERABILITY)
        game = score_deal(
            s.game,
            s.game_tricks,
            _vulnerable(s.pair, s.vulnerable) != flip,
            form=form,
        )
        save = score_deal(
            s.save,
            s.save_tricks,
            _vulnerable(s.saver, s.vulnerable) != flip,
            form=form,
        )
        cost = save.defender_points
        par = min(game.total, cost)
        chosen = "sacrifice" if cost < game.total else "game"
        notes = (
            gettext("The game scores {game}; the sacrifice costs its side {cost}.").format(
                game=game.total, cost=cost
            ),
            gettext("Par is the smaller: the other side sacrifice only when it costs them less.")
            if chosen == "sacrifice"
            else gettext("The sacrifice would cost more than the game, so par is the game."),
        )
        return Solution({"game": game.total, "save": cost, "par": par}, notes=notes)

    def follow_through(self, situation, given):
        """Par worked from the learner's own game and sacrifice: the smaller of the two. A
        slip in scoring one of them is one mistake, not two."""
        game, save = given.get("game"), given.get("save")
        if is_whole(game) and is_whole(save):
            return {"par": min(game, save)}
        return {}

    def skills(self, situation):
        return ["par"]

    def attributes(self, situation):
        return {"game": situation.game, "save": situation.save}
