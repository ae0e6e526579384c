"""Comparing results across tables: IMPs, matchpoints, Butler, cross-IMPs, WBF victory points."""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparisons import (
    InvalidComparison,
    PairsSession,
    Traveller,
    butler,
    cross_imps,
    imps,
    imps_read_off,
    match_vp,
    matchpoints,
    team_board,
    wbf_scale,
    wbf_vp,
)
from scoring.duplicate import board_conditions
from scoring.errors import InvalidForm, ScoringError
from scoring.tables import imp_scale_rows, wbf_scale_rows

# Duplicate scores are multiples of 10; the strategies keep to them so that ties happen.
duplicate_scores = st.integers(min_value=-800, max_value=800).map(lambda tens: tens * 10)
boards_in_a_match = st.integers(min_value=1, max_value=120)

# -- the IMP scale ------------------------------------------------------------------

# Both sides of every step of the WBF table (differences in multiples of 10).
IMP_STEPS = [
    (0, 0), (10, 0), (20, 1),
    (40, 1), (50, 2),
    (80, 2), (90, 3),
    (120, 3), (130, 4),
    (160, 4), (170, 5),
    (210, 5), (220, 6),
    (260, 6), (270, 7),
    (310, 7), (320, 8),
    (360, 8), (370, 9),
    (420, 9), (430, 10),
    (490, 10), (500, 11),
    (590, 11), (600, 12),
    (740, 12), (750, 13),
    (890, 13), (900, 14),
    (1090, 14), (1100, 15),
    (1290, 15), (1300, 16),
    (1490, 16), (1500, 17),
    (1740, 17), (1750, 18),
    (1990, 18), (2000, 19),
    (2240, 19), (2250, 20),
    (2490, 20), (2500, 21),
    (2990, 21), (3000, 22),
    (3490, 22), (3500, 23),
    (3990, 23), (4000, 24),
    (10000, 24),
]  # fmt: skip


@pytest.mark.parametrize("difference, expected", IMP_STEPS)
def test_each_step_of_the_imp_scale(difference, expected):
    assert imps(difference) == expected


@pytest.mark.parametrize("difference, expected", IMP_STEPS)
def test_a_negative_difference_costs_the_same_imps(difference, expected):
    assert imps(-difference) == -expected


def test_a_difference_of_20_is_one_imp():
    assert imps(20) == 1


# Between multiples of 10 each band starts at its lower figure: 20-49 is 1 IMP.
@pytest.mark.parametrize(
    "difference, expected",
    [(15, 0), (19, 0), (45, 1), (49, 1), (415, 9), (429, 9), (3999, 23), (-19, 0), (-45, -1)],
)
def test_a_difference_between_multiples_of_10_belongs_to_the_band_below(difference, expected):
    assert imps(difference) == expected


@pytest.mark.parametrize("difference", [2.5, "420", None, True])
def test_a_difference_that_is_not_a_whole_number_is_refused(difference):
    with pytest.raises(InvalidComparison, match="whole number of points"):
        imps(difference)


@given(st.integers(min_value=-100_000, max_value=100_000))
def test_imps_are_signed_like_the_difference(difference):
    assert imps(-difference) == -imps(difference)


@given(st.integers(-100_000, 100_000), st.integers(0, 5_000))
def test_imps_never_decrease_as_the_difference_grows(difference, more):
    assert imps(difference + more) >= imps(difference)


# -- teams: one board in two rooms --------------------------------------------------


@pytest.mark.parametrize(
    "room1, room2, swing, won",
    [
        (620, 170, 450, 10),  # game bid in room 1, part-score in room 2
        (420, -100, 520, 11),  # game made in room 1, doubled one down in room 2
        (-100, 420, -520, -11),
        (420, 420, 0, 0),
        (430, 420, 10, 0),  # an overtrick: 10 points, no IMP
    ],
)
def test_a_teams_board_swings_imps_to_the_team_sitting_ns_in_room_1(room1, room2, swing, won):
    board = team_board(room1, room2)
    assert (board.swing, board.imps) == (swing, won)
    assert board.reason.endswith(f"{won} IMPs" if abs(won) != 1 else f"{won} IMP")


# -- matchpoints ------------------------------------------------------------------


