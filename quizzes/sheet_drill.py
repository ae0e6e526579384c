"""The sheet drill: what a whole sheet holds, and what each of its steps asks.

A rubber is dealt until a side wins two games (or, now and then, play stops first and
the rubber is left unfinished); each deal is a step that asks what it adds to each
column, whether it made a game, whether the rubber is over and who is vulnerable now;
a last step asks for the totals and the result. A Chicago chukker is four deals, each
asking the points each side scores. Every step is an ordinary question of its kind,
graded by the engine, so hints, second tries, credit and review all work as in practice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import gettext

from quizzes.kinds.dealing import as_data, played, random_deal
from quizzes.skills import taught_through
from scoring import SIDES, FourDeal, Rubber

MAX_RUBBER_DEALS = 8
CHUKKER_DEALS = 4
UPTO = {"rubber": "rubber", "chicago": "chicago"}
"""Each sheet asks only what the course has taught up to the lesson of its form."""
RUBBER_ASKS = ["game", "rubber_over", "vulnerable"]


@dataclass(frozen=True)
class Plan:
    deals: list[dict]
    first_dealer: str = ""


def plan(form: str, rng: random.Random) -> Plan:
    """The deals of a new sheet of this form."""
    taught = taught_through(UPTO[form])
    if form == "chicago":
        deals = [random_deal(rng, honors_chance=0.1, taught=taught) for _ in range(CHUKKER_DEALS)]
        return Plan(as_data(deals), first_dealer=str(rng.choice(SIDES)))
    # Now and then play stops before the rubber is won: the unfinished-rubber bonus.
    stops_at = rng.randint(3, MAX_RUBBER_DEALS - 1) if rng.random() < 0.25 else MAX_RUBBER_DEALS
    rubber, deals = Rubber(), []
    while len(deals) < stops_at and not rubber.is_finished:
        deal = random_deal(rng, honors_chance=0.15, taught=taught)
        rubber.record_deal(deal)
        deals.append(deal)
    return Plan(as_data(deals))


def step_count(form: str, deals: list[dict]) -> int:
    """A rubber's deals and then its totals; a chukker's four deals."""
    return len(deals) + (1 if form == "rubber" else 0)


def step(form: str, deals: list[dict], first_dealer: str, number: int) -> tuple[str, dict]:
    """The kind and situation of step `number` (from 1)."""
    if not 1 <= number <= step_count(form, deals):
        raise ValueError(f"This sheet has no step {number}")
    if form == "chicago":
        situation = {
            "form": "chicago",
            "first_dealer": first_dealer,
            "history": deals[: number - 1],
            "deal": deals[number - 1],
        }
        return "four_deal", situation
    if number <= len(deals):
        situation = {"history": deals[: number - 1], "deal": deals[number - 1]}
        asks = RUBBER_ASKS
        if number == len(deals) and finished_sheet(form, deals).is_finished:
            # The rubber is over: no one is vulnerable "now", so that is not asked.
            asks = [ask for ask in RUBBER_ASKS if ask != "vulnerable"]
        return "rubber_deal", {**situation, "asks": asks}
    finished = finished_sheet(form, deals).is_finished
    situation = {"history": deals, "finished": finished}
    if finished:
        # The learner wrote the rubber bonus with the deal that won it: not asked again.
        situation["bonus_written"] = True
    return "rubber_total", situation


def finished_sheet(form: str, deals: list[dict], first_dealer: str = "we"):
    """The whole sheet as the engine writes it (a rubber before any end-of-play bonus)."""
    chicago = form == "chicago"
    sheet = FourDeal(form="chicago", first_dealer=first_dealer) if chicago else Rubber()
    sheet.record_all(played(deals))
    return sheet


def step_label(form: str, deals: list[dict], number: int) -> str:
    if number <= len(deals):
        return gettext("Deal {number}").format(number=number)
    return gettext("Totals and result")
