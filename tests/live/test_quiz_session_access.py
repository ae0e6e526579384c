"""Who gets into a live quiz and who does not: another teacher, other phones, guests with
the session's code, students with the class code, a deleted, archived or overnight class;
and the list of live classes.

Named users: Ms Hart teaches the class and runs the session; Ana, Ben and Cat are her
students; Mr Vane is another teacher, who may see nothing of it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from assignments.models import Attempt
from live import services
from live.models import LiveSession, Player
from tests.factories import ClassroomFactory, UserFactory, student_client
from tests.live.quiz_room import (
    doubled_games_room,
    join_phone,
    send_answer,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    """Ms Hart's screen, her class's live quiz of three doubled games, and Ana, Ben and Cat."""
    return doubled_games_room()


def test_another_teacher_and_other_phones_see_nothing(room):
    session, screen, students = room
    stranger = Client()
    stranger.force_login(UserFactory(username="mr-vane"))
    for name in ("screen", "screen_now"):
        assert stranger.get(reverse(f"live:{name}", args=[session.public_id])).status_code == 404
    response = stranger.post(reverse("live:control", args=[session.public_id, "reveal"]))
    assert response.status_code == 404
    ana = student_client(students["Ana"])
    url = join_phone(ana, session)
    other_phone = student_client(students["Ben"])
    assert other_phone.get(url).status_code == 404
    assert send_answer(other_phone, url, 0, 590).status_code == 404
    assert Client().get(reverse("live:screen", args=[session.public_id])).status_code == 302


def test_a_guest_joins_a_session_without_a_class_with_its_code_and_a_name():
    session = services.session_create(
        teacher=UserFactory(), title="Club night", kinds=["duplicate_deal"], question_count=2
    )
    guest = Client()
    response = guest.post(reverse("live:join"), {"code": session.code.lower(), "name": "Dora"})
    assert response.status_code == 302
    player = Player.objects.get(name="Dora")
    assert player.membership is None
    again = Client().post(reverse("live:join"), {"code": session.code, "name": "dora"})
    assert again.status_code == 422
    assert services.NAME_TAKEN in again.content.decode()
    wrong = Client().post(reverse("live:join"), {"code": "ZZZZZZ", "name": "Eve"})
    assert wrong.status_code == 422 and escape(services.CODE_UNKNOWN) in wrong.content.decode()


def test_a_classs_session_code_lets_in_its_students_only_each_under_the_class_name(room):
    session, screen, students = room
    stranger = Client().post(reverse("live:join"), {"code": session.code, "name": "Outsider"})
    assert stranger.status_code == 422
    assert escape(services.NOT_IN_CLASS) in stranger.content.decode()
    assert not Player.objects.filter(name="Outsider").exists()
    # Ana types the code on the screen instead of choosing the class: she is still Ana of
    # the class, and her answers will go in its gradebook.
    ana = student_client(students["Ana"])
    joined = ana.post(reverse("live:join"), {"code": session.code, "name": "Annie"})
    assert joined.status_code == 302
    player = Player.objects.get(session=session, learner=students["Ana"].learner)
    assert (player.name, player.membership) == ("Ana", students["Ana"])


def test_nobody_new_joins_the_live_class_of_a_deleted_or_archived_class(room):
    session, screen, students = room
    ana = student_client(students["Ana"])
    assert ana.post(reverse("live:join"), {"session": session.public_id}).status_code == 302
    classroom = session.classroom
    for closing in ("archived_at", "deleted_at"):
        ClassroomFactory._meta.model.all_objects.filter(pk=classroom.pk).update(
            **{closing: timezone.now()}
        )
        ben = student_client(students["Ben"])
        listed = ben.get(reverse("live:join")).content.decode()
        assert session.public_id not in listed
        typed = ben.post(reverse("live:join"), {"code": session.code, "name": "Ben"})
        assert typed.status_code == 422
        assert escape(services.CLASS_CLOSED) in typed.content.decode()
        ClassroomFactory._meta.model.all_objects.filter(pk=classroom.pk).update(**{closing: None})
    assert not Player.objects.filter(name="Ben").exists()


def test_a_student_joins_with_the_class_code_and_is_a_member(room):
    session, screen, students = room
    newcomer = Client()
    code = session.classroom.join_code
    response = newcomer.post(reverse("live:join"), {"code": code, "name": "Finn"})
    assert response.status_code == 302
    player = Player.objects.get(name="Finn")
    assert player.membership.classroom == session.classroom
    assert not Attempt.objects.exists()


def test_a_session_left_running_overnight_takes_nobody_new(room):
    session, screen, students = room
    LiveSession.objects.filter(pk=session.pk).update(
        created=session.created - services.selectors.STALE_AFTER
    )
    late = Client().post(reverse("live:join"), {"code": session.code, "name": "Dora"})
    assert late.status_code == 422
    assert escape(services.CODE_UNKNOWN) in late.content.decode()


def test_an_archived_class_offers_no_live_class(room):
    session, screen, students = room
    classroom = session.classroom
    ClassroomFactory._meta.model.all_objects.filter(pk=classroom.pk).update(
        archived_at=timezone.now()
    )
    page = screen.get(reverse("classes:classroom", args=[classroom.public_id])).content.decode()
    assert "Start a live class" not in page
    start = screen.get(reverse("live:new"), {"class": classroom.public_id}).content.decode()
    assert f'value="{classroom.public_id}"' not in start
    refused = screen.post(
        reverse("live:new"),
        {"title": "After the end", "classroom": classroom.public_id, "mode": "quiz"},
    )
    assert refused.status_code == 422
    assert LiveSession.objects.filter(classroom=classroom).count() == 1  # the room's own


def test_the_list_of_live_classes_names_each_kind_in_a_word(room):
    session, screen, _ = room
    services.session_create(
        teacher=session.teacher, title="Three boards", mode=LiveSession.Mode.TABLES
    )
    html = screen.get(reverse("live:index")).content.decode()
    kinds = [cell.split("</td>", 1)[0] for cell in html.split("<td data-kind>")[1:]]
    assert sorted(kinds) == ["At tables", "Quiz"]
    assert "…" not in html


def test_an_answer_to_a_question_number_past_any_column_is_a_404(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    assert send_answer(phone, url, 10**20, 590).status_code == 404
    assert send_answer(phone, url, 40000, 590).status_code == 404
