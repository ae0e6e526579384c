"""Issue 28, point 9 on the live class: a phone whose answer a named slip explains is told
that slip with its own question's contract and figures (the shared slip text once gave a
fixed 2♥ example beside any contract), as practice tells it."""

import pytest
from django.test import Client
from django.urls import reverse

from quizzes.kinds import kind_for
from scoring import MISTAKES, PlayedDeal
from tests.live.quiz_room import one_question_room, press, send_answer

pytestmark = pytest.mark.django_db

# 4♥ made exactly, not vulnerable, at duplicate: 120 + 300 = 420 (rules §5).
FOUR_HEARTS = {
    "form": "duplicate",
    "deal": PlayedDeal("N", "4H", 10).as_data(),
    "vulnerable": False,
    "show_vulnerability": True,
}


def test_a_phones_slip_after_the_reveal_is_told_with_the_questions_own_figures():
    kind = kind_for("duplicate_deal")
    slip = MISTAKES["book_tricks_counted"]
    # The answer the slip gives, from the engine's replay (every trick counted, not the
    # tricks over the book's six).
    wrong = kind.solve(FOUR_HEARTS, slip).answer
    assert wrong != kind.solve(FOUR_HEARTS).answer
    session, screen = one_question_room(FOUR_HEARTS)
    phone = Client()
    joined = phone.post(reverse("live:join"), {"code": session.code, "name": "Ana"})
    (value,) = wrong.values()
    send_answer(phone, joined["Location"], 0, value)
    press(screen, session, "reveal")

    page = phone.get(joined["Location"]).content.decode()
    assert 'data-mistake="book_tricks_counted"' in page
    assert "4 tricks × 30 = 120, not 10 tricks × 30 = 300" in page
    assert "2 × 30 = 60" not in page and "8 × 30" not in page
