"""What a phone's poll costs: two hundred phones ask every two seconds (bench/live_class.py).

Named users: Ms Hart runs the session; Ana and Ben are her students on their phones; Dora
is a signed-in user who joins with the session code on her own phone.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from live import selectors, services
from live.models import Player
from tests.clock import NOW
from tests.factories import (
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    student_client,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

# Of a poll answered 304: the browser's session, then the player with its session's
# version and whether it has answered (live.selectors.phone_poll).
POLL_QUERIES = 2


@pytest.fixture
def room():
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher)
    session = services.session_create(
        teacher=teacher,
        title="Doubled games",
        classroom=classroom,
        kinds=["duplicate_deal"],
        question_count=2,
    )
    screen = Client()
    screen.force_login(teacher)
    phones = {}
    for name in ("Ana", "Ben"):
        client = student_client(MembershipFactory(classroom=classroom, display_name=name))
        joined = client.post(reverse("live:join"), {"session": session.public_id})
        phones[name] = (client, f"{joined['Location']}now/")
    return session, screen, phones


def _control(screen, session, action):
    assert screen.post(reverse("live:control", args=[session.public_id, action])).status_code == 302


def _poll(client, url, etag=None):
    headers = {"HTTP_HX_REQUEST": "true"}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(url, **headers)


def test_a_poll_with_nothing_new_reads_two_rows_and_renders_nothing(
    room, django_assert_num_queries
):
    session, screen, phones = room
    client, url = phones["Ana"]
    _control(screen, session, "next")
    etag = _poll(client, url)["ETag"]
    with django_assert_num_queries(POLL_QUERIES):
        response = _poll(client, url, etag)
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == etag


def test_every_phone_after_the_first_draws_the_new_question_from_what_it_read(
    room, django_assert_num_queries
):
    session, screen, phones = room
    for client, url in phones.values():
        _poll(client, url)  # in the lobby: both phones seen (a write) a moment ago
    _control(screen, session, "next")
    first = _poll(*phones["Ana"])
    assert first.status_code == 200 and 'name="answer"' in first.content.decode()
    with django_assert_num_queries(POLL_QUERIES):  # the question and its count are kept
        second = _poll(*phones["Ben"])
    assert second.status_code == 200 and 'name="answer"' in second.content.decode()


def test_the_standing_on_the_phones_is_the_one_after_the_last_answer(room):
    session, screen, phones = room
    _control(screen, session, "next")
    _poll(*phones["Ana"])  # the question is kept from here, while answers come in
    ana, ana_url = phones["Ana"]
    given = right_answer(session.questions.get(position=0))  # a LiveQuestion, as a Question
    assert ana.post(ana_url.replace("/now/", "/answer/0/"), given).status_code == 302
    _control(screen, session, "reveal")
    ben_sees = _poll(*phones["Ben"]).content.decode()
    ana_sees = _poll(*phones["Ana"]).content.decode()
    assert 'data-verdict="none"' in ben_sees and "You have <strong>0</strong> points" in ben_sees
    assert 'data-verdict="right"' in ana_sees and "You have <strong>100</strong> points" in ana_sees


def test_a_phone_is_marked_seen_at_most_every_fifteen_seconds(room, frozen_clock):
    session, screen, phones = room
    client, url = phones["Ana"]
    etag = _poll(client, url)["ETag"]
    player = Player.objects.get(name="Ana")
    assert player.last_seen == NOW
    frozen_clock.shift(timedelta(seconds=services.SEEN_EVERY))
    assert _poll(client, url, etag).status_code == 304
    player.refresh_from_db()
    assert player.last_seen == NOW  # not yet written again
    frozen_clock.shift(timedelta(seconds=1))
    _poll(client, url, etag)
    player.refresh_from_db()
    assert player.last_seen == NOW + timedelta(seconds=services.SEEN_EVERY + 1)


def test_a_signed_in_users_phone_polls_as_its_own(room):
    session, screen, phones = room
    dora = Client()
    dora.force_login(UserFactory(username="dora"))
    code = session.classroom.join_code  # the class's code: she joins the class too
    joined = dora.post(reverse("live:join"), {"code": code, "name": "Dora"})
    assert joined.status_code == 302
    url = f"{joined['Location']}now/"
    first = _poll(dora, url)
    assert first.status_code == 200
    assert _poll(dora, url, first["ETag"]).status_code == 304
    assert _poll(phones["Ana"][0], url).status_code == 404  # Ana's browser is not Dora's


def test_another_phones_poll_is_refused_and_tells_nothing(room):
    session, screen, phones = room
    _, ana_url = phones["Ana"]
    ben, _ = phones["Ben"]
    for browser in (ben, Client()):
        response = _poll(browser, ana_url)
        assert response.status_code == 404
        assert "ETag" not in response


def test_a_phone_that_joins_after_the_reveal_has_its_line_in_the_standing(room):
    session, screen, phones = room
    _control(screen, session, "next")
    _control(screen, session, "reveal")
    assert _poll(*phones["Ana"]).status_code == 200  # the standing is read, and kept
    cat = student_client(MembershipFactory(classroom=session.classroom, display_name="Cat"))
    joined = cat.post(reverse("live:join"), {"session": session.public_id})
    seen = _poll(cat, f"{joined['Location']}now/").content.decode()
    assert "You have <strong>0</strong> points, joint 1st in the room" in seen  # Ana, Ben: 0


ANA, BEN, CAT = (
    selectors.Standing(rank=1, name="Ana", points=300, right=3),
    selectors.Standing(rank=2, name="Ben", points=100, right=1),
    selectors.Standing(rank=3, name="Cat", points=0, right=0),
)


@pytest.mark.parametrize(
    ("standings", "rank", "tied"),
    [
        ((ANA, BEN, CAT), 3, True),  # with Cat, who has no points either: joint 3rd
        ((ANA, BEN), 3, False),
        ((), 1, False),
        ((selectors.Standing(rank=1, name="Ana", points=0, right=0),), 1, True),
    ],
)
def test_a_newcomer_shares_the_rank_of_those_with_no_points(standings, rank, tied):
    newcomer = Player(name="Dan")
    assert selectors.standing_of(standings, newcomer) == selectors.Standing(
        rank=rank, name="Dan", points=0, right=0, tied=tied
    )
    assert selectors.standing_of((ANA, BEN, CAT), Player(name="Ben")) is BEN
