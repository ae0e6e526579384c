"""Question kinds: how each kind of practice question is generated and solved.

Pure Python, no Django. A situation is a small JSON-able dict (what the learner is
told); `solve` asks the scoring engine for the answer, item by item, optionally as a
learner with a named misunderstanding would work it out. Nothing here does its own
scoring arithmetic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scoring import (
    MISTAKES,
    Contract,
    FourDeal,
    Misunderstanding,
    Place,
    Rubber,
    board_conditions,
    chukker_vulnerable,
    draw_partnerships,
    find_form,
    honors_in_hand,
    round_to_hundreds,
    score_deal,
    victory_points,
)
from scoring.items import Kind as ItemKind

SIDES = ("we", "they")
SEATS = ("N", "E", "S", "W")
NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo")


@dataclass(frozen=True)
class Field:
    """One answer box: a whole number or a choice."""

    name: str
    label: str
    type: str = "int"  # "int" (0 or more), "signed" (may be negative), "choice"
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class Solution:
    """The answer to a question, and the engine's items that explain it."""

    answer: dict
    items: tuple = ()
    sheet: object | None = None
    """A score sheet (after the deal) to draw with the feedback."""
    notes: tuple[str, ...] = ()


def _other(side: str) -> str:
    return "they" if side == "we" else "we"


def _flag(mistake: Misunderstanding | None, flag: str) -> bool:
    return mistake is not None and mistake.flag == flag


def _form(name: str, mistake: Misunderstanding | None):
    return mistake.apply_to(name) if mistake is not None else find_form(name)


# -- random situations --------------------------------------------------------------------

LEVEL_WEIGHTS = (14, 16, 18, 22, 12, 10, 8)
STRAIN_WEIGHTS = {"C": 18, "D": 18, "H": 20, "S": 22, "NT": 22}
DOUBLING_WEIGHTS = {"": 70, "X": 22, "XX": 8}


def random_contract(rng: random.Random, doubling: str | None = None) -> str:
    level = rng.choices(range(1, 8), weights=LEVEL_WEIGHTS)[0]
    strain = rng.choices(list(STRAIN_WEIGHTS), weights=list(STRAIN_WEIGHTS.values()))[0]
    if doubling is None:
        doubling = rng.choices(list(DOUBLING_WEIGHTS), weights=list(DOUBLING_WEIGHTS.values()))[0]
    return f"{level}{strain}{doubling}"


def random_tricks(rng: random.Random, contract: str) -> int:
    """Mostly near the contract, sometimes far off."""
    needed = Contract.parse(contract).tricks_needed
    if rng.random() < 0.8:
        offset = rng.choice((-3, -2, -2, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2))
    else:
        offset = rng.randint(-6, 4)
    return max(0, min(13, needed + offset))


def random_honors(rng: random.Random, contract: str, chance: float = 0.2):
    """Sometimes an honors claim fits the contract: (honors, held by declarer's side?)."""
    if rng.random() >= chance:
        return None, True
    strain = Contract.parse(contract).strain.value
    honors = (
        "four_aces" if strain == "NT" else rng.choice(("four_trumps", "four_trumps", "five_trumps"))
    )
    return honors, rng.random() < 0.75


def random_deal(rng: random.Random, side: str | None = None, honors_chance: float = 0.15) -> list:
    """[declarer side, contract, tricks, honors, honors side] for a sheet."""
    side = side or rng.choice(SIDES)
    contract = random_contract(rng)
    honors, own = random_honors(rng, contract, honors_chance)
    holder = (side if own else _other(side)) if honors else None
    return [side, contract, random_tricks(rng, contract), honors, holder]


def random_rubber_history(rng: random.Random, max_deals: int = 5) -> list:
    """Deals of a rubber still in progress (none of them ends it)."""
    while True:
        rubber, history = Rubber(), []
        for _ in range(rng.randint(0, max_deals)):
            deal = random_deal(rng)
            probe = Rubber()
            for played in history + [deal]:
                probe.record(*played)
            if probe.is_finished:
                break
            history.append(deal)
            rubber = probe
        if not rubber.is_finished:
            return history


