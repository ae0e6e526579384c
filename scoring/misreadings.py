"""Wrong readings of the situation (not of the rules) that a question kind can replay.

Kept apart from `scoring.mistakes`, which names each misunderstanding and says what is
right instead; `scoring.mistakes` imports `Misreading` from here.
"""

from __future__ import annotations

from enum import Enum


class Misreading(Enum):
    """A wrong reading of the situation (not of the rules): each question kind replays it."""

    FLIP_VULNERABILITY = "flip_vulnerability"
    """Declarer's side read as vulnerable when it is not, or the other way round."""
    FLIP_HONORS_SIDE = "flip_honors_side"
    """Honors credited to the side that did not hold them."""
    COUNT_SPLIT_HONORS = "count_split_honors"
    """Honors counted when they were shared between partners' hands."""
    FIFTY_OTHER_WAY = "fifty_other_way"
    """An exact 50 rounded the other way when a difference is written in hundreds."""
    SWAP_CHICAGO_CAVENDISH = "swap_chicago_cavendish"
    """Four-deal vulnerability read with the other form's rule (Chicago for Cavendish)."""
    FLIP_SIGN = "flip_sign"
    """The declaring side's score written with the wrong sign."""
    REVERSE_SUIT_ORDER = "reverse_suit_order"
    """A tie in rank broken with the suits in the wrong order (clubs highest)."""
    IMP_BAND_LOW = "imp_band_low"
    """The IMP table read one band (one row) too low."""
    IMP_BAND_HIGH = "imp_band_high"
    """The IMP table read one band (one row) too high."""
    IMPS_UNSIGNED = "imps_unsigned"
    """IMPs given without the sign of the difference: a loss written as a win."""
    TIES_AS_WINS = "ties_as_wins"
    """At matchpoints, each tie counted as a score beaten."""
    TIES_AS_LOSSES = "ties_as_losses"
    """At matchpoints, each tie counted as a score lost to."""
    DATUM_EXTREMES_KEPT = "datum_extremes_kept"
    """A Butler datum averaged over every score, the top and the bottom left in."""
    OTHER_ROOM_AS_OURS = "other_room_as_ours"
    """At teams, the other room's N-S score taken as the team's own, though it sat E-W."""
    VP_FOR_TOTAL = "vp_for_total"
    """Victory points read for the winners' IMP total instead of the margin."""
    VP_TO_LOSERS = "vp_to_losers"
    """A match's winning share of the victory points given to the team that lost it."""
    VULNERABILITY_ROOM_1 = "vulnerability_room_1"
    """At teams, the board's vulnerability read the other way round in room 1 only."""
    VULNERABILITY_ROOM_2 = "vulnerability_room_2"
    """At teams, the board's vulnerability read the other way round in room 2 only."""
    NS_SIGN_ROOM_1 = "ns_sign_room_1"
    """At teams, N-S's score in room 1 written with the wrong sign."""
    NS_SIGN_ROOM_2 = "ns_sign_room_2"
    """At teams, N-S's score in room 2 written with the wrong sign."""
    SWAP_VULNERABLE_SIDES = "swap_vulnerable_sides"
    """In rubber bridge, the side without a game read as vulnerable and the side with one
    as not: WE and THEY swapped."""
    PENALTY_TO_DECLARER = "penalty_to_declarer"
    """A penalty written in the declaring side's column instead of the defenders'."""
    TRICK_SCORE_ABOVE = "trick_score_above"
    """The trick score of a contract made written above the line instead of below."""
    PENALTY_BELOW = "penalty_below"
    """A penalty written below the line instead of above."""
    PART_SCORE_VULNERABLE = "part_score_vulnerable"
    """In rubber bridge, a side with a part-score toward the game in progress read as
    vulnerable, as if it had won a game."""
    RUBBER_BONUS_TWICE = "rubber_bonus_twice"
    """The rubber bonus, already written on the deal that won the rubber, added again to
    the winners' total."""
    DEALER_ONE_SEAT_ON = "dealer_one_seat_on"
    """A board's dealer counted one seat too far round the table, as if North dealt
    board 0 (East for board 1)."""
    DEALER_ONE_SEAT_BACK = "dealer_one_seat_back"
    """A board's dealer counted one seat short, as if North dealt board 2 (West for
    board 1)."""
    BOARD_VULNERABILITY_FOUR_CYCLE = "board_vulnerability_four_cycle"
    """A board's vulnerability read from a simple four-board cycle (none, N-S, E-W, both,
    then again), without the shift every four boards of the 16-board pattern."""
    BOARD_PAIRS_SWAPPED = "board_pairs_swapped"
    """A board's vulnerability read with N-S and E-W swapped."""
    HIGHEST_WITH_LOWEST = "highest_with_lowest"
    """Drawing for partners, the highest card paired with the lowest of the four who play
    (and the two middle cards together), instead of the two highest together."""
    ACE_LOW = "ace_low"
    """Drawing for partners, the ace ranked as the lowest card instead of the highest."""
    VP_BAND_NEXT_ROW = "vp_band_next_row"
    """A round's difference on the top figure of a band of the club's VP table (140 in
    50-140) read from the next band, as if the band stopped short of its top figure."""
    VP_SHARES_SWAPPED = "vp_shares_swapped"
    """A row of the club's VP table read the other way round: the winners' share written
    for the losers and the losers' for the winners."""
