"""Kinds played on a WE/THEY sheet: a rubber deal, a chukker deal, and a rubber's total."""

from __future__ import annotations

from dataclasses import replace

from quizzes.kinds.base import YES_NO, Field, QuestionKind, Solution, believes, form_believed
from quizzes.kinds.dealing import (
    as_data,
    contract_skills,
    played,
    random_deal,
    random_rubber_history,
)
from quizzes.kinds.one_deal import DEAL_MISTAKES
from scoring import (
    MISTAKES,
    SIDES,
    FourDeal,
    Misreading,
    Place,
    PlayedDeal,
    Rubber,
    find_form,
    other,
    round_to_hundreds,
)
from scoring.items import Kind as ItemKind


def replay(sheet_class, form_name: str, history, mistake=None, **kwargs):
    """The sheet before the deal asked about, ready to score it as the learner would.

    The learner sees earlier deals drawn correctly, so they are replayed with the
    right rules, unless the misunderstanding is about how earlier deals stand.
    Raises ScoringError when a belief cannot be replayed on this history.
    """
    wrong = form_believed(form_name, mistake)
    history_form = (
        wrong if mistake is not None and mistake.affects_history else find_form(form_name)
    )
    sheet = sheet_class(form=history_form, **kwargs)
    sheet.record_all(played(history))
    sheet.form = wrong
    return sheet


def play_rubber(history) -> Rubber:
    """A rubber with a situation's stored deals on it."""
    rubber = Rubber()
    rubber.record_all(played(history))
    return rubber


def chukker_so_far(situation) -> FourDeal:
    """A four-deal question's chukker with the deals before the one asked about."""
    chukker = FourDeal(form=situation["form"], first_dealer=situation["first_dealer"])
    chukker.record_all(played(situation["history"]))
    return chukker


def _deal_as_believed(situation, mistake) -> PlayedDeal:
    deal = PlayedDeal.from_data(situation["deal"])
    if believes(mistake, Misreading.FLIP_HONORS_SIDE) and deal.honors:
        deal = replace(deal, honors_side=other(deal.honors_side))
    return deal


def _deal_mistakes(kind: QuestionKind, situation) -> list:
    keys = list(kind.mistakes)
    if not situation["deal"].get("honors"):
        keys.remove("honors_wrong_side")
    return [MISTAKES[k] for k in keys]