def replay(sheet_class, form_name: str, history, mistake=None, **kwargs):
    """The sheet before the deal asked about, ready to score it as the learner would.

    The learner sees earlier deals drawn correctly, so they are replayed with the
    right rules, unless the misunderstanding is about how earlier deals stand.
    Raises ScoringError when a belief cannot be replayed on this history.
    """
    wrong = _form(form_name, mistake)
    history_form = (
        wrong if mistake is not None and mistake.affects_history else find_form(form_name)
    )
    sheet = sheet_class(form=history_form, **kwargs)
    for deal in history:
        sheet.record(*deal)
    sheet.form = wrong
    return sheet


def play_rubber(history, form="rubber") -> Rubber:
    rubber = Rubber(form=form)
    for deal in history:
        rubber.record(*deal)
    return rubber


def contract_skills(contract: str, tricks: int, with_trick_score=True) -> list[str]:
    """The skills a deal exercises, from its contract and result."""
    c = Contract.parse(contract)
    skills = []
    if tricks >= c.tricks_needed:
        if with_trick_score:
            skills.append("trick_score")
        if tricks > c.tricks_needed:
            skills.append("overtricks")
        if c.level >= 6:
            skills.append("slams")
    else:
        skills.append("undertricks")
    if c.doubling.value:
        skills.append("doubles")
    return skills


# -- the kinds ---------------------------------------------------------------------------


class QuestionKind:
    key = ""
    title = ""
    instruction = ""
    template = ""
    possible_skills: tuple[str, ...] = ()
    mistakes: tuple[str, ...] = ()

    def generate(self, rng: random.Random) -> dict:
        raise NotImplementedError

    def fields(self, situation: dict) -> list[Field]:
        raise NotImplementedError

    def solve(self, situation: dict, mistake: Misunderstanding | None = None) -> Solution:
        raise NotImplementedError

    def skills(self, situation: dict) -> list[str]:
        raise NotImplementedError

    def attributes(self, situation: dict) -> dict:
        """Facts of the situation for data-* attributes (never the answer)."""
        return {}

    def applicable_mistakes(self, situation: dict) -> list[Misunderstanding]:
        return [MISTAKES[key] for key in self.mistakes]


DEAL_MISTAKES = (
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
)


class DuplicateDeal(QuestionKind):
    key = "duplicate_deal"
    title = "Duplicate: score one deal"
    instruction = "Enter the declaring side's score: plus if the contract made, minus if it failed."
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
    )

    def generate(self, rng):
        form = "simplicity" if rng.random() < 0.15 else "duplicate"
        contract = random_contract(rng)
        board = rng.randint(1, 16)
        seat = rng.choice(SEATS)
        dealer, vul = board_conditions(board)
        pair = "NS" if seat in "NS" else "EW"
        honors, own = random_honors(rng, contract, 0.35) if form == "simplicity" else (None, True)
        return {
            "form": form,
            "contract": contract,
            "tricks": random_tricks(rng, contract),
            "board": board,
            "declarer": seat,
            "vulnerable": vul in ("both", pair),
            # Half the time the learner works out vulnerability from the board number.
            "show_vulnerability": form == "simplicity" or rng.random() < 0.5,
            "honors": honors,
            "honors_side": "declarer" if own else "defenders",
        }

    def fields(self, situation):
        return [Field("answer", "Score for the declaring side", "signed", hint="e.g. 420 or -100")]

    def solve(self, situation, mistake=None):
        vulnerable = situation["vulnerable"]
        if _flag(mistake, "flip_vulnerability"):
            vulnerable = not vulnerable
        honors_side = situation.get("honors_side") or "declarer"
        if _flag(mistake, "flip_honors_side"):
            honors_side = "defenders" if honors_side == "declarer" else "declarer"
        result = score_deal(
            situation["contract"],
            situation["tricks"],
            vulnerable,
            form=_form(situation["form"], mistake),
            honors=situation.get("honors"),
            honors_side=honors_side,
        )
        total = -result.total if _flag(mistake, "flip_sign") else result.total
        return Solution({"answer": total}, result.items)

    def skills(self, situation):
        skills = [situation["form"], *contract_skills(situation["contract"], situation["tricks"])]
        if not situation["show_vulnerability"]:
            skills.append("vulnerability")
        if situation.get("honors"):
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        keys = list(self.mistakes)
        if situation["form"] == "duplicate":
            keys.remove("honors_wrong_side")
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        return {
            "contract": situation["contract"],
            "tricks": situation["tricks"],
            "declarer": situation["declarer"],
            "board": situation.get("board") or "",
            "vulnerable": "yes" if situation["vulnerable"] else "no",
            "form": situation["form"],
        }