def test_matchpoints_at_the_acbl_scale_give_one_a_win_and_a_half_a_tie():
    # Five N-S scores, top 4 (one matchpoint for each of the 4 other scores):
    #   +450 beats all four                      4     100%
    #   +420 beats +170 and -100, ties +420: 2 + ½ = 2½   62.5%  (twice)
    #   +170 beats -100                          1      25%
    #   -100 beats none                          0       0%
    results = matchpoints([420, 420, 450, 170, -100])
    assert [r.matchpoints for r in results] == [
        Fraction(5, 2),
        Fraction(5, 2),
        Fraction(4),
        Fraction(1),
        Fraction(0),
    ]
    assert [r.percentage for r in results] == [62.5, 62.5, 100.0, 25.0, 0.0]
    assert [(r.beaten, r.tied, r.lost_to) for r in results][0] == (2, 1, 1)
    assert {r.top for r in results} == {4}
    assert results[0].reason == (
        "+420 beats 2 and ties 1 of the 4 other scores: 2 + ½ = 2½ of a top of 4"
    )
    assert results[4].reason == "-100 beats none of the 4 other scores: 0 of a top of 4"


def test_matchpoints_at_the_international_scale_give_two_a_win_and_one_a_tie():
    # The same five scores, top 8 (two for each of the 4 other scores):
    #   +450: 4 × 2 = 8;  +420: 2 × 2 + 1 = 5;  +170: 1 × 2 = 2;  -100: 0
    results = matchpoints([420, 420, 450, 170, -100], scale="international")
    assert [r.matchpoints for r in results] == [5, 5, 8, 2, 0]
    assert [r.percentage for r in results] == [62.5, 62.5, 100.0, 25.0, 0.0]
    assert results[0].reason == (
        "+420 beats 2 and ties 1 of the 4 other scores: 2 × 2 + 1 = 5 of a top of 8"
    )


def test_three_way_tie_shares_the_matchpoints_it_would_have_won_and_lost():
    # Six scores, top 5. +420 three times: each beats +170 and -100 (2) and ties the
    # other two (2 × ½ = 1): 3, or 60%. At the international scale: 2 × 2 + 2 = 6 of 10.
    scores = [420, 450, 420, 170, -100, 420]
    acbl = matchpoints(scores)
    assert [r.matchpoints for r in acbl] == [3, 5, 3, 1, 0, 3]
    assert acbl[0].reason == (
        "+420 beats 2 and ties 2 of the 5 other scores: 2 + 2 × ½ = 3 of a top of 5"
    )
    assert [r.matchpoints for r in matchpoints(scores, "international")] == [6, 10, 6, 2, 0, 6]


def test_percentages_round_halves_up():
    # 17 scores, top 16: a 0 that ties one other 0 and beats nothing earns ½,
    # 100 × ½ / 16 = 3.125%, shown as 3.13 (rounding to even would give 3.12).
    scores = [0, 0] + [10 * k for k in range(1, 16)]
    assert matchpoints(scores)[0].percentage == 3.13


@pytest.mark.parametrize("scores", [[], [420]])
def test_matchpoints_need_at_least_two_scores(scores):
    with pytest.raises(InvalidComparison, match="at least 2 scores"):
        matchpoints(scores)


def test_an_unknown_matchpoint_scale_is_refused():
    with pytest.raises(InvalidForm, match="'acbl' or 'international'"):
        matchpoints([420, 450], scale="european")


@given(st.lists(duplicate_scores, min_size=2, max_size=30))
def test_a_boards_matchpoints_sum_to_every_pair_of_tables_compared_once(scores):
    n = len(scores)
    assert sum(r.matchpoints for r in matchpoints(scores)) == Fraction(n * (n - 1), 2)
    assert sum(r.matchpoints for r in matchpoints(scores, "international")) == n * (n - 1)


@given(st.lists(duplicate_scores, min_size=2, max_size=30))
def test_each_ew_pair_earns_the_top_less_its_ns_opponents_matchpoints(scores):
    ns = matchpoints(scores)
    ew = matchpoints([-score for score in scores])
    assert [r.matchpoints for r in ew] == [r.top - r.matchpoints for r in ns]


# -- Butler -----------------------------------------------------------------------


def test_butler_with_four_scores_takes_the_mean_of_all_of_them():
    # (620 + 420 + 170 - 550) / 4 = 660 / 4 = 165, a half: away from zero, 170.
    #   +620 - 170 = +450: 10 IMPs     +420 - 170 = +250: 6 IMPs
    #   +170 - 170 = 0:     0 IMPs     -550 - 170 = -720: -12 IMPs
    board = butler([620, 420, 170, -550])
    assert board.left_out == ()
    assert (board.mean, board.datum) == (165, 170)
    assert [r.imps for r in board.results] == [10, 6, 0, -12]
    assert board.reason == (
        "The mean of all 4 scores is 660 / 4 = 165; to the nearest 10, halves away from zero: 170"
    )


