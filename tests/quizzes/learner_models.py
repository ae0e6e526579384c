"""Learners who each hold one misunderstanding, answering stored questions from docs/rules.md alone.

`learner_answer(kind, situation, held)` is what a learner who holds the misunderstanding `held`
(a key of scoring.MISTAKES, or None for one who knows the rules) types into the question's
fields. Nothing here calls the scoring engine or its replays: the figures are closed-form
arithmetic from docs/rules.md, each rule a small function with its source named, and each
misunderstanding written beside the rule it twists. The site names a misunderstanding by
replaying it inside the engine; these learners are a second, separate reading of the same
words, so a replay that drifts from what its name says is caught by the tests that use them.

A model returns None when the learner's belief cannot be carried through the question (in
their reckoning the rubber was already over before the deal asked about).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

SIDES = ("we", "they")
MULTIPLIER = {"": 1, "X": 2, "XX": 4}
# rules §1: per odd trick, clubs and diamonds 20, hearts and spades 30.
SUIT_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30}
# The misreading: the minors' 20 and the majors' 30 the other way round.
SWAPPED_SUIT_TRICK = {"C": 30, "D": 30, "H": 20, "S": 20}
# rules §1: notrump 40 for the first odd trick and 30 for each further (and each overtrick).
NOTRUMP = {
    None: (40, 30),
    "notrump_all_30": (30, 30),
    "notrump_all_40": (40, 40),
}
# rules §1, honors table.
HONORS = {"four_trumps": 100, "five_trumps": 150, "four_aces": 150}
# rules §2: the rubber bonus, (opponents have no game, opponents have one).
RUBBER_BONUS = {
    None: (700, 500),
    "rubber_bonus_reversed": (500, 700),
    "rubber_bonus_forgotten": (0, 0),
}
# Beliefs about how earlier deals stand: the learner carries them through the whole sheet.
# Every other belief is about the deal asked; earlier deals are drawn on the sheet they see.
HISTORY_BELIEFS = ("part_score_not_cancelled",)

# The misunderstandings each kind's learner is simulated with.
MODELLED = {
    "duplicate_deal": (
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
        "part_score_bonus_on_game",
        "game_bonus_forgotten",
        "honors_wrong_side",
        "sign_reversed",
        "suit_trick_values_swapped",
        "vulnerable_overtricks_doubled",
    ),
    "rubber_deal": (
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
        "duplicate_bonus_in_rubber",
        "overtricks_below_the_line",
        "part_score_not_cancelled",
        "rubber_bonus_reversed",
        "rubber_bonus_forgotten",
        "honors_wrong_side",
        "vulnerable_side_swapped",
        "suit_trick_values_swapped",
        "vulnerable_overtricks_doubled",
        "penalty_in_declarers_column",
    ),
    "four_deal": (
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
        "chicago_cavendish_swapped",
        "fourth_deal_bonus_forgotten",
        "part_score_not_cancelled",
        "honors_wrong_side",
        "suit_trick_values_swapped",
        "vulnerable_overtricks_doubled",
        "penalty_in_declarers_column",
    ),
    "undertricks": (
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
        "redouble_not_doubled_again",
        "vulnerability_reversed",
    ),
    "vulnerability": (
        "chicago_cavendish_swapped",
        "vulnerable_side_swapped",
        "part_score_made_vulnerable",
        "dealer_one_seat_on",
        "dealer_one_seat_back",
        "board_vulnerability_four_cycle",
        "board_pairs_swapped",
    ),
    "vulnerability_cost": ("vulnerable_side_swapped", "vulnerability_reversed"),
    "honors": ("honors_wrong_side", "split_honors_counted"),
    "rubber_total": (
        "rubber_bonus_reversed",
        "rubber_bonus_counted_twice",
        "unfinished_bonus_forgotten",
        "fifty_rounded_wrong_way",
    ),
    "partners": ("tie_broken_wrong_way", "highest_with_lowest_partners", "ace_ranked_low"),
    "line_place": (
        "overtricks_below_the_line",
        "penalty_in_declarers_column",
        "trick_score_above_the_line",
        "penalty_below_the_line",
    ),
    "trick_value": (
        "book_tricks_counted",
        "notrump_all_30",
        "notrump_all_40",
        "suit_trick_values_swapped",
    ),
    "game_check": (
        "part_score_not_cancelled",
        "overtricks_below_the_line",
        "notrump_all_30",
        "notrump_all_40",
        "doubled_trick_score_not_game",
    ),
    "overtrick_value": (
        "doubled_overtricks_at_trick_value",
        "vulnerability_reversed",
        "notrump_all_40",
        "vulnerable_overtricks_doubled",
    ),
    "slam_bonus": ("slam_bonus_missed", "slam_for_tricks_taken", "vulnerability_reversed"),
    "doubled_above": (
        "insult_forgotten",
        "doubled_overtricks_at_trick_value",
        "vulnerability_reversed",
        "rubber_bonus_forgotten",
        "rubber_bonus_reversed",
    ),
    "imp_scale": ("imp_table_one_band_low", "imp_table_one_band_high", "imps_not_signed"),
    "matchpoint_row": ("ties_counted_as_wins", "ties_counted_as_losses"),
    "butler_datum": (
        "datum_extremes_kept",
        "imp_table_one_band_low",
        "imp_table_one_band_high",
        "imps_not_signed",
    ),
    "team_board": (
        "room1_vulnerability_reversed",
        "room2_vulnerability_reversed",
        "room1_ns_sign_reversed",
        "room2_ns_sign_reversed",
        "game_bonus_forgotten",
        "slam_bonus_missed",
        "undoubled_scale_when_doubled",
        "other_room_sign_kept",
        "imp_table_one_band_low",
        "imp_table_one_band_high",
        "imps_not_signed",
    ),
    "match_vp": ("vp_read_for_the_total", "vp_to_the_wrong_team"),
    "par_score": (
        "vulnerability_reversed",
        "game_bonus_forgotten",
        "part_score_bonus_on_game",
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
    ),
}


def other(side: str) -> str:
    return "they" if side == "we" else "we"


def parse(contract: str) -> tuple[int, str, str]:
    """'4HX' -> (4, 'H', 'X')."""
    body = contract[1:].rstrip("X")
    return int(contract[0]), body, contract[1 + len(body) :]


# -- one deal, piece by piece -------------------------------------------------------------


def trick_score(level: int, strain: str, doubling: str, held=None) -> int:
    """rules §1: odd tricks bid and made at their value, x2 doubled, x4 redoubled."""
    if held == "book_tricks_counted":
        level += 6  # The misreading: the six tricks of the book counted as well.
    if strain == "NT":
        first, further = NOTRUMP.get(held, NOTRUMP[None])
        base = first + further * (level - 1)
    else:
        values = SWAPPED_SUIT_TRICK if held == "suit_trick_values_swapped" else SUIT_TRICK
        base = values[strain] * level
    return base * MULTIPLIER[doubling]


def overtricks(over: int, strain: str, doubling: str, vulnerable: bool, held=None) -> int:
    """rules §1: undoubled at the trick value; doubled 100 (200 vulnerable); redoubled x2."""
    suits = SWAPPED_SUIT_TRICK if held == "suit_trick_values_swapped" else SUIT_TRICK
    value = NOTRUMP.get(held, NOTRUMP[None])[1] if strain == "NT" else suits[strain]
    if not doubling and held == "vulnerable_overtricks_doubled" and vulnerable:
        # The misreading: vulnerable, an undoubled overtrick counted twice (60 for a spade).
        return over * value * 2
    if not doubling or held == "doubled_overtricks_at_trick_value":
        # The misreading: a doubled overtrick at the doubled trick value (60 for a heart).
        return over * value * MULTIPLIER[doubling]
    return over * 50 * MULTIPLIER[doubling] * (2 if vulnerable else 1)


def insult(doubling: str, held=None, redoubled: int = 100) -> int:
    """rules §1: 50 for making a doubled contract, 100 redoubled (Simplicity: 50, section 6)."""
    if not doubling or held == "insult_forgotten":
        return 0
    return 50 if doubling == "X" else redoubled


def slam_bonus(level: int, tricks: int, vulnerable: bool, held=None) -> int:
    """rules §1: six bid and made 500 (750 vulnerable), seven 1000 (1500); none for tricks
    taken but not bid."""
    if held == "slam_bonus_missed":
        return 0
    slam = tricks - 6 if held == "slam_for_tricks_taken" else level
    return {6: 500, 7: 1000}.get(slam, 0) * (3 if vulnerable else 2) // 2


def penalty(down: int, doubling: str, vulnerable: bool, held=None) -> int:
    """rules §1, undertrick table, in closed form."""
    if not doubling:
        return down * (100 if vulnerable else 50)
    if held == "undoubled_scale_when_doubled":
        doubled = down * (100 if vulnerable else 50)  # 50 / 100 each, as if undoubled
    elif vulnerable:
        doubled = 300 * down - 100  # 200, then 300 each
    elif held == "fourth_doubled_undertrick_200":
        doubled = 200 * down - 100  # 100, then 200 each: the 4th and later at 200
    else:
        doubled = 200 * down - 100 + 100 * max(0, down - 3)  # 100, 200, 200, then 300 each
    if doubling == "XX":
        # Redoubled undertricks are twice the doubled ones.
        return doubled * (1 if held == "redouble_not_doubled_again" else 2)
    return doubled


def duplicate_bonus(trick_points: int, vulnerable: bool, held=None) -> int:
    """rules §4: 50 for a part-score contract, 300 (500 vulnerable) for a game (100 or more)."""
    if held == "game_bonus_forgotten":
        return 0
    if trick_points < 100:
        return 50
    game = 500 if vulnerable else 300
    return game + 50 if held == "part_score_bonus_on_game" else game


def toward_game(below: int, doubling: str, held=None) -> int:
    """rules §1.2: the trick score counts toward game as written, doubled or redoubled. The
    misreading: only the undoubled trick score counts."""
    if held == "doubled_trick_score_not_game":
        return below // MULTIPLIER[doubling]
    return below


def flip_vulnerability(vulnerable: bool, held) -> bool:
    return vulnerable != (held == "vulnerability_reversed")


# -- duplicate and undertricks: each deal on its own ----------------------------------------


def duplicate_deal(s: dict, held=None) -> dict:
    """The declaring side's signed score (rules §4; Simplicity, rules §6, adds honors)."""
    deal = s["deal"]
    level, strain, doubling = parse(deal["contract"])
    tricks = deal["tricks"]
    vulnerable = flip_vulnerability(s["vulnerable"], held)
    surplus = tricks - 6 - level
    if surplus < 0:
        score = -penalty(-surplus, doubling, vulnerable, held)
    else:
        below = trick_score(level, strain, doubling, held)
        score = (
            below
            + duplicate_bonus(toward_game(below, doubling, held), vulnerable, held)
            + overtricks(surplus, strain, doubling, vulnerable, held)
            + insult(doubling, held, redoubled=50 if s["form"] == "simplicity" else 100)
            + slam_bonus(level, tricks, vulnerable, held)
        )
    if deal.get("honors"):
        # rules §1: the pair holding the honors scores them, declaring or defending.
        north_south = {"N", "S", "NS"}
        same_pair = (deal["honors_side"] in north_south) == (deal["declarer"] in north_south)
        held_by_declarer = same_pair != (held == "honors_wrong_side")
        score += HONORS[deal["honors"]] if held_by_declarer else -HONORS[deal["honors"]]
    return {"answer": -score if held == "sign_reversed" else score}