RUBBER_DEAL_MISTAKES = (
    *DEAL_MISTAKES,
    "duplicate_bonus_in_rubber",
    "overtricks_below_the_line",
    "part_score_not_cancelled",
    "rubber_bonus_reversed",
    "honors_wrong_side",
)
YES_NO = (("yes", "Yes"), ("no", "No"))


def _sheet_fields():
    return [
        Field("we_above", "WE, above the line"),
        Field("we_below", "WE, below the line"),
        Field("they_above", "THEY, above the line"),
        Field("they_below", "THEY, below the line"),
    ]


def _flip_deal_honors(deal: list) -> list:
    side, contract, tricks, honors, holder = deal
    if honors:
        holder = _other(holder or side)
    return [side, contract, tricks, honors, holder]


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
    mistakes = RUBBER_DEAL_MISTAKES

    def generate(self, rng):
        if rng.random() < 0.15:
            return self._killed_part_score(rng)
        return {"history": random_rubber_history(rng), "deal": random_deal(rng, honors_chance=0.2)}

    def _killed_part_score(self, rng):
        """A side's part-score is cancelled by the opponents' game; then it scores again."""
        side = rng.choice(SIDES)
        first = rng.choice((["2H", 8], ["2S", 8], ["2D", 9], ["1NT", 8], ["3C", 9]))
        game = rng.choice((["4H", 10], ["4S", 10], ["3NT", 9], ["5D", 11]))
        second = rng.choice((["1NT", 7], ["2C", 8], ["1S", 8], ["2D", 8]))
        history = [[side, *first, None, None], [_other(side), *game, None, None]]
        return {"history": history, "deal": [side, *second, None, None]}

    def fields(self, situation):
        return [
            *_sheet_fields(),
            Field("game", "Did this deal make a game?", "choice", YES_NO),
            Field("rubber_over", "Is the rubber over?", "choice", YES_NO),
        ]

    def solve(self, situation, mistake=None):
        rubber = replay(Rubber, "rubber", situation["history"], mistake)
        deal = list(situation["deal"])
        if _flag(mistake, "flip_honors_side"):
            deal = _flip_deal_honors(deal)
        vulnerable = None
        if _flag(mistake, "flip_vulnerability"):
            vulnerable = not rubber.vulnerable(deal[0])
        record = rubber.record(*deal, vulnerable=vulnerable)
        answer = {
            "we_above": record.points("we", Place.ABOVE),
            "we_below": record.points("we", Place.BELOW),
            "they_above": record.points("they", Place.ABOVE),
            "they_below": record.points("they", Place.BELOW),
            "game": "yes" if record.game_to else "no",
            "rubber_over": "yes" if record.ends_rubber else "no",
        }
        return Solution(answer, tuple(e.item for e in record.entries), rubber)

    def skills(self, situation):
        rubber = play_rubber(situation["history"])
        side, contract, tricks, honors, _ = situation["deal"]
        record = play_rubber(situation["history"] + [situation["deal"]]).deals[-1]
        skills = ["sheet", *contract_skills(contract, tricks)]
        if record.game_to:
            skills.append("games")
        if rubber.vulnerable_sides():
            skills.append("vulnerability")
        if record.ends_rubber:
            skills.append("rubber")
        if honors:
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        keys = list(self.mistakes)
        if not situation["deal"][3]:
            keys.remove("honors_wrong_side")
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        side, contract, tricks, honors, holder = situation["deal"]
        rubber = play_rubber(situation["history"])
        return {
            "contract": contract,
            "tricks": tricks,
            "declarer": side,
            "vulnerable": "yes" if rubber.vulnerable(side) else "no",
            "honors": honors or "",
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
            "first_dealer": first,
            "history": history,
            "deal": random_deal(rng, honors_chance=0.15),
        }

    def fields(self, situation):
        return [Field("we_points", "Points to WE"), Field("they_points", "Points to THEY")]

    def _form_name(self, situation, mistake):
        name = situation["form"]
        if _flag(mistake, "swap_chicago_cavendish"):
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
        deal = list(situation["deal"])
        if _flag(mistake, "flip_honors_side"):
            deal = _flip_deal_honors(deal)
        vulnerable = None
        if _flag(mistake, "flip_vulnerability"):
            vulnerable = deal[0] not in chukker.vulnerable_sides()
        record = chukker.record(*deal, vulnerable=vulnerable)
        answer = {"we_points": record.points("we"), "they_points": record.points("they")}
        return Solution(answer, tuple(e.item for e in record.entries), chukker)

    def skills(self, situation):
        side, contract, tricks, honors, _ = situation["deal"]
        skills = ["chicago", "vulnerability", *contract_skills(contract, tricks)]
        chukker = self.solve(situation).sheet
        if chukker.deals[-1].game_to:
            skills.append("games")
        if honors:
            skills.append("honors")
        return skills

    def applicable_mistakes(self, situation):
        keys = list(self.mistakes)
        if not situation["deal"][3]:
            keys.remove("honors_wrong_side")
        return [MISTAKES[k] for k in keys]

    def attributes(self, situation):
        side, contract, tricks, honors, _ = situation["deal"]
        number = len(situation["history"]) + 1
        chukker = FourDeal(form=situation["form"], first_dealer=situation["first_dealer"])
        dealer = chukker.dealer(number)
        return {
            "contract": contract,
            "tricks": tricks,
            "declarer": side,
            "deal-number": number,
            "dealer": dealer,
            "form": situation["form"],
            "vulnerable": "yes" if chukker.vulnerable(side, number) else "no",
        }


