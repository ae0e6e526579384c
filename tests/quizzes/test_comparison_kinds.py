"""Practice on comparing results (rules §9): IMPs, matchpoints, the Butler datum, a board at
teams and a match's victory points, graded by the engine, with the slips named.

The situations below are fixed and their figures worked by hand from rules §9, so a change
in the engine or in a kind that moves a figure fails here.
"""

import pytest
from django.utils.html import escape

from quizzes import services
from quizzes.grading import grade
from quizzes.kinds import KINDS
from quizzes.models import Learner, Question
from scoring import MISTAKES

# The lessons' board 5 (N-S vulnerable) at six tables: +620, +650, +620, +630, +170, -100.
BOARD_FIVE = [
    {"declarer": "S", "contract": "4S", "tricks": 10},
    {"declarer": "S", "contract": "4S", "tricks": 11},
    {"declarer": "N", "contract": "4S", "tricks": 10},
    {"declarer": "N", "contract": "3NT", "tricks": 10},
    {"declarer": "S", "contract": "2S", "tricks": 10},
    {"declarer": "S", "contract": "4S", "tricks": 9},
]
# Board 7, both vulnerable: room 1 N-S bid the game (+620), room 2 N-S stopped in 2S (+170).
GAME_MISSED = {
    "board": 7,
    "rooms": [
        {"declarer": "S", "contract": "4S", "tricks": 10},
        {"declarer": "S", "contract": "2S", "tricks": 10},
    ],
}


def _named(kind, situation, answer):
    result = grade(KINDS[kind], situation, answer)
    assert not result.correct
    return result.mistake_keys


# -- right answers, worked by hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("difference", "imps"), [(450, 10), (490, 10), (500, 11), (-450, -10), (10, 0), (4500, 24)]
)
def test_a_difference_is_worth_the_imps_of_its_band(difference, imps):
    assert grade(KINDS["imp_scale"], {"difference": difference}, {"imps": imps}).correct


@pytest.mark.parametrize(
    ("asked", "direction", "matchpoints"),
    [(0, "NS", 2.5), (1, "NS", 5), (3, "NS", 4), (5, "NS", 0), (0, "EW", 2.5), (3, "EW", 1)],
)
def test_a_traveller_row_earns_one_for_each_score_beaten_and_half_for_a_tie(
    asked, direction, matchpoints
):
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": asked, "direction": direction}
    assert grade(KINDS["matchpoint_row"], situation, {"matchpoints": matchpoints}).correct


def test_the_datum_leaves_out_the_top_and_the_bottom_and_imps_the_difference():
    # 650 and -100 left out: 2040 / 4 = 510; +170 is 340 below it: -8 IMPs.
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 4}
    assert grade(KINDS["butler_datum"], situation, {"datum": 510, "imps": -8}).correct


def test_a_game_bid_in_one_room_only_wins_the_board_by_ten_imps():
    answer = {"ns_room1": 620, "ns_room2": 170, "winner": "us", "imps": 10}
    assert grade(KINDS["team_board"], GAME_MISSED, answer).correct


def test_a_thirteen_imp_win_over_sixteen_boards_is_worth_13_52_to_6_48():
    situation = {"boards": 16, "ours": 38, "theirs": 25}
    assert grade(KINDS["match_vp"], situation, {"ours_vp": 13.52, "theirs_vp": 6.48}).correct
    lost = {"boards": 16, "ours": 25, "theirs": 38}
    assert grade(KINDS["match_vp"], lost, {"ours_vp": 6.48, "theirs_vp": 13.52}).correct


# -- the slips named --------------------------------------------------------------------------


def test_reading_the_imp_table_one_band_low_is_named():
    assert _named("imp_scale", {"difference": 450}, {"imps": 9}) == ["imp_table_one_band_low"]


def test_reading_the_imp_table_one_band_high_is_named():
    assert _named("imp_scale", {"difference": 490}, {"imps": 11}) == ["imp_table_one_band_high"]


def test_imps_without_the_sign_of_the_difference_are_named():
    assert _named("imp_scale", {"difference": -450}, {"imps": 10}) == ["imps_not_signed"]


def test_ties_counted_as_wins_are_named():
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 0, "direction": "NS"}
    assert _named("matchpoint_row", situation, {"matchpoints": 3}) == ["ties_counted_as_wins"]


def test_ties_counted_as_losses_are_named():
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 0, "direction": "NS"}
    assert _named("matchpoint_row", situation, {"matchpoints": 2}) == ["ties_counted_as_losses"]


def test_a_tie_slip_is_not_named_for_a_score_with_no_tie():
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 3, "direction": "NS"}
    assert _named("matchpoint_row", situation, {"matchpoints": 5}) == []


