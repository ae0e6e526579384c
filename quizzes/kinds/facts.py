"""Single-idea kinds: quick questions for a beginner that ask exactly one thing.

Where a part of the score is written, what a contract's trick score is, whether a deal
makes a game, what a slam earns. What a made contract's overtricks and doubling add above
the line are asked in made.py (re-exported here). Every answer is read from the
engine's items; each kind draws only what the learner has been taught.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    DEAL,
    YES_NO,
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    doubling_word,
    form_believed,
    named_mistakes,
    nested,
    penalty_as_believed,
    side_word,
    translated,
)
from quizzes.kinds.dealing import (
    STRAIN_WEIGHTS,
    random_contract,
    random_rubber_history,
)
from quizzes.kinds.made import DoubledAbove, OvertrickValue  # noqa: F401 (imported from here)
from quizzes.kinds.sheets import play_rubber, replay
from quizzes.skills import EVERYTHING
from scoring import (
    SIDES,
    Contract,
    Misreading,
    Place,
    PlayedDeal,
    Rubber,
    ScoringError,
    Strain,
    other,
    score_deal,
)
from scoring.items import Kind as ItemKind

PLACES = (
    ("we_below", gettext_noop("WE, below the line")),
    ("we_above", gettext_noop("WE, above the line")),
    ("they_below", gettext_noop("THEY, below the line")),
    ("they_above", gettext_noop("THEY, above the line")),
)
"""Where a number can be written on a WE/THEY sheet: a column and a side of the line."""


def place_of(item) -> str:
    """The PLACES key of an item written on a WE/THEY sheet."""
    return f"{item.side}_{item.place.value}"


def _result_words(contract: str, tricks: int) -> dict:
    """How far the tricks taken are from the contract: extra tricks or tricks short."""
    needed = Contract.parse(contract).tricks_needed
    return {"needed": needed, "extra": max(0, tricks - needed), "down": max(0, needed - tricks)}


@dataclass(frozen=True)
class DealSituation(SituationData):
    """One deal, played on a WE/THEY sheet."""

    deal: PlayedDeal = nested(DEAL)


@dataclass(frozen=True)
class GameCheckSituation(SituationData):
    """The deals of a rubber so far, and the deal asked about."""

    history: tuple[PlayedDeal, ...] = nested(DEAL)
    deal: PlayedDeal = nested(DEAL)


@dataclass(frozen=True)
class SlamSituation(SituationData):
    deal: PlayedDeal = nested(DEAL)
    vulnerable: bool = False


class LinePlace(QuestionKind):
    """Which column, and which side of the line, each part of one deal's score is written."""

    key = "line_place"
    title = gettext_noop("Above or below the line?")
    instruction = gettext_noop(
        "Say where each part of the score is written: whose column, and which side of the line."
    )
    template = "quizzes/kinds/line_place.html"
    possible_skills = ("sheet",)
    requires = ("sheet",)
    single_idea = True
    situation_type = DealSituation
    mistakes = (
        "overtricks_below_the_line",
        "penalty_in_declarers_column",
        "trick_score_above_the_line",
        "penalty_below_the_line",
    )

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        declarer = rng.choice(SIDES)
        contract = random_contract(rng, taught=taught)
        needed = Contract.parse(contract).tricks_needed
        # Lesson 1 shows extra tricks going above the line before it teaches their value.
        outcomes, weights = ["exact", "extra"], [4, 4]
        if "undertricks" in taught:
            outcomes.append("down")
            weights.append(3)
        outcome = rng.choices(outcomes, weights=weights)[0]
        if outcome == "extra" and needed < 13:
            tricks = needed + min(13 - needed, rng.choices((1, 2, 3), weights=(5, 3, 1))[0])
        elif outcome == "down":
            tricks = needed - min(needed, rng.choices((1, 2, 3), weights=(5, 3, 1))[0])
        else:
            tricks = needed
        return DealSituation(PlayedDeal(str(declarer), contract, tricks))

    def fields(self, situation):
        deal = situation.deal
        result = _result_words(deal.contract, deal.tricks)
        if result["down"]:
            return [
                Field(
                    "penalty_place",
                    gettext("Where does the penalty go?"),
                    "choice",
                    translated(PLACES),
                )
            ]
        fields = [
            Field(
                "trick_score_place",
                gettext("Where does the trick score go?"),
                "choice",
                translated(PLACES),
            )
        ]
        if result["extra"]:
            fields.append(
                Field(
                    "extra_place",
                    gettext("Where do the extra tricks go?"),
                    "choice",
                    translated(PLACES),
                )
            )
        return fields

    def prompt(self, situation):
        deal = situation.deal
        return _result_words(deal.contract, deal.tricks)

    def solve(self, situation, mistake=None):
        rubber = Rubber(form=form_believed("rubber", mistake))
        record = rubber.record_deal(situation.deal)
        asked = {
            ItemKind.TRICK_SCORE: "trick_score_place",
            ItemKind.OVERTRICKS: "extra_place",
            ItemKind.UNDERTRICKS: "penalty_place",
        }
        items = tuple(e.item for e in record.entries if e.item.kind in asked)
        items = penalty_as_believed(items, record.declarer, mistake)
        moved = {
            ItemKind.TRICK_SCORE: (Misreading.TRICK_SCORE_ABOVE, Place.ABOVE),
            ItemKind.UNDERTRICKS: (Misreading.PENALTY_BELOW, Place.BELOW),
        }
        items = tuple(
            item._replace(place=moved[item.kind][1])
            if item.kind in moved and believes(mistake, moved[item.kind][0])
            else item
            for item in items
        )
        answer = {asked[item.kind]: place_of(item) for item in items}
        return Solution(answer, items, rubber, highlight=record.number)

    def skills(self, situation):
        return ["sheet"]

    def applicable_mistakes(self, situation):
        deal = situation.deal
        result = _result_words(deal.contract, deal.tricks)
        if result["down"]:
            return named_mistakes(("penalty_in_declarers_column", "penalty_below_the_line"))
        extra = ("overtricks_below_the_line",) if result["extra"] else ()
        return named_mistakes(("trick_score_above_the_line", *extra))

    def attributes(self, situation):
        deal = situation.deal
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
        }


