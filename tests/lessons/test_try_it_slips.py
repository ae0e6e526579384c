""" "Try it first" in the sample rubber and the review quiz names slips as practice does
(issue 28, point 10): at the first try the slip's name beside the boxes to look at again, at
the second its rule with the deal's own figures; an answer no known slip gives says so."""

from html import escape

import pytest

from lessons import deals, services
from quizzes.kinds import KINDS
from scoring import MISTAKES

pytestmark = pytest.mark.django_db
RUBBER = KINDS["rubber_deal"]


def _believed(worked: str, number: int, key: str) -> dict:
    page = services.deal_page(number, services.WORKED[worked])
    return RUBBER.solve(services.try_it_situation(page), MISTAKES[key]).answer


def _try(client, worked, number, answers, attempt=1):
    url = f"/lessons/{worked}/{number}/"
    data = {"check": "1", **{k: str(v) for k, v in answers.items()}}
    if attempt == 2:
        data["attempt"] = "2"
    response = client.get(url, data)
    assert response.status_code == 200
    return response.content.decode()


# The sample rubber (rules §8.1): deal 2, WE 2♣X + 1 not vulnerable; deal 5, WE 3♥ made (a
# part-score in rubber, no bonus for it); deal 7, WE 2♦ three down vulnerable; deal 8, WE
# 6♣ made, WE's second game: the rubber bonus.
@pytest.mark.parametrize(
    ("number", "key"),
    [
        (2, "insult_forgotten"),
        (5, "duplicate_bonus_in_rubber"),
        (7, "vulnerability_reversed"),
        (8, "rubber_bonus_forgotten"),
    ],
)
def test_the_first_try_names_the_slip_that_gives_the_figures(client, number, key):
    html = _try(client, "sample-rubber", number, _believed("sample-rubber", number, key))
    hint = html.split("data-hint", 1)[1].split("</div>", 1)[0]
    assert f'data-mistake="{key}"' in hint
    assert escape(MISTAKES[key].name) in hint


def test_the_review_quiz_names_a_forgotten_rubber_bonus():
    # Review deal i: WE 1NT made, WE's second game: the rubber bonus (rules §8.3).
    answers = _believed("review-quiz", 9, "rubber_bonus_forgotten")
    assert (
        services.try_it_slips(services.deal_page(9, services.WORKED["review-quiz"]), answers)[0].key
        == "rubber_bonus_forgotten"
    )


def test_the_second_try_tells_the_slip_with_the_deals_own_figures(client):
    # Deal 2: 2♣X + 1 not vulnerable: 80 below; 100 for the overtrick and 50 for making it.
    answers = _believed("sample-rubber", 2, "insult_forgotten")
    html = _try(client, "sample-rubber", 2, answers, attempt=2)
    assert 'data-mistake="insult_forgotten"' in html
    assert "On this deal:" in html and "50 to WE" in html


def test_figures_no_slip_gives_are_said_to_match_none(client):
    answers = {"we_above": 7, "we_below": 0, "they_above": 0, "they_below": 0}
    html = _try(client, "sample-rubber", 2, answers)
    assert "do not match a slip we know" in html
    assert "data-mistake=" not in html


def test_the_chicago_question_names_a_slip_on_the_deal_it_was_made(client):
    rows = services.review_table("chicago")
    fields = services.review_table_fields(rows)
    right = {
        name: row[side]
        for row in rows
        for side in ("we", "they")
        for name in [f"{row['label']}_{side}"]
    }
    assert len(right) == len(fields)
    # Find a deal where a doubled contract was made, and forget its bonus for making it.
    for number, row in enumerate(rows):
        situation = {
            "form": "chicago",
            "first_dealer": deals.REVIEW_QUIZ_FIRST_DEALER,
            "history": [d.as_data() for d in deals.REVIEW_QUIZ[:number]],
            "deal": row["deal"].as_data(),
        }
        kind = KINDS["four_deal"]
        believed = kind.solve(situation, MISTAKES["vulnerability_reversed"]).answer
        if believed != kind.solve(situation).answer:
            break
    else:
        pytest.fail("no deal of question 2 changes with vulnerability")
    given = {**right, f"{row['label']}_we": believed["we_points"]}
    given[f"{row['label']}_they"] = believed["they_points"]
    response = client.post("/lessons/review-quiz/chicago/", {k: str(v) for k, v in given.items()})
    html = response.content.decode()
    assert 'data-mistake="vulnerability_reversed"' in html
    assert f"Deal {row['label']}:" in html


def test_the_duplicate_question_names_a_slip_too(client):
    rows = services.review_table("duplicate")
    right = {f"{row['label']}_{side}": row[side] for row in rows for side in ("we", "they")}
    kind = KINDS["duplicate_deal"]
    for row in rows:
        deal = row["deal"]
        situation = {
            "form": "duplicate",
            "deal": {k: v for k, v in deal.as_data().items() if not k.startswith("honors")},
            "vulnerable": deal.declarer in row["vulnerable"],
            "show_vulnerability": True,
        }
        right_score = kind.solve(situation).answer["answer"]
        believed = kind.solve(situation, MISTAKES["vulnerability_reversed"]).answer["answer"]
        if believed != right_score and (believed > 0) == (right_score > 0):
            break
    else:
        pytest.fail("no deal of question 3 changes with vulnerability")
    scorer = deal.declarer if believed > 0 else ("they" if deal.declarer == "we" else "we")
    given = {**right, f"{row['label']}_we": 0, f"{row['label']}_they": 0}
    given[f"{row['label']}_{scorer}"] = abs(believed)
    response = client.post("/lessons/review-quiz/duplicate/", {k: str(v) for k, v in given.items()})
    html = response.content.decode()
    assert 'data-mistake="vulnerability_reversed"' in html
