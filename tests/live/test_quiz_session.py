"""A live quiz, through the pages: the teacher's screen and three phones.

Named users: Ms Hart teaches the class and runs the session; Ana, Ben and Cat are her
students on their phones (Ben's phone drops out mid-question and comes back); Mr Vane is
another teacher, who may see nothing of it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from live import services
from live.models import LiveQuestion, LiveSession, Player, PlayerAnswer
from scoring import MISTAKES, PlayedDeal
from teaching import forms as teaching_forms
from teaching.models import Attempt
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory, student_client

pytestmark = pytest.mark.django_db

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


@pytest.fixture
def room():
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    students = {
        name: MembershipFactory(classroom=classroom, display_name=name)
        for name in ("Ana", "Ben", "Cat")
    }
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
    screen = Client()
    screen.force_login(teacher)
    return session, screen, students


def _join(client, session) -> str:
    """Join from the class page's list; the phone's address."""
    response = client.post(reverse("live:join"), {"session": session.public_id})
    assert response.status_code == 302, response.content[:500]
    return response["Location"]


def _control(screen, session, action):
    response = screen.post(reverse("live:control", args=[session.public_id, action]))
    assert response.status_code == 302
    session.refresh_from_db()


def _answer(client, phone_url, position, value, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"{phone_url}answer/{position}/", {"answer": str(value)}, **headers)


def test_a_whole_quiz_with_three_phones_one_dropping_out_and_coming_back(room):
    session, screen, students = room
    phones = {name: student_client(m) for name, m in students.items()}
    urls = {name: _join(client, session) for name, client in phones.items()}
    lobby = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "<strong data-players>3</strong> in the room" in lobby

    _control(screen, session, "next")  # question 1: 4♥ doubled, made
    assert _answer(phones["Ana"], urls["Ana"], 0, 590).status_code == 302
    assert _answer(phones["Cat"], urls["Cat"], 0, 290).status_code == 302  # no game bonus
    # Ben's phone loses its connection here; it comes back with the same cookie and
    # finds the question still open, answers, and keeps the one identity.
    back = phones["Ben"].get(urls["Ben"])
    assert 'name="answer"' in back.content.decode()
    assert _answer(phones["Ben"], urls["Ben"], 0, 540).status_code == 302  # insult forgotten
    assert Player.objects.filter(session=session).count() == 3

    board = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert 'data-answered="3"' in board
    assert 'data-bar="insult_forgotten"' in board
    assert 'data-bar="game_bonus_forgotten"' in board
    assert "590" not in board  # the answer is not on the projector before the reveal

    _control(screen, session, "reveal")
    shown = phones["Ben"].get(urls["Ben"]).content.decode()
    assert 'data-verdict="wrong"' in shown and "590" in shown
    assert 'data-verdict="right"' in phones["Ana"].get(urls["Ana"]).content.decode()

    _control(screen, session, "next")  # question 2: Ben drops out and misses it
    assert _answer(phones["Ana"], urls["Ana"], 1, 630).status_code == 302
    assert _answer(phones["Cat"], urls["Cat"], 1, 630).status_code == 302
    _control(screen, session, "reveal")
    missed = phones["Ben"].get(urls["Ben"]).content.decode()  # back after the reveal
    assert 'data-verdict="none"' in missed and "630" in missed

    _control(screen, session, "next")  # question 3
    for name in ("Ana", "Ben", "Cat"):
        assert _answer(phones[name], urls[name], 2, 110).status_code == 302
    _control(screen, session, "reveal")
    _control(screen, session, "next")  # after the last: the final standing
    assert session.phase == LiveSession.Phase.FINISHED
    assert session.code is None

    final = phones["Ben"].get(urls["Ben"]).content.decode()
    assert "The live class has ended" in final
    points = {
        p.name: sum(a.points for a in p.answers.all())
        for p in Player.objects.filter(session=session)
    }
    assert points == {"Ana": 300, "Cat": 200, "Ben": 100}
    assert 'data-mine-points="100"' in final


def test_an_answer_after_the_reveal_is_refused_and_not_counted(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    _control(screen, session, "next")
    _control(screen, session, "reveal")
    late = _answer(phone, url, 0, 590)
    assert late.status_code == 409
    assert services.NOT_ASKING in late.content.decode()
    assert not PlayerAnswer.objects.exists()
    via_htmx = _answer(phone, url, 0, 590, htmx=True)
    assert via_htmx.status_code == 200 and services.NOT_ASKING in via_htmx.content.decode()
    assert not PlayerAnswer.objects.exists()


def test_an_answer_sent_twice_counts_once(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    _control(screen, session, "next")
    assert _answer(phone, url, 0, 590).status_code == 302
    assert _answer(phone, url, 0, 290).status_code == 302  # a resend: the first stands
    answers = PlayerAnswer.objects.all()
    assert [(a.correct, a.points) for a in answers] == [(True, 100)]


def test_no_answer_in_any_phone_response_before_the_reveal(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    _control(screen, session, "next")
    pages = [
        phone.get(url),
        phone.get(f"{url}now/"),
        phone.get(f"{url}now/", HTTP_HX_REQUEST="true"),
        _answer(phone, url, 0, 12, htmx=True),  # a wrong answer, and the fragment after it
        phone.get(url),
    ]
    for page in pages:
        text = page.content.decode()
        assert "590" not in text
        assert "Not quite" not in text and "Right!" not in text
    assert "Answer received" in pages[-1].content.decode()


def test_a_poll_with_nothing_new_is_answered_304(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    first = phone.get(f"{url}now/", HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    assert first.status_code == 200
    assert phone.get(f"{url}now/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    _control(screen, session, "next")
    moved = phone.get(f"{url}now/", HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200 and 'name="answer"' in moved.content.decode()
    screen_now = reverse("live:screen_now", args=[session.public_id])
    board = screen.get(screen_now)
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=board["ETag"]).status_code == 304
    _answer(phone, url, 0, 590)  # an answer arrives: the teacher's screen has news
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=board["ETag"]).status_code == 200


def test_paused_answers_are_held_and_kept_on_the_phone(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    _control(screen, session, "next")
    _control(screen, session, "pause")
    held = _answer(phone, url, 0, 590, htmx=True)
    text = held.content.decode()
    assert services.PAUSED in text
    assert 'value="590"' in text  # what the phone typed is still there
    assert not PlayerAnswer.objects.exists()
    _control(screen, session, "resume")
    assert _answer(phone, url, 0, 590).status_code == 302
    assert PlayerAnswer.objects.get().correct


def test_skip_leaves_a_question_out_of_the_points_and_again_reasks_the_most_missed(room):
    session, screen, students = room
    ana, ben = student_client(students["Ana"]), student_client(students["Ben"])
    ana_url, ben_url = _join(ana, session), _join(ben, session)
    _control(screen, session, "next")
    _answer(ana, ana_url, 0, 590)
    _answer(ben, ben_url, 0, 540)
    _control(screen, session, "reveal")
    _control(screen, session, "again")  # question 1 once more, now, as question 2
    assert session.position == 1
    again = session.questions.get(position=1)
    assert again.situation == DOUBLED_GAME and again.repeat_of.position == 0
    assert session.questions.count() == 4
    assert session.questions.get(position=2).situation == NOTRUMP_GAME
    _answer(ben, ben_url, 1, 590)
    _control(screen, session, "reveal")
    _control(screen, session, "next")
    _answer(ana, ana_url, 2, 630)
    _control(screen, session, "skip")
    assert session.questions.get(position=2).skipped
    standing = {s.name: s.points for s in services.selectors.standings(session)}
    assert standing == {"Ana": 100, "Ben": 100}


def test_another_teacher_and_other_phones_see_nothing(room):
    session, screen, students = room
    stranger = Client()
    stranger.force_login(UserFactory(username="mr-vane"))
    for name in ("screen", "screen_now"):
        assert stranger.get(reverse(f"live:{name}", args=[session.public_id])).status_code == 404
    response = stranger.post(reverse("live:control", args=[session.public_id, "reveal"]))
    assert response.status_code == 404
    ana = student_client(students["Ana"])
    url = _join(ana, session)
    other_phone = student_client(students["Ben"])
    assert other_phone.get(url).status_code == 404
    assert _answer(other_phone, url, 0, 590).status_code == 404
    assert Client().get(reverse("live:screen", args=[session.public_id])).status_code == 302


def test_a_guest_joins_with_the_session_code_and_a_name(room):
    session, screen, students = room
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


def test_a_student_joins_with_the_class_code_and_is_a_member(room):
    session, screen, students = room
    newcomer = Client()
    code = session.classroom.join_code
    response = newcomer.post(reverse("live:join"), {"code": code, "name": "Finn"})
    assert response.status_code == 302
    player = Player.objects.get(name="Finn")
    assert player.membership.classroom == session.classroom
    assert not Attempt.objects.exists()


def test_the_finished_session_is_a_live_assignment_in_the_class_gradebook(room):
    session, screen, students = room
    phones = {name: student_client(m) for name, m in students.items()}
    urls = {name: _join(client, session) for name, client in phones.items()}
    _control(screen, session, "next")
    _answer(phones["Ana"], urls["Ana"], 0, 590)
    _answer(phones["Ben"], urls["Ben"], 0, 540)
    _control(screen, session, "reveal")
    _control(screen, session, "next")
    _answer(phones["Ana"], urls["Ana"], 1, 630)  # Ben and Cat leave this one blank
    _control(screen, session, "skip")  # question 2 counts for nobody
    _answer(phones["Ben"], urls["Ben"], 2, 110)
    _control(screen, session, "reveal")
    _control(screen, session, "end")

    assignment = session.assignment
    assert assignment.preset == "live" and assignment.title == "Live: Doubled games"
    assert [q["situation"] for q in assignment.fixed_questions] == [DOUBLED_GAME, PART_SCORE]
    counts = {}
    for attempt in Attempt.objects.filter(assignment=assignment):
        items = list(attempt.items.select_related("question__answer"))
        right = sum(
            1 for i in items if getattr(i.question, "answer", None) and i.question.answer.correct
        )
        counts[attempt.membership.display_name] = (
            len(items),
            right,
            attempt.submitted_at is not None,
        )
    assert counts == {"Ana": (2, 1, True), "Ben": (2, 1, True), "Cat": (2, 0, True)}

    book = screen.get(reverse("teachers:gradebook", args=[assignment.public_id]))
    assert book.status_code == 200 and "Asked in a live class" in book.content.decode()
    overview = screen.get(
        reverse("teachers:classroom_overview", args=[session.classroom.public_id])
    )
    assert "Live: Doubled games" in overview.content.decode()
    csv = screen.get(reverse("teachers:gradebook_csv", args=[assignment.public_id]))
    assert csv.status_code == 200 and "Ana" in csv.content.decode("utf-8-sig")
    preview = screen.get(reverse("teachers:preview", args=[assignment.public_id]))
    assert preview.status_code == 200
    sheet = screen.get(reverse("teachers:worksheet", args=[assignment.public_id]))
    assert sheet.status_code == 200


def test_the_sample_rubber_and_the_review_quiz_are_prepared_sequences():
    teacher = UserFactory()
    rubber = services.session_create(teacher=teacher, title="Rubber", sequence="sample_rubber")
    questions = list(rubber.questions.all())
    assert len(questions) == 8  # the sample rubber's eight deals, one question each
    assert [len(q.situation["history"]) for q in questions] == list(range(8))
    quiz = services.session_create(teacher=teacher, title="Quiz", sequence="review_quiz")
    labels = [q.label for q in quiz.questions.all()]
    assert labels[0] == "1a: rubber, deal a" and len(labels) == 18


def test_teams_add_up_their_members_points(room):
    session, screen, students = room
    LiveSession.objects.filter(pk=session.pk).update(teams=True)
    session.refresh_from_db()
    phones = {}
    for name, team in (("Ana", "Table 1"), ("Ben", "Table 1"), ("Cat", "Table 2")):
        phones[name] = student_client(students[name])
        response = phones[name].post(
            reverse("live:join"), {"session": session.public_id, "team": team}
        )
        phones[name].url = response["Location"]
    _control(screen, session, "next")
    for name in ("Ana", "Ben", "Cat"):
        _answer(phones[name], phones[name].url, 0, 590)
    _control(screen, session, "reveal")
    teams = {
        s.name: (s.rank, s.points, s.members) for s in services.selectors.team_standings(session)
    }
    assert teams == {"Table 1": (1, 200, 2), "Table 2": (2, 100, 1)}
    board = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert 'data-standings="teams"' in board


def test_after_the_class_a_summary_and_a_csv_of_the_results(room):
    session, screen, students = room
    ana, ben = student_client(students["Ana"]), student_client(students["Ben"])
    ana_url, ben_url = _join(ana, session), _join(ben, session)
    _control(screen, session, "next")
    _answer(ana, ana_url, 0, 590)
    _answer(ben, ben_url, 0, 540)
    _control(screen, session, "reveal")
    _control(screen, session, "end")
    final = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "data-summaries" in final
    assert f"{escape(MISTAKES['insult_forgotten'].name)} (1)" in final
    csv = screen.get(reverse("live:results_csv", args=[session.public_id]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Place,Name,Team,Points,Right answers,Q1")
    assert lines[1:] == ["1,Ana,,100,1,right", "2,Ben,,0,0,wrong (0)"]


def test_a_session_left_running_overnight_takes_nobody_new(room):
    session, screen, students = room
    LiveSession.objects.filter(pk=session.pk).update(
        created=session.created - services.selectors.STALE_AFTER
    )
    late = Client().post(reverse("live:join"), {"code": session.code, "name": "Dora"})
    assert late.status_code == 422
    assert escape(services.CODE_UNKNOWN) in late.content.decode()


def test_the_start_form_asks_for_something_to_draw_and_keeps_what_was_typed():
    teacher = UserFactory()
    screen = Client()
    screen.force_login(teacher)
    refused = screen.post(
        reverse("live:new"),
        {
            "title": "Tuesday",
            "mode": "quiz",
            "sequence": "drawn",
            "question_count": "5",
            "first_board": "1",
            "board_count": "3",
            "table_count": "2",
        },
    )
    assert refused.status_code == 422
    text = refused.content.decode()
    assert escape(teaching_forms.NOTHING_CHOSEN) in text and 'value="Tuesday"' in text
    assert not LiveSession.objects.exists()
    started = screen.post(
        reverse("live:new"),
        {
            "title": "Tuesday",
            "mode": "quiz",
            "sequence": "drawn",
            "skills": ["undertricks"],
            "question_count": "4",
            "first_board": "1",
            "board_count": "3",
            "table_count": "2",
        },
    )
    assert started.status_code == 302
    session = LiveSession.objects.get()
    assert session.questions.count() == 4 and session.code


def test_an_answer_to_a_question_number_past_any_column_is_a_404(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = _join(phone, session)
    assert _answer(phone, url, 10**20, 590).status_code == 404
    assert _answer(phone, url, 40000, 590).status_code == 404
