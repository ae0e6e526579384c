"""Quick questions about a contract made with something to spare: what its overtricks are
worth, and what a doubled or redoubled contract made scores above the line (the insult, its
overtricks and, when the deal wins the rubber, the rubber bonus the question states)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    doubling_word,
    form_believed,
    named_mistakes,
)
from quizzes.kinds.dealing import random_contract
from quizzes.skills import EVERYTHING
from scoring import DECLARER, Contract, Misreading, Place, Rubber, Strain, score_deal


@dataclass(frozen=True)
class MadeSituation(SituationData):
    """A contract made with `over` overtricks (perhaps none), vulnerable or not."""

    contract: str
    over: int
    vulnerable: bool


@dataclass(frozen=True)
class DoubledAboveSituation(SituationData):
    """A doubled contract made; `opponents_game`: the other side has a game too. Rows stored
    before the rubber bonus was stated have no `opponents_game` (None): the question then
    leaves the rubber bonus out."""

    contract: str
    over: int
    vulnerable: bool
    opponents_game: bool | None = None


class _MadeWithOvertricks(QuestionKind):
    """A contract made with `over` overtricks (perhaps none), vulnerable or not, at rubber
    scoring: what the quick questions about a made contract's extras share."""

    def prompt(self, situation):
        contract = situation.contract
        needed = Contract.parse(contract).tricks_needed
        return {
            "doubling": doubling_word(contract),
            "needed": needed,
            "tricks": needed + situation.over,
        }

    def _result(self, situation, mistake):
        vulnerable = situation.vulnerable != believes(mistake, Misreading.FLIP_VULNERABILITY)
        contract = Contract.parse(situation.contract)
        tricks = contract.tricks_needed + situation.over
        return score_deal(contract, tricks, vulnerable, form=form_believed("rubber", mistake))

    def attributes(self, situation):
        return {
            "contract": situation.contract,
            "over": situation.over,
            "vulnerable": "yes" if situation.vulnerable else "no",
        }


class OvertrickValue(_MadeWithOvertricks):
    """What all the overtricks of a made contract are worth together."""

    key = "overtrick_value"
    title = gettext_noop("What are the overtricks worth?")
    instruction = gettext_noop("Enter what the overtricks score in all (above the line).")
    template = "quizzes/kinds/overtrick_value.html"
    possible_skills = ("overtricks", "doubles", "vulnerability")
    requires = ("overtricks",)
    single_idea = True
    mistakes = (
        "doubled_overtricks_at_trick_value",
        "vulnerability_reversed",
        "notrump_all_40",
        "vulnerable_overtricks_doubled",
    )
    situation_type = MadeSituation

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING) -> MadeSituation:
        doubling = ""
        if "doubles" in taught:
            doubling = rng.choices(("", "X", "XX"), weights=(4, 4, 2))[0]
        # A grand slam leaves no trick to spare: draw again.
        while True:
            contract = random_contract(rng, doubling=doubling, taught=taught)
            needed = Contract.parse(contract).tricks_needed
            if needed < 13:
                break
        over = min(13 - needed, rng.choices((1, 2, 3), weights=(5, 3, 2))[0])
        return MadeSituation(contract, over, rng.random() < 0.5)

    def fields(self, situation):
        return [Field("points", gettext("The overtricks are worth"))]

    def solve(self, situation, mistake=None):
        result = self._result(situation, mistake)
        item = result.item("overtricks")
        return Solution({"points": item.points}, (item,))

    def skills(self, situation):
        skills = ["overtricks"]
        if doubling_word(situation.contract):
            skills += ["doubles", "vulnerability"]
        return skills

    def applicable_mistakes(self, situation):
        contract = Contract.parse(situation.contract)
        if contract.doubling.value:
            return named_mistakes(("doubled_overtricks_at_trick_value", "vulnerability_reversed"))
        keys = ["notrump_all_40"] if contract.strain is Strain.NOTRUMP else []
        if situation.vulnerable:
            keys.append("vulnerable_overtricks_doubled")
        return named_mistakes(keys)


