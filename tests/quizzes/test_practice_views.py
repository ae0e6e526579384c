"""Practice through the site: questions served, answers graded once, feedback, progress."""

import re

import pytest
from django.utils.html import escape

from quizzes.kinds import KINDS, kind_for
from quizzes.models import Answer, Learner, Question, SkillProgress
from tests.draws import draws
from tests.factories import take_check

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _new(client, **data):
    response = client.post("/practice/new/", data)
    assert response.status_code == 302
    public_id = response["Location"].rstrip("/").split("/")[-1]
    return Question.objects.get(public_id=public_id)


def _right(question):
    return dict(kind_for(question.kind).solve(question.situation).answer)


def _wrong(question):
    kind = kind_for(question.kind)
    answer = _right(question)
    field = kind.fields(question.situation)[0]
    if field.type == "choice":
        answer[field.name] = next(c for c, _ in field.choices if c != answer[field.name])
    else:
        # Rounded as typed: 4.35 + 10 is 14.350000000000001 in floating point, which a box
        # taking 2 decimals refuses (a 422, not a wrong answer).
        answer[field.name] = round(answer[field.name] + 10, 2)
    return answer


def _post(question):
    return {k: str(v) for k, v in question.items()}


BREAKDOWN_ROW = re.compile(r'<tr data-item="([^"]+)" data-side="([^"]+)" data-points="(-?\d+)"')
# Kinds whose every answer is explained by the engine's items (the others may have none).
ITEMISED = ("duplicate_deal", "undertricks", "rubber_deal", "four_deal")


def _marks(html):
    """{field: (right?, what the learner gave, the right answer)} from the feedback table."""
    rows = re.findall(
        r'<tr data-field="([^"]+)" data-right="(yes|no)"><th scope="row">.*?</th>'
        r'<td data-label="[^"]*">(.*?)</td><td data-label="Right answer">(.*?)</td>',
        html,
    )
    return {name: (right == "yes", given, expected) for name, right, given, expected in rows}


def _shown(field, value):
    """A value as the feedback reads it: a choice's words, 2½ in halves, 13.20 for VP."""
    return escape(field.text(value))


def assert_engine_breakdown_shown(html, question, given):
    """The engine's items for the stored question, row by row, and the right answer per field."""
    kind = kind_for(question.kind)
    solution = kind.solve(question.situation)
    expected = [(item.key, item.side, str(item.points)) for item in solution.items]
    assert BREAKDOWN_ROW.findall(html) == expected
    if question.kind in ITEMISED:
        assert expected
    marks = _marks(html)
    for field in kind.fields(question.situation):
        right = given[field.name] == solution.answer[field.name]
        assert marks[field.name] == (
            right,
            _shown(field, given[field.name]),
            _shown(field, solution.answer[field.name]),
        )


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_right_answer_is_graded_right_with_the_breakdown(client, kind):
    question = _new(client, kind=kind)
    right = _right(question)
    response = client.post(f"/practice/q/{question.public_id}/", _post(right))
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "Right!" in html
    assert question.answer.correct
    assert_engine_breakdown_shown(html, question, right)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_wrong_answer_gets_a_hint_then_after_a_second_try_the_breakdown(client, kind):
    question = _new(client, kind=kind)
    wrong = _wrong(question)
    url = f"/practice/q/{question.public_id}/"
    client.post(url, _post(wrong))
    html = client.get(url).content.decode()
    # First: which part is wrong and the rule to look at, and a second try; no answer.
    assert "Not quite." in html and "data-hint" in html
    first_box = kind_for(question.kind).fields(question.situation)[0]
    assert escape(first_box.label) in html
    assert "Check my second try" in html
    boxes = len(kind_for(question.kind).fields(question.situation))
    assert ("The rest is right" in html) == (boxes > 1)  # only one box was made wrong
    assert 'data-item="' not in html and "Right answer" not in html
    # Then: the second try, wrong again, shows the right answer and the breakdown.
    client.post(url, _post(wrong))
    html = client.get(url).content.decode()
    assert "Not quite, again." in html and "data-hint" not in html
    assert 'data-right="no"' in html
    answer = Answer.objects.get(question=question)
    assert not answer.correct and answer.retry_correct is False
    assert_engine_breakdown_shown(html, question, wrong)


