"""A lesson's finished "Check yourself" stays finished when the lesson is opened again.

A beginner did the three questions at the end of a lesson, reloaded it, and was offered
"Give me three questions" as if they had never tried: the lesson page only knew "none yet"
and "under way". Now the lesson says how the check went and offers three more, and the
course map says the same.
"""

import pytest
from django.test import Client

from quizzes import selectors, services
from quizzes.models import Learner, Question
from tests.factories import LearnerFactory, right_answer, wrong_answer

pytestmark = pytest.mark.django_db

SKILL = "undertricks"
LESSON = "/lessons/undertricks/"
CHECK = f"/practice/check/{SKILL}/"
HTMX = {"HX-Request": "true"}


@pytest.fixture
def learner_client() -> Client:
    """A learner's browser, as after any first question: its session names the learner."""
    client = Client()
    session = client.session
    session[services.SESSION_KEY] = LearnerFactory().pk
    session.save()
    return client


def _check(client: Client) -> list[Question]:
    """The lesson's three check questions, as the check makes them, with fixed seeds."""
    learner_id = client.session[services.SESSION_KEY]
    return [
        services.question_new(
            learner=Learner.objects.get(pk=learner_id),
            skill=SKILL,
            source=Question.Source.CHECK,
            upto=SKILL,
            single_idea=number < 2,
            seed=number,
        )
        for number in range(3)
    ]


def _answer(client: Client, question: Question, data: dict) -> None:
    """Sent from the check as a browser without JavaScript sends it."""
    response = client.post(f"/practice/q/{question.public_id}/", {**data, "next": CHECK})
    assert response.status_code == 302


def _check_section(html: str) -> str:
    start = html.index('id="check-yourself"')
    return html[start : html.index("</section>", start)]


def _map_item(client: Client) -> str:
    html = client.get("/lessons/").content.decode()
    start = html.index(f'data-skill="{SKILL}"')
    return html[start : html.index("</li>", start)]


def test_a_passed_check_shows_as_passed_when_the_lesson_is_opened_again(learner_client):
    for question in _check(learner_client):
        _answer(learner_client, question, right_answer(question))
    section = _check_section(learner_client.get(LESSON).content.decode())
    assert 'data-check="passed"' in section and "Check passed" in section
    assert "You got all 3 right first time." in section
    assert f'href="{CHECK}">See your answers<' in section
    assert "Three more questions" in section
    assert "Give me three questions" not in section
    assert "Check passed" in _map_item(learner_client)


def test_a_check_with_a_slip_shows_its_score_and_offers_three_more(learner_client):
    first, *rest = _check(learner_client)
    _answer(learner_client, first, wrong_answer(first))
    _answer(learner_client, first, wrong_answer(first))  # the second try, after the hint
    for question in rest:
        _answer(learner_client, question, right_answer(question))
    html = learner_client.get(LESSON).content.decode()
    section = _check_section(html)
    assert 'data-check="finished"' in section
    assert "2 of 3 right first time" in section
    assert "Three more questions" in section and "Give me three questions" not in section
    # The map says what the lesson says, and neither calls it passed.
    item = _map_item(learner_client)
    assert "Check: 2 of 3 right" in item and "Check passed" not in item
    assert "Check passed" not in html
    # "Next for you" does not ask for three questions already answered.
    assert "Try three more questions above" in html


def test_as_the_lesson_loads_a_finished_check_fetches_the_button_for_three_more(learner_client):
    for question in _check(learner_client):
        _answer(learner_client, question, right_answer(question))
    response = learner_client.get(f"{CHECK}?part=start", headers=HTMX)
    html = response.content.decode()
    assert 'method="post"' in html and "Three more questions" in html
    assert "HX-Retarget" not in response  # only the button is swapped: the result stays


def test_a_question_waiting_for_its_second_try_keeps_the_check_under_way(learner_client):
    first, *rest = _check(learner_client)
    for question in rest:
        _answer(learner_client, question, right_answer(question))
    _answer(learner_client, first, wrong_answer(first))  # a hint, and the second try to come
    section = _check_section(learner_client.get(LESSON).content.decode())
    assert "data-check=" not in section
    # As the lesson loads, the three come back, the second try's form with them.
    response = learner_client.get(f"{CHECK}?part=start", headers=HTMX)
    assert response["HX-Retarget"] == "#check-yourself"
    assert response.content.decode().count("data-question-kind") == 3
    item = _map_item(learner_client)
    assert "Check under way" in item and "Check: " not in item