def test_butler_with_six_scores_leaves_out_one_top_and_one_bottom():
    # Leaving out +650 and -50: (620 + 420 + 420 + 200) / 4 = 1660 / 4 = 415 -> 420.
    #   +620: +200, 5 IMPs; +420: 0; +650: +230, 6; -50: -470, -10; +200: -220, -6
    board = butler([620, 420, 650, 420, -50, 200])
    assert board.left_out == (650, -50)
    assert (board.mean, board.datum) == (415, 420)
    assert [r.imps for r in board.results] == [5, 0, 6, 0, -10, -6]
    assert board.results[4].reason == (
        "-50 against a datum of +420: -470; 470 is at least 430 and under 500: -10 IMPs"
    )


def test_butler_rounds_a_negative_half_away_from_zero_too():
    # The six scores above with the sign turned: mean -415, datum -420.
    board = butler([-620, -420, -650, -420, 50, -200])
    assert board.left_out == (50, -650)
    assert (board.mean, board.datum) == (-415, -420)
    assert [r.imps for r in board.results] == [-5, 0, -6, 0, 10, 6]
    assert butler([-620, -420, -170, 550]).datum == -170


@pytest.mark.parametrize(
    "scores, datum",
    [
        ([400, 428, 414], 410),  # mean 414: down to 410
        ([-400, -428, -414], -410),
        ([410, 420, 420], 420),  # mean 416.67: up to 420
        ([420, 420, 410, 400], 410),  # mean 412.5: down to 410
    ],
)
def test_the_datum_is_rounded_to_the_nearest_10(scores, datum):
    assert butler(scores).datum == datum


def test_butler_needs_at_least_two_scores():
    with pytest.raises(InvalidComparison, match="at least 2 scores"):
        butler([420])


@given(
    st.integers(-300, 300).map(lambda tens: tens * 10),
    st.lists(st.integers(0, 2000), min_size=1, max_size=10),
)
def test_a_score_equal_to_the_datum_earns_no_imps(centre, offsets):
    # Scores set evenly about a multiple of 10 (trimmed or not) average to it exactly.
    scores = [centre] + [centre + o for o in offsets] + [centre - o for o in offsets]
    board = butler(scores)
    assert board.datum == centre
    assert board.results[0].imps == 0


@given(st.lists(duplicate_scores, min_size=2, max_size=20))
def test_butler_from_ew_is_butler_from_ns_with_the_sign_turned(scores):
    ns, ew = butler(scores), butler([-score for score in scores])
    assert ew.datum == -ns.datum
    assert [r.imps for r in ew.results] == [-r.imps for r in ns.results]


# -- cross-IMPs ---------------------------------------------------------------------


def test_cross_imps_sum_each_scores_imps_against_every_other_table():
    # +420 v +420: 0; v +500: -80, -2; v -100: +520, 11.   0 - 2 + 11 = 9
    # +500 v +420 (twice): +80, 2 each; v -100: +600, 12.   2 + 2 + 12 = 16
    # -100 v +420 (twice): -520, -11 each; v +500: -600, -12.  -34
    results = cross_imps([420, 420, 500, -100])
    assert [r.imps for r in results] == [9, 9, 16, -34]
    assert {r.count for r in results} == {3}
    assert results[2].average == Fraction(16, 3)
    assert results[3].reason == (
        "-100 against the 3 other scores: -11 - 11 - 12 = -34 IMPs over 3 comparisons"
    )
    assert results[0].comparisons[2].reason == (
        "+420 against -100: +520; 520 is at least 500 and under 600: 11 IMPs"
    )


@given(st.lists(duplicate_scores, min_size=2, max_size=20))
def test_cross_imps_over_a_board_sum_to_zero(scores):
    results = cross_imps(scores)
    assert sum(r.imps for r in results) == 0
    assert all(r.count == len(scores) - 1 for r in results)


# -- WBF victory points (continuous 20-point scale, 2013) -----------------------------


# Published: bcstar.nl, "Continue WP-schaal ingevoerd" (https://bcstar.nl/continue-wp-schaal-
# ingevoerd/), quoting the WBF continuous scale for 20 boards: 0 IMP 10,00; 1 IMP 10,28;
# 2 IMP 10,55.
@pytest.mark.parametrize(
    "margin, expected",
    [(0, (10.0, 10.0)), (1, (10.28, 9.72)), (2, (10.55, 9.45))],
)
def test_published_wbf_vp_for_a_20_board_match(margin, expected):
    assert wbf_vp(margin, boards=20) == expected


