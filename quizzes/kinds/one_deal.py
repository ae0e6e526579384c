"""Kinds that score one deal on its own: a duplicate (or Simplicity) deal, and a penalty."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    DEAL,
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    form_believed,
    nested,
)
from quizzes.kinds.dealing import contract_skills, random_contract, random_honors, random_tricks
from quizzes.skills import EVERYTHING
from scoring import (
    DECLARER,
    MISTAKES,
    PAIRS,
    SEATS,
    Contract,
    Misreading,
    PlayedDeal,
    board_conditions,
    pair_of,
    score_deal,
)

DEAL_MISTAKES = (
    "book_tricks_counted",
    "insult_forgotten",
    "doubled_overtricks_at_trick_value",
    "undoubled_scale_when_doubled",
    "fourth_doubled_undertrick_200",
    "redouble_not_doubled_again",
    "notrump_all_30",
    "notrump_all_40",
    "vulnerability_reversed",
    "slam_for_tricks_taken",
    "slam_bonus_missed",
    "doubled_trick_score_not_game",
)
"""Misunderstandings any deal can show, whatever the form."""


@dataclass(frozen=True)
class DuplicateDealSituation(SituationData):
    """A deal at duplicate (or Simplicity), its board's vulnerability and whether it is
    stated."""

    form: str = "duplicate"
    deal: PlayedDeal = nested(DEAL, default=None)
    vulnerable: bool = False
    show_vulnerability: bool = True

    @classmethod
    def upgrade(cls, data: dict) -> dict:
        """A row stored before quizzes 0005 kept the deal flat: contract, tricks, board,
        declarer (a seat), honors and honors_side ("declarer" or "defenders")."""
        if "deal" in data or "contract" not in data:
            return data
        declarer = data["declarer"]
        deal = {"declarer": declarer, "contract": data["contract"], "tricks": data["tricks"]}
        if data.get("board") is not None:
            deal = {"board": data["board"], **deal}
        if data.get("honors"):
            own = (data.get("honors_side") or "declarer") == "declarer"
            mine = pair_of(declarer)
            deal["honors"] = data["honors"]
            deal["honors_side"] = mine if own else next(p for p in PAIRS if p != mine)
        context = ("form", "vulnerable", "show_vulnerability")
        return {**{k: data[k] for k in context if k in data}, "deal": deal}


@dataclass(frozen=True)
class PenaltySituation(SituationData):
    contract: str
    down: int
    vulnerable: bool


class DuplicateDeal(QuestionKind):
    """One deal scored on its own. The situation keeps the deal as `PlayedDeal.as_data()`,
    declarer a seat and any honors held by a pair, beside the form and the vulnerability."""

    key = "duplicate_deal"
    title = gettext_noop("Duplicate: score one deal")
    instruction = gettext_noop(
        "Enter the declaring side's score for the deal, everything counted: a plus figure "
        "when the declarers come out ahead, a minus one when the defenders do."
    )
    template = "quizzes/kinds/duplicate_deal.html"
    possible_skills = (
        "duplicate",
        "simplicity",
        "trick_score",
        "overtricks",
        "undertricks",
        "doubles",
        "slams",
        "vulnerability",
        "honors",
    )
    mistakes = (
        *DEAL_MISTAKES,
        "part_score_bonus_on_game",
        "game_bonus_forgotten",
        "honors_wrong_side",
        "sign_reversed",
        "suit_trick_values_swapped",
        "vulnerable_overtricks_doubled",
    )

    requires = ("duplicate",)
    situation_type = DuplicateDealSituation

    def draw(self, rng, taught=EVERYTHING):
        simplicity = rng.random() < 0.15 and "simplicity" in taught
        form = "simplicity" if simplicity else "duplicate"
        contract = random_contract(rng, taught=taught)
        board = rng.randint(1, 16)
        seat = rng.choice(SEATS)
        _, vul = board_conditions(board)
        honors, own = random_honors(rng, contract, 0.35) if simplicity else (None, True)
        holder = next(pair for pair in PAIRS if (pair == pair_of(seat)) == own)
        tricks = random_tricks(rng, contract, taught)
        deal = PlayedDeal(seat, contract, tricks, honors, holder, board=board)
        return DuplicateDealSituation(
            form=form,
            deal=deal,
            vulnerable=vul in ("both", pair_of(seat)),
            # Half the time the learner works out vulnerability from the board number.
            show_vulnerability=form == "simplicity" or rng.random() < 0.5,
        )

    def title_for(self, situation):
        if situation.form == "simplicity":
            return gettext("Simplicity Bridge: score one deal")
        return gettext(self.title)

    def fields(self, situation):
        return [
            Field(
                "answer",
                gettext("Score for the declaring side"),
                "signed",
                hint=gettext("e.g. 420 or -100"),
            )
        ]

    def prompt(self, situation):
        return {"deal": situation.deal}

    def solve(self, situation, mistake=None):
        deal = situation.deal
        vulnerable = situation.vulnerable
        if believes(mistake, Misreading.FLIP_VULNERABILITY):
            vulnerable = not vulnerable
        holder = deal.honors_role
        if holder and believes(mistake, Misreading.FLIP_HONORS_SIDE):
            holder = holder.other
        result = score_deal(
            deal.contract,
            deal.tricks,
            vulnerable,
            form=form_believed(situation.form, mistake),
            honors=deal.honors,
            honors_side=holder or DECLARER,
        )
        total = -result.total if believes(mistake, Misreading.FLIP_SIGN) else result.total
        return Solution({"answer": total}, result.items, show_place=result.form.has_line)

    def skills(self, situation):
        deal = situation.deal
        skills = [situation.form, *contract_skills(deal.contract, deal.tricks)]
        if not situation.show_vulnerability:
            skills.append("vulnerability")
        if deal.honors:
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        keys = list(self.mistakes)
        if situation.form == "duplicate":
            keys.remove("honors_wrong_side")
        if not Contract.parse(situation.deal.contract).doubling.value:
            keys.remove("doubled_trick_score_not_game")  # nothing doubled toward game
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        deal = situation.deal
        attributes = {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "board": deal.board or "",
            "form": situation.form,
        }
        if situation.show_vulnerability:  # stated; otherwise the learner works it out
            attributes["vulnerable"] = "yes" if situation.vulnerable else "no"
        return attributes


class Undertricks(QuestionKind):
    key = "undertricks"
    title = gettext_noop("Undertricks: what the defenders score")
    instruction = gettext_noop("Enter the penalty the defenders score.")
    template = "quizzes/kinds/undertricks.html"
    possible_skills = ("undertricks", "doubles", "vulnerability")
    requires = ("undertricks",)
    single_idea = True
    mistakes = (
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
        "redouble_not_doubled_again",
        "vulnerability_reversed",
    )
    situation_type = PenaltySituation

    def draw(self, rng, taught=EVERYTHING):
        doubling = rng.choices(("", "X", "XX"), weights=(2, 5, 2))[0]
        if "doubles" not in taught:
            doubling = ""
        contract = random_contract(rng, doubling=doubling, taught=taught)
        needed = Contract.parse(contract).tricks_needed
        down = min(needed, rng.choices(range(1, 8), weights=(5, 5, 4, 4, 2, 1, 1))[0])
        return PenaltySituation(contract, down, rng.random() < 0.5)

    def fields(self, situation):
        return [Field("answer", gettext("Penalty to the defenders"))]

    def solve(self, situation, mistake=None):
        vulnerable = situation.vulnerable != believes(mistake, Misreading.FLIP_VULNERABILITY)
        contract = Contract.parse(situation.contract)
        tricks = contract.tricks_needed - situation.down
        result = score_deal(contract, tricks, vulnerable, form=form_believed("duplicate", mistake))
        return Solution(
            {"answer": result.defender_points}, result.items, show_place=result.form.has_line
        )

    def skills(self, situation):
        skills = ["undertricks", "vulnerability"]
        if Contract.parse(situation.contract).doubling.value:
            skills.append("doubles")
        return skills

    def attributes(self, situation):
        return {
            "contract": situation.contract,
            "down": situation.down,
            "vulnerable": "yes" if situation.vulnerable else "no",
        }