class DoubledAbove(_MadeWithOvertricks):
    """A doubled or redoubled contract made: what it scores above the line (the bonus for
    making it, any overtricks at their doubled value, and the rubber bonus when the deal
    wins the rubber).

    The question says what the deal does to the rubber. A vulnerable side already has a
    game, so a game made now wins the rubber; the question then says whether the opponents
    have a game, and the rubber bonus is part of the answer (drawn only once the rubber
    lesson has taught it). Situations stored before the rubber was stated (no
    "opponents_game") say instead to leave the rubber bonus out, as they were graded.
    """

    key = "doubled_above"
    title = gettext_noop("Doubled and made: what goes above the line?")
    instruction = gettext_noop(
        "Enter everything the declaring side scores above the line on this deal."
    )
    template = "quizzes/kinds/doubled_above.html"
    possible_skills = ("doubles", "overtricks", "vulnerability", "rubber")
    requires = ("doubles",)
    single_idea = True
    mistakes = (
        "insult_forgotten",
        "doubled_overtricks_at_trick_value",
        "vulnerability_reversed",
        "rubber_bonus_forgotten",
        "rubber_bonus_reversed",
    )
    situation_type = DoubledAboveSituation

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        doubling = rng.choices(("X", "XX"), weights=(3, 1))[0]
        while True:  # a game or part-score with room to spare: slams have their own bonus
            contract = random_contract(rng, doubling=doubling, taught=taught - {"slams"})
            if Contract.parse(contract).tricks_needed < 13:
                break
        needed = Contract.parse(contract).tricks_needed
        over = min(13 - needed, rng.choices((0, 1, 2), weights=(5, 3, 2))[0])
        situation = DoubledAboveSituation(
            contract=contract,
            over=over,
            vulnerable=rng.random() < 0.5,
            opponents_game=rng.random() < 0.5,
        )
        if "rubber" not in taught and self._wins_rubber(situation):
            # The rubber bonus is not taught yet: the declaring side has no game so far.
            situation = replace(situation, vulnerable=False)
        return situation

    @staticmethod
    def _makes_game(situation) -> bool:
        """Whether the deal makes a game on a sheet with no part-score (as the question says)."""
        contract = Contract.parse(situation.contract)
        tricks = contract.tricks_needed + situation.over
        return score_deal(contract, tricks, True, form="rubber").completes_game

    def _wins_rubber(self, situation) -> bool:
        """A vulnerable side already has one game: a game made now is its second."""
        return situation.vulnerable and self._makes_game(situation)

    def _rubber_state(self, situation) -> str:
        """What the deal does to the rubber, as the question says it."""
        if not self._wins_rubber(situation):
            return "goes_on"
        return "won" if situation.opponents_game is not None else "won_bonus_left_out"

    def _replayed(self, situation, mistake):
        """The deal written on a rubber in which the declaring side (WE) and, if the question
        says so, the opponents already have a game: the engine adds the rubber bonus."""
        rubber = Rubber(form=form_believed("rubber", mistake))
        rubber.record("we", "3NT", 9)
        if situation.opponents_game:
            rubber.record("they", "3NT", 9)
        contract = Contract.parse(situation.contract)
        vulnerable = situation.vulnerable != believes(mistake, Misreading.FLIP_VULNERABILITY)
        return rubber.record(
            "we", contract, contract.tricks_needed + situation.over, vulnerable=vulnerable
        )

    def prompt(self, situation):
        return {
            **super().prompt(situation),
            "rubber": self._rubber_state(situation),
            "game": self._makes_game(situation),
        }

    def fields(self, situation):
        return [Field("points", gettext("Above the line, in all"))]

    def solve(self, situation, mistake=None):
        if self._rubber_state(situation) == "won":
            record = self._replayed(situation, mistake)
            above = [e.item for e in record.entries if e.item.place is Place.ABOVE]
            items = tuple(item.for_side(DECLARER) for item in above)
            return Solution({"points": record.points("we", Place.ABOVE)}, items)
        result = self._result(situation, mistake)
        items = tuple(item for item in result.items if item.place is Place.ABOVE)
        return Solution({"points": result.points(DECLARER, Place.ABOVE)}, items)

    def skills(self, situation):
        skills = ["doubles"]
        if situation.over:
            skills += ["overtricks", "vulnerability"]
        if self._rubber_state(situation) == "won":
            skills.append("rubber")
        return skills

    def applicable_mistakes(self, situation):
        keys = ["insult_forgotten"]
        if situation.over:
            keys += ["doubled_overtricks_at_trick_value", "vulnerability_reversed"]
        if self._rubber_state(situation) == "won":
            keys += ["rubber_bonus_forgotten", "rubber_bonus_reversed"]
        return named_mistakes(keys)

    def attributes(self, situation):
        attributes = super().attributes(situation)
        if situation.opponents_game is not None:
            attributes["opponents-game"] = "yes" if situation.opponents_game else "no"
        return attributes
