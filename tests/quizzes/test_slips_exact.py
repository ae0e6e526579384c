"""Slips named only when they give the learner's answer, told with the question's own
figures, and linked to the lesson that teaches them (issue 28, points 4, 9, 10 and 14).

Each figure is worked by hand beside its test from docs/rules.md: §1 (trick values,
doubling, overtricks, the insult), §2 (games, vulnerability and the rubber bonus).
"""

import random
from html import escape

import pytest
from django.test import Client

from course.map import lesson_url
from quizzes import selectors, services, sheet_drill
from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from quizzes.models import Learner, SheetDrill
from scoring import MISTAKES, PlayedDeal

RUBBER = KINDS["rubber_deal"]


def _deal(declarer, contract, tricks) -> dict:
    return {"declarer": declarer, "contract": contract, "tricks": tricks}


# The walk's deal: THEY already have a game (so THEY are vulnerable); THEY bid 2♣
# redoubled and take 9 tricks. 2 × 20 = 40, redoubled to 160 below the line: a game, and
# THEY's second, so THEY win the rubber two games to none (700). Above the line: one
# overtrick redoubled vulnerable 400, the insult for a redoubled contract 100, and 700.
WALK = {
    "history": [_deal("they", "4S", 10)],
    "deal": _deal("they", "2CXX", 9),
    "asks": ["game", "rubber_over", "vulnerable"],
}
WALK_RIGHT = {
    "we_above": 0,
    "we_below": 0,
    "they_above": 1200,
    "they_below": 160,
    "game": "yes",
    "rubber_over": "yes",
    "vulnerable": "they",
}
# The learner who does not count the redoubled 160 as a game: no game line, the rubber
# goes on, no rubber bonus: 400 + 100 = 500 above, 160 below (660 in all).
WALK_SLIP = {**WALK_RIGHT, "they_above": 500, "game": "no", "rubber_over": "no"}
# A guess that fits no slip. Old grading named "forgot the insult" and "vulnerability the
# wrong way round" for it: together they give 900 above (1200 - 100 - 200), and it only
# compared the boxes those change, never the 660 written below the line.
GUESS = {**WALK_RIGHT, "they_above": 900, "they_below": 660}


def test_the_engine_agrees_with_the_walks_figures():
    assert RUBBER.solve(WALK).answer == WALK_RIGHT


def test_the_redoubled_trick_score_not_counted_as_a_game_is_named():
    result = grade(RUBBER, WALK, WALK_SLIP)
    assert result.mistake_keys == ["doubled_trick_score_not_game"]
    assert result.blamed == ["doubles"]
    assert "insult_forgotten" not in result.mistake_keys
    assert "vulnerability_reversed" not in result.mistake_keys


def test_a_guess_that_fits_no_slip_names_none_and_says_so():
    result = grade(RUBBER, WALK, GUESS)
    assert not result.correct
    assert result.mistake_keys == []
    assert result.unexplained


@pytest.mark.parametrize(
    "answer",
    [
        # insult forgotten (1100 above), but 0 written below: not what that slip gives
        {**WALK_RIGHT, "they_above": 1100, "they_below": 0},
        # vulnerability reversed (1000 above), but WE said vulnerable: not that slip alone
        {**WALK_RIGHT, "they_above": 1000, "vulnerable": "both"},
    ],
    ids=["insult-but-below-blank", "vulnerability-but-another-box-wrong"],
)
def test_a_slip_is_not_named_when_another_box_is_wrong_in_a_way_it_does_not_give(answer):
    assert grade(RUBBER, WALK, answer).mistake_keys == []


def test_a_doubled_trick_score_that_makes_game_is_named_at_game_or_not():
    # 2♠ doubled made exactly on a fresh sheet: 2 × 30 = 60, doubled to 120: a game. The
    # radio question "game or not?" answered "no" is that slip (rules §2).
    situation = {"history": [], "deal": _deal("we", "2SX", 8)}
    assert KINDS["game_check"].solve(situation).answer == {"game": "yes"}
    assert grade(KINDS["game_check"], situation, {"game": "no"}).mistake_keys == [
        "doubled_trick_score_not_game"
    ]


def test_a_rubber_bonus_counted_twice_at_the_totals_is_named():
    # WE win two games to none: 4♠ (120 below) and 3NT (100 below), 700 above on deal 2.
    # Totals 920 to 0; with the 700 added again, 1620.
    situation = {
        "history": [_deal("we", "4S", 10), _deal("we", "3NT", 9)],
        "finished": True,
        "bonus_written": True,
    }
    kind = KINDS["rubber_total"]
    assert kind.solve(situation).answer == {
        "we_total": 920,
        "they_total": 0,
        "difference": 920,
        "hundreds": 9,
    }
    given = {"we_total": 1620, "they_total": 0, "difference": 1620, "hundreds": 16}
    result = grade(kind, situation, given)
    assert result.mistake_keys == ["rubber_bonus_counted_twice"]
    assert result.blamed == ["rubber"]