# The blitz is 15 × √boards (WBF Scoring Panel, "The New WBF IMP to VP Scales"): 60 IMPs
# over 16 boards, 67.08 over 20.
@pytest.mark.parametrize(
    "margin, boards, expected",
    [
        (59, 16, (19.93, 0.07)),
        (60, 16, (20.0, 0.0)),
        (67, 20, (19.99, 0.01)),
        (68, 20, (20.0, 0.0)),
        (500, 20, (20.0, 0.0)),  # the loser loses no more beyond the blitz
    ],
)
def test_the_winner_takes_all_20_vps_at_the_blitz(margin, boards, expected):
    assert wbf_vp(margin, boards) == expected


def test_rounding_that_would_make_an_imp_worth_more_than_the_last_is_adjusted():
    # 20 boards: the formula rounds 12, 13, 14 IMPs to 12.98, 13.19, 13.41: the 14th IMP
    # (0.22) would be worth more than the 13th (0.21). The scale raises 13 IMPs to 13.20.
    # (Derived with the WBF's rule as the Scoring Panel's technical report implements it,
    # not read from a published table.)
    scale = wbf_scale(20)
    assert scale.formula[12:15] == (1298, 1319, 1341)
    assert scale.table[12:15] == (1298, 1320, 1341)
    assert 13 in scale.adjusted
    assert wbf_vp(13, boards=20) == (13.2, 6.8)
    assert "raised to 13.20 so no IMP is worth more than the one before" in scale.reason(13)


@pytest.mark.parametrize("margin", [1, 13, -13])
def test_the_formulas_working_says_once_what_tau_is(margin):
    reason = wbf_scale(16).reason(margin)
    assert "τ^(" in reason
    assert reason.count("where τ = (√5 - 1) / 2, about 0.618") == 1


def test_a_negative_margin_gives_the_losers_view():
    assert wbf_vp(-13, boards=20) == (6.8, 13.2)
    assert wbf_scale(20).reason(-13).endswith("6.80 to 13.20")


@pytest.mark.parametrize("boards", [0, -4, 2.5, True, "16"])
def test_a_match_of_no_boards_is_refused(boards):
    with pytest.raises(InvalidComparison, match="at least 1 board"):
        wbf_vp(10, boards)


def test_an_imp_margin_that_is_not_whole_is_refused():
    with pytest.raises(InvalidComparison, match="whole number of IMPs"):
        wbf_vp(2.5, boards=16)


@given(boards_in_a_match)
def test_a_drawn_match_is_10_vps_each(boards):
    assert wbf_vp(0, boards) == (10.0, 10.0)


@given(boards_in_a_match, st.integers(-500, 500))
def test_the_two_teams_vps_always_add_up_to_20(boards, margin):
    ours, theirs = wbf_vp(margin, boards)
    assert ours + theirs == 20
    assert wbf_vp(-margin, boards) == (theirs, ours)


@given(boards_in_a_match)
def test_the_winners_vps_never_fall_and_no_imp_is_worth_more_than_the_last(boards):
    winner = [wbf_scale(boards).winner_hundredths(m) for m in range(200)]
    gains = [b - a for a, b in zip(winner, winner[1:], strict=False)]
    assert all(gain >= 0 for gain in gains)
    assert all(later <= earlier for earlier, later in zip(gains, gains[1:], strict=False))


@given(boards_in_a_match, st.integers(-300, 300))
def test_every_margin_has_a_reason_ending_in_its_vps(boards, margin):
    ours, theirs = wbf_vp(margin, boards)
    assert wbf_scale(boards).reason(margin).endswith(f": {ours:.2f} to {theirs:.2f}")


@given(boards_in_a_match, st.integers(0, 1000))
def test_the_winner_reaches_20_at_and_beyond_the_blitz(boards, beyond):
    margin = math.ceil(15 * math.sqrt(boards)) + beyond
    assert wbf_vp(margin, boards) == (20.0, 0.0)


# -- a traveller: one board at four tables ------------------------------------------