def undertricks(s: dict, held=None) -> dict:
    _, _, doubling = parse(s["contract"])
    vulnerable = flip_vulnerability(s["vulnerable"], held)
    return {"answer": penalty(s["down"], doubling, vulnerable, held)}


# -- WE/THEY sheets: rubber and four-deal ------------------------------------------------------


@dataclass
class Sheet:
    """What a learner keeps track of on a WE/THEY sheet."""

    games: dict = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    below: dict = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    """Points below the line toward the game in progress."""
    over: bool = False
    totals: dict = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    """Everything each side has scored so far."""


@dataclass
class Written:
    """What one deal adds to the sheet."""

    above: dict = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    below: dict = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    game: bool = False
    ends_rubber: bool = False

    def side(self, side: str) -> int:
        return self.above[side] + self.below[side]


def write(sheet: Sheet, deal, vulnerable: bool, form: str, held=None, last_deal=False) -> Written:
    """Score a deal onto the sheet (rules §2 for rubber, 3 for chicago and cavendish)."""
    side, contract, tricks = deal["declarer"], deal["contract"], deal["tricks"]
    honors, holder = deal.get("honors"), deal.get("honors_side")
    level, strain, doubling = parse(contract)
    w = Written()
    surplus = tricks - 6 - level
    if surplus < 0:
        # rules §2: the defenders score the penalty, above the line. The misreading: it is
        # written in the column of the side that went down.
        scorer = side if held == "penalty_in_declarers_column" else other(side)
        w.above[scorer] += penalty(-surplus, doubling, vulnerable, held)
    else:
        below = trick_score(level, strain, doubling, held)
        extra = overtricks(surplus, strain, doubling, vulnerable, held)
        if held == "overtricks_below_the_line":
            below += extra  # ... and so toward game
        else:
            w.above[side] += extra
        w.below[side] += below
        w.above[side] += insult(doubling, held) + slam_bonus(level, tricks, vulnerable, held)
        # rules §2: a game is 100 below the line
        w.game = sheet.below[side] + toward_game(below, doubling, held) >= 100
        sheet.below[side] += below
        if w.game:
            # A game draws a line: part-scores before it stop counting toward the next game.
            sheet.games[side] += 1
            sheet.below[side] = 0
            if held != "part_score_not_cancelled":
                sheet.below[other(side)] = 0
        w.above[side] += sheet_bonus(sheet, side, w.game, vulnerable, form, held, last_deal)
        w.ends_rubber = form == "rubber" and sheet.games[side] == 2
        sheet.over = sheet.over or w.ends_rubber
    if honors:
        # rules §1: honors go to the side that holds them, declaring or defending.
        owner = holder or side
        w.above[other(owner) if held == "honors_wrong_side" else owner] += HONORS[honors]
    for s in SIDES:
        sheet.totals[s] += w.side(s)
    return w