class TrickValue(QuestionKind):
    """The trick score of a contract bid and made: the points below the line."""

    key = "trick_value"
    title = gettext_noop("Trick score: the points below the line")
    instruction = gettext_noop("Enter the trick score: the points for the tricks bid and made.")
    template = "quizzes/kinds/trick_value.html"
    possible_skills = ("trick_score", "doubles")
    requires = ("trick_score",)
    single_idea = True
    situation_type = DealSituation
    mistakes = (
        "book_tricks_counted",
        "notrump_all_30",
        "notrump_all_40",
        "suit_trick_values_swapped",
    )

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        declarer = rng.choice(SIDES)
        contract = random_contract(rng, taught=taught)
        needed = Contract.parse(contract).tricks_needed
        return DealSituation(PlayedDeal(str(declarer), contract, needed))

    def fields(self, situation):
        return [Field("points", gettext("Trick score (below the line)"))]

    def prompt(self, situation):
        return {"doubling": doubling_word(situation.deal.contract)}

    def solve(self, situation, mistake=None):
        deal = situation.deal
        result = score_deal(deal.contract, deal.tricks, form=form_believed("rubber", mistake))
        item = result.item("trick_score")
        return Solution({"points": item.points}, (item,))

    def skills(self, situation):
        skills = ["trick_score"]
        if doubling_word(situation.deal.contract):
            skills.append("doubles")
        return skills

    def applicable_mistakes(self, situation):
        contract = Contract.parse(situation.deal.contract)
        if contract.strain is not Strain.NOTRUMP:
            return named_mistakes(("book_tricks_counted", "suit_trick_values_swapped"))
        # At 1NT only the first trick counts, and it is worth 40 either way.
        keys = ("notrump_all_30", "notrump_all_40") if contract.level > 1 else ("notrump_all_30",)
        return named_mistakes(("book_tricks_counted", *keys))

    def attributes(self, situation):
        deal = situation.deal
        return {"contract": deal.contract, "declarer": deal.declarer}


