"""A "Try it first" on a worked deal names the misunderstanding behind a wrong second
try, as practice does: the four boxes are graded as a rubber-deal question on the same sheet."""

import pytest

from lessons import services

# rules §8.1, sample rubber deal 1: THEY 4DX, seven tricks (three down), not vulnerable:
# WE score 500 above the line (100 + 200 + 200); undoubled it would be 150 (3 x 50).
RIGHT = {"we_above": 500, "we_below": 0, "they_above": 0, "they_below": 0}


def _named(answers, number=1, worked="sample-rubber"):
    page = services.deal_page(number, services.WORKED[worked])
    return [m.key for m in services.try_it_mistakes(page, answers)]


def test_150_for_four_diamonds_doubled_three_down_names_the_undoubled_scale():
    assert _named({**RIGHT, "we_above": 150}) == ["undoubled_scale_when_doubled"]


@pytest.mark.parametrize(
    "answers",
    [RIGHT, {**RIGHT, "we_above": 400}, {**RIGHT, "we_above": 0, "they_above": 500}],
    ids=["right", "unrelated-figure", "penalty-in-the-declarers-column"],
)
def test_a_right_answer_or_another_slip_does_not_name_the_undoubled_scale(answers):
    assert "undoubled_scale_when_doubled" not in _named(answers)


def test_the_right_penalty_in_the_declarers_column_names_that_slip_alone():
    assert _named({**RIGHT, "we_above": 0, "they_above": 500}) == ["penalty_in_declarers_column"]


def test_the_undoubled_penalty_in_the_declarers_column_names_both_slips():
    # 150 (the undoubled scale) written in THEY's column: two slips held at once.
    assert _named({**RIGHT, "we_above": 0, "they_above": 150}) == [
        "undoubled_scale_when_doubled",
        "penalty_in_declarers_column",
    ]


def test_the_replayed_sheet_is_the_pages_own():
    # The question's right answer is the page's: the same deals before, the same engine.
    page = services.deal_page(2)
    assert services.try_it_mistakes(page, services.try_it_expected(page.record)) == []
    # Deal 2, 2CX + 1 not vulnerable: 100 for the overtrick, 50 for making it doubled.
    assert _named({"we_above": 100, "we_below": 80, "they_above": 0, "they_below": 0}, 2) == [
        "insult_forgotten"
    ]


@pytest.mark.django_db
def test_the_second_try_gives_the_page_the_misunderstanding(client):
    data = {"check": "1", "attempt": "2", "we_above": "150", "we_below": "0"}
    response = client.get("/lessons/sample-rubber/1/", {**data, "they_above": "", "they_below": ""})
    assert response.status_code == 200
    assert [m.key for m in response.context["mistakes"]] == ["undoubled_scale_when_doubled"]
    page = response.content.decode()  # and the learner reads it, with the rule
    assert 'data-mistake="undoubled_scale_when_doubled"' in page
    assert "Doubled undertricks cost more" in page


@pytest.mark.django_db
def test_a_right_second_try_names_nothing(client):
    data = {"check": "1", "attempt": "2", "we_above": "500", "we_below": "0"}
    response = client.get("/lessons/sample-rubber/1/", {**data, "they_above": "", "they_below": ""})
    assert response.context["mistakes"] == []
