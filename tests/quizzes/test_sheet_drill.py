"""The sheet drill (/practice/sheet/): a whole rubber or chukker written down deal by deal,
each step graded by the engine, with a hint and a second try, counted toward its skills."""

import random
import re

import pytest
from django.test import Client

from quizzes import sheet_drill
from quizzes.kinds import kind_for
from quizzes.models import Question, SheetDrill, SkillProgress
from scoring import Rubber
from scoring.sheet import PlayedDeal
from tests.factories import LearnerFactory, SkillProgressFactory

pytestmark = pytest.mark.django_db
SHEET = "/practice/sheet/"


def _start(client, form="rubber", after=""):
    response = client.post(SHEET, {"form": form, "after": after})
    assert response.status_code == 302 and response["Location"] == SHEET
    return SheetDrill.objects.order_by("-created", "-pk").first()


def _current(drill) -> Question:
    return drill.steps.order_by("-number").first().question


def _answer(client, question, given):
    data = {name: str(value) for name, value in given.items()}
    return client.post(f"/practice/q/{question.public_id}/", {**data, "next": SHEET})


def _right(question):
    return dict(kind_for(question.kind).solve(question.situation).answer)


def _wrong(question):
    given = _right(question)
    box = next(name for name in given if name.endswith(("_below", "_points", "_total")))
    given[box] = given[box] + 10
    return given


def _next(client, drill):
    return client.post(f"/practice/sheet/{drill.public_id}/next/")


@pytest.mark.parametrize("seed", range(300))
def test_a_rubber_is_dealt_until_won_or_stopped_and_never_past_its_end(seed):
    plan = sheet_drill.plan("rubber", random.Random(seed))
    assert 1 <= len(plan.deals) <= sheet_drill.MAX_RUBBER_DEALS
    rubber = Rubber()
    for number, deal in enumerate(plan.deals, start=1):
        assert not rubber.is_finished, f"deal {number} comes after the rubber was won"
        rubber.record_deal(PlayedDeal.from_data(deal))


@pytest.mark.parametrize("seed", range(100))
def test_each_step_asks_about_the_sheet_as_the_steps_before_left_it(seed):
    plan = sheet_drill.plan("rubber", random.Random(seed))
    count = sheet_drill.step_count("rubber", plan.deals)
    assert count == len(plan.deals) + 1
    for number in range(1, len(plan.deals) + 1):
        kind, situation = sheet_drill.step("rubber", plan.deals, "", number)
        assert kind == "rubber_deal"
        assert situation["history"] == plan.deals[: number - 1]
        assert situation["deal"] == plan.deals[number - 1]
        assert "game" in situation["asks"]
    kind, situation = sheet_drill.step("rubber", plan.deals, "", count)
    assert kind == "rubber_total" and situation["history"] == plan.deals
    with pytest.raises(ValueError):
        sheet_drill.step("rubber", plan.deals, "", count + 1)


def test_a_chukker_is_four_deals_scored_as_chicago_with_no_totals_step():
    plan = sheet_drill.plan("chicago", random.Random(5))
    assert sheet_drill.step_count("chicago", plan.deals) == 4
    kinds = {sheet_drill.step("chicago", plan.deals, "we", n)[0] for n in range(1, 5)}
    assert kinds == {"four_deal"}


def test_who_is_vulnerable_after_a_deal_is_the_side_that_has_won_a_game():
    kind = kind_for("rubber_deal")
    game = PlayedDeal("we", "4H", 10).as_data()
    situation = {"history": [], "deal": game, "asks": sheet_drill.RUBBER_ASKS}
    assert kind.solve(situation).answer["vulnerable"] == "we"
    after = {
        "history": [game],
        "deal": PlayedDeal("they", "3NT", 9).as_data(),
        "asks": ["vulnerable"],
    }
    assert kind.solve(after).answer["vulnerable"] == "both"
    part = {"history": [], "deal": PlayedDeal("they", "2S", 8).as_data(), "asks": ["vulnerable"]}
    assert kind.solve(part).answer["vulnerable"] == "none"
    assert "vulnerability" in kind.box_skills(part, "vulnerable")


def test_without_a_sheet_the_page_offers_a_rubber_or_a_chukker():
    html = Client().get(SHEET).content.decode()
    assert 'name="form" value="rubber"' in html and 'name="form" value="chicago"' in html
    assert "data-question-kind" not in html