def sheet_bonus(sheet, side, game, vulnerable, form, held, last_deal) -> int:
    """The bonus a made contract earns on the sheet of this form."""
    if form == "rubber":
        bonus = 0
        if held == "duplicate_bonus_in_rubber":
            # The misreading: duplicate's 300 / 500 game and 50 part-score bonus in rubber.
            bonus = (500 if vulnerable else 300) if game else 50
        if game and sheet.games[side] == 2:
            # rules §2: 700 when the opponents have no game, 500 when they have one.
            bonus += RUBBER_BONUS.get(held, RUBBER_BONUS[None])[sheet.games[other(side)] > 0]
        return bonus
    # rules §3: a game earns 300 (500 vulnerable) at once; on the fourth deal, a part-score
    # that does not complete a game earns 100.
    if game:
        return 500 if vulnerable else 300
    return 100 if last_deal and held != "fourth_deal_bonus_forgotten" else 0


def rubber_sheet(history, held=None) -> Sheet | None:
    """The sheet after the earlier deals, as this learner reckons it (None if already over)."""
    sheet = Sheet()
    for deal in history:
        if sheet.over:
            return None
        # rules §2: a side that has won a game is vulnerable.
        write(sheet, deal, sheet.games[deal["declarer"]] > 0, "rubber", held)
    return sheet


