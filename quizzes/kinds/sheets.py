"""Kinds played on a WE/THEY sheet: a rubber deal and a chukker deal (a rubber's total is in
rubber_total.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import (
    DEAL,
    VULNERABLE_CHOICES,
    YES_NO,
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    form_believed,
    item_skills,
    nested,
    penalty_as_believed,
    sides_choice,
    translated,
    vulnerable_as_believed,
    vulnerable_kinds,
)
from quizzes.kinds.dealing import (
    contract_skills,
    played,
    random_deal,
    random_rubber_history,
)
from quizzes.kinds.one_deal import DEAL_MISTAKES
from quizzes.skills import EVERYTHING
from scoring import (
    MISTAKES,
    SIDES,
    Contract,
    FourDeal,
    Misreading,
    Place,
    PlayedDeal,
    Rubber,
    Strain,
    find_form,
    other,
)
from scoring.items import Kind as ItemKind
from scoring.items import points_in


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


HISTORY_AS_DEALS = "deals"
"""A situation's "history_shown": the deals before, as played, with no figure of theirs.

For a set of questions that each build on the ones before (the ready-made review quiz):
a sheet drawn with the earlier deals' scores would show the answers to those questions.
The learner works from the sheet they have built answering them."""


@dataclass(frozen=True)
class RubberDealSituation(SituationData):
    """A rubber's deals so far and the deal asked about. `asks`: the yes/no boxes asked
    (None, for a question stored before "asks": both); `history_shown`: HISTORY_AS_DEALS
    when the deals before are shown as played, without the sheet."""

    history: tuple[PlayedDeal, ...] = nested(DEAL, default=())
    deal: PlayedDeal = nested(DEAL, default=None)
    asks: tuple[str, ...] | None = None
    history_shown: str | None = None


@dataclass(frozen=True)
class FourDealSituation(SituationData):
    """A chukker's form, its first dealer, the deals so far and the deal asked about."""

    form: str = "chicago"
    first_dealer: str = "we"
    history: tuple[PlayedDeal, ...] = nested(DEAL, default=())
    deal: PlayedDeal = nested(DEAL, default=None)
    history_shown: str | None = None


@dataclass(frozen=True)
class RubberTotalSituation(SituationData):
    """A rubber's deals, whether the last one won it, and (the sheet drill) whether the
    rubber bonus is already written on the sheet shown."""

    history: tuple[PlayedDeal, ...] = nested(DEAL, default=())
    finished: bool = False
    bonus_written: bool | None = None
    history_shown: str | None = None


def deals_before(situation) -> dict:
    """What a prompt shows of the deals before: the drawn sheet, or the deals alone. The
    situation may be a sheet kind's dataclass or its stored dict."""
    if isinstance(situation, dict):
        situation = RubberTotalSituation.from_data(situation)
    if situation.history_shown == HISTORY_AS_DEALS:
        return {"history_as_deals": True, "history_deals": played(situation.history)}
    return {"history_as_deals": False}


def chukker_so_far(situation) -> FourDeal:
    """A four-deal question's chukker with the deals before the one asked about."""
    situation = FourDealSituation.from_data(situation)
    chukker = FourDeal(form=situation.form, first_dealer=situation.first_dealer)
    chukker.record_all(played(situation.history))
    return chukker


COLUMN_BOXES = {
    "we_above": ("we", Place.ABOVE),
    "we_below": ("we", Place.BELOW),
    "they_above": ("they", Place.ABOVE),
    "they_below": ("they", Place.BELOW),
}
ASKED_BOXES = {"game": "games", "rubber_over": "rubber"}
"""The yes/no boxes of a rubber deal, each asked once its skill has been taught."""
SHEET_BOXES = {"vulnerable": "vulnerability"}
"""A box asked only when a whole sheet is filled in, deal by deal (the sheet drill)."""
BOX_SKILLS = {**ASKED_BOXES, **SHEET_BOXES}


MAX_DRAWS = 200


def _asked(situation) -> tuple[str, ...]:
    """The yes/no boxes a rubber deal asks (questions stored before "asks" ask both)."""
    return tuple(ASKED_BOXES if situation.asks is None else situation.asks)


def _deal_as_believed(situation, mistake) -> PlayedDeal:
    deal = situation.deal
    if believes(mistake, Misreading.FLIP_HONORS_SIDE) and deal.honors:
        deal = replace(deal, honors_side=other(deal.honors_side))
    return deal


SHEET_SLIPS = (
    "suit_trick_values_swapped",
    "vulnerable_overtricks_doubled",
    "penalty_in_declarers_column",
)
"""Slips of one deal written on a WE/THEY sheet, listed only where they change its answer."""