def test_the_datum_with_the_extremes_left_in_is_named():
    # Every score: 2590 / 6 = 431.67, so 430; +170 against it is -260: -6 IMPs.
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 4}
    named = _named("butler_datum", situation, {"datum": 430, "imps": -6})
    assert named == ["datum_extremes_kept"]


def test_a_band_misread_against_the_right_datum_is_named_on_the_imps_alone():
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 4}
    named = _named("butler_datum", situation, {"datum": 510, "imps": -7})
    assert named == ["imp_table_one_band_low"]


def test_the_other_rooms_score_counted_as_the_teams_own_is_named():
    # 620 + 170 = 790: 13 IMPs instead of 10.
    answer = {"ns_room1": 620, "ns_room2": 170, "winner": "us", "imps": 13}
    assert _named("team_board", GAME_MISSED, answer) == ["other_room_sign_kept"]


def test_a_lost_board_given_to_your_own_team_is_named_as_the_sign_left_out():
    rooms = list(reversed(GAME_MISSED["rooms"]))  # now room 1 stopped in 2S
    answer = {"ns_room1": 170, "ns_room2": 620, "winner": "us", "imps": 10}
    named = _named("team_board", {"board": 7, "rooms": rooms}, answer)
    assert named == ["imps_not_signed"]


# -- slips in scoring a room's deal, carried into the IMPs (rules §4, §9.4) -----------------------

# Board 7, both vulnerable: room 1 makes 4S (+620); room 2 goes two down in 4S (-200).
# The team nets 620 + 200 = 820: 13 IMPs.
TWO_DOWN_IN_ROOM_2 = {
    "board": 7,
    "rooms": [
        {"declarer": "S", "contract": "4S", "tricks": 10},
        {"declarer": "S", "contract": "4S", "tricks": 8},
    ],
}
# Board 3, E-W vulnerable: E-W make 4S in room 1 (N-S -620), go one down in room 2 (N-S +100).
# The team loses 620 + 100 = 720: 12 IMPs to the other team.
EW_DECLARE = {
    "board": 3,
    "rooms": [
        {"declarer": "W", "contract": "4S", "tricks": 10},
        {"declarer": "E", "contract": "4S", "tricks": 9},
    ],
}


@pytest.mark.parametrize(
    ("situation", "answer", "named"),
    [
        # Room 1 scored not vulnerable: 4 × 30 + 300 = 420; 420 + 200 = 620, 12 IMPs.
        (
            TWO_DOWN_IN_ROOM_2,
            {"ns_room1": 420, "ns_room2": -200, "winner": "us", "imps": 12},
            ["room1_vulnerability_reversed"],
        ),
        # Room 2 scored not vulnerable: two down is 100; 620 + 100 = 720, 12 IMPs.
        (
            TWO_DOWN_IN_ROOM_2,
            {"ns_room1": 620, "ns_room2": -100, "winner": "us", "imps": 12},
            ["room2_vulnerability_reversed"],
        ),
        # E-W's +620 written as N-S's: 620 - 100 = 520, 11 IMPs to us.
        (
            EW_DECLARE,
            {"ns_room1": 620, "ns_room2": 100, "winner": "us", "imps": 11},
            ["room1_ns_sign_reversed"],
        ),
        # N-S's +100 written as -100: -620 + 100 = -520, 11 IMPs to them. Adding room 2's
        # score (the other room's sign kept) gives the same IMPs, but not room 2's box.
        (
            EW_DECLARE,
            {"ns_room1": -620, "ns_room2": -100, "winner": "them", "imps": 11},
            ["room2_ns_sign_reversed"],
        ),
        # No game bonus: 4S is 120 and 2S with two over is 120 too; nobody wins the board.
        (
            GAME_MISSED,
            {"ns_room1": 120, "ns_room2": 120, "winner": "neither", "imps": 0},
            ["game_bonus_forgotten"],
        ),
        # Both rooms scored not vulnerable: 420 + 100 = 520, 11 IMPs: the two slips together.
        (
            TWO_DOWN_IN_ROOM_2,
            {"ns_room1": 420, "ns_room2": -100, "winner": "us", "imps": 11},
            ["room1_vulnerability_reversed", "room2_vulnerability_reversed"],
        ),
    ],
    ids=[
        "room-1-vulnerability",
        "room-2-vulnerability",
        "room-1-sign",
        "room-2-sign",
        "game-bonus",
        "both-rooms-vulnerability",
    ],
)
def test_a_slip_in_scoring_a_rooms_deal_is_named_with_its_room(situation, answer, named):
    assert _named("team_board", situation, answer) == named