class Undertricks(QuestionKind):
    key = "undertricks"
    title = "Undertricks: what the defenders score"
    instruction = "Enter the penalty the defenders score."
    template = "quizzes/kinds/undertricks.html"
    possible_skills = ("undertricks", "doubles", "vulnerability")
    mistakes = (
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
        "redouble_not_doubled_again",
        "vulnerability_reversed",
    )

    def generate(self, rng):
        doubling = rng.choices(("", "X", "XX"), weights=(2, 5, 2))[0]
        contract = random_contract(rng, doubling=doubling)
        needed = Contract.parse(contract).tricks_needed
        down = min(needed, rng.choices(range(1, 8), weights=(5, 5, 4, 4, 2, 1, 1))[0])
        return {"contract": contract, "down": down, "vulnerable": rng.random() < 0.5}

    def fields(self, situation):
        return [Field("answer", "Penalty to the defenders")]

    def solve(self, situation, mistake=None):
        vulnerable = situation["vulnerable"] != _flag(mistake, "flip_vulnerability")
        contract = Contract.parse(situation["contract"])
        tricks = contract.tricks_needed - situation["down"]
        result = score_deal(contract, tricks, vulnerable, form=_form("duplicate", mistake))
        return Solution({"answer": result.defender_points}, result.items)

    def skills(self, situation):
        skills = ["undertricks", "vulnerability"]
        if Contract.parse(situation["contract"]).doubling.value:
            skills.append("doubles")
        return skills

    def attributes(self, situation):
        contract = Contract.parse(situation["contract"])
        return {
            "contract": situation["contract"],
            "tricks": contract.tricks_needed - situation["down"],
            "down": situation["down"],
            "vulnerable": "yes" if situation["vulnerable"] else "no",
        }