def test_a_newcomer_is_told_which_lessons_a_sheet_uses_and_where_they_are():
    from django.utils.html import escape

    from course.map import lesson_number, lesson_title

    html = Client().get(SHEET).content.decode()
    assert "data-sheet-ahead" in html
    for skill in ("rubber", "chicago"):
        assert escape(f"lesson {lesson_number(skill)}, “{lesson_title(skill)}”") in html
    assert "You are at lesson 1," in html and 'href="/lessons/score-sheet/"' in html


def test_a_learner_past_the_rubbers_lessons_is_not_told_to_go_back():
    from quizzes.skills import COURSE

    learner = LearnerFactory()
    for skill in COURSE:
        SkillProgressFactory(learner=learner, skill=skill, recent="1" * 8, answered=8)
    client = Client()
    session = client.session
    session["learner"] = learner.pk
    session.save()
    assert "data-sheet-ahead" not in client.get(SHEET).content.decode()


def test_a_sheet_is_filled_in_deal_by_deal_without_javascript_to_the_end():
    client = Client()
    drill = _start(client)
    steps = sheet_drill.step_count("rubber", drill.deals)
    for number in range(1, steps + 1):
        question = _current(drill)
        assert drill.steps.count() == number
        page = client.get(SHEET).content.decode()
        assert f'id="q-{question.public_id}"' in page
        assert f"Step {number} of {steps}" in page
        response = _answer(client, question, _right(question))
        assert response["Location"] == f"{SHEET}#q-{question.public_id}"
        page = client.get(SHEET).content.decode()
        assert "Right!" in page
        if number < steps:
            assert f'action="/practice/sheet/{drill.public_id}/next/"' in page
            assert _next(client, drill)["Location"] == f"{SHEET}#step-{number + 1}"
    page = client.get(SHEET).content.decode()
    assert "The whole sheet" in page
    assert f"You wrote {steps} of {steps} steps right at the first try" in page


def test_next_is_refused_until_the_step_is_done_and_a_double_click_serves_one_step():
    client = Client()
    drill = _start(client)
    _next(client, drill)  # the first deal is not answered yet: nothing moves
    assert drill.steps.count() == 1
    question = _current(drill)
    _answer(client, question, _right(question))
    _next(client, drill)
    _next(client, drill)
    assert drill.steps.count() == 2


def test_a_wrong_step_gets_a_hint_then_a_second_try_before_it_moves_on():
    client = Client()
    drill = _start(client)
    question = _current(drill)
    _answer(client, question, _wrong(question))
    page = client.get(SHEET).content.decode()
    assert "data-hint" in page and "Check my second try" in page
    assert "/next/" not in page, "no next step before the second try"
    _next(client, drill)
    assert drill.steps.count() == 1
    _answer(client, question, _right(question))
    page = client.get(SHEET).content.decode()
    assert "Right at the second try." in page
    # It reads as a success: green, the verdict first, the first try's slips as past.
    assert "feedback--right" in page and "feedback--wrong" not in page
    assert page.index("Right at the second try.") < page.index("At the first try you had")
    assert "✗ wrong" not in page
    _next(client, drill)
    assert drill.steps.count() == 2
    assert re.search(r'sheet-steps__step--second"[^>]*>Deal 1', page)


def test_each_step_counts_toward_the_skills_it_exercises():
    client = Client()
    drill = _start(client)
    question = _current(drill)
    _answer(client, question, _right(question))
    counted = set(SkillProgress.objects.values_list("skill", flat=True))
    assert "sheet" in counted and "vulnerability" in counted
    assert question.source == Question.Source.SHEET and question.upto == "rubber"


def test_a_chukker_sheet_runs_four_deals_and_ends_with_the_whole_sheet():
    client = Client()
    drill = _start(client, "chicago")
    for number in range(1, 5):
        question = _current(drill)
        assert question.kind == "four_deal"
        _answer(client, question, _right(question))
        if number < 4:
            _next(client, drill)
    assert "The whole sheet" in client.get(SHEET).content.decode()


def test_the_start_form_sent_twice_makes_one_sheet():
    client = Client()
    first = _start(client)
    again = _start(client, after="")  # the same form, sent again from the empty page
    assert again == first and SheetDrill.objects.count() == 1
    newer = _start(client, after=first.public_id)  # "Start a new sheet" under the first
    assert newer != first and SheetDrill.objects.count() == 2


