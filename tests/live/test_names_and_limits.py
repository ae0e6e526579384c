"""What a visitor can do to a live class with the join form (issues #27 and #29, point 13
and 12): names that show nothing, one name in two cases, a room filled by a script, and
wrong codes that locked out the right one.

Ms Hart runs "Club night" without a class: anyone joins with its code and a name.
"""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from live import names, services
from live.models import Player
from tests.factories import LearnerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    cache.clear()  # the rate limits' counts
    return services.session_create(
        teacher=UserFactory(username="ms-hart"), title="Club night", kinds=["duplicate_deal"]
    )


def _join(session, name, client=None, code=None):
    client = client or Client()
    return client.post(reverse("live:join"), {"code": code or session.code, "name": name})


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # a Hangul filler: a letter to Unicode, drawn as nothing
        "\u2800\u2800",  # two blank Braille patterns
        "\u200b\u200d",  # zero-width characters
        "\u0301\u0301",  # accents on nothing
        "   ",
    ],
)
def test_a_name_that_shows_nothing_is_refused(session, name):
    response = _join(session, name)
    assert response.status_code == 422
    html = response.content.decode()
    assert escape(names.NOTHING_TO_SEE) in html or "Enter the name" in html
    assert not Player.objects.exists()


def test_a_letter_under_thirty_accents_keeps_a_few():
    name = names.normalised("a" + "\u0301\u0300" * 15)
    assert name.startswith("á") and len(name) <= 1 + names.MARKS_PER_LETTER
    assert names.shows(name)


def test_a_wide_name_is_stored_as_it_reads(session):
    assert _join(session, "Ａｎａ").status_code == 302
    assert Player.objects.get().name == "Ana"


@pytest.mark.parametrize(
    ("first", "second"),
    [("ÉMILE", "émile"), ("Straße", "STRASSE"), ("ΣΊΣΥΦΟΣ", "σίσυφος"), ("Ana", "ａｎａ")],
)
def test_one_name_in_two_cases_is_taken(session, first, second):
    assert _join(session, first).status_code == 302
    again = _join(session, second)
    assert again.status_code == 422
    assert escape(services.NAME_TAKEN) in again.content.decode()
    assert Player.objects.count() == 1


def test_the_database_refuses_one_name_twice_in_a_session_whatever_the_case(session):
    services.player_join(session=session, learner=LearnerFactory(), name="ÉMILE")
    with pytest.raises(services.LiveError, match="already has that name"):
        services.player_join(session=session, learner=LearnerFactory(), name="émile")
    assert Player.objects.get().name_key == names.name_key("émile")


def test_a_room_takes_at_most_its_number_of_phones(session, monkeypatch):
    monkeypatch.setattr(services, "MAX_PLAYERS", 3)
    for number in range(3):
        services.player_join(session=session, learner=LearnerFactory(), name=f"P{number}")
    full = _join(session, "Late")
    assert full.status_code == 422
    assert "This live class is full" in full.content.decode()
    assert Player.objects.count() == 3
    # One already in comes back as before.
    first = Player.objects.first()
    assert services.player_join(session=session, learner=first.learner, name="x") == first


def test_wrong_codes_never_refuse_a_right_one(session, frozen_clock):
    # The clock stands still: the tries could otherwise straddle the limit's one-minute
    # window, and the last ones be counted in a fresh one.
    guesser = Client()
    guesser.get(reverse("live:join"))  # its form's cookie: every try counts for one browser
    answers = [
        _join(session, f"G{number}", client=guesser, code=f"ZZZZZ{number % 10}").status_code
        for number in range(15)  # more than a browser's ten a minute
    ]
    assert answers == [422] * 10 + [429] * 5  # the guesser is slowed down
    # The right code goes through, from the guessing browser and from the next phone.
    assert _join(session, "Ana", client=guesser).status_code == 302
    assert _join(session, "Ben").status_code == 302