# -- through Fill in the sheet, and progress -------------------------------------------------


@pytest.mark.django_db
def test_fill_in_the_sheet_names_the_redoubled_game_not_the_insult_or_vulnerability(
    monkeypatch,
):
    deals = [PlayedDeal("they", "4S", 10), PlayedDeal("they", "2CXX", 9)]
    plan = sheet_drill.Plan([d.as_data() for d in deals])
    monkeypatch.setattr(sheet_drill, "plan", lambda form, rng: plan)
    client = Client()
    client.post("/practice/sheet/", {"form": "rubber"})
    drill = SheetDrill.objects.get()
    first = drill.steps.get(number=1).question
    right = RUBBER.solve(first.situation).answer
    client.post(f"/practice/q/{first.public_id}/", {k: str(v) for k, v in right.items()})
    client.post(f"/practice/sheet/{drill.public_id}/next/")
    second = drill.steps.get(number=2).question
    assert second.situation["deal"] == WALK["deal"]
    for _ in range(2):  # the first try, then the same again
        client.post(f"/practice/q/{second.public_id}/", {k: str(v) for k, v in WALK_SLIP.items()})
    page = client.get("/practice/sheet/").content.decode()
    assert 'data-mistake="doubled_trick_score_not_game"' in page
    assert escape(MISTAKES["doubled_trick_score_not_game"].name) in page
    assert 'data-mistake="insult_forgotten"' not in page
    assert 'data-mistake="vulnerability_reversed"' not in page


@pytest.mark.django_db
def test_guesses_that_fit_no_slip_never_make_progress_warn_of_a_slip(client):
    client.post("/practice/today/")
    learner = Learner.objects.get()
    for _ in range(5):
        question = services.question_fixed(
            learner=learner, kind="rubber_deal", situation=WALK, source="practice"
        )
        answer, _ = services.answer_submit(question=question, given=GUESS)
        assert answer.mistakes == []
    assert selectors.recurring_mistake(learner=learner) is None
    html = client.get("/practice/progress/").content.decode()
    assert "One slip keeps coming back" not in html


@pytest.mark.django_db
def test_the_page_says_in_plain_words_when_no_known_slip_gives_the_answer(client):
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="rubber_deal", situation=WALK, source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    data = {k: str(v) for k, v in GUESS.items()}
    client.post(url, data)
    hint = client.get(url).content.decode()
    assert "data-unexplained" in hint and "does not match a slip we know" in hint
    client.post(url, data)  # the same again: the answer is shown
    page = client.get(url).content.decode()
    assert "does not match a slip we know: compare your figures with the breakdown" in page
    assert "data-mistake=" not in page


# -- a slip told with the question's own figures (point 9) -----------------------------------


def test_every_trick_counted_is_told_with_the_questions_own_contract():
    # 4♥ made: 4 tricks over the book, 4 × 30 = 120; every trick counted, 10 × 30 = 300.
    situation = {"deal": _deal("we", "4H", 10)}
    kind = KINDS["trick_value"]
    result = grade(kind, situation, {"points": 300})
    assert result.mistake_keys == ["book_tricks_counted"]
    figures = slip_figures(kind, situation, MISTAKES["book_tricks_counted"], result.solution)
    assert figures == ["4♥ bid and made: 4 tricks × 30 = 120, not 10 tricks × 30 = 300."]
    assert "2♥" not in MISTAKES["book_tricks_counted"].explanation


@pytest.mark.django_db
def test_the_answer_page_shows_the_slip_with_the_questions_figures_not_a_fixed_example(client):
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="trick_value",
        situation={"deal": _deal("we", "4H", 10)},
        source="practice",
    )
    url = f"/practice/q/{question.public_id}/"
    for _ in range(2):
        client.post(url, {"points": "300"})
    page = client.get(url).content.decode()
    assert 'data-mistake="book_tricks_counted"' in page
    assert "4 tricks × 30 = 120, not 10 tricks × 30 = 300" in page
    assert "2 × 30 = 60, not 8 × 30" not in page


def test_the_redoubled_game_slip_is_told_with_the_deals_own_figures():
    result = grade(RUBBER, WALK, WALK_SLIP)
    figures = slip_figures(RUBBER, WALK, MISTAKES["doubled_trick_score_not_game"], result.solution)
    assert (
        figures[0]
        == "2♣XX bid and made: 2 tricks × 20 = 40, redoubled to 160: all 160 count toward game."
    )
    assert "Rubber bonus: 700 to THEY" in figures[1]
    assert "Did this deal make a game? Yes, not No." in figures


# -- radio questions name their slips (point 10) --------------------------------------------


