"""Ms Hart's live quiz of three doubled games, as the quiz tests play it: the three deals,
the room (her screen, the session, Ana, Ben and Cat), and a phone's three moves."""

from __future__ import annotations

from django.urls import reverse

from live import services
from live.models import LiveQuestion
from scoring import PlayedDeal
from tests.live.rooms import hart_class, screen_of

# 4♥ doubled, made exactly, not vulnerable, at duplicate: 590 (rules §5: 240 + 50 + 300).
DOUBLED_GAME = {
    "form": "duplicate",
    "deal": PlayedDeal("N", "4HX", 10).as_data(),
    "vulnerable": False,
    "show_vulnerability": True,
}

# 3NT made with an overtrick, vulnerable: 100 + 30 + 500 = 630.
NOTRUMP_GAME = {
    "form": "duplicate",
    "deal": PlayedDeal("S", "3N", 10).as_data(),
    "vulnerable": True,
    "show_vulnerability": True,
}

# 2♠ made exactly, not vulnerable: 60 + 50 = 110.
PART_SCORE = {
    "form": "duplicate",
    "deal": PlayedDeal("E", "2S", 8).as_data(),
    "vulnerable": False,
    "show_vulnerability": True,
}


def doubled_games_room():
    teacher, classroom, students = hart_class("Ana", "Ben", "Cat")
    session = services.session_create(
        teacher=teacher,
        title="Doubled games",
        classroom=classroom,
        kinds=["duplicate_deal"],
        question_count=3,
    )
    for question, situation in zip(
        session.questions.all(), (DOUBLED_GAME, NOTRUMP_GAME, PART_SCORE), strict=True
    ):
        LiveQuestion.objects.filter(pk=question.pk).update(situation=situation)
    return session, screen_of(teacher), students


def one_question_room(situation):
    """A teacher's live class of one question on `situation`, asked: the session and her
    screen."""
    from django.test import Client

    from tests.factories import UserFactory

    teacher = UserFactory()
    session = services.session_create(
        teacher=teacher, title="Club night", kinds=["duplicate_deal"], question_count=1
    )
    LiveQuestion.objects.filter(session=session).update(situation=situation)
    screen = Client()
    screen.force_login(teacher)
    press(screen, session, "next")
    return session, screen


def join_phone(client, session) -> str:
    """Join from the class page's list; the phone's address."""
    response = client.post(reverse("live:join"), {"session": session.public_id})
    assert response.status_code == 302, response.content[:500]
    return response["Location"]


def press(screen, session, action):
    # End and skip act only when sent from the page that asks first ("confirmed").
    url = reverse("live:control", args=[session.public_id, action])
    response = screen.post(url, {"confirmed": "1"})
    assert response.status_code == 302
    session.refresh_from_db()


def send_answer(client, phone_url, position, value, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"{phone_url}answer/{position}/", {"answer": str(value)}, **headers)
