"""Random deals for questions: contracts near what players bid, results near the contract.

Every deal is a `scoring.PlayedDeal`; situations store it as its `as_data()`. Each helper
takes the skills taught so far and draws nothing beyond them: no doubling before doubles,
no slam before slams, no failing contract before undertricks, no extra tricks before
overtricks, no honors before honors, no earlier deals on the sheet before games.
"""

from __future__ import annotations

import random

from quizzes.skills import EVERYTHING
from scoring import SIDES, Contract, PlayedDeal, Rubber, other

LEVEL_WEIGHTS = (14, 16, 18, 22, 12, 10, 8)
STRAIN_WEIGHTS = {"C": 18, "D": 18, "H": 20, "S": 22, "NT": 22}
DOUBLING_WEIGHTS = {"": 70, "X": 22, "XX": 8}


def random_contract(
    rng: random.Random, doubling: str | None = None, taught: frozenset[str] = EVERYTHING
) -> str:
    levels = range(1, 8) if "slams" in taught else range(1, 6)
    level = rng.choices(levels, weights=LEVEL_WEIGHTS[: len(levels)])[0]
    strain = rng.choices(list(STRAIN_WEIGHTS), weights=list(STRAIN_WEIGHTS.values()))[0]
    if doubling is None:
        doubling = ""
        if "doubles" in taught:
            doubling = rng.choices(list(DOUBLING_WEIGHTS), weights=list(DOUBLING_WEIGHTS.values()))[
                0
            ]
    return f"{level}{strain}{doubling}"


def random_tricks(rng: random.Random, contract: str, taught: frozenset[str] = EVERYTHING) -> int:
    """Mostly near the contract, sometimes far off; only results the learner was taught."""
    needed = Contract.parse(contract).tricks_needed
    low = 0 if "undertricks" in taught else needed
    high = 13 if "overtricks" in taught else needed
    for _ in range(20):
        if rng.random() < 0.8:
            offset = rng.choice((-3, -2, -2, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2))
        else:
            offset = rng.randint(-6, 4)
        tricks = max(0, min(13, needed + offset))
        if low <= tricks <= high:
            return tricks
    return max(low, min(high, tricks))


def random_honors(
    rng: random.Random, contract: str, chance: float = 0.2, taught: frozenset[str] = EVERYTHING
):
    """Sometimes an honors claim fits the contract: (honors, held by declarer's side?)."""
    if "honors" not in taught or rng.random() >= chance:
        return None, True
    strain = Contract.parse(contract).strain.value
    honors = (
        "four_aces" if strain == "NT" else rng.choice(("four_trumps", "four_trumps", "five_trumps"))
    )
    return honors, rng.random() < 0.75


def random_deal(
    rng: random.Random,
    side: str | None = None,
    honors_chance: float = 0.15,
    taught: frozenset[str] = EVERYTHING,
) -> PlayedDeal:
    """A deal for a WE/THEY sheet: a random side declares a random contract."""
    side = side or rng.choice(SIDES)
    contract = random_contract(rng, taught=taught)
    honors, own = random_honors(rng, contract, honors_chance, taught)
    holder = (side if own else other(side)) if honors else None
    return PlayedDeal(str(side), contract, random_tricks(rng, contract, taught), honors, holder)


def random_rubber_history(
    rng: random.Random, max_deals: int = 5, taught: frozenset[str] = EVERYTHING
) -> list[PlayedDeal]:
    """Deals of a rubber still in progress (none of them ends it); none before games."""
    if "games" not in taught:
        return []
    while True:
        rubber, history = Rubber(), []
        for _ in range(rng.randint(0, max_deals)):
            deal = random_deal(rng, taught=taught)
            probe = Rubber()
            probe.record_all([*history, deal])
            if probe.is_finished:
                break
            history.append(deal)
            rubber = probe
        if not rubber.is_finished:
            return history


def as_data(deals) -> list[dict]:
    return [deal.as_data() for deal in deals]


def played(data) -> list[PlayedDeal]:
    """A situation's stored deals (or its deals already read), as played deals."""
    return [d if isinstance(d, PlayedDeal) else PlayedDeal.from_data(d) for d in data]


def contract_skills(contract: str, tricks: int, with_trick_score=True) -> list[str]:
    """The skills a deal exercises, from its contract and result."""
    c = Contract.parse(contract)
    skills = []
    if tricks >= c.tricks_needed:
        if with_trick_score:
            skills.append("trick_score")
        if tricks > c.tricks_needed:
            skills.append("overtricks")
        if c.level >= 6:
            skills.append("slams")
    else:
        skills.append("undertricks")
    if c.doubling.value:
        skills.append("doubles")
    return skills