VULNERABLE_CHOICES = (
    ("none", "Neither side"),
    ("we", "WE only"),
    ("they", "THEY only"),
    ("both", "Both sides"),
)
BOARD_VULNERABLE_CHOICES = (
    ("none", "Neither side"),
    ("NS", "North-South"),
    ("EW", "East-West"),
    ("both", "Both sides"),
)


def _sides_choice(sides) -> str:
    sides = set(sides)
    if not sides:
        return "none"
    return "both" if len(sides) == 2 else next(iter(sides))


class Vulnerability(QuestionKind):
    key = "vulnerability"
    title = "Vulnerability: who is vulnerable?"
    instruction = "Work out who is vulnerable."
    template = "quizzes/kinds/vulnerability.html"
    possible_skills = ("vulnerability", "duplicate", "chicago", "games")
    mistakes = ("chicago_cavendish_swapped",)

    def generate(self, rng):
        variant = rng.choice(("board", "chicago", "rubber"))
        if variant == "board":
            return {"variant": variant, "board": rng.randint(1, 32)}
        if variant == "chicago":
            return {
                "variant": variant,
                "form": rng.choice(("chicago", "cavendish")),
                "deal_number": rng.randint(1, 4),
                "dealer": rng.choice(SIDES),
            }
        return {"variant": variant, "history": random_rubber_history(rng, max_deals=6)}

    def fields(self, situation):
        if situation["variant"] == "board":
            return [
                Field("dealer", "Dealer", "choice", tuple((s, s) for s in SEATS)),
                Field("vulnerable", "Vulnerable", "choice", BOARD_VULNERABLE_CHOICES),
            ]
        return [Field("vulnerable", "Vulnerable", "choice", VULNERABLE_CHOICES)]

    def solve(self, situation, mistake=None):
        variant = situation["variant"]
        if variant == "board":
            dealer, vulnerable = board_conditions(situation["board"])
            return Solution({"dealer": dealer, "vulnerable": vulnerable})
        if variant == "chicago":
            form = situation["form"]
            if _flag(mistake, "swap_chicago_cavendish"):
                form = "cavendish" if form == "chicago" else "chicago"
            sides = chukker_vulnerable(form, situation["deal_number"], situation["dealer"])
            return Solution({"vulnerable": _sides_choice(sides)})
        rubber = play_rubber(situation["history"])
        return Solution({"vulnerable": _sides_choice(rubber.vulnerable_sides())}, sheet=rubber)

    def skills(self, situation):
        extra = {"board": "duplicate", "chicago": "chicago", "rubber": "games"}
        return ["vulnerability", extra[situation["variant"]]]

    def applicable_mistakes(self, situation):
        return [MISTAKES["chicago_cavendish_swapped"]] if situation["variant"] == "chicago" else []

    def attributes(self, situation):
        attributes = {"variant": situation["variant"]}
        if situation["variant"] == "board":
            attributes["board"] = situation["board"]
        elif situation["variant"] == "chicago":
            attributes.update(
                {
                    "form": situation["form"],
                    "deal-number": situation["deal_number"],
                    "dealer": situation["dealer"],
                }
            )
        else:
            rubber = play_rubber(situation["history"])
            attributes.update({"games-we": rubber.games("we"), "games-they": rubber.games("they")})
        return attributes


HAND_NAMES = {
    "declarer": "Declarer",
    "dummy": "Dummy",
    "left": "Declarer's left-hand opponent",
    "right": "Declarer's right-hand opponent",
}
DECLARING_HANDS = ("declarer", "dummy")
HONORS_SIDE_CHOICES = (("we", "WE"), ("they", "THEY"), ("none", "Nobody"))
SUIT_LETTERS = ("S", "H", "D", "C")


