"""Honors: from the hands shown after play, who scores honors, and how much."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import Field, QuestionKind, SituationData, Solution, believes, translated
from quizzes.skills import EVERYTHING
from scoring import (
    DECLARER,
    DEFENDERS,
    SIDES,
    Contract,
    Misreading,
    Side,
    honors_in_hand,
    score_deal,
)

HAND_NAMES = {
    "declarer": gettext_noop("Declarer"),
    "dummy": gettext_noop("Dummy"),
    "left": gettext_noop("Declarer's left-hand opponent"),
    "right": gettext_noop("Declarer's right-hand opponent"),
}
DECLARING_HANDS = ("declarer", "dummy")
HONORS_SIDE_CHOICES = (
    *((side.value, side.label) for side in SIDES),
    ("none", gettext_noop("Nobody")),
)
SUIT_LETTERS = ("S", "H", "D", "C")
HONOR_ORDER = {"A": 0, "K": 1, "Q": 2, "J": 3, "10": 4}


@dataclass(frozen=True)
class HonorsSituation(SituationData):
    contract: str
    declarer: str
    holdings: dict[str, tuple[str, ...]]
    """The honors each hand shown holds, by hand ("declarer", "dummy", "left", "right")."""


class Honors(QuestionKind):
    key = "honors"
    title = gettext_noop("Honors: who scores them, and how much?")
    instruction = gettext_noop("Look at the hands shown. Who scores honors, and how many points?")
    template = "quizzes/kinds/honors.html"
    possible_skills = ("honors",)
    mistakes = ("honors_wrong_side", "split_honors_counted")
    requires = ("honors",)
    single_idea = True
    situation_type = HonorsSituation

    def draw(self, rng, taught=EVERYTHING):
        strain = rng.choices(("C", "D", "H", "S", "NT"), weights=(2, 2, 3, 3, 2))[0]
        contract = f"{rng.randint(1, 6)}{strain}"
        declarer = rng.choice(SIDES)
        hands = list(HAND_NAMES)
        if strain == "NT":
            pattern = rng.choice(("one_hand", "one_hand", "split"))
            if pattern == "one_hand":
                hand = rng.choice(hands)
                holdings = {hand: [f"{s}A" for s in SUIT_LETTERS]}
            else:
                a, b = rng.sample(hands, 2)
                holdings = {a: [f"{s}A" for s in SUIT_LETTERS[:3]], b: [f"{SUIT_LETTERS[3]}A"]}
        else:
            honors = ["A", "K", "Q", "J", "10"]
            rng.shuffle(honors)
            pattern = rng.choice(("five", "four", "four", "split", "split"))
            if pattern == "five":
                holdings = {rng.choice(hands): honors}
            elif pattern == "four":
                a, b = rng.sample(hands, 2)
                holdings = {a: honors[:4], b: honors[4:]}
            else:
                a, b = rng.sample(DECLARING_HANDS if rng.random() < 0.7 else hands, 2)
                cut = rng.choice((2, 3))
                holdings = {a: honors[:cut], b: honors[cut:]}
        for hand, cards in holdings.items():
            if strain != "NT":
                holdings[hand] = sorted(cards, key=HONOR_ORDER.__getitem__)
        return HonorsSituation(
            contract=contract,
            declarer=str(declarer),
            holdings={hand: tuple(cards) for hand, cards in holdings.items()},
        )

    def fields(self, situation):
        return [
            Field("side", gettext("Who scores honors?"), "choice", translated(HONORS_SIDE_CHOICES)),
            Field("points", gettext("How many points?")),
        ]

    def prompt(self, situation):
        """Each hand shown: its name, the side it plays for, and its cards."""
        declarer = Side(situation.declarer)
        return {
            "hands": [
                (
                    gettext(HAND_NAMES[hand]),
                    declarer if hand in DECLARING_HANDS else declarer.other,
                    cards,
                )
                for hand, cards in situation.holdings.items()
            ]
        }

    def _claim(self, situation, combine=False):
        strain = Contract.parse(situation.contract).strain
        holdings = situation.holdings
        if combine:  # the learner pools each side's two hands
            groups = [
                [c for h in DECLARING_HANDS for c in holdings.get(h, [])],
                [c for h in ("left", "right") for c in holdings.get(h, [])],
            ]
            owners = [DECLARER, DEFENDERS]
        else:
            groups = [holdings[h] for h in holdings]
            owners = [DECLARER if h in DECLARING_HANDS else DEFENDERS for h in holdings]
        for cards, owner in zip(groups, owners, strict=True):
            honors = honors_in_hand(strain, cards)
            if honors:
                return honors, owner
        return None, None

    def solve(self, situation, mistake=None):
        combine = believes(mistake, Misreading.COUNT_SPLIT_HONORS)
        honors, owner = self._claim(situation, combine=combine)
        if honors is None:
            return Solution({"side": "none", "points": 0})
        if believes(mistake, Misreading.FLIP_HONORS_SIDE):
            owner = owner.other
        side = owner.side_for(situation.declarer)
        contract = Contract.parse(situation.contract)
        item = score_deal(
            contract, contract.tricks_needed, form="rubber", honors=honors, honors_side=owner
        ).item("honors")
        return Solution({"side": str(side), "points": item.points}, (item.for_side(side),))

    def skills(self, situation):
        return ["honors"]

    def attributes(self, situation):
        return {"contract": situation.contract, "declarer": situation.declarer}
