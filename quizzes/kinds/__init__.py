"""Question kinds, one module per family; `KINDS` holds one of each, by key.

Each kind owns its situation, prompt, answer boxes, solution and the misunderstandings
it can replay (the protocol is in base.py), so nothing outside this package branches
on which kind a question is.
"""

from quizzes.kinds.base import Field, QuestionKind, Solution
from quizzes.kinds.comparisons import (
    ButlerDatum,
    ImpScale,
    MatchpointRow,
    MatchVictoryPoints,
    TeamBoard,
)
from quizzes.kinds.facts import GameCheck, LinePlace, SlamBonus, TrickValue
from quizzes.kinds.honors import Honors
from quizzes.kinds.made import DoubledAbove, OvertrickValue
from quizzes.kinds.one_deal import DuplicateDeal, Undertricks
from quizzes.kinds.par import ParScore
from quizzes.kinds.rubber_total import RubberTotal
from quizzes.kinds.sheets import FourDealDeal, RubberDeal
from quizzes.kinds.tables import Partners, VictoryPoints
from quizzes.kinds.vulnerability import Vulnerability, VulnerabilityCost

KINDS: dict[str, QuestionKind] = {
    kind.key: kind
    for kind in (
        LinePlace(),
        TrickValue(),
        GameCheck(),
        OvertrickValue(),
        DoubledAbove(),
        SlamBonus(),
        DuplicateDeal(),
        RubberDeal(),
        FourDealDeal(),
        Undertricks(),
        Vulnerability(),
        Honors(),
        RubberTotal(),
        VictoryPoints(),
        Partners(),
        MatchpointRow(),
        ImpScale(),
        ButlerDatum(),
        TeamBoard(),
        MatchVictoryPoints(),
        VulnerabilityCost(),
        ParScore(),
    )
}


class UnknownQuestion(ValueError):
    """A kind or skill the practice app does not have."""


def kind_for(key: str) -> QuestionKind:
    try:
        return KINDS[key]
    except KeyError:
        raise UnknownQuestion(f"There is no question kind called {key!r}") from None


__all__ = ["KINDS", "Field", "QuestionKind", "Solution", "UnknownQuestion", "kind_for"]