def test_three_more_questions_start_a_new_check_after_a_finished_one(learner_client):
    for question in _check(learner_client):
        _answer(learner_client, question, right_answer(question))
    response = learner_client.get(CHECK, {"start": "1"})  # the lesson's button without JavaScript
    assert response["Location"] == CHECK
    assert Question.objects.filter(source="check", focus=SKILL).count() == 6
    section = _check_section(learner_client.get(LESSON).content.decode())
    assert "data-check=" not in section and "Give me three questions" in section


# (first try, second try) per question of the latest set -> finished, passed, right
CHECKS = [
    ([], False, False, 0),  # no check yet
    ([(None, None)] * 3, False, False, 0),  # three questions, none answered
    ([(True, None), (True, None), (None, None)], False, False, 2),
    ([(True, None), (True, None), (False, None)], False, False, 2),  # a hint shown
    ([(True, None), (True, None), (False, True)], True, False, 2),  # right at the second try
    ([(True, None)] * 3, True, True, 3),
    ([(True, None)] * 2, True, False, 2),  # a set cut short is never a pass
]


@pytest.mark.parametrize(("marks", "finished", "passed", "right"), CHECKS)
def test_a_check_is_finished_when_every_question_is_answered_for_good(
    marks, finished, passed, right
):
    check = selectors.check_result(marks)
    assert (check.finished, check.passed, check.right) == (finished, passed, right)


def _answer_in_place(client: Client, question: Question, data: dict) -> str:
    """Sent from the lesson page with JavaScript: the question's part comes back alone."""
    response = client.post(
        f"/practice/q/{question.public_id}/", data, headers={**HTMX, "HX-Current-URL": LESSON}
    )
    assert response.status_code == 200
    return response.content.decode()


def test_the_answer_that_finishes_a_check_in_place_brings_its_result_with_it(learner_client):
    questions = _check(learner_client)
    first = _answer_in_place(learner_client, questions[0], right_answer(questions[0]))
    second = _answer_in_place(learner_client, questions[1], right_answer(questions[1]))
    assert 'id="check-result"' not in first + second, "not before the check is finished"
    last = _answer_in_place(learner_client, questions[2], right_answer(questions[2]))
    assert 'id="check-result" role="status" hx-swap-oob="true"' in last
    assert 'data-check="passed"' in last


def test_a_wrong_last_answer_brings_the_result_only_after_its_second_try(learner_client):
    questions = _check(learner_client)
    for question in questions[:2]:
        _answer_in_place(learner_client, question, right_answer(question))
    first_try = _answer_in_place(learner_client, questions[2], wrong_answer(questions[2]))
    assert 'id="check-result"' not in first_try, "the second try is still to come"
    second_try = _answer_in_place(learner_client, questions[2], wrong_answer(questions[2]))
    assert 'data-check="finished"' in second_try
    assert "Check done: 2 of 3 right first time" in second_try
    assert "You pass with all three right first time. Look again at what you missed" in second_try


def test_answering_a_question_of_an_older_check_brings_no_result(learner_client):
    older = _check(learner_client)
    newer = _check(learner_client)
    for question in newer:
        _answer_in_place(learner_client, question, right_answer(question))
    page = _answer_in_place(learner_client, older[0], right_answer(older[0]))
    assert 'id="check-result"' not in page


def _next_for_you(html: str) -> str:
    start = html.index('<section id="next-step"')
    return html[start : html.index("</section>", start)]


def test_the_answer_that_finishes_a_check_in_place_brings_next_for_you_as_a_reload_draws_it(
    learner_client,
):
    """ "Next for you" said "Answer the three questions above" after the third answer."""
    questions = _check(learner_client)
    first = _answer_in_place(learner_client, questions[0], right_answer(questions[0]))
    assert 'id="next-step"' not in first, "not before the check is finished"
    _answer_in_place(learner_client, questions[1], right_answer(questions[1]))
    last = _answer_in_place(learner_client, questions[2], right_answer(questions[2]))
    swapped = _next_for_you(last)
    assert 'hx-swap-oob="true"' in swapped
    assert "Next lesson: Doubles and redoubles" in swapped
    assert "Answer the three questions above" not in swapped
    # The same block as the lesson page draws once reloaded, but for its out-of-band mark.
    reloaded = _next_for_you(learner_client.get(LESSON).content.decode())
    assert "Next lesson: Doubles and redoubles" in reloaded
    assert swapped.replace(' hx-swap-oob="true"', "") == reloaded


def test_a_check_finished_with_a_slip_brings_next_for_you_offering_three_more(learner_client):
    questions = _check(learner_client)
    for question in questions[:2]:
        _answer_in_place(learner_client, question, right_answer(question))
    _answer_in_place(learner_client, questions[2], wrong_answer(questions[2]))
    last = _answer_in_place(learner_client, questions[2], wrong_answer(questions[2]))
    swapped = _next_for_you(last)
    assert "Try three more questions above" in swapped