PART_SCORES = ("1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S")
"""Contracts whose trick score, undoubled, stays under a game."""
GAMES = ("3NT", "4H", "4S", "5C", "5D")
"""The lowest contract that makes a game on its own, in each strain."""


class GameCheck(QuestionKind):
    """Whether a deal made on a rubber in progress completes a game for its side."""

    key = "game_check"
    title = gettext_noop("Game or not?")
    instruction = gettext_noop(
        "Say whether this deal completes a game for the side that played it."
    )
    template = "quizzes/kinds/game_check.html"
    possible_skills = ("games",)
    requires = ("games",)
    single_idea = True
    situation_type = GameCheckSituation
    mistakes = (
        "part_score_not_cancelled",
        "overtricks_below_the_line",
        "notrump_all_30",
        "notrump_all_40",
        "doubled_trick_score_not_game",
    )

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        want_game = rng.random() < 0.5
        for _ in range(100):
            history, deal = self._draw(rng, taught)
            rubber = Rubber()
            try:
                rubber.record_all(history)
            except ScoringError:
                continue
            if rubber.is_finished:
                continue
            record = rubber.record_deal(deal)
            if record.ends_rubber and "rubber" not in taught:
                continue
            if (record.game_to is not None) == want_game:
                return GameCheckSituation(tuple(history), deal)
        # Seldom reached: a fresh sheet and a contract that plainly is, or is not, a game.
        side = str(rng.choice(SIDES))
        deal = PlayedDeal(side, "4S", 10) if want_game else PlayedDeal(side, "2H", 8)
        return GameCheckSituation((), deal)

    def _draw(self, rng, taught):
        """A history and a deal made by one side, from one of three shapes."""
        side = str(rng.choice(SIDES))
        shape = rng.choices(("random", "add_up", "cancelled"), weights=(3, 4, 3))[0]
        if shape == "random":
            history = random_rubber_history(rng, max_deals=4, taught=taught)
            return history, self._made(rng, side, random_contract(rng, taught=taught), taught)
        # Two part-scores that may add up to a game, the first perhaps dead by then.
        history = (
            random_rubber_history(rng, max_deals=2, taught=taught) if rng.random() < 0.3 else []
        )
        history.append(PlayedDeal(side, *self._exactly(rng.choice(PART_SCORES))))
        if shape == "cancelled":
            history.append(PlayedDeal(str(other(side)), *self._exactly(rng.choice(GAMES))))
        contract = rng.choice(PART_SCORES)
        if "doubles" in taught and rng.random() < 0.2:
            contract += "X"
        return history, self._made(rng, side, contract, taught)

    @staticmethod
    def _exactly(contract):
        return contract, Contract.parse(contract).tricks_needed

    @staticmethod
    def _made(rng, side, contract, taught) -> PlayedDeal:
        """`contract` made by `side`, with extra tricks now and then once they are taught."""
        needed = Contract.parse(contract).tricks_needed
        extra = 0
        if "overtricks" in taught and needed < 13 and rng.random() < 0.3:
            extra = min(13 - needed, rng.choice((1, 1, 2)))
        return PlayedDeal(side, contract, needed + extra)

    def fields(self, situation):
        side = side_word(situation.deal.declarer)
        return [
            Field(
                "game",
                gettext("Does this deal give {side} a game?").format(side=side),
                "choice",
                translated(YES_NO),
            )
        ]

    def prompt(self, situation):
        deal = situation.deal
        return {
            "before_sheet": play_rubber(situation.history),
            "deal": deal,
            **_result_words(deal.contract, deal.tricks),
        }

    def solve(self, situation, mistake=None):
        rubber = replay(Rubber, "rubber", situation.history, mistake)
        deal = situation.deal
        before = rubber.part_score(deal.declarer)
        record = rubber.record_deal(deal)
        side = side_word(deal.declarer)
        notes = (
            gettext(
                "Before this deal {side} had {before} below the line toward the game in "
                "progress; this deal adds {adds} below the line."
            ).format(side=side, before=before, adds=record.points(deal.declarer, Place.BELOW)),
        )
        items = tuple(e.item for e in record.entries)
        answer = {"game": "yes" if record.game_to else "no"}
        return Solution(answer, items, rubber, notes, highlight=record.number)

    def skills(self, situation):
        return ["games"]

    def applicable_mistakes(self, situation):
        deal = situation.deal
        contract = Contract.parse(deal.contract)
        keys = []
        if any(r.game_to for r in play_rubber(situation.history).deals):
            keys.append("part_score_not_cancelled")
        if deal.tricks > contract.tricks_needed:
            keys.append("overtricks_below_the_line")
        if contract.strain is Strain.NOTRUMP:
            keys.append("notrump_all_30")
            if contract.level > 1:
                keys.append("notrump_all_40")
        if contract.doubling.value:
            keys.append("doubled_trick_score_not_game")
        return named_mistakes(keys)

    def attributes(self, situation):
        deal = situation.deal
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "deals-before": len(situation.history),
        }


