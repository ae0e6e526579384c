"""A rubber's total: the score sheet at the end (or the middle) of a rubber, summed."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    Field,
    QuestionKind,
    Solution,
    believes,
    form_believed,
    is_whole,
)
from quizzes.kinds.dealing import (
    played,
    random_deal,
)
from quizzes.kinds.sheets import RubberTotalSituation, deals_before, play_rubber
from quizzes.skills import EVERYTHING
from scoring import (
    MISTAKES,
    SIDES,
    Misreading,
    Rubber,
    difference_between,
    round_to_hundreds,
)
from scoring.items import Kind as ItemKind
from scoring.layout import END

END_OF_RUBBER = (ItemKind.RUBBER_BONUS, ItemKind.UNFINISHED_GAME, ItemKind.UNFINISHED_PART_SCORE)
FIFTY = "up"
"""How the rubber total rounds an exact 50 (its instruction says so): half up, the default."""


class RubberTotal(QuestionKind):
    key = "rubber_total"
    title = gettext_noop("Rubber total: who won, and by how much?")
    instruction = gettext_noop(
        "Play has stopped. Add any end-of-rubber bonus, then give each side's total, the "
        "difference, and the result in hundreds (an exact 50 rounds up)."
    )
    template = "quizzes/kinds/rubber_total.html"
    possible_skills = ("rubber",)
    requires = ("rubber",)
    mistakes = (
        "rubber_bonus_reversed",
        "rubber_bonus_counted_twice",
        "unfinished_bonus_forgotten",
        "fifty_rounded_wrong_way",
    )
    situation_type = RubberTotalSituation

    def draw(self, rng, taught=EVERYTHING):
        finished = rng.random() < 0.55
        for _ in range(200):
            rubber, history = Rubber(), []
            for _ in range(rng.randint(2, 9)):
                deal = random_deal(rng, honors_chance=0.1, taught=taught)
                rubber.record_deal(deal)
                history.append(deal)
                if rubber.is_finished:
                    break
            if rubber.is_finished == finished:
                return RubberTotalSituation(tuple(history), finished)
        return RubberTotalSituation(tuple(history), rubber.is_finished)

    def instruction_for(self, situation):
        if situation.bonus_written:
            return gettext(
                "The rubber is over, and its bonus is already on the sheet. Give each side's "
                "total, the difference, and the result in hundreds (an exact 50 rounds up)."
            )
        return gettext(self.instruction)

    def fields(self, situation):
        return [
            Field("we_total", gettext("WE total")),
            Field("they_total", gettext("THEY total")),
            Field("difference", gettext("Difference (winners minus losers)")),
            Field("hundreds", gettext("Result in hundreds (e.g. 18 for 1830)")),
        ]

    def prompt(self, situation):
        return {"before_sheet": play_rubber(situation.history), **deals_before(situation)}

    def solve(self, situation, mistake=None):
        rubber = Rubber(form=form_believed("rubber", mistake))
        rubber.record_all(played(situation.history))
        rubber.finish()
        totals = {str(side): rubber.total(side) for side in SIDES}
        if believes(mistake, Misreading.RUBBER_BONUS_TWICE):
            # The bonus already written on the winning deal, added to the winners again.
            for entry in rubber.entries:
                if entry.item.kind is ItemKind.RUBBER_BONUS:
                    totals[entry.side] += entry.points
        fifty = FIFTY
        if believes(mistake, Misreading.FIFTY_OTHER_WAY):
            fifty = "down" if FIFTY == "up" else "up"
        difference = difference_between(totals["we"], totals["they"])
        answer = {
            "we_total": totals["we"],
            "they_total": totals["they"],
            "difference": difference,
            "hundreds": round_to_hundreds(difference, fifty=fifty),
        }
        end_items = tuple(e.item for e in rubber.entries if e.item.kind in END_OF_RUBBER)
        # What play stopping adds (a bonus at the end) is what is new on the sheet.
        return Solution(answer, end_items, rubber, highlight=END)

    def skills(self, situation):
        return ["rubber"]

    def follow_through(self, situation, given):
        """The difference worked from the learner's own totals, the result from their own
        difference (rounded by the engine): a wrong total is one slip, not three."""
        implied = {}
        we, they = given.get("we_total"), given.get("they_total")
        if is_whole(we) and is_whole(they):
            implied["difference"] = difference_between(we, they)
        if is_whole(given.get("difference")):
            implied["hundreds"] = round_to_hundreds(given["difference"], fifty=FIFTY)
        return implied

    def applicable_mistakes(self, situation):
        keys = (
            ["rubber_bonus_reversed", "rubber_bonus_counted_twice"]
            if situation.finished
            else ["unfinished_bonus_forgotten"]
        )
        keys.append("fifty_rounded_wrong_way")
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        return {"deals": len(situation.history)}
