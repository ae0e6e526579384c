"""The WBF IMP scale, and one board of a teams match in two rooms."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparisons import InvalidComparison, imps, imps_read_off, team_board
from scoring.tables import imp_scale_rows

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


# -- slips replayed, for naming a learner's mistake (quizzes) ------------------------------


@pytest.mark.parametrize(
    ("difference", "low", "high"),
    [(450, 9, 11), (-450, -9, -11), (0, 0, 1), (10, 0, 1), (20, 0, 2), (4000, 23, 24)],
)
def test_the_imp_table_read_one_band_off_stays_on_the_table(difference, low, high):
    assert imps_read_off(difference, -1) == low
    assert imps_read_off(difference, 1) == high
    assert imps_read_off(difference, 0) == imps(difference)


def test_the_other_rooms_score_taken_as_the_teams_own_adds_it():
    assert team_board(620, -100).swing == 720
    slip = team_board(620, -100, other_room_as_ours=True)
    assert slip.swing == 520 and slip.imps == 11
    assert "620 + (-100) = +520" in slip.reason


def test_the_printed_imp_scale_gives_every_difference_its_imps():
    rows = imp_scale_rows()
    for difference in range(0, 5000, 10):
        (found,) = [
            n for low, high, n in rows if low <= difference and (high is None or difference <= high)
        ]
        assert found == imps(difference), difference