def _deal_mistakes(kind: QuestionKind, situation, vulnerable_sides) -> list:
    """The misunderstandings a sheet deal can show; `vulnerable_sides`, the sides vulnerable
    while it is played."""
    keys = [key for key in kind.mistakes if key not in SHEET_SLIPS]
    if not situation.deal.honors:
        keys.remove("honors_wrong_side")
    deal = situation.deal
    if deal.passed_out or not Contract.parse(deal.contract).doubling.value:
        keys.remove("doubled_trick_score_not_game")  # nothing doubled to count toward game
    if not deal.passed_out:
        contract = Contract.parse(deal.contract)
        extra = deal.tricks - contract.tricks_needed
        if extra >= 0 and contract.strain is not Strain.NOTRUMP:
            keys.append("suit_trick_values_swapped")
        if extra > 0 and not contract.doubling.value and deal.declarer in vulnerable_sides:
            keys.append("vulnerable_overtricks_doubled")
        if extra < 0:
            keys.append("penalty_in_declarers_column")
    return [MISTAKES[k] for k in keys]


def _swap_matters(situation) -> bool:
    """Would reading WE and THEY's vulnerability the other way round change a rubber deal's
    answer? Only with one side vulnerable: before the deal, when vulnerability changes what
    the contract scores; after it, when "who is vulnerable now?" is asked."""
    deal = situation.deal
    if deal.passed_out:
        return False
    rubber = play_rubber(situation.history)
    if len(rubber.vulnerable_sides()) == 1 and vulnerable_kinds(
        deal.contract, deal.tricks, "rubber"
    ):
        return True
    if "vulnerable" not in _asked(situation):
        return False
    rubber.record_deal(deal)
    return len(rubber.vulnerable_sides()) == 1