def vulnerable_sides(sheet: Sheet, held=None) -> list[str]:
    """rules §2: a side that has won a game is vulnerable."""
    sides = [side for side in SIDES if sheet.games[side]]
    if held == "vulnerable_side_swapped" and len(sides) == 1:
        # The misreading: the game read in the other side's column.
        sides = [other(sides[0])]
    return sides


def rubber_deal(s: dict, held=None) -> dict | None:
    sheet = rubber_sheet(s["history"], held if held in HISTORY_BELIEFS else None)
    if sheet is None or sheet.over:
        return None
    side = s["deal"]["declarer"]
    vulnerable = flip_vulnerability(side in vulnerable_sides(sheet, held), held)
    w = write(sheet, s["deal"], vulnerable, "rubber", held)
    return {
        "we_above": w.above["we"],
        "we_below": w.below["we"],
        "they_above": w.above["they"],
        "they_below": w.below["they"],
        "game": "yes" if w.game else "no",
        "rubber_over": "yes" if w.ends_rubber else "no",
    }


def chukker_vulnerable(form: str, number: int, dealer: str, side: str, held=None) -> bool:
    """rules §3: deal 1 neither; deals 2 and 3 the dealer's side (Chicago) or the dealer's
    opponents (Cavendish); deal 4 both."""
    if number in (1, 4):
        return number == 4
    chicago = (form == "chicago") != (held == "chicago_cavendish_swapped")
    return (side == dealer) == chicago


def dealing_side(first_dealer: str, number: int) -> str:
    """rules §3: the four deals are dealt in turn, so the dealing side alternates."""
    return first_dealer if number % 2 else other(first_dealer)