def test_a_slam_bonus_left_out_is_named_at_teams():
    # Board 7, both vulnerable: 6S made in room 1 is 180 + 500 + 750 = 1430; 4S with two
    # over in room 2 is 120 + 60 + 500 = 680: 750, 13 IMPs. Without the 750, a flat board.
    situation = {
        "board": 7,
        "rooms": [
            {"declarer": "N", "contract": "6S", "tricks": 12},
            {"declarer": "N", "contract": "4S", "tricks": 12},
        ],
    }
    right = {"ns_room1": 1430, "ns_room2": 680, "winner": "us", "imps": 13}
    assert grade(KINDS["team_board"], situation, right).correct
    slip = {"ns_room1": 680, "ns_room2": 680, "winner": "neither", "imps": 0}
    assert _named("team_board", situation, slip) == ["slam_bonus_missed"]


def test_a_doubled_sacrifice_charged_at_the_undoubled_scale_is_named_at_teams():
    # Board 7, both vulnerable: 5DX by W three down is 200 + 300 + 300 = 800 to N-S, more
    # than the 620 for their game in room 1: 180, 5 IMPs to the other team. Charged 100 a
    # trick, the sacrifice costs 300 and the board looks won by 320, 8 IMPs.
    situation = {
        "board": 7,
        "rooms": [
            {"declarer": "S", "contract": "4S", "tricks": 10},
            {"declarer": "W", "contract": "5DX", "tricks": 8},
        ],
    }
    right = {"ns_room1": 620, "ns_room2": 800, "winner": "them", "imps": 5}
    assert grade(KINDS["team_board"], situation, right).correct
    slip = {"ns_room1": 620, "ns_room2": 300, "winner": "us", "imps": 8}
    assert _named("team_board", situation, slip) == ["undoubled_scale_when_doubled"]


def test_a_room_slip_says_which_room_and_what_is_right_instead():
    for room in (1, 2):
        vulnerability = MISTAKES[f"room{room}_vulnerability_reversed"]
        sign = MISTAKES[f"room{room}_ns_sign_reversed"]
        assert vulnerability.name.startswith(f"In room {room} you scored the board")
        assert sign.name == f"In room {room} you gave N-S's score the wrong sign."
        assert "same in both rooms" in vulnerability.explanation
        assert "from N-S's side" in sign.explanation


def test_victory_points_read_at_the_winners_total_are_named():
    situation = {"boards": 16, "ours": 38, "theirs": 25}
    named = _named("match_vp", situation, {"ours_vp": 17.85, "theirs_vp": 2.15})
    assert named == ["vp_read_for_the_total"]


# A 13-IMP loss over 16 boards: the team that lost gets 6.48, the winners 13.52.
MATCH_LOST = {"boards": 16, "ours": 25, "theirs": 38}


def test_the_winners_victory_points_given_to_the_losing_team_are_named_as_a_vp_slip():
    result = grade(KINDS["match_vp"], MATCH_LOST, {"ours_vp": 13.52, "theirs_vp": 6.48})
    assert result.mistake_keys == ["vp_to_the_wrong_team"]
    # Counted against the match-VP skill, not the IMPs one: that is the lesson pointed to.
    assert result.blamed == ["match_vp"]
    slip = MISTAKES["vp_to_the_wrong_team"]
    assert "IMPs take the sign" not in slip.explanation
    assert "fewer IMPs" in slip.explanation


def test_the_imp_sign_slip_belongs_to_the_imp_kinds_only():
    assert "imps_not_signed" not in KINDS["match_vp"].mistakes
    for kind in ("imp_scale", "butler_datum", "team_board"):
        assert "imps_not_signed" in KINDS[kind].mistakes


# -- through the site ---------------------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


def _question(client, kind, situation):
    client.post("/practice/today/")  # this browser's learner
    learner = Learner.objects.get()
    return services.question_fixed(
        learner=learner, kind=kind, situation=situation, source="practice"
    )


@pytestmark_db
@pytest.mark.parametrize(
    "kind", ["imp_scale", "matchpoint_row", "butler_datum", "team_board", "match_vp"]
)
def test_each_comparison_kind_is_served_and_graded_through_the_site(client, kind):
    response = client.post("/practice/new/", {"kind": kind})
    assert response.status_code == 302
    question = Question.objects.get()
    url = f"/practice/q/{question.public_id}/"
    page = client.get(url).content.decode()
    assert f'data-question-kind="{kind}"' in page
    assert escape(KINDS[kind].title) in page
    answer = KINDS[kind].solve(question.situation).answer
    fields = {f.name: f for f in KINDS[kind].fields(question.situation)}
    # Typed as a learner writes it: 2½ for a half, 13.52 for victory points.
    data = {name: str(fields[name].text(value)) for name, value in answer.items()}
    if kind == "team_board":
        data["winner"] = answer["winner"]
    assert client.post(url, data).status_code == 302
    assert 'data-correct="yes"' in client.get(url).content.decode()


