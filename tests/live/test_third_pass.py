"""A teacher's third walk through the live class (issue #29): asking again, the summary's
numbers, the commonest mistakes, the records and the list of sessions.

Ms Hart runs the quizzes; the phones P0, P1, ... join with the session code.
"""

import re
from datetime import timedelta

import pytest
import segno
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classes.models import Membership
from live import selectors, services
from live.models import LiveQuestion, LiveSession, Player, PlayerAnswer
from live.qr import qr_drawing
from quizzes import services as practice
from quizzes.kinds import kind_for
from scoring import MISTAKES
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory, student_client
from tests.live.quiz_room import PART_SCORE, press, send_answer

pytestmark = pytest.mark.django_db


def _room(phones: int, questions: int = 1, answers=(60, 110)):
    """A session of `questions` part-scores; the phones answer the first in turn from
    `answers` (60 forgets the part-score bonus of 50: 2♠ made is 60 + 50 = 110)."""
    teacher = UserFactory(username="ms-hart")
    session = services.session_create(
        teacher=teacher, title="Club night", kinds=["duplicate_deal"], question_count=questions
    )
    LiveQuestion.objects.filter(session=session).update(situation=PART_SCORE)
    screen = Client()
    screen.force_login(teacher)
    press(screen, session, "next")
    urls = []
    for number in range(phones):
        phone = Client()
        joined = phone.post(reverse("live:join"), {"code": session.code, "name": f"P{number}"})
        urls.append((phone, joined["Location"]))
        send_answer(phone, joined["Location"], 0, answers[number % len(answers)])
    return session, screen, urls


def test_ask_again_draws_a_fresh_deal_of_the_kind_on_which_the_slip_can_be_made_again():
    session, screen, _ = _room(3, answers=(60,))
    missed = session.questions.get(position=0)
    slip = selectors.commonest_slip(missed)
    assert slip in MISTAKES
    press(screen, session, "reveal")
    press(screen, session, "again")
    again = session.questions.get(position=1)
    assert again.repeat_of == missed
    assert again.situation != PART_SCORE  # not the deal whose answer the room has just seen
    assert again.kind == missed.kind
    kind = kind_for(again.kind)
    assert slip in {m.key for m in kind.applicable_mistakes(again.situation)}
    assert set(kind.skills(PART_SCORE)) <= set(kind.skills(again.situation))


def test_the_summary_numbers_the_questions_as_the_screen_did_after_a_skip():
    session, screen, urls = _room(2, questions=3)
    press(screen, session, "skip")  # question 1 skipped: question 2 is asked
    assert session.position == 1
    asking = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "Question 2 of 3" in asking
    press(screen, session, "reveal")
    press(screen, session, "end")
    assert [s.number for s in selectors.summaries(session)] == [2]
    final = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert '<tr><td class="num">2</td>' in final


def test_one_wrong_answer_that_fits_two_slips_counts_once_in_the_commonest_mistakes():
    session, screen, _ = _room(3, answers=(60, 60, 110))
    first, second = MISTAKES["part_score_bonus_on_game"], MISTAKES["insult_forgotten"]
    wrong = PlayerAnswer.objects.filter(correct=False).order_by("pk")
    # One answer each of two slips could explain; the other the bonus alone.
    PlayerAnswer.objects.filter(pk=wrong[0].pk).update(mistakes=[first.key, second.key])
    PlayerAnswer.objects.filter(pk=wrong[1].pk).update(mistakes=[first.key])
    counted = selectors.tally(session.questions.get(position=0), 3)
    assert sum(bar.count for bar in counted.bars) == counted.answered == 3
    labels = {bar.label: bar.count for bar in counted.bars}
    assert labels[first.name] == 1
    (shared,) = [label for label in labels if label.startswith("One of these slips: ")]
    assert labels[shared] == 1
    assert "you added the 50 part-score bonus on top of a game" in shared
    assert "you forgot the bonus for making a doubled or redoubled contract" in shared


def test_the_list_of_live_classes_is_newest_first_a_page_at_a_time():
    teacher = UserFactory(username="ms-hart")
    for number in range(1, 56):  # more than a page
        services.session_create(
            teacher=teacher,
            title=f"Session {number:02}",
            kinds=["duplicate_deal"],
            question_count=1,
        )
    screen = Client()
    screen.force_login(teacher)
    first = screen.get(reverse("live:index")).content.decode()
    titles = [part.split("<", 1)[0] for part in first.split('">Session ')[1:]]
    assert titles[:3] == ["55", "54", "53"]
    assert len(titles) == selectors.SESSIONS_PER_PAGE
    assert 'href="?page=2"' in first
    seen = list(titles)
    for page in (2, 3):
        html = screen.get(reverse("live:index"), {"page": page}).content.decode()
        seen += [part.split("<", 1)[0] for part in html.split('">Session ')[1:]]
    assert seen == [f"{number:02}" for number in range(55, 0, -1)]  # every one, once
    assert screen.get(reverse("live:index"), {"page": "x"}).status_code == 200
    assert screen.get(reverse("live:index"), {"page": 99}).status_code == 200