def four_deal(s: dict, held=None) -> dict:
    form, first = s["form"], s["first_dealer"]
    sheet = Sheet()
    history_held = held if held in HISTORY_BELIEFS else None
    for number, deal in enumerate(s["history"], 1):
        vulnerable = chukker_vulnerable(form, number, dealing_side(first, number), deal["declarer"])
        write(sheet, deal, vulnerable, form, history_held)
    number, side = len(s["history"]) + 1, s["deal"]["declarer"]
    vulnerable = chukker_vulnerable(form, number, dealing_side(first, number), side, held)
    vulnerable = flip_vulnerability(vulnerable, held)
    w = write(sheet, s["deal"], vulnerable, form, held, last_deal=number == 4)
    return {"we_points": w.side("we"), "they_points": w.side("they")}


def rubber_total(s: dict, held=None) -> dict:
    """rules §2: totals with the end-of-rubber bonus, the difference, and hundreds."""
    # The deals are drawn on the sheet the learner adds up; only the end bonus is theirs to write.
    sheet = rubber_sheet(s["history"], held if held == "rubber_bonus_reversed" else None)
    totals = dict(sheet.totals)
    if not sheet.over and held != "unfinished_bonus_forgotten":
        # Unfinished: 300 for the only game, 100 for the only part-score in the game in progress.
        for counts, bonus in ((sheet.games, 300), (sheet.below, 100)):
            having = [side for side in SIDES if counts[side]]
            if len(having) == 1:
                totals[having[0]] += bonus
    if sheet.over and held == "rubber_bonus_counted_twice":
        # The misreading: the bonus written on the winning deal added to the total again.
        winner = next(side for side in SIDES if sheet.games[side] == 2)
        totals[winner] += RUBBER_BONUS[None][sheet.games[other(winner)] > 0]
    difference = abs(totals["we"] - totals["they"])
    hundreds, rest = divmod(difference, 100)
    # The question says an exact 50 rounds up; this learner rounds it down.
    hundreds += rest > 50 or (rest == 50 and held != "fifty_rounded_wrong_way")
    return {
        "we_total": totals["we"],
        "they_total": totals["they"],
        "difference": difference,
        "hundreds": hundreds,
    }


# -- the other kinds ------------------------------------------------------------------------

# rules §4, the cycle of 16 boards: who is vulnerable on boards 1-16 (dealer N, E, S, W).
BOARD_VULNERABLE = (
    ("none", "NS", "EW", "both")  # boards 1-4
    + ("NS", "EW", "both", "none")  # 5-8
    + ("EW", "both", "none", "NS")  # 9-12
    + ("both", "none", "NS", "EW")  # 13-16
)


def vulnerability(s: dict, held=None) -> dict:
    if s["variant"] == "board":
        # Slips: the dealer one seat on or back; the pattern's first four boards repeated;
        # the pairs swapped.
        n = (s["board"] - 1) % 16
        seat = n + {"dealer_one_seat_on": 1, "dealer_one_seat_back": -1}.get(held, 0)
        vulnerable = BOARD_VULNERABLE[n % 4 if held == "board_vulnerability_four_cycle" else n]
        if held == "board_pairs_swapped":
            vulnerable = {"NS": "EW", "EW": "NS"}.get(vulnerable, vulnerable)
        return {"dealer": "NESW"[seat % 4], "vulnerable": vulnerable}
    if s["variant"] == "chicago":
        sides = [
            side
            for side in SIDES
            if chukker_vulnerable(s["form"], s["deal_number"], s["dealer"], side, held)
        ]
    else:
        sheet = rubber_sheet(s["history"])
        sides = vulnerable_sides(sheet, held)
        if held == "part_score_made_vulnerable":
            # The misreading: points below the line toward the game in progress count too.
            sides = [side for side in SIDES if side in sides or sheet.below[side]]
    return {"vulnerable": "both" if len(sides) == 2 else sides[0] if sides else "none"}


def vulnerability_cost(s: dict, held=None) -> dict:
    """Who is vulnerable (rules §2), then the undoubled undertricks (rules §1) at that."""
    sides = vulnerable_sides(rubber_sheet(s["history"]), held)
    deal = s["deal"]
    level, _, _ = parse(deal["contract"])
    down = level + 6 - deal["tricks"]
    vulnerable = flip_vulnerability(deal["declarer"] in sides, held)
    choice = "both" if len(sides) == 2 else sides[0] if sides else "none"
    return {"vulnerable": choice, "penalty": penalty(down, "", vulnerable, held)}