def test_no_form_chosen_is_a_clear_error_and_nothing_is_made():
    response = Client().post(SHEET, {"form": "bridge-whist"})
    assert response.status_code == 422
    assert "Choose a rubber or a Chicago chukker." in response.content.decode()
    assert SheetDrill.objects.count() == 0


def test_another_browser_cannot_move_my_sheet_on():
    mine, theirs = Client(), Client()
    drill = _start(mine)
    question = _current(drill)
    _answer(mine, question, _right(question))
    theirs.get(SHEET)
    assert _next(theirs, drill).status_code == 404
    assert drill.steps.count() == 1
    assert "data-question-kind" not in theirs.get(SHEET).content.decode()


def test_the_sheet_is_drawn_as_on_paper_with_a_labelled_line_games_and_totals():
    from django.template import engines

    rubber = Rubber()
    for deal in (PlayedDeal("we", "2H", 8), PlayedDeal("they", "4S", 10)):
        rubber.record_deal(deal)
    html = (
        engines["django"].from_string("{% load sheets %}{% score_sheet r %}").render({"r": rubber})
    )
    head, rest = html.split('<tbody class="sheet-table__line">', 1)
    assert '<tbody class="sheet-table__above">' in head, "above the line comes first"
    assert "above · the line · below" in rest.split("</tbody>", 1)[0]
    # The game line is labelled in sight (not only for screen readers), under THEY's game.
    label = '<span class="visually-hidden">Game line: </span>game to THEY</span>'
    assert f'<span class="sheet-table__game-label">{label}' in rest
    # The totals row says what it is.
    assert rest.count('<span class="sheet-table__total-label">total </span>') == 2


def test_without_javascript_a_refused_box_keeps_the_learner_in_the_sheet_with_what_they_typed():
    client = Client()
    drill = _start(client)
    question = _current(drill)
    given = {name: str(value) for name, value in _right(question).items()}
    box = next(name for name in given if name.endswith("_below"))
    given[box] = "x1"
    response = _answer(client, question, given)
    html = response.content.decode()
    assert response.status_code == 422
    assert "<h1>Fill in the score sheet</h1>" in html and 'class="sheet-steps"' in html
    assert 'value="x1"' in html and 'class="field__error"' in html
    assert not hasattr(Question.objects.get(pk=question.pk), "answer")


def _to_the_totals(client):
    drill = _start(client)
    steps = sheet_drill.step_count("rubber", drill.deals)
    for _ in range(steps - 1):
        question = _current(drill)
        _answer(client, question, _right(question))
        _next(client, drill)
    question = _current(drill)
    assert question.kind == "rubber_total"
    return drill, question


def _one_total_off(question):
    from scoring import round_to_hundreds

    given = _right(question)
    given["they_total"] += 100
    given["difference"] = abs(given["we_total"] - given["they_total"])
    given["hundreds"] = round_to_hundreds(given["difference"])
    return given


def test_a_wrong_total_at_the_totals_step_is_one_slip_and_the_rest_follows_from_it():
    client = Client()
    drill, question = _to_the_totals(client)
    _answer(client, question, _one_total_off(question))
    page = client.get(SHEET).content.decode()
    hint = page.split("data-hint", 1)[1].split("</div>", 1)[0]
    assert "Have another look at the box “<strong>THEY total</strong>”." in hint
    assert "Difference" not in hint.split("data-follow-through", 1)[0], "only the root is named"
    assert (
        "“<strong>Difference</strong>” and “<strong>Result in hundreds</strong>” follow from "
        "your own figures, so they count as right: only “<strong>THEY total</strong>” is off."
    ) in hint
    marks = {m["name"]: m["right"] for m in Question.objects.get(pk=question.pk).answer.marks}
    assert marks == {"we_total": True, "they_total": False, "difference": True, "hundreds": True}
    rubber = SkillProgress.objects.get(skill="rubber")
    assert rubber.recent[-1:] == "0", "the totals step still counts as wrong"
    # Wrong again at the second try: the table marks the root alone, and says why.
    _answer(client, question, _one_total_off(question))
    page = client.get(SHEET).content.decode()
    assert page.count("✗ wrong") == 1
    assert re.search(r'data-field="they_total" data-right="no"', page)
    assert re.search(r'data-field="difference" data-right="yes"', page)
    assert "from your own figures)" in page and "data-follow-through" in page


