"""The review quiz (rules §8.3) as a guided exercise (the cheat sheet: test_cheat_sheet.py)."""

import re

import pytest
from django.utils.html import escape

from common.forms import NOT_A_NUMBER
from tests.factories import SkillProgressFactory, take_check

pytestmark = pytest.mark.django_db

# rules §8.3, the review quiz question 1: what each deal writes
# (WE above, WE below, THEY above, THEY below)
REVIEW_ENTRIES = {
    1: ([], [], [20], [40]),  # a
    2: ([], [120], [], []),  # b
    3: ([1100], [], [], []),  # c
    4: ([], [], [100], []),  # d
    5: ([], [], [500], []),  # e
    6: ([50], [], [], []),  # f
    7: ([], [], [500, 100], [180]),  # g
    8: ([120], [60], [], []),  # h: honors split between hands earn nothing
    9: ([500], [40], [], []),  # i: the second game, 500 because THEY have a game
}


def _new_cells(html):
    return sorted(
        (side, int(points))
        for side, points in re.findall(
            r'class="num is-new" data-side="(\w+)" data-points="(\d+)"', html
        )
    )


@pytest.mark.parametrize("number", range(1, 10))
def test_review_quiz_deal_pages_show_the_documents_entries(client, number):
    html = client.get(f"/lessons/review-quiz/{number}/?answer=1").content.decode()
    we_above, we_below, they_above, they_below = REVIEW_ENTRIES[number]
    expected = sorted(
        [("we", p) for p in we_above + we_below] + [("they", p) for p in they_above + they_below]
    )
    assert _new_cells(html) == expected


def test_review_quiz_deal_pages_are_named_by_letter(client):
    html = client.get("/lessons/review-quiz/3/").content.decode()
    assert "Deal c of 9" in html
    assert 'href="/lessons/review-quiz/4/"' in html


def test_review_quiz_result_is_1990_to_1440_a_6_rubber(client):
    html = client.get("/lessons/review-quiz/result/").content.decode()
    assert 'data-total="we">1990<' in html
    assert 'data-total="they">1440<' in html
    assert "data-difference>550<" in html
    assert "data-rubber-points>6<" in html
    assert "would call it a 5" in html  # rounding 50 down instead


def test_review_quiz_try_it_first_marks_a_deal(client):
    html = client.get(
        "/lessons/review-quiz/7/", {"check": "1", "they_above": "600", "they_below": "180"}
    ).content.decode()
    assert "All four right." in html


def _deal_points(html):
    return [
        (int(we), int(they))
        for we, they in re.findall(
            r'data-deal-points="we">(\d+)</td><td class="num" data-deal-points="they">(\d+)<', html
        )
    ]


def test_review_quiz_question_2_chicago_figures(client):
    # rules §8.3, question 2: a 40+20 to THEY; b 420 to WE; c 1100 to WE; d 100 to THEY
    html = client.get("/lessons/review-quiz/chicago/?answer=1").content.decode()
    assert _deal_points(html) == [(0, 60), (420, 0), (1100, 0), (0, 100)]


def test_review_quiz_question_3_duplicate_figures(client):
    # rules §8.3, the review quiz question 3: a THEY 110; b WE 420; c WE 1100; d THEY 100
    html = client.get("/lessons/review-quiz/duplicate/?answer=1").content.decode()
    assert _deal_points(html) == [(0, 110), (420, 0), (1100, 0), (0, 100)]


def test_review_quiz_table_hides_answers_until_asked(client):
    html = client.get("/lessons/review-quiz/duplicate/").content.decode()
    assert "data-deal-points" not in html and "1100" not in html


DUPLICATE_WITH_A_SLIP = {
    "a_we": "",
    "a_they": "110",
    "b_we": "420",
    "b_they": "",
    "c_we": "1100",
    "c_they": "",
    "d_we": "",
    "d_they": "50",
}


def test_review_quiz_table_names_a_slip_without_its_figure_and_offers_a_second_try(client):
    html = client.post("/lessons/review-quiz/duplicate/", DUPLICATE_WITH_A_SLIP).content.decode()
    hint = "Have another look at the box “<strong>Deal d, THEY</strong>”. The rest is right."
    assert hint in html
    assert 'name="attempt" value="2"' in html and "Check my second try" in html
    assert "the answer is" not in html and "data-deal-points" not in html


def test_review_quiz_table_marks_each_figure_after_the_second_try(client):
    data = {**DUPLICATE_WITH_A_SLIP, "attempt": "2"}
    html = client.post("/lessons/review-quiz/duplicate/", data).content.decode()
    assert html.count('class="mark-ok"') == 7
    assert "Deal d, THEY: you wrote 50, the answer is 100" in html
    assert "data-deal-points" in html  # the answers, now


def test_review_quiz_table_bad_input_is_explained(client):
    html = client.post("/lessons/review-quiz/chicago/", {"a_we": "lots"}).content.decode()
    assert escape(NOT_A_NUMBER) in html


def test_lessons_index_shows_each_lessons_standing_and_marks_a_mastered_one_done(client):
    from quizzes.models import Learner

    assert "badge--practised" not in client.get("/lessons/").content.decode()
    client.post("/practice/new/", {"kind": "honors"})  # creates this browser's learner
    learner = Learner.objects.get()
    SkillProgressFactory(learner=learner, skill="honors", recent="11101", answered=5, right=4)
    SkillProgressFactory(learner=learner, skill="sheet", recent="11111", answered=5, right=5)
    html = client.get("/lessons/").content.decode()
    # Five right in practice is not "mastered" while the lesson's check is not passed.
    assert 'data-skill="sheet" data-level="practised"' in html
    take_check(learner, "sheet")
    html = client.get("/lessons/").content.decode()
    assert 'data-skill="honors" data-level="practised"' in html
    assert html.count("badge--practised") == 1
    assert re.search(r'is-done" data-skill="sheet"[^>]*>\s*<a href="/lessons/score-sheet/"', html)


def test_review_quiz_result_gives_the_rubber_bonus_and_its_reason(client):
    from lessons import services

    bonus = services.rubber_bonus(services.WORKED["review-quiz"].play())
    html = client.get("/lessons/review-quiz/result/").content.decode()
    assert f"the bonus was {bonus.points}: {escape(bonus.reason.lower())}." in html
    assert "the bonus was :" not in html


def test_a_first_try_wrong_everywhere_does_not_say_the_rest_is_right(client):
    data = {f"{deal}_{side}": "1" for deal in "abcd" for side in ("we", "they")}
    html = client.post("/lessons/review-quiz/duplicate/", data).content.decode()
    assert "Have another look at" in html
    assert "The rest is right" not in html