def test_a_right_second_try_is_said_so_and_progress_keeps_the_first(client):
    question = _new(client, kind="undertricks")
    url = f"/practice/q/{question.public_id}/"
    client.post(url, _post(_wrong(question)))
    client.post(url, _post(_right(question)))
    html = client.get(url).content.decode()
    assert "Right at the second try." in html
    answer = Answer.objects.get(question=question)
    assert (answer.correct, answer.retry_correct) == (False, True)
    progress = SkillProgress.objects.get(learner=question.learner, skill="undertricks")
    assert (progress.recent, progress.answered) == ("0", 1)
    # A third post changes nothing.
    client.post(url, _post(_wrong(question)))
    assert Answer.objects.get(question=question).retry_correct is True


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_page_of_an_unanswered_question_does_not_contain_its_answer(client, kind):
    for _ in range(5):
        question = _new(client, kind=kind)
        html = client.get(f"/practice/q/{question.public_id}/").content.decode()
        assert 'data-item="' not in html  # no breakdown
        assert "Right answer" not in html and "data-right=" not in html
        if kind not in ("duplicate_deal", "undertricks"):
            continue  # sheet kinds show earlier deals' figures, which are not the answer
        for name, value in _right(question).items():
            if abs(value) >= 100:
                assert f">{value}<" not in html and f'value="{value}"' not in html, name


def test_question_element_carries_kind_and_facts_and_a_field_named_answer(client):
    question = _new(client, kind="duplicate_deal")
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    s, deal = question.situation, question.situation["deal"]
    assert 'data-question-kind="duplicate_deal"' in html
    assert f'data-contract="{deal["contract"]}"' in html
    assert f'data-tricks="{deal["tricks"]}"' in html
    assert f'data-declarer="{deal["declarer"]}"' in html
    if s["show_vulnerability"]:  # stated in the question, so it may be in the page
        assert f'data-vulnerable="{"yes" if s["vulnerable"] else "no"}"' in html
    else:  # the learner works it out from the board number: not in the page
        assert "data-vulnerable=" not in html
    assert 'name="answer"' in html


def test_rubber_questions_carry_the_deal_and_not_what_the_learner_works_out(client):
    question = _new(client, kind="rubber_deal")
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    assert "data-contract=" in html and "data-deals-before=" in html
    for attribute in ("data-games-we=", "data-part-score-we=", "data-vulnerable="):
        assert attribute not in html