@pytest.mark.parametrize("stops_early", [True, False])
def test_a_rubbers_heading_is_true_whether_it_is_won_or_play_stops_first(stops_early, monkeypatch):
    """Play can stop before a side has two games (the unfinished rubber, or eight deals with
    no winner): the heading says so, and never that a side has won."""
    real = sheet_drill.plan
    plans = (real("rubber", random.Random(seed)) for seed in range(500))
    chosen = next(
        p for p in plans if sheet_drill.finished_sheet("rubber", p.deals).is_finished != stops_early
    )
    monkeypatch.setattr(sheet_drill, "plan", lambda form, rng: chosen)
    client = Client()
    drill = _start(client)
    assert drill.deals == chosen.deals
    page = client.get(SHEET).content.decode()
    intro = page.split('<p class="muted">', 1)[1].split("</p>", 1)[0]
    assert "until a side wins two games, or until play stops before that, then the totals" in intro
    assert "has won two games" not in intro


@pytest.mark.parametrize("stops_early", [False, True])
def test_the_totals_step_never_asks_for_a_bonus_already_written(stops_early, monkeypatch):
    """The rubber bonus is entered with the deal that wins the rubber: the totals step says it
    is on the sheet and asks for no bonus (issue 28, point 5). An unfinished rubber's
    bonuses are entered nowhere before, so that step still asks for them."""
    real = sheet_drill.plan
    plans = (real("rubber", random.Random(seed)) for seed in range(500))
    chosen = next(
        p for p in plans if sheet_drill.finished_sheet("rubber", p.deals).is_finished != stops_early
    )
    monkeypatch.setattr(sheet_drill, "plan", lambda form, rng: chosen)
    client = Client()
    _, question = _to_the_totals(client)
    page = " ".join(client.get(SHEET).content.decode().split())
    if stops_early:
        assert "Add any end-of-rubber bonus" in page
        assert "does not yet show the bonuses for an unfinished rubber" in page
    else:
        assert "Add any end-of-rubber bonus" not in page
        assert "does not yet show the rubber bonus" not in page
        assert "its bonus is already on the sheet" in page
        # The bonus the learner wrote is drawn on the sheet, and the totals count it.
        rubber = Rubber()
        rubber.record_all([PlayedDeal.from_data(d) for d in chosen.deals])
        assert _right(question)["we_total"] == rubber.total("we")
        assert 'data-kind="rubber_bonus"' in page


# -- the sheet the learner writes on (issue 28, point 11) ----------------------------------


def _fixed(monkeypatch, deals, first_dealer=""):
    plan = sheet_drill.Plan([d.as_data() for d in deals], first_dealer=first_dealer)
    monkeypatch.setattr(sheet_drill, "plan", lambda form, rng: plan)


def _writing_sheet(page: str) -> str:
    start = page.index('data-writing="yes"')
    return page[start : page.index("</table>", start)]


def test_a_rubber_deals_boxes_sit_in_the_sheets_cells_each_labelled(monkeypatch):
    # deal 1: WE 2♥ made; deal 2: THEY 4♠ made, a game; deal 3 is written on that sheet.
    _fixed(monkeypatch, [PlayedDeal("we", "2H", 8), PlayedDeal("they", "4S", 10)] * 2)
    client = Client()
    drill = _start(client)
    for _ in range(2):
        question = _current(drill)
        _answer(client, question, _right(question))
        _next(client, drill)
    page = client.get(SHEET).content.decode()
    sheet = _writing_sheet(page)
    above, rest = sheet.split('<tbody class="sheet-table__line">', 1)
    for name, where in (("we_above", above), ("they_above", above)):
        assert f'name="{name}"' in where, f"{name} is above the line"
    for name in ("we_below", "they_below"):
        assert f'name="{name}"' in rest and f'name="{name}"' not in above
    # Below the line the boxes come after the game line THEY's game drew, under the 60.
    assert rest.index("game to THEY") < rest.index('name="we_below"')
    assert rest.index('data-points="60"') < rest.index("game to THEY")
    for label in ("WE, above the line, deal 3", "THEY, below the line, deal 3"):
        assert f">{label}</label>" in sheet
    # The game line's place holds its box: ticked it sends "yes" after a hidden "no".
    game = rest.split('data-place="game-line"', 1)[1]
    assert game.index('type="hidden" name="game" value="no"') < game.index('type="checkbox"')
    assert "Draw a game line under this deal" in game
    # The other two asks stay as questions of their own, outside the sheet.
    assert 'name="rubber_over"' not in sheet and 'name="rubber_over"' in page
    assert 'name="vulnerable"' not in sheet and 'name="vulnerable"' in page