class Honors(QuestionKind):
    key = "honors"
    title = "Honors: who scores them, and how much?"
    instruction = "Look at the hands shown. Who scores honors, and how many points?"
    template = "quizzes/kinds/honors.html"
    possible_skills = ("honors",)
    mistakes = ("honors_wrong_side", "split_honors_counted")

    def generate(self, rng):
        strain = rng.choices(("C", "D", "H", "S", "NT"), weights=(2, 2, 3, 3, 2))[0]
        contract = f"{rng.randint(1, 6)}{strain}"
        declarer = rng.choice(SIDES)
        hands = list(HAND_NAMES)
        if strain == "NT":
            pattern = rng.choice(("one_hand", "one_hand", "split"))
            if pattern == "one_hand":
                hand = rng.choice(hands)
                holdings = {hand: [f"{s}A" for s in SUIT_LETTERS]}
            else:
                a, b = rng.sample(hands, 2)
                holdings = {a: [f"{s}A" for s in SUIT_LETTERS[:3]], b: [f"{SUIT_LETTERS[3]}A"]}
        else:
            honors = ["A", "K", "Q", "J", "10"]
            rng.shuffle(honors)
            pattern = rng.choice(("five", "four", "four", "split", "split"))
            if pattern == "five":
                holdings = {rng.choice(hands): honors}
            elif pattern == "four":
                a, b = rng.sample(hands, 2)
                holdings = {a: honors[:4], b: honors[4:]}
            else:
                a, b = rng.sample(DECLARING_HANDS if rng.random() < 0.7 else hands, 2)
                cut = rng.choice((2, 3))
                holdings = {a: honors[:cut], b: honors[cut:]}
        order = {"A": 0, "K": 1, "Q": 2, "J": 3, "10": 4}
        for hand, cards in holdings.items():
            if strain != "NT":
                holdings[hand] = sorted(cards, key=order.__getitem__)
        return {"contract": contract, "declarer": declarer, "holdings": holdings}

    def fields(self, situation):
        return [
            Field("side", "Who scores honors?", "choice", HONORS_SIDE_CHOICES),
            Field("points", "How many points?"),
        ]

    def _claim(self, situation, combine=False):
        strain = Contract.parse(situation["contract"]).strain
        holdings = situation["holdings"]
        groups = (
            [
                [c for h in DECLARING_HANDS for c in holdings.get(h, [])],
                [c for h in ("left", "right") for c in holdings.get(h, [])],
            ]
            if combine
            else [holdings[h] for h in holdings]
        )
        owners = (
            ["declarer", "defenders"]
            if combine
            else ["declarer" if h in DECLARING_HANDS else "defenders" for h in holdings]
        )
        for cards, owner in zip(groups, owners, strict=True):
            honors = honors_in_hand(strain, cards)
            if honors:
                return honors, owner
        return None, None

    def solve(self, situation, mistake=None):
        honors, owner = self._claim(situation, combine=_flag(mistake, "count_split_honors"))
        if honors is None:
            return Solution({"side": "none", "points": 0})
        if _flag(mistake, "flip_honors_side"):
            owner = "defenders" if owner == "declarer" else "declarer"
        declarer = situation["declarer"]
        side = declarer if owner == "declarer" else _other(declarer)
        contract = Contract.parse(situation["contract"])
        item = score_deal(
            contract, contract.tricks_needed, form="rubber", honors=honors, honors_side=owner
        ).item("honors")
        return Solution({"side": side, "points": item.points}, (item.for_side(side),))

    def skills(self, situation):
        return ["honors"]

    def attributes(self, situation):
        return {"contract": situation["contract"], "declarer": situation["declarer"]}


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
                rubber.record(*deal)
                history.append(deal)
                if rubber.is_finished:
                    break
            if rubber.is_finished == finished:
                return {"history": history, "finished": finished}
        return {"history": history, "finished": rubber.is_finished}

    def fields(self, situation):
        return [
            Field("we_total", "WE total"),
            Field("they_total", "THEY total"),
            Field("difference", "Difference (winners minus losers)"),
            Field("hundreds", "Result in hundreds (e.g. 18 for 1830)"),
        ]

    def solve(self, situation, mistake=None):
        rubber = Rubber(form=_form("rubber", mistake))
        for deal in situation["history"]:
            rubber.record(*deal)
        rubber.finish()
        fifty = "down" if _flag(mistake, "fifty_other_way") else "up"
        difference = abs(rubber.difference)
        answer = {
            "we_total": rubber.total("we"),
            "they_total": rubber.total("they"),
            "difference": difference,
            "hundreds": round_to_hundreds(difference, fifty=fifty),
        }
        end_items = [
            e.item
            for e in rubber.entries
            if e.item.kind
            in (ItemKind.RUBBER_BONUS, ItemKind.UNFINISHED_GAME, ItemKind.UNFINISHED_PART_SCORE)
        ]
        return Solution(answer, tuple(end_items), rubber)

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


