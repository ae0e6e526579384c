"""Board and partnership questions name the slips a beginner makes there (issue 28, point 10):
each slip is named only when replaying it gives the learner's answer, told with the question's
own board or cards, and linked to the lesson that teaches it; any other guess names none.

Figures by hand from docs/rules.md. §4, the 16-board table: board 2 is dealt by East with
N-S vulnerable, board 6 by East with E-W vulnerable, board 7 by South with both vulnerable,
board 3 by South with E-W vulnerable. §2.8: the two highest cards are partners, the next two
partner each other, and with five players the lowest card sits out.
"""

from html import escape

import pytest

from course.map import lesson_url
from quizzes import services
from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from quizzes.models import Learner
from quizzes.skills import EVERYTHING, MISTAKE_SKILLS
from scoring import MISTAKES

BOARDS = KINDS["vulnerability"]
PARTNERS = KINDS["partners"]


def _board(number: int) -> dict:
    return {"variant": "board", "board": number}


# -- boards: dealer and vulnerability --------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "answer", "slip"),
    [
        # North deals board 1, so board 6 is East's; counted from North at board 0, South's.
        (6, {"dealer": "S", "vulnerable": "EW"}, "dealer_one_seat_on"),
        # Counted from North at board 2: board 6 is North's.
        (6, {"dealer": "N", "vulnerable": "EW"}, "dealer_one_seat_back"),
        # Board 7 read as board 3 (the first four boards over and over): E-W, not both.
        (7, {"dealer": "S", "vulnerable": "EW"}, "board_vulnerability_four_cycle"),
        # Board 2 makes N-S vulnerable; the pairs swapped make it E-W.
        (2, {"dealer": "E", "vulnerable": "EW"}, "board_pairs_swapped"),
    ],
)
def test_a_board_slip_is_named_when_the_answer_is_exactly_what_it_gives(board, answer, slip):
    situation = _board(board)
    assert BOARDS.solve(situation, MISTAKES[slip]).answer == answer
    assert grade(BOARDS, situation, answer).mistake_keys == [slip]


@pytest.mark.parametrize(
    ("board", "answer"),
    [
        (6, {"dealer": "W", "vulnerable": "EW"}),  # two seats off: no slip we know
        (7, {"dealer": "S", "vulnerable": "NS"}),  # neither the cycle of four nor a swap
        (6, {"dealer": "S", "vulnerable": "none"}),  # one seat on, and a wrong guess besides
        (2, {"dealer": "E", "vulnerable": "both"}),
    ],
)
def test_a_board_answer_no_slip_gives_names_none(board, answer):
    result = grade(BOARDS, _board(board), answer)
    assert not result.correct
    assert result.mistake_keys == []
    assert result.unexplained


def test_two_board_slips_held_at_once_are_both_named():
    # Board 2 with the dealer one seat on (South) and the pairs swapped (E-W).
    result = grade(BOARDS, _board(2), {"dealer": "S", "vulnerable": "EW"})
    assert result.mistake_keys == ["dealer_one_seat_on", "board_pairs_swapped"]


def test_a_board_slip_is_told_with_the_boards_own_seat_and_pair():
    solution = BOARDS.solve(_board(6))
    assert slip_figures(BOARDS, _board(6), MISTAKES["dealer_one_seat_on"], solution) == [
        "Dealer: East, not South."
    ]
    seven = BOARDS.solve(_board(7))
    assert slip_figures(BOARDS, _board(7), MISTAKES["board_vulnerability_four_cycle"], seven) == [
        "Vulnerable: Both pairs, not East–West."
    ]


def test_board_slips_belong_to_the_duplicate_lesson_and_wait_for_it():
    for key in (
        "dealer_one_seat_on",
        "dealer_one_seat_back",
        "board_vulnerability_four_cycle",
        "board_pairs_swapped",
    ):
        assert MISTAKE_SKILLS[key] == "duplicate"
    # Not yet taught duplicate: the slip is not named (the lesson has not been met).
    swapped = {"dealer": "E", "vulnerable": "EW"}
    result = grade(BOARDS, _board(2), swapped, EVERYTHING - {"duplicate"})
    assert result.mistake_keys == []


# -- partners: drawing cards ------------------------------------------------------------------

# Ann ♠A, Ben ♥K, Dev ♣9, Cleo ♦5, Eli ♥3, highest first: Ann and Ben partner each other,
# Dev and Cleo the other pair, and Eli sits out. Ben is asked.
FIVE = {
    "cards": {"Ann": "AS", "Ben": "KH", "Cleo": "5D", "Dev": "9C", "Eli": "3H"},
    "asked": "Ben",
}


def test_the_engine_agrees_with_the_partnership_worked_by_hand():
    assert PARTNERS.solve(FIVE).answer == {"partner": "Ann", "sits_out": "Eli"}


def test_the_highest_paired_with_the_lowest_is_named():
    # Of the four who play, Ann (highest) with Cleo (lowest), so Ben with Dev; Eli still out.
    result = grade(PARTNERS, FIVE, {"partner": "Dev", "sits_out": "Eli"})
    assert result.mistake_keys == ["highest_with_lowest_partners"]


def test_the_ace_ranked_low_is_named():
    # The ace below the three: Ben, Dev, Cleo, Eli, Ann. Ben with Dev, and Ann sits out.
    result = grade(PARTNERS, FIVE, {"partner": "Dev", "sits_out": "Ann"})
    assert result.mistake_keys == ["ace_ranked_low"]
    figures = slip_figures(PARTNERS, FIVE, MISTAKES["ace_ranked_low"], result.solution)
    assert figures == [
        "Who is Ben's partner? Ann, not Dev.",
        "Who sits out the first rubber? Eli, not Ann.",
    ]


@pytest.mark.parametrize(
    "answer",
    [
        {"partner": "Cleo", "sits_out": "Eli"},  # Ben with a middle card: no slip gives it
        {"partner": "Dev", "sits_out": "Cleo"},
        {"partner": "Ann", "sits_out": "Ann"},
    ],
)
def test_a_partnership_no_slip_gives_names_none(answer):
    result = grade(PARTNERS, FIVE, answer)
    assert result.mistake_keys == []
    assert result.unexplained


def test_with_four_players_an_ace_at_the_top_makes_both_slips_give_the_same_pairs():
    # ♠A, ♥K, ♣9, ♦5: ace low gives K, 9, 5, A (K with 9, 5 with A); the highest with the
    # lowest gives A with 5 and K with 9. The same pairs, so both are named, as alternatives.
    four = {"cards": {"Ann": "AS", "Ben": "KH", "Cleo": "5D", "Dev": "9C"}, "asked": "Ann"}
    result = grade(PARTNERS, four, {"partner": "Cleo"})
    assert result.mistake_keys == ["highest_with_lowest_partners", "ace_ranked_low"]


def test_partnership_slips_belong_to_the_partners_lesson():
    assert MISTAKE_SKILLS["highest_with_lowest_partners"] == "partners"
    assert MISTAKE_SKILLS["ace_ranked_low"] == "partners"


# -- through the page ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_board_page_names_the_slip_with_its_seats_and_links_the_duplicate_lesson(client):
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="vulnerability", situation=_board(6), source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    for _ in range(2):
        client.post(url, {"dealer": "S", "vulnerable": "EW"})
    page = client.get(url).content.decode()
    assert 'data-mistake="dealer_one_seat_on"' in page
    assert escape(MISTAKES["dealer_one_seat_on"].name) in page
    assert "Dealer: East, not South." in page
    link = page.split("data-learn-more", 1)[0].rsplit("<a ", 1)[1]
    assert lesson_url("duplicate") in link