def four_tables_on_board_3():
    """Board 3: dealer S, E-W vulnerable, N-S not.

    1 v A: 4♠ by S, 10 tricks: 4 × 30 + 300 (game, not vulnerable)  N-S +420
    2 v B: 4♠ by N, 10 tricks: the same                             N-S +420
    3 v C: 5♦X by E, 9 tricks: two down doubled vulnerable, 200 + 300   N-S +500
    4 v D: 4♠X by S, 9 tricks: one down doubled not vulnerable, 100     N-S -100
    """
    board = Traveller(3)
    board.record("1", "S", "4S", tricks=10, ew_pair="A")
    board.record("2", "N", "4S", tricks=10, ew_pair="B")
    board.record("3", "E", "5DX", tricks=9, ew_pair="C")
    board.record("4", "S", "4SX", tricks=9, ew_pair="D")
    return board


def test_a_traveller_takes_dealer_and_vulnerability_from_the_board_number():
    board = four_tables_on_board_3()
    assert board_conditions(3) == ("S", "EW")
    assert (board.dealer, board.vulnerable) == ("S", "EW")


def test_a_traveller_scores_each_table_from_ns_side():
    board = four_tables_on_board_3()
    assert board.scores("NS") == (420, 420, 500, -100)
    assert board.scores("EW") == (-420, -420, -500, 100)
    assert board.row("3").reason == ("3 v C: 5♦X by E, 9 tricks, vulnerable: E-W -500, so N-S +500")


def test_a_traveller_matchpoints_both_directions():
    # N-S, top 3: +420 beats -100, ties +420, loses to +500: 1½ (twice); +500: 3; -100: 0.
    # E-W earn the top less their opponents': 1½, 1½, 0, 3.
    board = four_tables_on_board_3()
    ns = board.matchpoints("NS")
    ew = board.matchpoints("EW")
    assert [r.matchpoints for r in ns] == [Fraction(3, 2), Fraction(3, 2), 3, 0]
    assert [r.percentage for r in ns] == [50.0, 50.0, 100.0, 0.0]
    assert [r.matchpoints for r in ew] == [Fraction(3, 2), Fraction(3, 2), 0, 3]


def test_a_traveller_butler_imps_against_the_mean_of_four_tables():
    # Datum (420 + 420 + 500 - 100) / 4 = 1240 / 4 = 310, a multiple of 10 already.
    # +420: +110, 3 IMPs (twice); +500: +190, 5 IMPs; -100: -410, -9 IMPs.
    board = four_tables_on_board_3()
    ns = board.butler()
    assert ns.datum == 310
    assert [r.imps for r in ns.results] == [3, 3, 5, -9]
    assert [r.imps for r in board.butler("EW").results] == [-3, -3, -5, 9]
    assert "already a multiple of 10: 310" in ns.reason


def test_a_traveller_compares_two_tables_as_a_teams_match():
    # N-S +420 at table 1, -100 at table 4: the team N-S at table 1 gains 520, 11 IMPs.
    assert four_tables_on_board_3().teams("1", "4").imps == 11


def test_a_passed_out_board_scores_nothing_to_either_side():
    board = Traveller(5)
    row = board.record_passed_out("1", ew_pair="A")
    assert (row.ns_score, row.ew_score, row.passed_out) == (0, 0, True)
    assert row.reason == "1 v A: passed out, 0 to each side"


def test_a_table_recorded_twice_on_one_board_is_refused():
    board = four_tables_on_board_3()
    with pytest.raises(InvalidComparison, match="'2' already has a result on board 3"):
        board.record("2", "S", "3NT", tricks=9)
    with pytest.raises(InvalidComparison, match="'A' already has a result"):
        board.record_passed_out("5", ew_pair="A")
    assert len(board.rows) == 4


@pytest.mark.parametrize("seat", ["X", "NS", None])
def test_a_declarer_who_is_not_a_seat_is_refused(seat):
    with pytest.raises(ScoringError, match="N, E, S or W"):
        Traveller(1).record("1", seat, "1NT", tricks=7)


def test_a_board_number_that_does_not_exist_is_refused():
    with pytest.raises(InvalidForm, match="Board numbers start at 1"):
        Traveller(0)


# -- a pairs session: several boards, moving pairs ------------------------------------