class SlamBonus(QuestionKind):
    """The bonus for a small or grand slam bid and made."""

    key = "slam_bonus"
    title = gettext_noop("The slam bonus")
    instruction = gettext_noop(
        "Enter the slam bonus alone, without the trick score or any overtricks."
    )
    template = "quizzes/kinds/slam_bonus.html"
    possible_skills = ("slams", "vulnerability")
    requires = ("slams",)
    single_idea = True
    situation_type = SlamSituation
    mistakes = ("slam_bonus_missed", "slam_for_tricks_taken", "vulnerability_reversed")

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        declarer = rng.choice(SIDES)
        level = rng.choices((6, 7), weights=(3, 2))[0]
        strain = rng.choices(list(STRAIN_WEIGHTS), weights=list(STRAIN_WEIGHTS.values()))[0]
        contract = f"{level}{strain}"
        tricks = Contract.parse(contract).tricks_needed
        if level == 6 and "overtricks" in taught and rng.random() < 0.3:
            tricks += 1
        return SlamSituation(PlayedDeal(str(declarer), contract, tricks), rng.random() < 0.5)

    def fields(self, situation):
        return [Field("points", gettext("Slam bonus"))]

    def prompt(self, situation):
        deal = situation.deal
        return _result_words(deal.contract, deal.tricks)

    def solve(self, situation, mistake=None):
        vulnerable = situation.vulnerable != believes(mistake, Misreading.FLIP_VULNERABILITY)
        deal = situation.deal
        result = score_deal(
            deal.contract, deal.tricks, vulnerable, form=form_believed("rubber", mistake)
        )
        item = result.item("slam_bonus")
        # Only a learner who forgets the bonus finds none.
        return Solution({"points": item.points if item else 0}, (item,) if item else ())

    def skills(self, situation):
        return ["slams", "vulnerability"]

    def applicable_mistakes(self, situation):
        deal = situation.deal
        keys = ["slam_bonus_missed", "vulnerability_reversed"]
        if _result_words(deal.contract, deal.tricks)["extra"]:
            keys.append("slam_for_tricks_taken")
        return named_mistakes(keys)

    def attributes(self, situation):
        deal = situation.deal
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "vulnerable": "yes" if situation.vulnerable else "no",
        }
