"""The ready-made assignment: the review quiz (rules §8.3), as fixed questions (pure Python).

Question 1 scores deals a to i as a rubber, one deal at a time, then the rubber's total;
question 2 scores deals a to d as Chicago with WE dealing first; question 3 scores them
at duplicate with question 2's vulnerability. Situations only: the engine answers them.
Each question builds on the ones before, so none shows the earlier deals' scores (those
are the earlier answers): the deals before are listed as played, and the student works
from the sheet they have built.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons.deals import (
    REVIEW_QUIZ,
    REVIEW_QUIZ_FIRST_DEALER,
    REVIEW_QUIZ_LETTERS,
    review_quiz_chukker,
)
from quizzes.kinds.sheets import HISTORY_AS_DEALS
from scoring import PlayedDeal

TITLE = "Review quiz: a whole rubber, then Chicago and duplicate"


@dataclass(frozen=True)
class FixedQuestion:
    label: str
    kind: str
    situation: dict


def questions() -> list[FixedQuestion]:
    deals = [d.as_data() for d in REVIEW_QUIZ]
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
    chukker = review_quiz_chukker()
    for deal, record, letter in zip(
        REVIEW_QUIZ[:4], chukker.deals, REVIEW_QUIZ_LETTERS, strict=False
    ):
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


def labels() -> list[str]:
    return [q.label for q in questions()]