class RubberDeal(QuestionKind):
    key = "rubber_deal"
    title = gettext_noop("Rubber bridge: write one deal on the sheet")
    instruction = gettext_noop(
        "Enter what this deal adds to each column, above and below the line "
        "(0 where nothing goes), and answer any question under the boxes."
    )
    template = "quizzes/kinds/rubber_deal.html"

    def instruction_for(self, situation):
        if _asked(situation):
            return gettext(self.instruction)
        # Before the lessons on games and vulnerability no question goes under the boxes.
        return gettext(
            "Enter what this deal adds to each column, above and below the line "
            "(0 where nothing goes)."
        )

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
        "rubber_bonus_forgotten",
        "honors_wrong_side",
        "vulnerable_side_swapped",
        *SHEET_SLIPS,
    )

    requires = ("trick_score",)
    situation_type = RubberDealSituation

    def draw(self, rng, taught=EVERYTHING):
        # The game and rubber boxes are asked once their lessons have been taught.
        asks = [box for box, skill in ASKED_BOXES.items() if skill in taught]
        if rng.random() < 0.15 and "games" in taught:
            return replace(self._killed_part_score(rng, taught), asks=tuple(asks))
        for _ in range(MAX_DRAWS):
            history = random_rubber_history(rng, taught=taught)
            deal = random_deal(rng, honors_chance=0.2, taught=taught)
            if "rubber" in taught or not play_rubber([*history, deal]).is_finished:
                break  # before the rubber lesson, no deal ends a rubber
        return RubberDealSituation(tuple(history), deal, tuple(asks))

    def _killed_part_score(self, rng, taught):
        """A side's part-score is cancelled by the opponents' game; then it scores again."""
        side = rng.choice(SIDES)
        first = rng.choice((("2H", 8), ("2S", 8), ("2D", 9), ("1NT", 8), ("3C", 9)))
        game = rng.choice((("4H", 10), ("4S", 10), ("3NT", 9), ("5D", 11)))
        second = rng.choice((("1NT", 7), ("2C", 8), ("1S", 8), ("2D", 8)))
        deals = [
            PlayedDeal(str(side), *first),
            PlayedDeal(str(other(side)), *game),
            PlayedDeal(str(side), *second),
        ]
        if "overtricks" not in taught:  # made exactly, then
            deals = [replace(d, tricks=Contract.parse(d.contract).tricks_needed) for d in deals]
        return RubberDealSituation(tuple(deals[:2]), deals[2])

    def fields(self, situation):
        asked = _asked(situation)
        return [
            Field("we_above", gettext("WE, above the line")),
            Field("we_below", gettext("WE, below the line")),
            Field("they_above", gettext("THEY, above the line")),
            Field("they_below", gettext("THEY, below the line")),
            *(
                Field(name, label, "choice", translated(YES_NO))
                for name, label in (
                    ("game", gettext("Did this deal make a game?")),
                    ("rubber_over", gettext("Is the rubber over?")),
                )
                if name in asked
            ),
            *(
                [
                    Field(
                        "vulnerable",
                        gettext("Who is vulnerable now?"),
                        "choice",
                        translated(VULNERABLE_CHOICES),
                    )
                ]
                if "vulnerable" in asked
                else []
            ),
        ]

    def prompt(self, situation):
        return {
            "before_sheet": play_rubber(situation.history),
            "deal": situation.deal,
            **deals_before(situation),
        }

    def solve(self, situation, mistake=None):
        rubber = replay(Rubber, "rubber", situation.history, mistake)
        deal = _deal_as_believed(situation, mistake)
        vulnerable = None
        if not deal.passed_out and (
            believes(mistake, Misreading.FLIP_VULNERABILITY)
            or believes(mistake, Misreading.SWAP_VULNERABLE_SIDES)
        ):
            believed = vulnerable_as_believed(rubber.vulnerable_sides(), mistake)
            flip = believes(mistake, Misreading.FLIP_VULNERABILITY)
            vulnerable = (deal.declarer in believed) != flip
        record = rubber.record_deal(deal, vulnerable=vulnerable)
        items = penalty_as_believed((e.item for e in record.entries), record.declarer, mistake)
        answer = {
            **{name: points_in(items, *box) for name, box in COLUMN_BOXES.items()},
            "game": "yes" if record.game_to else "no",
            "rubber_over": "yes" if record.ends_rubber else "no",
            "vulnerable": sides_choice(vulnerable_as_believed(rubber.vulnerable_sides(), mistake)),
        }
        answer = {name: answer[name] for name in (*COLUMN_BOXES, *_asked(situation))}
        return Solution(answer, items, rubber, highlight=record.number)

    def skills(self, situation):
        deal = situation.deal
        asked = _asked(situation)
        skills = ["sheet", *contract_skills(deal.contract, deal.tricks)]
        skills += [BOX_SKILLS[box] for box in asked]
        if vulnerable_kinds(deal.contract, deal.tricks, "rubber"):
            skills.append("vulnerability")
        if deal.honors:
            skills.append("honors")
        return list(dict.fromkeys(skills))

    def box_skills(self, situation, name):
        if name in BOX_SKILLS:
            return [BOX_SKILLS[name]]
        side, place = COLUMN_BOXES[name]
        deal = situation.deal
        rubber = play_rubber(situation.history)
        record = rubber.record_deal(deal)
        items = [e.item for e in record.entries if e.side == side and e.item.place is place]
        doubled = bool(Contract.parse(deal.contract).doubling.value)
        vulnerable = vulnerable_kinds(deal.contract, deal.tricks, "rubber")
        return ["sheet", *item_skills(items, doubled=doubled, vulnerable=vulnerable)]

    def blame(self, situation, wrong, given):
        """A side's two figures that add up right but sit on the wrong sides of the line
        are a slip of the line alone."""
        solution = self.solve(situation)
        wrong = list(wrong)
        skills = []
        for side in SIDES:
            above, below = f"{side}_above", f"{side}_below"
            if above in wrong and below in wrong:
                total = given.get(above, 0) + given.get(below, 0)
                if total == solution.answer[above] + solution.answer[below]:
                    skills.append("sheet")
                    wrong.remove(above)
                    wrong.remove(below)
        return list(dict.fromkeys([*skills, *super().blame(situation, wrong, given)]))

    def follow_through(self, situation, given):
        """Is the rubber over, and who is vulnerable now, worked from the learner's own
        "did this deal make a game?": a game missed (or seen where there is none) is one
        slip, not three. The engine answers both, with the game as the learner has it:
        none, or one to the side that scored below the line."""
        asked = _asked(situation)
        said = given.get("game")
        derived = [box for box in ("rubber_over", "vulnerable") if box in asked]
        if "game" not in asked or said not in ("yes", "no") or not derived:
            return {}
        record = play_rubber(situation.history).record_deal(situation.deal)
        game_to = None
        if said == "yes":
            below = [e.side for e in record.entries if e.item.place is Place.BELOW]
            game_to = record.game_to or (below[0] if below else None)
            if game_to is None:
                return {}  # a game to no one: nothing follows from it
        vulnerable, over = play_rubber(situation.history).standing_after(game_to)
        implied = {"rubber_over": "yes" if over else "no", "vulnerable": sides_choice(vulnerable)}
        return {box: implied[box] for box in derived}

    def applicable_mistakes(self, situation):
        vulnerable = play_rubber(situation.history).vulnerable_sides()
        mistakes = _deal_mistakes(self, situation, vulnerable)
        if not _swap_matters(situation):
            mistakes.remove(MISTAKES["vulnerable_side_swapped"])
        return mistakes

    def attributes(self, situation):
        # What the question states, never what the learner works out (vulnerability,
        # games won, part-scores): those would answer part of it.
        deal = situation.deal
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "honors": deal.honors or "",
            "deals-before": len(situation.history),
        }


