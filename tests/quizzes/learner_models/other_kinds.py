"""The other kinds: vulnerability, honors, partners, and the single-idea kinds."""

from __future__ import annotations

from tests.quizzes.learner_models.pieces import (
    HISTORY_BELIEFS,
    RUBBER_BONUS,
    SIDES,
    flip_vulnerability,
    insult,
    other,
    overtricks,
    parse,
    penalty,
    slam_bonus,
    trick_score,
)
from tests.quizzes.learner_models.sheets import (
    chukker_vulnerable,
    rubber_sheet,
    vulnerable_sides,
    write,
)

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


# rules §5, the club's VP table: (lowest difference, highest, winner VP, loser VP).
VP_TABLE = (
    (0, 40, 10, 10),
    (50, 140, 11, 9),
    (150, 240, 12, 8),
    (250, 340, 13, 7),
    (350, 540, 14, 6),
    (550, 740, 15, 5),
    (750, 940, 16, 4),
    (950, 1240, 17, 3),
    (1250, 1540, 18, 2),
    (1550, None, 19, 1),
)


def victory_points(s: dict, held=None) -> dict:
    """rules §5: the row whose band holds the difference. The slips: a band's top figure
    read from the next row (the band taken to stop short of it); the row's two figures
    given the other way round."""
    difference = s["difference"]
    if held == "vp_band_next_row" and difference in {high for _, high, _, _ in VP_TABLE}:
        difference += 10  # the next band starts 10 above this one's top figure
    winner, loser = next(
        (w, lo) for low, high, w, lo in VP_TABLE if low <= difference <= (high or difference)
    )
    if held == "vp_shares_swapped":
        winner, loser = loser, winner
    return {"winner_vp": winner, "loser_vp": loser}