def honors_points(strain: str, cards) -> int:
    """rules §1: four of A K Q J 10 in one hand 100, all five 150; four aces at notrump 150."""
    if strain == "NT":
        return 150 if sum(card.endswith("A") for card in set(cards)) == 4 else 0
    return {4: 100, 5: 150}.get(len(set(cards) & {"A", "K", "Q", "J", "10"}), 0)


DECLARING_HANDS = ("declarer", "dummy")


def honors(s: dict, held=None) -> dict:
    _, strain, _ = parse(s["contract"])
    holdings = s["holdings"]
    owners = {hand: "declarer" if hand in DECLARING_HANDS else "defenders" for hand in holdings}
    if held == "split_honors_counted":
        # The misreading: a partnership's honors added up across its two hands.
        groups = {"declarer": [], "defenders": []}
        for hand, cards in holdings.items():
            groups[owners[hand]] += cards
        groups = list(groups.items())
    else:
        groups = [(owners[hand], cards) for hand, cards in holdings.items()]
    for owner, cards in groups:
        points = honors_points(strain, cards)
        if points:
            declaring = (owner == "declarer") != (held == "honors_wrong_side")
            side = s["declarer"] if declaring else other(s["declarer"])
            return {"side": side, "points": points}
    return {"side": "none", "points": 0}


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def partners(s: dict, held=None) -> dict:
    """rules §2: the two highest cards play the two next; ties in rank go spades, hearts,
    diamonds, clubs; with five players the lowest sits out."""
    suits = "SHDC" if held == "tie_broken_wrong_way" else "CDHS"  # weakest first
    ranks = ["A", *RANKS[:-1]] if held == "ace_ranked_low" else RANKS
    cards = s["cards"]
    order = sorted(
        cards, key=lambda p: (ranks.index(cards[p][:-1]), suits.index(cards[p][-1])), reverse=True
    )
    asked = s["asked"]
    pairs = (order[0:2], order[2:4])
    if held == "highest_with_lowest_partners":  # of the four who play
        pairs = ((order[0], order[3]), (order[1], order[2]))
    pair = next((p for p in pairs if asked in p), None)
    answer = {"partner": next(p for p in pair if p != asked) if pair else ""}
    if len(cards) == 5:
        answer["sits_out"] = order[4]
    return answer


# -- single-idea kinds: one piece of one deal ----------------------------------------------


def line_place(s: dict, held=None) -> dict:
    """rules §2.1: below the line only the trick score for tricks bid and made, in the
    declaring side's column; overtricks above it; a penalty above, in the defenders' column."""
    deal = s["deal"]
    side = deal["declarer"]
    level, _, _ = parse(deal["contract"])
    surplus = deal["tricks"] - 6 - level
    if surplus < 0:
        # The misreading: the penalty written in the column of the side that went down.
        scorer = side if held == "penalty_in_declarers_column" else other(side)
        line = "below" if held == "penalty_below_the_line" else "above"
        return {"penalty_place": f"{scorer}_{line}"}
    line = "above" if held == "trick_score_above_the_line" else "below"
    answer = {"trick_score_place": f"{side}_{line}"}
    if surplus:
        # The misreading: the overtricks written below the line with the trick score.
        line = "below" if held == "overtricks_below_the_line" else "above"
        answer["extra_place"] = f"{side}_{line}"
    return answer


def trick_value(s: dict, held=None) -> dict:
    """rules §1.2: the trick score of the contract bid and made (x2 doubled, x4 redoubled)."""
    level, strain, doubling = parse(s["deal"]["contract"])
    return {"points": trick_score(level, strain, doubling, held)}


def game_check(s: dict, held=None) -> dict | None:
    """rules §2.2: the deal gives its side a game when its points below the line, since the
    last game line, reach 100."""
    sheet = rubber_sheet(s["history"], held if held in HISTORY_BELIEFS else None)
    if sheet is None or sheet.over:
        return None
    side = s["deal"]["declarer"]
    # rules §2.3: a side with a game is vulnerable (which never decides whether it is a game).
    w = write(sheet, s["deal"], sheet.games[side] > 0, "rubber", held)
    return {"game": "yes" if w.game else "no"}


def overtrick_value(s: dict, held=None) -> dict:
    """rules §1.3: all the overtricks together, above the line."""
    _, strain, doubling = parse(s["contract"])
    vulnerable = flip_vulnerability(s["vulnerable"], held)
    return {"points": overtricks(s["over"], strain, doubling, vulnerable, held)}


