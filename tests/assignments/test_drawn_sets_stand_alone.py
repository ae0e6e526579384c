"""A drawn set leaks no answer: each question is drawn from a seed of its own, so none builds
on another. In the ready-made quiz each deal's sheet is the sheet before plus the deal asked
just before, so it had to stop drawing its sheets (their figures were the answers before);
no drawn question's sheet so far is another question's sheet with that question's deal
added, and no prompt refers to the questions before. Checked over many drawn sets of every
kind, on screen and on the worksheet. (A single deal may turn up in two unrelated questions
by chance: a sheet shows its figures among others, not which deal they came from.)"""

import pytest
from django.test import Client

from assignments import services
from quizzes.kinds import KINDS
from quizzes.kinds.sheets import deals_before
from tests.factories import AssignmentFactory, MembershipFactory

pytestmark = pytest.mark.django_db

SETS = 12
QUESTIONS = 16


def _asked(situation: dict) -> list:
    deal = situation.get("deal")
    return [deal] if isinstance(deal, dict) else []


def _builds_on(situation: dict, other: dict) -> bool:
    """Whether `situation`'s deals before begin with `other`'s deals before and its deal
    (two deals at least: one deal in common is chance, see above)."""
    series = _shown(other) + _asked(other)
    return len(series) >= 2 and _shown(situation)[: len(series)] == series


def _shown(situation: dict) -> list:
    return [d for d in situation.get("history", []) if isinstance(d, dict)]


def test_no_question_of_a_drawn_set_builds_on_another_or_refers_to_the_ones_before():
    assignment = AssignmentFactory(kinds=sorted(KINDS), question_count=QUESTIONS)
    checked = with_history = 0
    for number in range(SETS):
        student = MembershipFactory(classroom=assignment.classroom)
        attempt = services.attempt_start(assignment=assignment, membership=student)
        situations = [item.question.situation for item in attempt.items.order_by("position")]
        assert len(situations) == QUESTIONS
        for i, situation in enumerate(situations):
            with_history += bool(_shown(situation))
            assert not deals_before(situation)["history_as_deals"], (number, i)
            for j, other in enumerate(situations):
                if i != j:
                    assert not _builds_on(situation, other), (number, i, j)
                    checked += bool(_asked(other))
    assert checked > SETS * QUESTIONS and with_history > SETS  # there was something to compare


def test_a_drawn_sets_worksheet_never_points_to_answers_of_the_questions_before():
    assignment = AssignmentFactory(kinds=sorted(KINDS), question_count=QUESTIONS)
    teacher = Client()
    teacher.force_login(assignment.classroom.teacher)
    page = teacher.get(f"/teachers/assignments/{assignment.public_id}/worksheet/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "questions before" not in text
    assert text.count('class="question') >= QUESTIONS  # the questions are on it


def test_the_check_finds_the_series_of_the_ready_made_quiz():
    """The ready-made quiz does build each deal on the ones before (and so shows no sheet
    drawn with their figures): the check above would catch a drawn set that did the same."""
    from assignments import review_quiz

    questions = [q.situation for q in review_quiz.questions(review_quiz.variant_seed(1, 1))]
    pairs = sum(_builds_on(a, b) for a in questions for b in questions if a is not b)
    assert pairs >= 8