def test_a_pairs_session_totals_each_pairs_matchpoints_over_the_boards_it_played():
    # Board 1 (nobody vulnerable), top 2:
    #   1 v A: 3NT by N, 9 tricks, N-S +400    N-S 1: 1   E-W A: 1
    #   2 v B: 3NT by N, 10 tricks, N-S +430   N-S 2: 2   E-W B: 0
    #   3 v C: 4♠ by E, 10 tricks, N-S -420    N-S 3: 0   E-W C: 2
    # Board 2 (N-S vulnerable), top 1; pairs 3 and C sit it out:
    #   1 v B: 2♥ by S, 8 tricks, N-S +110     N-S 1: 0   E-W B: 1
    #   2 v A: 2♥ by S, 9 tricks, N-S +140     N-S 2: 1   E-W A: 0
    # Totals: 1: 1 of 3, 33.33%; 2: 3 of 3, 100%; 3: 0 of 2; A: 1 of 3; B: 1 of 3; C: 2 of 2.
    session = PairsSession()
    first = session.traveller(1)
    first.record("1", "N", "3NT", tricks=9, ew_pair="A")
    first.record("2", "N", "3NT", tricks=10, ew_pair="B")
    first.record("3", "E", "4S", tricks=10, ew_pair="C")
    second = session.traveller(2)
    second.record("1", "S", "2H", tricks=8, ew_pair="B")
    second.record("2", "S", "2H", tricks=9, ew_pair="A")

    standings = session.standings()
    assert [(s.pair, s.boards, s.matchpoints, s.top, s.percentage) for s in standings] == [
        ("2", 2, 3, 3, 100.0),
        ("C", 1, 2, 2, 100.0),
        ("1", 2, 1, 3, 33.33),
        ("A", 2, 1, 3, 33.33),
        ("B", 2, 1, 3, 33.33),
        ("3", 1, 0, 2, 0.0),
    ]
    assert standings[0].reason == "2: 2 + 1 = 3 of 3 over 2 boards: 100.00%"


def test_a_pairs_session_needs_both_pairs_named():
    session = PairsSession()
    board = session.traveller(1)
    board.record("1", "N", "3NT", tricks=9, ew_pair="A")
    board.record("2", "N", "3NT", tricks=10)
    with pytest.raises(InvalidComparison, match="name the E-W pair"):
        session.standings()


def test_a_pairs_session_refuses_a_board_played_at_one_table():
    session = PairsSession()
    session.traveller(4).record("1", "N", "3NT", tricks=9, ew_pair="A")
    with pytest.raises(InvalidComparison, match="at least 2 tables"):
        session.standings()


def a_mitchell_of_three_tables_and_two_boards() -> PairsSession:
    """Worked by hand. N-S pairs stay at their tables; E-W pairs move up one each round.

    Board 1 (nobody vulnerable), top 2:
      N-S 1 v E-W 1: 4♠ by S, 10 tricks, +420   N-S ½ (ties +420, loses to +450)  E-W 1½
      N-S 2 v E-W 2: 4♠ by S, 11 tricks, +450   N-S 2                              E-W 0
      N-S 3 v E-W 3: 4♠ by N, 10 tricks, +420   N-S ½                              E-W 1½
    Board 2 (N-S vulnerable), top 2:
      N-S 1 v E-W 2: 3NT by N, 9 tricks, +600   N-S 2   E-W 0
      N-S 2 v E-W 3: 3NT by N, 8 tricks, -100   N-S 1   E-W 1
      N-S 3 v E-W 1: 2♥ by E, 8 tricks, -110    N-S 0   E-W 2
    Totals of 4: N-S 1 2½ (62.50%), N-S 2 3 (75%), N-S 3 ½ (12.50%);
                 E-W 1 3½ (87.50%), E-W 2 0 (0%), E-W 3 2½ (62.50%).
    """
    session = PairsSession()
    first = session.traveller(1)
    first.record("N-S 1", "S", "4S", tricks=10, ew_pair="E-W 1")
    first.record("N-S 2", "S", "4S", tricks=11, ew_pair="E-W 2")
    first.record("N-S 3", "N", "4S", tricks=10, ew_pair="E-W 3")
    second = session.traveller(2)
    second.record("N-S 1", "N", "3NT", tricks=9, ew_pair="E-W 2")
    second.record("N-S 2", "N", "3NT", tricks=8, ew_pair="E-W 3")
    second.record("N-S 3", "E", "2H", tricks=8, ew_pair="E-W 1")
    return session