def doubled_above(s: dict, held=None) -> dict:
    """rules §1.3 and §1.4: above the line for a doubled contract made, the overtricks at
    their doubled value and the bonus for making it."""
    _, strain, doubling = parse(s["contract"])
    vulnerable = flip_vulnerability(s["vulnerable"], held)
    points = overtricks(s["over"], strain, doubling, vulnerable, held) + insult(doubling, held)
    # rules §2: a vulnerable side already has a game, so a game made now (100 or more
    # below the line, no part-score before it, as the question says) wins the rubber. The
    # question says so, and whether the opponents have a game, when it asks for the bonus.
    level, _, _ = parse(s["contract"])
    if "opponents_game" in s and s["vulnerable"] and trick_score(level, strain, doubling) >= 100:
        points += RUBBER_BONUS.get(held, RUBBER_BONUS[None])[1 if s["opponents_game"] else 0]
    return {"points": points}


def slam_bonus_alone(s: dict, held=None) -> dict:
    """rules §1.5: the slam bonus alone, for a slam bid and made."""
    deal = s["deal"]
    level, _, _ = parse(deal["contract"])
    vulnerable = flip_vulnerability(s["vulnerable"], held)
    return {"points": slam_bonus(level, deal["tricks"], vulnerable, held)}


# -- comparing results across tables (rules §9) ---------------------------------------------

# rules §9.1: the lower figure of each band of the IMP scale, 0 IMPs to 24.
IMP_BANDS = (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600)
IMP_BANDS += (750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)
BAND_SLIP = {"imp_table_one_band_low": -1, "imp_table_one_band_high": 1}


def imps_of(difference: int, held=None) -> int:
    """rules §9.1: the band the difference falls in, signed like the difference. The slips:
    a row too low or too high (never off the table), or the sign left out."""
    band = sum(low <= abs(difference) for low in IMP_BANDS) - 1
    band = max(0, min(len(IMP_BANDS) - 1, band + BAND_SLIP.get(held, 0)))
    if held == "imps_not_signed" or difference >= 0:
        return band
    return -band


def ns_score(board: int, row: dict, held=None) -> int:
    """rules §4: a table's score with the board's vulnerability, signed from N-S's side.
    `held` is a belief about scoring one deal (duplicate_deal's), carried into it."""
    pair = "NS" if row["declarer"] in ("N", "S") else "EW"
    vulnerable = BOARD_VULNERABLE[(board - 1) % 16] in ("both", pair)
    deal = {"deal": row, "vulnerable": vulnerable, "form": "duplicate"}
    score = duplicate_deal(deal, held)["answer"]
    return score if pair == "NS" else -score


# At teams, a slip in scoring one room's deal: (the room, 0 or 1; the slip as duplicate_deal
# knows it). "sign_reversed" turns declarer's score round, and so N-S's.
ROOM_SLIPS = {
    "room1_vulnerability_reversed": (0, "vulnerability_reversed"),
    "room2_vulnerability_reversed": (1, "vulnerability_reversed"),
    "room1_ns_sign_reversed": (0, "sign_reversed"),
    "room2_ns_sign_reversed": (1, "sign_reversed"),
}
# Slips in the rules of one deal, made in every room they change.
DEAL_SLIPS = ("game_bonus_forgotten", "slam_bonus_missed", "undoubled_scale_when_doubled")


def imp_scale(s: dict, held=None) -> dict:
    return {"imps": imps_of(s["difference"], held)}


def matchpoint_row(s: dict, held=None) -> dict:
    """rules §9.2: 1 for each other score beaten, ½ for each tied (the slips: 1 or 0)."""
    scores = [ns_score(s["board"], row) for row in s["rows"]]
    if s["direction"] == "EW":
        scores = [-score for score in scores]
    mine = scores.pop(s["asked"])
    tie = {"ties_counted_as_wins": 1, "ties_counted_as_losses": 0}.get(held, 0.5)
    beaten = sum(score < mine for score in scores)
    return {"matchpoints": beaten + tie * sum(score == mine for score in scores)}


def butler_datum(s: dict, held=None) -> dict:
    """rules §9.3: the mean without one top and one bottom from five scores on, to the
    nearest 10 with halves away from zero; then the asked score's IMPs against it."""
    scores = [ns_score(s["board"], row) for row in s["rows"]]
    kept = sorted(scores)
    if len(kept) >= 5 and held != "datum_extremes_kept":
        kept = kept[1:-1]
    total, count = sum(kept), len(kept)
    tens = (2 * abs(total) + 10 * count) // (20 * count)  # floor(|mean| / 10 + ½)
    datum = 10 * tens if total >= 0 else -10 * tens
    return {"datum": datum, "imps": imps_of(scores[s["asked"]] - datum, held)}