@pytestmark_db
def test_a_matchpoint_row_page_names_ties_counted_as_wins_after_the_second_try(client):
    situation = {"board": 5, "rows": BOARD_FIVE, "asked": 0, "direction": "NS"}
    question = _question(client, "matchpoint_row", situation)
    url = f"/practice/q/{question.public_id}/"
    page = client.get(url).content.decode()
    # The traveller shows each table's score (the engine's), never the matchpoints asked.
    assert "+630" in page and "2½" not in page
    client.post(url, {"matchpoints": "3"})
    hint = client.get(url).content.decode()
    assert "2½" not in hint  # a hint, and a second try: not the answer yet
    client.post(url, {"matchpoints": "3"})
    html = client.get(url).content.decode()
    assert 'data-mistake="ties_counted_as_wins"' in html
    assert escape(MISTAKES["ties_counted_as_wins"].name) in html
    assert "2 + ½ = 2½ of a top of 5" in html


@pytestmark_db
def test_a_match_vp_page_explains_the_winners_share_given_to_the_losers_with_the_vp_lesson(
    client,
):
    question = _question(client, "match_vp", MATCH_LOST)
    url = f"/practice/q/{question.public_id}/"
    slip = {"ours_vp": "13.52", "theirs_vp": "6.48"}
    client.post(url, slip)
    hint = client.get(url).content.decode()
    assert 'data-mistake="vp_to_the_wrong_team"' in hint
    lesson = hint.split("to look at:", 1)[1].split("</p>", 1)[0]
    assert "Victory points for a teams match" in lesson
    assert "IMPs and the Butler datum" not in lesson
    client.post(url, slip)
    html = client.get(url).content.decode()
    assert escape(MISTAKES["vp_to_the_wrong_team"].explanation) in html
    assert escape(MISTAKES["imps_not_signed"].explanation) not in html
    assert "where τ = (√5 - 1) / 2, about 0.618" in html  # the working says what τ is


@pytestmark_db
def test_a_team_board_page_names_the_room_whose_sign_slipped_after_the_second_try(client):
    question = _question(client, "team_board", EW_DECLARE)
    url = f"/practice/q/{question.public_id}/"
    slip = {"ns_room1": "-620", "ns_room2": "-100", "winner": "them", "imps": "11"}
    client.post(url, slip)
    hint = client.get(url).content.decode()
    assert "+100" not in hint  # a hint, and a second try: not the answer yet
    client.post(url, slip)
    html = client.get(url).content.decode()
    assert 'data-mistake="room2_ns_sign_reversed"' in html
    assert 'data-mistake="other_room_sign_kept"' not in html
    assert escape(MISTAKES["room2_ns_sign_reversed"].name) in html
    assert "E-W -100, so N-S +100" in html  # the engine's working for room 2


@pytestmark_db
@pytest.mark.parametrize(
    ("kind", "situation", "data", "message"),
    [
        (
            "matchpoint_row",
            {"board": 5, "rows": BOARD_FIVE, "asked": 0, "direction": "NS"},
            {"matchpoints": "2.25"},
            "Enter a number in halves",
        ),
        (
            "match_vp",
            {"boards": 16, "ours": 38, "theirs": 25},
            {"ours_vp": "13.521", "theirs_vp": "six"},
            "Enter a number with up to 2 decimals",
        ),
        (
            "team_board",
            GAME_MISSED,
            {"ns_room1": "620", "ns_room2": "", "winner": "us", "imps": "10"},
            "Enter a number here",
        ),
    ],
)
def test_a_figure_that_cannot_be_read_is_refused_beside_its_box_with_a_422(
    client, kind, situation, data, message
):
    question = _question(client, kind, situation)
    response = client.post(f"/practice/q/{question.public_id}/", data)
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html and 'class="field__error"' in html
    assert not hasattr(Question.objects.get(pk=question.pk), "answer")


@pytest.mark.parametrize(
    ("typed", "read"), [("2½", 2.5), ("2 1/2", 2.5), ("2.5", 2.5), ("½", 0.5), ("3", 3.0)]
)
def test_matchpoints_are_read_as_learners_type_them(typed, read):
    from quizzes.forms import parse_decimal

    assert parse_decimal(typed, halves=True) == read