class FourDealDeal(QuestionKind):
    key = "four_deal"
    title = gettext_noop("Four-deal bridge: score one deal of a chukker")
    instruction = gettext_noop(
        "Enter the points each side scores on this deal (0 where nothing goes)."
    )
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
        *SHEET_SLIPS,
    )
    # Not "vulnerable_side_swapped": a chukker's vulnerability comes from the deal's number
    # and dealer, not from games on the sheet (rules §3). Reading WE and THEY the other way
    # round on deals 2 and 3 is reading the other form's rule: chicago_cavendish_swapped.

    requires = ("chicago",)
    situation_type = FourDealSituation

    def draw(self, rng, taught=EVERYTHING):
        form = rng.choice(("chicago", "chicago", "cavendish"))
        first = rng.choice(SIDES)
        # Weight toward deals 2-4, where vulnerability and carried part-scores matter.
        number = rng.choices((1, 2, 3, 4), weights=(1, 2, 2, 3))[0]
        history = [random_deal(rng, honors_chance=0.1, taught=taught) for _ in range(number - 1)]
        return FourDealSituation(
            form=form,
            first_dealer=str(first),
            history=tuple(history),
            deal=random_deal(rng, honors_chance=0.15, taught=taught),
        )

    def fields(self, situation):
        return [
            Field("we_points", gettext("Points to WE")),
            Field("they_points", gettext("Points to THEY")),
        ]

    def prompt(self, situation):
        chukker = chukker_so_far(situation)
        return {
            "chukker": chukker,
            "deal_number": chukker.deal_number,
            "dealer": chukker.dealer(),
            "deal": situation.deal,
            **deals_before(situation),
        }

    def _form_name(self, situation, mistake):
        name = situation.form
        if believes(mistake, Misreading.SWAP_CHICAGO_CAVENDISH):
            name = "cavendish" if name == "chicago" else "chicago"
        return name

    def solve(self, situation, mistake=None):
        chukker = replay(
            FourDeal,
            self._form_name(situation, mistake),
            situation.history,
            mistake,
            first_dealer=situation.first_dealer,
        )
        deal = _deal_as_believed(situation, mistake)
        vulnerable = None
        if believes(mistake, Misreading.FLIP_VULNERABILITY):
            vulnerable = deal.declarer not in chukker.vulnerable_sides()
        record = chukker.record_deal(deal, vulnerable=vulnerable)
        items = penalty_as_believed((e.item for e in record.entries), record.declarer, mistake)
        answer = {"we_points": points_in(items, "we"), "they_points": points_in(items, "they")}
        return Solution(answer, items, chukker, highlight=record.number)

    def skills(self, situation):
        deal = situation.deal
        # Every deal of a chukker asks whether it made a game: its bonus depends on it.
        skills = ["chicago", "vulnerability", "games", *contract_skills(deal.contract, deal.tricks)]
        if deal.honors:
            skills.append("honors")
        return skills

    def box_skills(self, situation, name):
        side = name.removesuffix("_points")
        solution = self.solve(situation)
        items = [item for item in solution.items if item.side == side]
        deal = situation.deal
        doubled = bool(Contract.parse(deal.contract).doubling.value)
        vulnerable = vulnerable_kinds(deal.contract, deal.tricks, situation.form)
        skills = ["chicago", *item_skills(items, doubled=doubled, vulnerable=vulnerable)]
        if any(item.kind is ItemKind.GAME_BONUS for item in items):
            skills = [s if s != "duplicate" else "games" for s in skills]
        return list(dict.fromkeys(skills))

    def applicable_mistakes(self, situation):
        return _deal_mistakes(self, situation, chukker_so_far(situation).vulnerable_sides())

    def attributes(self, situation):
        deal = situation.deal
        return {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "declarer": deal.declarer,
            "deals-before": len(situation.history),
            "first-dealer": situation.first_dealer,
            "form": situation.form,
        }
