"""Par: one side can make a game, the other can sacrifice against it, doubled. Which costs
less is par; every figure is the engine's score of a deal (rules §9, duplicate scoring)."""

from __future__ import annotations

import random

from quizzes.kinds.base import Field, QuestionKind, Solution
from quizzes.skills import EVERYTHING
from scoring import Contract, score_deal

# The game one side makes, and the contracts the other side can sacrifice in over it.
SAVES = {"4S": ("5H", "5D", "5C"), "4H": ("4S", "5D", "5C")}
VULNERABILITIES = ("none", "NS", "EW", "both")
OTHER = {"NS": "EW", "EW": "NS"}


def _vulnerable(pair: str, vulnerable: str) -> bool:
    return vulnerable in (pair, "both")


class ParScore(QuestionKind):
    """A game against a doubled sacrifice: the game's score, the sacrifice's cost, and par."""

    key = "par_score"
    title = "Par: a game or a sacrifice"
    instruction = "Enter each score for the side that can make the game."
    template = "quizzes/kinds/par_score.html"
    possible_skills = ("par",)
    requires = ("par",)

    def generate(self, rng: random.Random, taught: frozenset[str] = EVERYTHING) -> dict:
        game = rng.choice(tuple(SAVES))
        save = rng.choice(SAVES[game])
        pair = rng.choice(tuple(OTHER))
        game_tricks = Contract.parse(game).tricks_needed + rng.choice((0, 0, 1))
        down = rng.choice((1, 2, 2, 3, 3, 4))
        return {
            "pair": pair,
            "saver": OTHER[pair],
            "game": game,
            "game_tricks": game_tricks,
            "save": f"{save}X",
            "save_tricks": Contract.parse(save).tricks_needed - down,
            "down": down,
            "vulnerable": rng.choice(VULNERABILITIES),
        }

    def fields(self, situation):
        return [
            Field("game", "The game's score"),
            Field("save", "What the sacrifice doubled gives them"),
            Field("par", "Par, for the side that can make the game"),
        ]

    def solve(self, situation, mistake=None):
        s = situation
        game = score_deal(s["game"], s["game_tricks"], _vulnerable(s["pair"], s["vulnerable"]))
        save = score_deal(s["save"], s["save_tricks"], _vulnerable(s["saver"], s["vulnerable"]))
        cost = save.defender_points
        par = min(game.total, cost)
        chosen = "sacrifice" if cost < game.total else "game"
        notes = (
            f"The game scores {game.total}; the sacrifice costs its side {cost}.",
            "Par is the smaller: the other side sacrifice only when it costs them less."
            if chosen == "sacrifice"
            else "The sacrifice would cost more than the game, so par is the game.",
        )
        return Solution({"game": game.total, "save": cost, "par": par}, notes=notes)

    def skills(self, situation):
        return ["par"]

    def applicable_mistakes(self, situation):
        return []

    def attributes(self, situation):
        return {"game": situation["game"], "save": situation["save"]}
