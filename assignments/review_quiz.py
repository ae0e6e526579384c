"""The ready-made assignment: the review quiz (rules §8.3), as fixed questions (pure Python).

A second attempt asks the same questions on nine other deals of the same shape.

Question 1 scores deals a to i as a rubber, one deal at a time, then the rubber's total;
question 2 scores deals a to d as Chicago with WE dealing first; question 3 scores them
at duplicate with question 2's vulnerability. Situations only: the engine answers them.
Each question builds on the ones before, so none shows the earlier deals' scores (those
are the earlier answers): the deals before are listed as played, and the student works
from the sheet they have built.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from assignments import draws
from lessons.deals import REVIEW_QUIZ, REVIEW_QUIZ_FIRST_DEALER, REVIEW_QUIZ_LETTERS
from quizzes.kinds.dealing import random_deal
from quizzes.kinds.sheets import HISTORY_AS_DEALS
from scoring import FourDeal, PlayedDeal, Rubber

TITLE = "Review quiz: a whole rubber, then Chicago and duplicate"


@dataclass(frozen=True)
class FixedQuestion:
    label: str
    kind: str
    situation: dict


DEALS = len(REVIEW_QUIZ_LETTERS)


def variant_deals(seed: int) -> list[PlayedDeal]:
    """Nine other deals with the same shape as the quiz's own: a rubber that ends on the
    ninth deal and not before. A second attempt is asked these, so that nothing shown
    after the first (its answers) answers the second: no deal is the quiz's own deal at
    the same place (a random draw could repeat one, and its shown answer with it)."""
    rng = random.Random(seed)
    while True:
        deals: list[PlayedDeal] = []
        for number in range(1, DEALS + 1):
            for _ in range(200):  # draw this deal again until the rubber ends where it should
                deal = random_deal(rng)
                if _play(deal) == _play(REVIEW_QUIZ[number - 1]):
                    continue
                rubber = Rubber()
                rubber.record_all([*deals, deal])
                if rubber.is_finished == (number == DEALS):
                    deals.append(deal)
                    break
            else:
                break  # the last deal could not end this rubber: start again
        if len(deals) == DEALS:
            return deals


def _play(deal: PlayedDeal) -> tuple:
    """What the duplicate question keeps of a deal: who declared what, and the tricks."""
    return (str(deal.declarer), str(deal.contract), deal.tricks)


def questions(variant: int | None = None) -> list[FixedQuestion]:
    """The quiz's questions: on the quiz's own deals, or (`variant`, a seed) on others."""
    played = list(REVIEW_QUIZ) if variant is None else variant_deals(variant)
    deals = [d.as_data() for d in played]
    result = [
        FixedQuestion(
            f"1{letter}: rubber, deal {letter}",
            "rubber_deal",
            {"history": deals[:i], "deal": deals[i], "history_shown": HISTORY_AS_DEALS},
        )
        for i, letter in enumerate(REVIEW_QUIZ_LETTERS)
    ]
    result.append(
        FixedQuestion(
            "1 total: the whole rubber",
            "rubber_total",
            {"history": deals, "finished": True, "history_shown": HISTORY_AS_DEALS},
        )
    )
    for i, letter in enumerate(REVIEW_QUIZ_LETTERS[:4]):
        result.append(
            FixedQuestion(
                f"2{letter}: Chicago, deal {letter}",
                "four_deal",
                {
                    "form": "chicago",
                    "first_dealer": REVIEW_QUIZ_FIRST_DEALER,
                    "history": deals[:i],
                    "deal": deals[i],
                    "history_shown": HISTORY_AS_DEALS,
                },
            )
        )
    chukker = FourDeal(form="chicago", first_dealer=REVIEW_QUIZ_FIRST_DEALER)
    chukker.record_all(played[:4])
    for deal, record, letter in zip(played[:4], chukker.deals, REVIEW_QUIZ_LETTERS, strict=False):
        result.append(
            FixedQuestion(
                f"3{letter}: duplicate, deal {letter}",
                "duplicate_deal",
                {
                    "form": "duplicate",
                    # WE sit North-South; honors do not score at duplicate.
                    "deal": PlayedDeal(
                        "N" if deal.declarer == "we" else "E", deal.contract, deal.tricks
                    ).as_data(),
                    "vulnerable": deal.declarer in record.vulnerable,
                    "show_vulnerability": True,
                },
            )
        )
    return result


def variant_seed(secret: int, attempt: int) -> int | None:
    """Which deals an attempt is asked: the quiz's own at the first, others after (the
    same for the whole class at each attempt, as the quiz is the same for everyone)."""
    if attempt <= 1:
        return None
    return draws.question_seed(secret=secret, who=draws.EVERYONE, attempt=attempt, position=0)


def labels() -> list[str]:
    return [q.label for q in questions()]