def test_a_mitchell_ranks_each_direction_as_a_field_of_its_own():
    session = a_mitchell_of_three_tables_and_two_boards()
    ns = session.standings("NS")
    ew = session.standings("EW")
    assert [(s.place, s.pair, s.matchpoints, s.top, s.percentage) for s in ns] == [
        (1, "N-S 2", 3, 4, 75.0),
        (2, "N-S 1", Fraction(5, 2), 4, 62.5),
        (3, "N-S 3", Fraction(1, 2), 4, 12.5),
    ]
    assert [(s.place, s.pair, s.matchpoints, s.percentage) for s in ew] == [
        (1, "E-W 1", Fraction(7, 2), 87.5),
        (2, "E-W 3", Fraction(5, 2), 62.5),
        (3, "E-W 2", 0, 0.0),
    ]
    assert {s.direction for s in ns} == {"NS"} and {s.direction for s in ew} == {"EW"}
    assert ns[1].reason == "N-S 1: ½ + 2 = 2½ of 4 over 2 boards: 62.50%"


def test_pairs_with_the_same_share_of_their_tops_share_a_place():
    # All six together: 87.5, 75, 62.5 twice, 12.5, 0. The two on 62.5 are both third.
    standings = a_mitchell_of_three_tables_and_two_boards().standings()
    assert [(s.place, s.shared, s.pair) for s in standings] == [
        (1, False, "E-W 1"),
        (2, False, "N-S 2"),
        (3, True, "E-W 3"),  # a shared place: in the order of the labels
        (3, True, "N-S 1"),
        (5, False, "N-S 3"),
        (6, False, "E-W 2"),
    ]


def test_a_ranking_puts_pair_10_after_pair_2_when_they_tie():
    session = PairsSession()
    board = session.traveller(1)
    board.record("10", "N", "3NT", tricks=9, ew_pair="A")
    board.record("2", "N", "3NT", tricks=9, ew_pair="B")
    assert [s.pair for s in session.standings("NS")] == ["2", "10"]


def test_a_pair_that_sat_both_ways_belongs_to_no_one_field():
    # A Howell: pair 1 sits N-S on board 1 and E-W on board 2.
    session = PairsSession()
    session.traveller(1).record("1", "N", "3NT", tricks=9, ew_pair="2")
    session.traveller(1).record("3", "N", "3NT", tricks=10, ew_pair="4")
    session.traveller(2).record("2", "N", "3NT", tricks=9, ew_pair="1")
    session.traveller(2).record("4", "N", "3NT", tricks=10, ew_pair="3")
    assert all(s.direction is None for s in session.standings())
    with pytest.raises(InvalidComparison, match="'1' sat both N-S and E-W"):
        session.standings("NS")
    with pytest.raises(InvalidComparison, match="A direction is NS or EW"):
        session.standings("N")


def test_a_pair_cannot_play_one_board_twice_in_a_session():
    session = a_mitchell_of_three_tables_and_two_boards()
    with pytest.raises(InvalidComparison, match="'E-W 3' already has a result on board 2"):
        session.traveller(2).record("N-S 4", "S", "1NT", tricks=7, ew_pair="E-W 3")


results_at_a_table = st.tuples(
    st.sampled_from(["1NT", "2H", "3NT", "4S", "4SX", "6D", "7NTXX"]),
    st.sampled_from(["N", "E", "S", "W"]),
    st.integers(min_value=0, max_value=13),
)


@st.composite
def full_mitchells(draw):
    """Every N-S pair plays every board, against E-W pairs moving up one a round."""
    tables = draw(st.integers(min_value=2, max_value=6))
    boards = draw(st.integers(min_value=1, max_value=4))
    session = PairsSession()
    for board in range(1, boards + 1):
        traveller = session.traveller(board)
        for table in range(1, tables + 1):
            contract, declarer, tricks = draw(results_at_a_table)
            ew = (table + board) % tables + 1
            traveller.record(f"N-S {table}", declarer, contract, tricks, ew_pair=f"E-W {ew}")
    return session, tables, boards


@given(full_mitchells())
def test_a_full_mitchell_shares_out_every_matchpoint_and_each_field_averages_half(mitchell):
    session, tables, boards = mitchell
    every_pair = session.standings()
    # Each board gives n(n - 1) / 2 to the N-S pairs and as many to the E-W pairs.
    assert sum(s.matchpoints for s in every_pair) == boards * tables * (tables - 1)
    for direction in ("NS", "EW"):
        field = session.standings(direction)
        assert len(field) == tables
        shares = [Fraction(s.matchpoints) / s.top for s in field]
        assert sum(shares) / tables == Fraction(1, 2)
        assert all(0 <= s.percentage <= 100 for s in field)