def test_an_unticked_game_line_is_graded_as_no_game_and_a_ticked_one_as_a_game(monkeypatch):
    _fixed(monkeypatch, [PlayedDeal("they", "4S", 10)])
    client = Client()
    drill = _start(client)
    question = _current(drill)
    given = {**_right(question), "game": "no"}  # the hidden "no" alone: the box not ticked
    _answer(client, question, given)
    answer = Question.objects.get(pk=question.pk).answer
    assert answer.given["game"] == "no" and not answer.correct
    # The hint names the box as the sheet shows it.
    hint = client.get(SHEET).content.decode().split("data-hint", 1)[1].split("</p>", 1)[0]
    assert "“<strong>Draw a game line under this deal</strong>”" in hint
    data = {name: str(value) for name, value in _right(question).items()}
    data["game"] = ["no", "yes"]  # the hidden "no", then the ticked box
    client.post(f"/practice/q/{question.public_id}/", {**data, "next": SHEET})
    answer.refresh_from_db()
    assert answer.retry_given["game"] == "yes" and answer.retry_correct


def test_a_wrong_figure_is_marked_in_its_cell_then_shown_struck_through_beside_the_right_one(
    monkeypatch,
):
    _fixed(monkeypatch, [PlayedDeal("we", "4H", 11)])
    client = Client()
    drill = _start(client)
    question = _current(drill)
    given = {**_right(question), "we_above": 0}  # the overtrick forgotten
    _answer(client, question, given)
    sheet = _writing_sheet(client.get(SHEET).content.decode())
    above = sheet.split('data-place="above"', 1)[1].split("</tr>", 1)[0]
    we_cell, they_cell = above.split("</td>", 1)
    assert 'name="we_above"' in we_cell and 'value="0"' in we_cell, "the first try is kept"
    assert "sheet-mark--bad" in we_cell and "wrong at the first try" in we_cell
    assert "sheet-mark--ok" in they_cell
    assert "30" not in we_cell, "no right figure before the second try"
    _answer(client, question, given)  # wrong again: now the right figure is shown
    page = client.get(SHEET).content.decode()
    marked = page[page.index('data-writing="no"') :].split("</table>", 1)[0]
    cell = marked.split('data-box="we_above"', 1)[1].split("</td>", 1)[0]
    assert "<del>0</del>" in cell and "<ins>30</ins>" in cell
    assert 'data-right="no"' in marked.split('data-box="we_above"', 1)[1][:40]


def test_a_chukkers_sheet_has_a_row_per_deal_with_its_vulnerability_and_the_deals_boxes(
    monkeypatch,
):
    deals = [PlayedDeal("we", "3NT", 9), PlayedDeal("they", "2S", 8)] * 2
    _fixed(monkeypatch, deals, first_dealer="we")
    client = Client()
    drill = _start(client, "chicago")
    question = _current(drill)
    _answer(client, question, _right(question))
    _next(client, drill)
    sheet = _writing_sheet(client.get(SHEET).content.decode())
    rows = sheet.split("<tr")[2:6]  # after the head row: deals 1 to 4
    assert ["vulnerable: Neither side" in rows[0], "vulnerable: THEY" in rows[1]] == [True, True]
    assert "vulnerable: WE" in rows[2] and "vulnerable: Both sides" in rows[3]
    assert 'data-points="400"' in rows[0], "deal 1 written with its points"
    assert 'name="we_points"' in rows[1] and 'name="they_points"' in rows[1]
    assert ">Points to THEY, deal 2</label>" in rows[1]
    assert "<input" not in rows[2] + rows[3]


@pytest.mark.parametrize("seed", range(40))
def test_the_deal_that_ends_the_rubber_does_not_ask_who_is_vulnerable_now(seed):
    # Issue 28, point 14: "Who is vulnerable now?" was asked after the rubber was over.
    deals = sheet_drill.plan("rubber", random.Random(seed)).deals
    finished = sheet_drill.finished_sheet("rubber", deals).is_finished
    for number in range(1, len(deals) + 1):
        kind, situation = sheet_drill.step("rubber", deals, "", number)
        fields = [field.name for field in kind_for(kind).fields(situation)]
        over = finished and number == len(deals)
        assert ("vulnerable" in fields) is not over, (seed, number)
        assert "rubber_over" in fields