@pytest.mark.django_db
def test_a_radio_question_names_the_slip_behind_a_wrong_choice_in_its_hint(client):
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="game_check",
        situation={"history": [], "deal": _deal("we", "2SX", 8)},
        source="practice",
    )
    url = f"/practice/q/{question.public_id}/"
    client.post(url, {"game": "no"})
    hint = client.get(url).content.decode()
    assert 'data-mistake="doubled_trick_score_not_game"' in hint
    assert escape(MISTAKES["doubled_trick_score_not_game"].name) in hint


@pytest.mark.django_db
def test_a_wrong_partnership_names_the_suit_order_slip_in_its_hint(client):
    situation = next(
        s
        for s in (KINDS["partners"].generate(random.Random(n)) for n in range(200))
        if KINDS["partners"].solve(s, MISTAKES["tie_broken_wrong_way"]).answer
        != KINDS["partners"].solve(s).answer
    )
    believed = KINDS["partners"].solve(situation, MISTAKES["tie_broken_wrong_way"]).answer
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="partners", situation=situation, source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    client.post(url, {k: str(v) for k, v in believed.items()})
    assert 'data-mistake="tie_broken_wrong_way"' in client.get(url).content.decode()


# -- the lesson a slip links to (point 14) --------------------------------------------------


@pytest.mark.django_db
def test_doubled_overtricks_scored_with_vulnerability_reversed_link_to_the_doubles_lesson(client):
    # 2♠X + 2, vulnerable: 2 × 200 = 400; not vulnerable it would be 2 × 100 = 200. Only
    # doubled overtricks change with vulnerability, and the doubles lesson teaches them.
    situation = {"contract": "2SX", "over": 2, "vulnerable": True}
    kind = KINDS["overtrick_value"]
    result = grade(kind, situation, {"points": 200})
    assert result.mistake_keys == ["vulnerability_reversed"]
    assert result.blamed == ["doubles"]
    client.post("/practice/today/")
    question = services.question_fixed(
        learner=Learner.objects.get(),
        kind="overtrick_value",
        situation=situation,
        source="practice",
    )
    url = f"/practice/q/{question.public_id}/"
    client.post(url, {"points": "200"})
    hint = client.get(url).content.decode()
    lessons = hint.split("to look at:", 1)[1].split("</p>", 1)[0]
    assert lesson_url("doubles") in lessons
    assert lesson_url("vulnerability") not in lessons
    client.post(url, {"points": "200"})
    page = client.get(url).content.decode()
    link = page.split("data-learn-more", 1)[0].rsplit("<a ", 1)[1]
    assert lesson_url("doubles") in link


def test_vulnerability_reversed_on_a_game_bonus_still_links_to_the_vulnerability_lesson():
    # Duplicate 4♥ made vulnerable: 120 + 500 = 620; read not vulnerable, 120 + 300 = 420.
    deal = {"board": 1, "declarer": "N", "contract": "4H", "tricks": 10}
    situation = {"form": "duplicate", "deal": deal, "vulnerable": True, "show_vulnerability": True}
    result = grade(KINDS["duplicate_deal"], situation, {"answer": 420})
    assert result.mistake_keys == ["vulnerability_reversed"]
    assert result.blamed == ["vulnerability"]


# -- more radio questions: who is vulnerable, which column ------------------------------------


def test_a_side_read_vulnerable_for_a_part_score_is_named():
    # WE made 2♥ (60 below, no game): nobody is vulnerable (rules §2). "WE only" is that slip.
    situation = {"variant": "rubber", "history": [_deal("we", "2H", 8)]}
    kind = KINDS["vulnerability"]
    assert kind.solve(situation).answer == {"vulnerable": "none"}
    result = grade(kind, situation, {"vulnerable": "we"})
    assert result.mistake_keys == ["part_score_made_vulnerable"]
    assert grade(kind, situation, {"vulnerable": "both"}).mistake_keys == []


def test_a_trick_score_placed_above_the_line_is_named():
    situation = {"deal": _deal("we", "3D", 9)}
    kind = KINDS["line_place"]
    assert kind.solve(situation).answer == {"trick_score_place": "we_below"}
    result = grade(kind, situation, {"trick_score_place": "we_above"})
    assert result.mistake_keys == ["trick_score_above_the_line"]
    figures = slip_figures(kind, situation, result.mistakes[0], result.solution)
    assert figures[0] == "Trick score: 60, written below the line, not above it."


def test_the_doubled_game_slip_is_offered_only_where_something_is_doubled():
    # A right answer rates as avoided only the slips it could have shown (review).
    undoubled = {**WALK, "deal": _deal("they", "2C", 9)}
    assert "doubled_trick_score_not_game" not in {
        m.key for m in RUBBER.applicable_mistakes(undoubled)
    }
    assert "doubled_trick_score_not_game" in {m.key for m in RUBBER.applicable_mistakes(WALK)}