class RubberDeal(QuestionKind):
    key = "rubber_deal"
    title = "Rubber bridge: write one deal on the sheet"
    instruction = (
        "Enter what this deal adds to each column, above and below the line (0 for nothing), "
        "and say whether it made a game and ended the rubber."
    )
    template = "quizzes/kinds/rubber_deal.html"
    possible_skills = (
        "sheet",
        "games",
        "vulnerability",
        "rubber",
        "honors",
        "trick_score",
        "overtricks",
        "undertricks",
        "doubles",
        "slams",
    )
    mistakes = (
        *DEAL_MISTAKES,
        "duplicate_bonus_in_rubber",
        "overtricks_below_the_line",
        "part_score_not_cancelled",
        "rubber_bonus_reversed",
        "honors_wrong_side",
    )

    def generate(self, rng):
        if rng.random() < 0.15:
            return self._killed_part_score(rng)
        history = random_rubber_history(rng)
        deal = random_deal(rng, honors_chance=0.2)
        return {"history": as_data(history), "deal": deal.as_data()}

    def _killed_part_score(self, rng):
        """A side's part-score is cancelled by the opponents' game; then it scores again."""
        side = rng.choice(SIDES)
        first = rng.choice((("2H", 8), ("2S", 8), ("2D", 9), ("1NT", 8), ("3C", 9)))
        game = rng.choice((("4H", 10), ("4S", 10), ("3NT", 9), ("5D", 11)))
        second = rng.choice((("1NT", 7), ("2C", 8), ("1S", 8), ("2D", 8)))
        history = [PlayedDeal(str(side), *first), PlayedDeal(str(other(side)), *game)]
        return {"history": as_data(history), "deal": PlayedDeal(str(side), *second).as_data()}

    def fields(self, situation):
        return [
            Field("we_above", "WE, above the line"),
            Field("we_below", "WE, below the line"),
            Field("they_above", "THEY, above the line"),
            Field("they_below", "THEY, below the line"),
            Field("game", "Did this deal make a game?", "choice", YES_NO),
            Field("rubber_over", "Is the rubber over?", "choice", YES_NO),
        ]

    def prompt(self, situation):
        return {
            "before_sheet": play_rubber(situation["history"]),
            "deal": PlayedDeal.from_data(situation["deal"]),
        }

    def solve(self, situation, mistake=None):
        rubber = replay(Rubber, "rubber", situation["history"], mistake)
        deal = _deal_as_believed(situation, mistake)
        vulnerable = None
        if believes(mistake, Misreading.FLIP_VULNERABILITY):
            vulnerable = not rubber.vulnerable(deal.declarer)
        record = rubber.record_deal(deal, vulnerable=vulnerable)
        answer = {
            "we_above": record.points("we", Place.ABOVE),
            "we_below": record.points("we", Place.BELOW),
            "they_above": record.points("they", Place.ABOVE),
            "they_below": record.points("they", Place.BELOW),
            "game": "yes" if record.game_to else "no",
            "rubber_over": "yes" if record.ends_rubber else "no",
        }
        items = tuple(e.item for e in record.entries)
        return Solution(answer, items, rubber, highlight=record.number)

    def skills(self, situation):
        rubber = play_rubber(situation["history"])
        deal = PlayedDeal.from_data(situation["deal"])
        record = play_rubber([*situation["history"], situation["deal"]]).deals[-1]
        skills = ["sheet", *contract_skills(deal.contract, deal.tricks)]
        if record.game_to:
            skills.append("games")
        if rubber.vulnerable_sides():
            skills.append("vulnerability")
        if record.ends_rubber:
            skills.append("rubber")
        if deal.honors:
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        return _deal_mistakes(self, situation)

    def attributes(self, situation):
        deal = PlayedDeal.from_data(situation["deal"])
        rubber = play_rubber(situation["history"])
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "vulnerable": "yes" if rubber.vulnerable(deal.declarer) else "no",
            "honors": deal.honors or "",
            "games-we": rubber.games("we"),
            "games-they": rubber.games("they"),
            "part-score-we": rubber.part_score("we"),
            "part-score-they": rubber.part_score("they"),
            "deals-before": len(situation["history"]),
        }


class FourDealDeal(QuestionKind):
    key = "four_deal"
    title = "Four-deal bridge: score one deal of a chukker"
    instruction = "Enter the points each side scores on this deal (0 for nothing)."
    template = "quizzes/kinds/four_deal.html"
    possible_skills = (
        "chicago",
        "vulnerability",
        "games",
        "honors",
        "trick_score",
        "overtricks",
        "undertricks",
        "doubles",
        "slams",
    )
    mistakes = (
        *DEAL_MISTAKES,
        "chicago_cavendish_swapped",
        "fourth_deal_bonus_forgotten",
        "part_score_not_cancelled",
        "honors_wrong_side",
    )

    def generate(self, rng):
        form = rng.choice(("chicago", "chicago", "cavendish"))
        first = rng.choice(SIDES)
        # Weight toward deals 2-4, where vulnerability and carried part-scores matter.
        number = rng.choices((1, 2, 3, 4), weights=(1, 2, 2, 3))[0]
        history = [random_deal(rng, honors_chance=0.1) for _ in range(number - 1)]
        return {
            "form": form,
            "first_dealer": str(first),
            "history": as_data(history),
            "deal": random_deal(rng, honors_chance=0.15).as_data(),
        }

    def fields(self, situation):
        return [Field("we_points", "Points to WE"), Field("they_points", "Points to THEY")]

    def prompt(self, situation):
        chukker = chukker_so_far(situation)
        return {
            "chukker": chukker,
            "deal_number": chukker.deal_number,
            "dealer": chukker.dealer(),
            "deal": PlayedDeal.from_data(situation["deal"]),
        }

    def _form_name(self, situation, mistake):
        name = situation["form"]
        if believes(mistake, Misreading.SWAP_CHICAGO_CAVENDISH):
            name = "cavendish" if name == "chicago" else "chicago"
        return name

    def solve(self, situation, mistake=None):
        chukker = replay(
            FourDeal,
            self._form_name(situation, mistake),
            situation["history"],
            mistake,
            first_dealer=situation["first_dealer"],
        )
        deal = _deal_as_believed(situation, mistake)
        vulnerable = None
        if believes(mistake, Misreading.FLIP_VULNERABILITY):
            vulnerable = deal.declarer not in chukker.vulnerable_sides()
        record = chukker.record_deal(deal, vulnerable=vulnerable)
        answer = {"we_points": record.points("we"), "they_points": record.points("they")}
        items = tuple(e.item for e in record.entries)
        return Solution(answer, items, chukker, highlight=record.number)

    def skills(self, situation):
        deal = PlayedDeal.from_data(situation["deal"])
        skills = ["chicago", "vulnerability", *contract_skills(deal.contract, deal.tricks)]
        chukker = self.solve(situation).sheet
        if chukker.deals[-1].game_to:
            skills.append("games")
        if deal.honors:
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        return _deal_mistakes(self, situation)

    def attributes(self, situation):
        deal = PlayedDeal.from_data(situation["deal"])
        number = len(situation["history"]) + 1
        chukker = FourDeal(form=situation["form"], first_dealer=situation["first_dealer"])
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "deal-number": number,
            "dealer": chukker.dealer(number),
            "form": situation["form"],
            "vulnerable": "yes" if chukker.vulnerable(deal.declarer, number) else "no",
        }


