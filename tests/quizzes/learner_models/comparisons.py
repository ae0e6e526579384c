"""Comparing results across tables (rules §9): IMPs, matchpoints, Butler, victory points."""

from __future__ import annotations

import math

from tests.quizzes.learner_models.other_kinds import BOARD_VULNERABLE
from tests.quizzes.learner_models.sheets import duplicate_deal

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