@given(full_mitchells())
def test_a_place_is_one_more_than_the_pairs_with_a_better_share(mitchell):
    session, _, _ = mitchell
    for standings in (session.standings(), session.standings("NS"), session.standings("EW")):
        shares = [Fraction(s.matchpoints) / s.top for s in standings]
        assert shares == sorted(shares, reverse=True)
        for standing, share in zip(standings, shares, strict=True):
            assert standing.place == 1 + sum(other > share for other in shares)
            assert standing.shared == (shares.count(share) > 1)


# -- slips replayed, for naming a learner's mistake (quizzes) ------------------------------


@pytest.mark.parametrize(
    ("difference", "low", "high"),
    [(450, 9, 11), (-450, -9, -11), (0, 0, 1), (10, 0, 1), (20, 0, 2), (4000, 23, 24)],
)
def test_the_imp_table_read_one_band_off_stays_on_the_table(difference, low, high):
    assert imps_read_off(difference, -1) == low
    assert imps_read_off(difference, 1) == high
    assert imps_read_off(difference, 0) == imps(difference)


def test_ties_counted_as_wins_or_as_losses_move_a_tied_score_by_half_a_point_each_way():
    # Worked by hand: +420 beats -100 and ties the other +420; +450 beats all three.
    right = [r.matchpoints for r in matchpoints([420, 420, 450, -100])]
    as_wins = [r.matchpoints for r in matchpoints([420, 420, 450, -100], ties="won")]
    as_losses = [r.matchpoints for r in matchpoints([420, 420, 450, -100], ties="lost")]
    assert right == [Fraction(3, 2), Fraction(3, 2), 3, 0]
    assert as_wins == [2, 2, 3, 0]
    assert as_losses == [1, 1, 3, 0]


def test_a_tie_counted_any_other_way_is_refused():
    with pytest.raises(InvalidComparison, match="'half', 'won' or 'lost'"):
        matchpoints([420, 420], ties="shared")


def test_the_datum_with_the_extremes_left_in_is_the_mean_of_every_score():
    scores = [620, 420, 650, 420, -50, 200]
    assert butler(scores).datum == 420  # 1660 / 4 = 415, to 420
    kept = butler(scores, keep_extremes=True)
    assert kept.left_out == () and kept.mean == Fraction(2260, 6) and kept.datum == 380
    # Under five scores nothing is left out anyway: the slip changes nothing there.
    assert butler([620, 420, -50, 200], keep_extremes=True) == butler([620, 420, -50, 200])


def test_the_other_rooms_score_taken_as_the_teams_own_adds_it():
    assert team_board(620, -100).swing == 720
    slip = team_board(620, -100, other_room_as_ours=True)
    assert slip.swing == 520 and slip.imps == 11
    assert "620 + (-100) = +520" in slip.reason


def test_a_matchs_victory_points_come_from_the_margin_on_its_scale():
    won = match_vp(47, 34, boards=20)
    assert won.margin == 13 and won.vp == wbf_vp(13, boards=20)
    assert match_vp(34, 47, boards=20).vp == wbf_vp(-13, boards=20)
    assert match_vp(30, 30, boards=16).vp == (10.0, 10.0)
    assert match_vp(47, 34, boards=20, at_total=True).vp == wbf_vp(47, boards=20)
    assert match_vp(34, 47, boards=20, at_total=True).vp == wbf_vp(-47, boards=20)


def test_the_printed_imp_scale_gives_every_difference_its_imps():
    rows = imp_scale_rows()
    for difference in range(0, 5000, 10):
        (found,) = [
            n for low, high, n in rows if low <= difference and (high is None or difference <= high)
        ]
        assert found == imps(difference), difference


@pytest.mark.parametrize("boards", [8, 16, 20, 32])
def test_the_printed_vp_grid_is_the_scale_margin_by_margin(boards):
    cells = [cell for row in wbf_scale_rows(boards) for cell in row]
    assert [margin for margin, _ in cells] == list(range(len(cells)))
    assert [vp for _, vp in cells] == [f"{wbf_vp(m, boards).ours:.2f}" for m, _ in cells]
    assert cells[-1][1] == "20.00"


@pytest.mark.parametrize("margin", [-1, -5, -13, -40])
def test_a_lost_matchs_working_ends_with_the_losers_own_share(margin):
    # It once read "= 13.52 ... 6.48 to 13.52": the winners' figure as if it were the losers'.
    scale = wbf_scale(20)
    ours, theirs = scale.vp(margin)
    reason = scale.reason(margin)
    assert "the winners get 10 + 10" in reason
    assert reason.endswith(
        f"the losers get 20 - {theirs:.2f} = {ours:.2f}: {ours:.2f} to {theirs:.2f}"
    )
