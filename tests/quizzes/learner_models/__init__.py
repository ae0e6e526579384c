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

The rules of one deal, piece by piece, are in pieces.py; each deal alone and on a WE/THEY
sheet in sheets.py; the other kinds in other_kinds.py and comparisons.py. Here: which
misunderstandings each kind's learner holds, and the one way to ask any of them.
"""

from __future__ import annotations

from tests.quizzes.learner_models.comparisons import (
    butler_datum,
    imp_scale,
    match_vp,
    matchpoint_row,
    par_score,
    team_board,
)
from tests.quizzes.learner_models.other_kinds import (
    doubled_above,
    game_check,
    honors,
    line_place,
    overtrick_value,
    partners,
    slam_bonus_alone,
    trick_value,
    victory_points,
    vulnerability,
    vulnerability_cost,
)
from tests.quizzes.learner_models.sheets import (
    duplicate_deal,
    four_deal,
    rubber_deal,
    rubber_total,
    undertricks,
)

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
    "victory_points": ("vp_band_next_row", "vp_shares_swapped"),
    "par_score": (
        "vulnerability_reversed",
        "game_bonus_forgotten",
        "part_score_bonus_on_game",
        "undoubled_scale_when_doubled",
        "fourth_doubled_undertrick_200",
    ),
}


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
    "victory_points": victory_points,
    "par_score": par_score,
}


def learner_answer(kind: str, situation: dict, held: str | None = None) -> dict | None:
    """What a learner holding `held` (None: nothing wrong) answers to this question."""
    if held is not None and held not in MODELLED[kind]:
        raise ValueError(f"No model of {held!r} on {kind!r}")
    return ANSWERS[kind](situation, held)