def team_board(s: dict, held=None) -> dict:
    """rules §9.4: the team's N-S score in room 1 less N-S's in room 2, in IMPs; a slip in
    scoring a room's deal (rules §4) carries into the IMPs."""
    slipped_in, slip = ROOM_SLIPS.get(held, (None, held if held in DEAL_SLIPS else None))
    room1, room2 = (
        ns_score(s["board"], room, slip if slipped_in in (None, number) else None)
        for number, room in enumerate(s["rooms"])
    )
    net = room1 + room2 if held == "other_room_sign_kept" else room1 - room2
    won = imps_of(net, held)
    winner = "us" if won > 0 else "them" if won < 0 else "neither"
    return {"ns_room1": room1, "ns_room2": room2, "winner": winner, "imps": abs(won)}


def wbf_winners_hundredths(margin: int, boards: int) -> int:
    """rules §9.5: the formula to 2 decimals (in hundredths), capped at 20, with a margin's
    figure raised by 0.01 wherever the next IMP would otherwise be worth more."""
    tau, blitz = (math.sqrt(5) - 1) / 2, 15 * math.sqrt(boards)
    table = [
        min(2000, math.floor(100 * (10 + 10 * (1 - tau ** (3 * m / blitz)) / (1 - tau**3)) + 0.5))
        for m in range(math.ceil(blitz) + 2)
    ]
    raised = True
    while raised:
        raised = False
        for m in range(1, len(table) - 1):
            if table[m + 1] - table[m] > table[m] - table[m - 1]:
                table[m] += 1
                raised = True
    return table[min(margin, len(table) - 1)]


def match_vp(s: dict, held=None) -> dict:
    """rules §9.5: the scale read at the margin; the losers get 20 less the winners'."""
    ours, theirs = s["ours"], s["theirs"]
    read_at = ours - theirs
    if held == "vp_read_for_the_total" and read_at:
        read_at = max(ours, theirs) if read_at > 0 else -max(ours, theirs)
    winners = wbf_winners_hundredths(abs(read_at), s["boards"])
    mine = winners if read_at >= 0 else 2000 - winners
    if held == "vp_to_the_wrong_team":
        # The slip: the larger share of the 20 taken by the team that lost the match.
        mine = max(mine, 2000 - mine)
    return {"ours_vp": mine / 100, "theirs_vp": (2000 - mine) / 100}


def par_score(s: dict, held=None) -> dict:
    """rules §9: the game's score and the doubled sacrifice's cost, each scored as one
    duplicate deal (a slip in scoring a deal made in both); par is the smaller."""

    def scored(contract: str, tricks: int, pair: str) -> int:
        vulnerable = s["vulnerable"] in (pair, "both")
        deal = {"deal": {"contract": contract, "tricks": tricks}, "vulnerable": vulnerable}
        return duplicate_deal({**deal, "form": "duplicate"}, held)["answer"]

    game = scored(s["game"], s["game_tricks"], s["pair"])
    cost = -scored(s["save"], s["save_tricks"], s["saver"])
    return {"game": game, "save": cost, "par": min(game, cost)}


ANSWERS = {
    "duplicate_deal": duplicate_deal,
    "rubber_deal": rubber_deal,
    "four_deal": four_deal,
    "undertricks": undertricks,
    "vulnerability": vulnerability,
    "vulnerability_cost": vulnerability_cost,
    "honors": honors,
    "rubber_total": rubber_total,
    "partners": partners,
    "line_place": line_place,
    "trick_value": trick_value,
    "game_check": game_check,
    "overtrick_value": overtrick_value,
    "doubled_above": doubled_above,
    "slam_bonus": slam_bonus_alone,
    "imp_scale": imp_scale,
    "matchpoint_row": matchpoint_row,
    "butler_datum": butler_datum,
    "team_board": team_board,
    "match_vp": match_vp,
    "par_score": par_score,
}


def learner_answer(kind: str, situation: dict, held: str | None = None) -> dict | None:
    """What a learner holding `held` (None: nothing wrong) answers to this question."""
    if held is not None and held not in MODELLED[kind]:
        raise ValueError(f"No model of {held!r} on {kind!r}")
    return ANSWERS[kind](situation, held)