END_OF_RUBBER = (ItemKind.RUBBER_BONUS, ItemKind.UNFINISHED_GAME, ItemKind.UNFINISHED_PART_SCORE)


class RubberTotal(QuestionKind):
    key = "rubber_total"
    title = "Rubber total: who won, and by how much?"
    instruction = (
        "Play has stopped. Add any end-of-rubber bonus, then give each side's total, the "
        "difference, and the result in hundreds (an exact 50 rounds up)."
    )
    template = "quizzes/kinds/rubber_total.html"
    possible_skills = ("rubber",)
    mistakes = (
        "rubber_bonus_reversed",
        "unfinished_bonus_forgotten",
        "fifty_rounded_wrong_way",
    )

    def generate(self, rng):
        finished = rng.random() < 0.55
        for _ in range(200):
            rubber, history = Rubber(), []
            for _ in range(rng.randint(2, 9)):
                deal = random_deal(rng, honors_chance=0.1)
                rubber.record_deal(deal)
                history.append(deal)
                if rubber.is_finished:
                    break
            if rubber.is_finished == finished:
                return {"history": as_data(history), "finished": finished}
        return {"history": as_data(history), "finished": rubber.is_finished}

    def fields(self, situation):
        return [
            Field("we_total", "WE total"),
            Field("they_total", "THEY total"),
            Field("difference", "Difference (winners minus losers)"),
            Field("hundreds", "Result in hundreds (e.g. 18 for 1830)"),
        ]

    def prompt(self, situation):
        return {"before_sheet": play_rubber(situation["history"])}

    def solve(self, situation, mistake=None):
        rubber = Rubber(form=form_believed("rubber", mistake))
        rubber.record_all(played(situation["history"]))
        rubber.finish()
        fifty = "down" if believes(mistake, Misreading.FIFTY_OTHER_WAY) else "up"
        difference = abs(rubber.difference)
        answer = {
            "we_total": rubber.total("we"),
            "they_total": rubber.total("they"),
            "difference": difference,
            "hundreds": round_to_hundreds(difference, fifty=fifty),
        }
        end_items = tuple(e.item for e in rubber.entries if e.item.kind in END_OF_RUBBER)
        return Solution(answer, end_items, rubber, highlight=len(rubber.deals))

    def skills(self, situation):
        return ["rubber"]

    def applicable_mistakes(self, situation):
        keys = (
            ["rubber_bonus_reversed"] if situation["finished"] else ["unfinished_bonus_forgotten"]
        )
        keys.append("fifty_rounded_wrong_way")
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        return {
            "deals": len(situation["history"]),
            "finished": "yes" if situation["finished"] else "no",
        }