def _class_room():
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    session = services.session_create(
        teacher=teacher, title="Doubled games", classroom=classroom, kinds=["duplicate_deal"]
    )
    screen = Client()
    screen.force_login(teacher)
    return session, screen, ana


def test_a_class_sessions_projector_shows_the_class_code_and_a_qr_code_of_the_join_address():
    session, screen, _ = _class_room()
    classroom = session.classroom
    html = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert f"data-code>{classroom.join_code_display}<" in html
    assert f"data-code>{session.code}<" not in html  # the code that turned newcomers away
    address = f"http://testserver/live/join/?code={classroom.join_code}"
    assert f'data-qr="{address}"' in html
    drawing = qr_drawing(address)
    assert f'd="{drawing.path}"' in html and "<svg" in html
    # What the camera reads is the address: segno decodes nothing, so check the modules
    # segno made for it are the ones drawn (one run of dark modules per "M...z").
    matrix = segno.make(address, error="m", micro=False).matrix
    dark = sum(sum(1 for cell in row if cell) for row in matrix)
    widths = [int(run.split("h")[1].split("v")[0]) for run in drawing.path.split("z") if run]
    assert sum(widths) == dark
    # No class: the session's own code, as before.
    alone = services.session_create(teacher=session.teacher, title="Club", kinds=["duplicate_deal"])
    html = screen.get(reverse("live:screen", args=[alone.public_id])).content.decode()
    assert f"data-code>{alone.code}<" in html


def test_a_newcomer_who_joins_with_the_class_code_gets_a_personal_link_once():
    session, screen, _ = _class_room()
    finn = Client()
    joined = finn.post(
        reverse("live:join"), {"code": session.classroom.join_code_display, "name": "Finn"}
    )
    assert joined.status_code == 302
    first = finn.get(joined["Location"])
    html = first.content.decode()
    link = html.split("data-personal-link>", 1)[1].split("<", 1)[0]
    assert link.startswith("http://testserver/join/back/")
    assert "no-store" in first["Cache-Control"]
    assert "data-personal-link" not in finn.get(joined["Location"]).content.decode()
    # The link works: another browser opening it is Finn of the class.
    other = Client()
    other.get(link.removeprefix("http://testserver"))
    player = Player.objects.get(session=session, name="Finn")
    assert other.session[practice.SESSION_KEY] == player.learner_id
    assert player.membership == Membership.objects.get(display_name="Finn")


def test_a_member_who_types_the_class_code_gets_no_new_link():
    session, screen, ana = _class_room()
    phone = student_client(ana)
    joined = phone.post(reverse("live:join"), {"code": session.classroom.join_code, "name": "Ana"})
    assert joined.status_code == 302
    assert "data-personal-link" not in phone.get(joined["Location"]).content.decode()


def test_the_gradebook_record_starts_when_the_class_did_not_when_it_ended():
    # Issue #29, point 8: the record said everyone "Started" at the finish, for 1 minute.
    session, screen, ana = _class_room()
    phone = student_client(ana)
    joined = phone.post(reverse("live:join"), {"session": session.public_id})
    start = timezone.now() - timedelta(minutes=30)
    Player.objects.filter(session=session).update(joined=start - timedelta(minutes=2))
    services.session_next(session=session, now=start)
    send_answer(phone, joined["Location"], 0, 100)
    services.session_finish(session=session, now=start + timedelta(minutes=25))
    attempt = session.assignment.attempts.get()
    assert attempt.started == start  # in the room before it: started with the first question
    assert attempt.submitted_at - attempt.started == timedelta(minutes=25)


def test_a_tie_is_a_joint_place_on_the_screen_and_the_phone():
    session, screen, urls = _room(3, answers=(60, 60, 110))
    press(screen, session, "reveal")
    places = {s.name: s.place for s in selectors.standings(session)}
    assert places == {"P2": "1st", "P0": "joint 2nd", "P1": "joint 2nd"}
    phone, url = urls[0]
    assert "joint 2nd in the room" in phone.get(url).content.decode()


def test_the_review_quiz_is_numbered_once_on_the_screen():
    teacher = UserFactory(username="ms-hart")
    session = services.session_create(
        teacher=teacher, title="Review", sequence=LiveSession.Sequence.REVIEW_QUIZ
    )
    screen = Client()
    screen.force_login(teacher)
    press(screen, session, "next")
    html = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    progress = html.split('class="live-progress">', 1)[1].split("</p>", 1)[0]
    assert progress.startswith("Question 1 of ")
    assert not re.search(r": \d+[a-z]?: ", progress), progress  # not "Question 1 of 9: 1a: ..."


def test_an_answer_resent_by_a_phone_back_online_counts_once():
    # What static/js/keep-offline.js sends when the connection returns: the form's own fields, as
    # htmx sends them; sent twice (its own retry and a tap), the first stands.
    session, screen, urls = _room(0)
    phone = Client()
    joined = phone.post(reverse("live:join"), {"code": session.code, "name": "Ana"})
    for _ in range(2):
        sent = send_answer(phone, joined["Location"], 0, 110, htmx=True)
        assert sent.status_code == 200 and "data-received" in sent.content.decode()
    answers = PlayerAnswer.objects.filter(player__name="Ana")
    assert answers.count() == 1 and answers.get().correct