def test_htmx_answer_returns_the_question_with_feedback_in_place(client):
    question = _new(client, kind="undertricks")
    response = client.post(
        f"/practice/q/{question.public_id}/", _post(_right(question)), headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith(f'<article id="q-{question.public_id}"')
    assert "Right!" in html and "<html" not in html
    assert f'aria-labelledby="q-{question.public_id}-verdict"' in html  # no assignment number


def test_htmx_next_question_comes_in_place_and_pushes_its_url(client):
    response = client.post("/practice/new/", {"kind": "victory_points"}, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Push-Url"].startswith("/practice/q/")
    assert 'data-question-kind="victory_points"' in response.content.decode()


def test_named_mistake_is_shown_for_a_forgotten_insult(client):
    from quizzes import services
    from scoring import MISTAKES

    learner = _new(client, kind="undertricks").learner  # this browser's learner
    # seed 46, drawn for the doubles skill as the practice page draws: 3♠ doubled by East,
    # vulnerable, eleven tricks on board 7 (made with two overtricks)
    question = services.question_new(learner=learner, skill="doubles", seed=46)
    s = question.situation
    assert (question.kind, s["deal"]["contract"], s["deal"]["tricks"]) == (
        "duplicate_deal",
        "3SX",
        11,
    )
    believed = kind_for(question.kind).solve(s, MISTAKES["insult_forgotten"]).answer
    assert believed != _right(question)  # forgetting the insult changes the score
    client.post(f"/practice/q/{question.public_id}/", _post(believed))
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    # The hint names it, before any figure of the answer.
    assert 'data-mistake="insult_forgotten"' in html and 'data-item="' not in html
    client.post(f"/practice/q/{question.public_id}/", _post(believed))  # the second try
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    assert 'data-mistake="insult_forgotten"' in html
    assert "You forgot the bonus for making a doubled or redoubled contract." in html
    # It points at the line it changes, which the breakdown below has.
    assert 'data-lines="Making a doubled or redoubled contract"' in html
    assert 'data-item="insult"' in html


@pytest.mark.parametrize(
    "typed, message",
    [
        ("", "Enter a number here (0 if nothing is scored)."),
        ("lots", "Enter a whole number, like 420."),
        ("-50", "This can't be negative: enter 0 or more."),
        ("123456789", "That is far more than any bridge score: enter a number up to 99999."),
        ("9" * 500, "That is far more than any bridge score: enter a number up to 99999."),
    ],
)
def test_bad_input_gets_a_clear_message_keeps_what_was_typed_and_changes_nothing(
    client, typed, message
):
    question = _new(client, kind="undertricks")
    response = client.post(f"/practice/q/{question.public_id}/", {"answer": typed})
    html = response.content.decode()
    assert response.status_code == 422
    assert message.replace("'", "&#x27;") in html
    if typed and len(typed) < 50:
        assert f'value="{typed}"' in html
    assert not Answer.objects.filter(question=question).exists()
    assert not SkillProgress.objects.exists()


def test_bad_input_with_htmx_comes_back_as_the_question_with_status_422(client):
    # The layout has htmx swap a 422 in place, as it does a 2xx.
    question = _new(client, kind="undertricks")
    response = client.post(f"/practice/q/{question.public_id}/", {"answer": "x"}, headers=HTMX)
    assert response.status_code == 422
    assert f'id="q-{question.public_id}"' in response.content.decode()
    assert "Enter a whole number" in response.content.decode()


@pytest.mark.parametrize("typed, value", [("1,100", 1100), ("+420", 420), ("−100", -100)])
def test_friendly_number_spellings_are_read(client, typed, value):
    question = _new(client, kind="duplicate_deal")
    client.post(f"/practice/q/{question.public_id}/", {"answer": typed})
    assert Answer.objects.get(question=question).given == {"answer": value}


def test_a_missing_choice_is_explained(client):
    question = _new(client, kind="victory_points")
    response = client.post(f"/practice/q/{question.public_id}/", {"winner_vp": "12"})
    assert response.status_code == 422
    assert "Enter a number here" in response.content.decode()


def test_replayed_submission_grades_once(client):
    question = _new(client, kind="undertricks")
    right = _post(_right(question))
    client.post(f"/practice/q/{question.public_id}/", right)
    wrong = _post(_wrong(question))
    client.post(f"/practice/q/{question.public_id}/", wrong)
    client.post(f"/practice/q/{question.public_id}/", right)
    assert Answer.objects.filter(question=question).count() == 1
    assert Answer.objects.get(question=question).correct
    assert SkillProgress.objects.get(skill="undertricks").answered == 1


def test_a_question_that_does_not_exist_is_404(client):
    _new(client, kind="undertricks")
    assert client.get("/practice/q/nope/").status_code == 404
    assert client.post("/practice/q/nope/", {"answer": "1"}).status_code == 404


def test_another_learners_question_is_404_for_get_and_post(client, django_user_model):
    question = _new(client, kind="undertricks")
    from django.test import Client

    stranger = Client()
    _new(stranger, kind="undertricks")
    assert stranger.get(f"/practice/q/{question.public_id}/").status_code == 404
    assert stranger.post(f"/practice/q/{question.public_id}/", {"answer": "1"}).status_code == 404
    assert not Answer.objects.exists()


def test_unknown_kind_or_skill_is_a_400_with_a_message(client):
    response = client.post("/practice/new/", {"kind": "bidding"})
    assert response.status_code == 400
    assert b"no such kind" in response.content
    assert client.post("/practice/new/", {"skill": "squeezes"}).status_code == 400


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/\\evil", "0"])
def test_next_cannot_send_the_learner_to_another_site_or_a_view_name(client, target):
    question = _new(client, kind="undertricks")
    response = client.post(
        f"/practice/q/{question.public_id}/",
        {**_post(_right(question)), "next": target},
    )
    assert response.status_code == 302
    assert response["Location"].startswith(f"/practice/q/{question.public_id}/")


def test_an_assignment_question_is_not_found_through_practice(client):
    question = _new(client, kind="undertricks")
    Question.objects.filter(pk=question.pk).update(source=Question.Source.ASSIGNMENT)
    assert client.get(f"/practice/q/{question.public_id}/").status_code == 404


def test_progress_moves_from_new_to_learning_to_mastered(client):
    html = client.get("/practice/progress/").content.decode()
    assert 'data-skill="victory_points" data-level="new"' in html
    question = _new(client, kind="victory_points")
    client.post(f"/practice/q/{question.public_id}/", _post(_wrong(question)))
    html = client.get("/practice/progress/").content.decode()
    assert 'data-skill="victory_points" data-level="learning"' in html
    for _ in range(5):
        question = _new(client, kind="victory_points")
        client.post(f"/practice/q/{question.public_id}/", _post(_right(question)))
    html = client.get("/practice/progress/").content.decode()
    # Five in a row is practice's "mastered"; the course's waits for the lesson's check.
    assert 'data-skill="victory_points" data-level="practised"' in html
    take_check(Learner.objects.get(), "victory_points")
    html = client.get("/practice/progress/").content.decode()
    assert 'data-skill="victory_points" data-level="mastered"' in html


def test_practise_my_weakest_skill_picks_a_skill_being_learned(client):
    question = _new(client, kind="victory_points")
    client.post(f"/practice/q/{question.public_id}/", _post(_wrong(question)))
    question = _new(client, weakest="1")
    assert question.focus == "victory_points"


def test_check_yourself_serves_three_questions_on_the_skill(client):
    response = client.post("/practice/check/honors/")
    assert response.status_code == 302
    html = client.get("/practice/check/honors/").content.decode()
    assert html.count("data-question-kind=") == 3
    assert Question.objects.filter(source="check", focus="honors").count() == 3


def test_check_yourself_with_htmx_returns_the_block_in_place(client):
    response = client.post("/practice/check/games/", headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="check-yourself"')
    assert html.count("data-question-kind=") == 3


def test_check_yourself_answer_returns_to_the_check_page(client):
    client.post("/practice/check/honors/")
    question = Question.objects.filter(source="check").first()
    response = client.post(
        f"/practice/q/{question.public_id}/",
        {**_post(_right(question)), "next": "/practice/check/honors/"},
    )
    assert response["Location"] == f"/practice/check/honors/#q-{question.public_id}"


def _lesson_check_form(html: str) -> tuple[str, dict]:
    """The lesson's "Give me three questions" form as a browser without JavaScript sends it."""
    start = html.index('id="check-yourself"')
    form = html[html.index("<form", start) : html.index("</form>", start)]
    action = re.search(r'action="([^"]+)"', form).group(1)
    assert re.search(r'<form method="get"', form)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return action, fields


def test_without_javascript_a_lessons_button_goes_straight_to_the_three_questions(client):
    action, fields = _lesson_check_form(client.get("/lessons/games/").content.decode())
    response = client.get(action, fields)
    assert response.status_code == 302 and response["Location"] == "/practice/check/games/"
    html = client.get(response["Location"]).content.decode()
    assert html.count("data-question-kind=") == 3
    assert "Give me three questions" not in html
    # A reload, or the button again before answering, adds no more questions.
    client.get(action, fields)
    assert Question.objects.filter(source="check", focus="games").count() == 3


def test_the_check_page_links_back_to_its_lesson_and_on_to_the_next(client):
    client.post("/practice/check/games/")
    html = client.get("/practice/check/games/").content.decode()
    pager = html[html.index("data-check-pager") :]
    back = re.search(r'href="([^"]+)">← Back to the lesson: Part-scores and games<', pager)
    on = re.search(r'href="([^"]+)" *>Next lesson: Vulnerability →<', pager)
    assert back.group(1) == "/lessons/games/"
    assert on.group(1) == "/lessons/vulnerability/"


def test_unknown_skill_check_is_404(client):
    assert client.post("/practice/check/squeezes/").status_code == 404


def test_practice_home_offers_skills_kinds_and_weakest(client):
    html = client.get("/practice/?skill=honors").content.decode()
    assert 'value="honors" selected' in html
    assert 'name="weakest"' in html
    for key in KINDS:
        assert f'value="{key}"' in html


def test_new_question_needs_post(client):
    assert client.get("/practice/new/").status_code == 405


def test_pages_render_questions_of_every_kind_many_times_without_error(client):
    for kind in KINDS:
        for _ in range(draws(15)):
            question = _new(client, kind=kind)
            assert client.get(f"/practice/q/{question.public_id}/").status_code == 200
            client.post(f"/practice/q/{question.public_id}/", _post(_wrong(question)))
            assert client.get(f"/practice/q/{question.public_id}/").status_code == 200
    assert re.search(r"\d", client.get("/practice/progress/").content.decode())


def test_a_hint_points_at_the_lesson_of_the_named_misunderstanding(client):
    from quizzes import services as practice

    client.post("/practice/today/")
    situation = {"history": [], "deal": {"declarer": "we", "contract": "2HX", "tricks": 8}}
    question = practice.question_fixed(
        learner=Question.objects.get().learner,
        kind="rubber_deal",
        situation=situation,
        source="practice",
    )
    answer = _right(question)
    url = f"/practice/q/{question.public_id}/"
    client.post(url, _post({**answer, "we_above": answer["we_above"] - 50}))  # no insult
    html = client.get(url).content.decode()
    rules = html[html.index("to look at:") : html.index("</p>", html.index("to look at:"))]
    assert 'href="/lessons/doubles/"' in rules
    assert "/lessons/score-sheet/" not in rules  # the box's other skill is not to blame


def _assert_second_try_success(html, question):
    """A right second try reads as a success: a green box, the verdict first, and the first
    try's slips told as past ("At the first try you had"), never as "✗ wrong" marks."""
    section = html[html.index(f'id="q-{question.public_id}-verdict"') - 400 :]
    assert "feedback--right" in section[:400] and "feedback--wrong" not in section[:400]
    verdict = html.index("Right at the second try.")
    first = html.index("At the first try you had")
    assert verdict < first
    assert "✗ wrong" not in html and 'data-right="no"' not in html
    field = kind_for(question.kind).fields(question.situation)[0]
    assert f"“{escape(field.label)}”" in html[first:]


def test_a_right_second_try_looks_like_a_success_with_the_first_try_told_as_past(client):
    question = _new(client, kind="line_place")
    url = f"/practice/q/{question.public_id}/"
    client.post(url, _post(_wrong(question)))
    client.post(url, _post(_right(question)))
    _assert_second_try_success(client.get(url).content.decode(), question)


@pytest.mark.django_db
def test_a_right_second_try_in_todays_set_looks_like_a_success(client):
    client.post("/practice/today/")
    question = Question.objects.get()
    url = f"/practice/q/{question.public_id}/"
    client.post(url, _post(_wrong(question)))
    client.post(url, _post(_right(question)))
    _assert_second_try_success(client.get(url).content.decode(), question)


def test_without_javascript_a_refused_box_in_a_lesson_check_stays_on_the_check_page(client):
    client.post("/practice/check/games/")
    questions = list(Question.objects.filter(source="check", focus="games").order_by("pk"))
    question = questions[-1]  # the whole deal: number boxes
    kind = kind_for(question.kind)
    given = _post(_right(question))
    box = next(f.name for f in kind.fields(question.situation) if f.type != "choice")
    given[box] = "x1"
    response = client.post(
        f"/practice/q/{question.public_id}/", {**given, "next": "/practice/check/games/"}
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert "<h1>Check yourself: Part-scores and games</h1>" in html
    assert html.count("data-question-kind=") == 3  # the other questions stay too
    assert 'value="x1"' in html and 'class="field__error"' in html
    assert "data-check-pager" in html


def test_a_wrong_second_try_is_marked_as_the_second_try_said_not_the_first(client):
    # Issue 28, point 3: after a hint, the feedback echoed the first try ("You said: THEY,
    # below the line" when the second try said WE, above).
    question = _new(client, kind="line_place")
    url = f"/practice/q/{question.public_id}/"
    kind = kind_for(question.kind)
    field = kind.fields(question.situation)[0]
    right = _right(question)[field.name]
    first, second = [choice for choice, _ in field.choices if choice != right][:2]
    client.post(url, _post({**_right(question), field.name: first}))
    client.post(url, _post({**_right(question), field.name: second}))
    marks = _marks(client.get(url).content.decode())
    right_mark, given, _ = marks[field.name]
    assert not right_mark
    assert given == _shown(field, second)
    assert given != _shown(field, first)


def test_a_first_try_sent_again_is_not_taken_for_the_second_try(client):
    """A phone that kept its answer offline may send it again after the first reached the
    server and only the reply was lost: marked as the first try, it shows the hint and
    leaves the second try to the learner."""
    question = _new(client, kind="undertricks")
    url = f"/practice/q/{question.public_id}/"
    page = client.get(url).content.decode()
    assert 'name="try" value="1"' in page
    wrong = _post(_wrong(question))
    client.post(url, {**wrong, "try": "1"}, headers=HTMX)
    replay = client.post(url, {**wrong, "try": "1"}, headers=HTMX).content.decode()
    answer = Answer.objects.get(question=question)
    assert answer.retry_given is None and answer.awaiting_retry
    assert "Check my second try" in replay and 'name="try" value="2"' in replay
    client.post(url, {**_post(_right(question)), "try": "2"}, headers=HTMX)
    answer.refresh_from_db()
    assert (answer.correct, answer.retry_correct) == (False, True)
