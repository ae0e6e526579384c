"""Each deal on its own (duplicate, undertricks) and on a WE/THEY sheet (rubber, four-deal)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.quizzes.learner_models.pieces import (
    HISTORY_BELIEFS,
    HONORS,
    RUBBER_BONUS,
    SIDES,
    duplicate_bonus,
    flip_vulnerability,
    insult,
    other,
    overtricks,
    parse,
    penalty,
    slam_bonus,
    toward_game,
    trick_score,
)


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