class VictoryPoints(QuestionKind):
    key = "victory_points"
    title = "Victory points from a round's difference"
    instruction = "Convert the difference into victory points for the winners and the losers."
    template = "quizzes/kinds/victory_points.html"
    possible_skills = ("victory_points",)

    def generate(self, rng):
        edges = (
            0,
            40,
            50,
            140,
            150,
            240,
            250,
            340,
            350,
            540,
            550,
            740,
            750,
            940,
            950,
            1240,
            1250,
            1540,
            1550,
        )
        # Half the time a band's edge, where off-by-one readings of the table show up.
        difference = rng.choice(edges) if rng.random() < 0.5 else rng.randint(0, 200) * 10
        return {"difference": difference}

    def fields(self, situation):
        return [Field("winner_vp", "Winners' VP"), Field("loser_vp", "Losers' VP")]

    def solve(self, situation, mistake=None):
        winner, loser = victory_points(situation["difference"])
        return Solution({"winner_vp": winner, "loser_vp": loser})

    def skills(self, situation):
        return ["victory_points"]

    def attributes(self, situation):
        return {"difference": situation["difference"]}


class Partners(QuestionKind):
    key = "partners"
    title = "Choosing partners by drawing cards"
    instruction = "Everyone has drawn a card. Work out the partnerships."
    template = "quizzes/kinds/partners.html"
    possible_skills = ("partners",)
    mistakes = ("tie_broken_wrong_way",)

    def generate(self, rng):
        players = rng.sample(NAMES, rng.choice((4, 5)))
        ranks = list("23456789") + ["10", "J", "Q", "K", "A"]
        while True:
            cards = {}
            tie_rank = rng.choice(ranks)
            for player in players:
                rank = tie_rank if rng.random() < 0.35 else rng.choice(ranks)
                cards[player] = f"{rank}{rng.choice(SUIT_LETTERS)}"
            if len(set(cards.values())) == len(cards):
                break
        draw = draw_partnerships(cards)
        asked = rng.choice(draw.order[:4])
        return {"cards": cards, "asked": asked}

    def fields(self, situation):
        others = tuple((p, p) for p in situation["cards"] if p != situation["asked"])
        fields = [Field("partner", f"Who is {situation['asked']}'s partner?", "choice", others)]
        if len(situation["cards"]) == 5:
            everyone = tuple((p, p) for p in situation["cards"])
            fields.append(Field("sits_out", "Who sits out the first rubber?", "choice", everyone))
        return fields

    def solve(self, situation, mistake=None):
        cards = dict(situation["cards"])
        if _flag(mistake, "reverse_suit_order"):
            swap = {"S": "C", "C": "S", "H": "D", "D": "H"}
            cards = {p: c[:-1] + swap[c[-1]] for p, c in cards.items()}
        draw = draw_partnerships(cards)
        asked = situation["asked"]
        answer = {}
        for pair in (draw.first_pair, draw.second_pair):
            if asked in pair:
                answer["partner"] = pair[1] if pair[0] == asked else pair[0]
        if "partner" not in answer:
            answer["partner"] = ""
        if len(cards) == 5:
            answer["sits_out"] = draw.sitting_out
        return Solution(
            answer, notes=(f"Order of the cards, highest first: {', '.join(draw.order)}.",)
        )

    def skills(self, situation):
        return ["partners"]

    def attributes(self, situation):
        return {"players": len(situation["cards"])}


KINDS = {
    kind.key: kind
    for kind in (
        DuplicateDeal(),
        RubberDeal(),
        FourDealDeal(),
        Undertricks(),
        Vulnerability(),
        Honors(),
        RubberTotal(),
        VictoryPoints(),
        Partners(),
    )
}
