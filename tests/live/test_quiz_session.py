"""A live quiz, through the pages: the teacher's screen and three phones.

Named users: Ms Hart teaches the class and runs the session; Ana, Ben and Cat are her
students on their phones (Ben's phone drops out mid-question and comes back); Mr Vane is
another teacher, who may see nothing of it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from assignments import forms
from assignments.models import Attempt
from live import services
from live.models import LiveSession, Player, PlayerAnswer
from quizzes.kinds import kind_for
from scoring import MISTAKES
from tests.factories import UserFactory, student_client
from tests.live.quiz_room import (
    DOUBLED_GAME,
    NOTRUMP_GAME,
    PART_SCORE,
    doubled_games_room,
    join_phone,
    press,
    send_answer,
)
from tests.live.rooms import screen_of, start_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    """Ms Hart's screen, her class's live quiz of three doubled games, and Ana, Ben and Cat."""
    return doubled_games_room()


def test_a_whole_quiz_with_three_phones_one_dropping_out_and_coming_back(room):
    session, screen, students = room
    phones = {name: student_client(m) for name, m in students.items()}
    urls = {name: join_phone(client, session) for name, client in phones.items()}
    lobby = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "<strong data-players>3</strong> in the room" in lobby

    press(screen, session, "next")  # question 1: 4♥ doubled, made
    assert send_answer(phones["Ana"], urls["Ana"], 0, 590).status_code == 302
    assert send_answer(phones["Cat"], urls["Cat"], 0, 290).status_code == 302  # no game bonus
    # Ben's phone loses its connection here; it comes back with the same cookie and
    # finds the question still open, answers, and keeps the one identity.
    back = phones["Ben"].get(urls["Ben"])
    assert 'name="answer"' in back.content.decode()
    assert send_answer(phones["Ben"], urls["Ben"], 0, 540).status_code == 302  # insult forgotten
    assert Player.objects.filter(session=session).count() == 3

    board = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert 'data-answered="3"' in board
    assert 'data-bar="insult_forgotten"' in board
    assert 'data-bar="game_bonus_forgotten"' in board
    assert "590" not in board  # the answer is not on the projector before the reveal

    press(screen, session, "reveal")
    shown = phones["Ben"].get(urls["Ben"]).content.decode()
    assert 'data-verdict="wrong"' in shown and "590" in shown
    assert 'data-verdict="right"' in phones["Ana"].get(urls["Ana"]).content.decode()

    press(screen, session, "next")  # question 2: Ben drops out and misses it
    assert send_answer(phones["Ana"], urls["Ana"], 1, 630).status_code == 302
    assert send_answer(phones["Cat"], urls["Cat"], 1, 630).status_code == 302
    press(screen, session, "reveal")
    missed = phones["Ben"].get(urls["Ben"]).content.decode()  # back after the reveal
    assert 'data-verdict="none"' in missed and "630" in missed

    press(screen, session, "next")  # question 3
    for name in ("Ana", "Ben", "Cat"):
        assert send_answer(phones[name], urls[name], 2, 110).status_code == 302
    press(screen, session, "reveal")
    press(screen, session, "next")  # after the last: the final standing
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
    url = join_phone(phone, session)
    press(screen, session, "next")
    press(screen, session, "reveal")
    late = send_answer(phone, url, 0, 590)
    assert late.status_code == 409
    assert services.NOT_ASKING in late.content.decode()
    assert not PlayerAnswer.objects.exists()
    via_htmx = send_answer(phone, url, 0, 590, htmx=True)
    assert via_htmx.status_code == 200 and services.NOT_ASKING in via_htmx.content.decode()
    assert not PlayerAnswer.objects.exists()


def test_an_answer_counts_in_the_students_progress_at_the_reveal_not_before(room):
    from quizzes.models import SkillProgress

    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    press(screen, session, "next")
    assert send_answer(phone, url, 0, 290).status_code == 302  # wrong: 590 is right
    progress = SkillProgress.objects.filter(learner=students["Ana"].learner)
    assert not progress.exists()  # her progress page would tell her it was wrong
    press(screen, session, "reveal")
    assert progress.exists() and all(p.recent for p in progress)


def test_an_answer_to_a_question_not_yet_asked_is_refused_and_shows_nothing_of_it(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    press(screen, session, "next")
    later = phone.post(f"{url}answer/1/", {})
    assert later.status_code == 409
    assert escape(services.NOT_ASKED_YET) in later.content.decode()
    assert "/answer/1/" not in later.content.decode()  # question 1's form is not sent
    assert not PlayerAnswer.objects.exists()


def test_a_team_typed_on_the_class_page_is_cleaned_like_any_other(room):
    session, screen, students = room
    LiveSession.objects.filter(pk=session.pk).update(teams=True)
    phone = student_client(students["Ana"])
    joined = phone.post(
        reverse("live:join"), {"session": session.public_id, "team": "\u202eT1\x00\n=1+1\t"}
    )
    assert joined.status_code == 302
    assert Player.objects.get(name="Ana").team == "T1 =1+1"


def test_an_answer_sent_twice_counts_once(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    press(screen, session, "next")
    assert send_answer(phone, url, 0, 590).status_code == 302
    assert send_answer(phone, url, 0, 290).status_code == 302  # a resend: the first stands
    answers = PlayerAnswer.objects.all()
    assert [(a.correct, a.points) for a in answers] == [(True, 100)]


def test_no_answer_in_any_phone_response_before_the_reveal(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    press(screen, session, "next")
    pages = [
        phone.get(url),
        phone.get(f"{url}now/"),
        phone.get(f"{url}now/", HTTP_HX_REQUEST="true"),
        send_answer(phone, url, 0, 12, htmx=True),  # a wrong answer, and the fragment after it
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
    url = join_phone(phone, session)
    first = phone.get(f"{url}now/", HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    assert first.status_code == 200
    assert phone.get(f"{url}now/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    press(screen, session, "next")
    moved = phone.get(f"{url}now/", HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200 and 'name="answer"' in moved.content.decode()
    screen_now = reverse("live:screen_now", args=[session.public_id])
    board = screen.get(screen_now)
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=board["ETag"]).status_code == 304
    send_answer(phone, url, 0, 590)  # an answer arrives: the teacher's screen has news
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=board["ETag"]).status_code == 200


def test_paused_answers_are_held_and_kept_on_the_phone(room):
    session, screen, students = room
    phone = student_client(students["Ana"])
    url = join_phone(phone, session)
    press(screen, session, "next")
    press(screen, session, "pause")
    held = send_answer(phone, url, 0, 590, htmx=True)
    text = held.content.decode()
    assert "data-paused" in text  # said once: the pause notice, not a refusal beside it
    assert text.count("Your teacher has paused the class") == 1
    without_js = send_answer(phone, url, 0, 590).content.decode()
    assert without_js.count("Your teacher has paused the class") == 1
    assert 'value="590"' in text  # what the phone typed is still there
    assert not PlayerAnswer.objects.exists()
    press(screen, session, "resume")
    assert send_answer(phone, url, 0, 590).status_code == 302
    assert PlayerAnswer.objects.get().correct


def _first_question_answered(room):
    """Ana right (590) and Ben wrong (540) on the first question, its answer not yet shown."""
    session, screen, students = room
    ana, ben = student_client(students["Ana"]), student_client(students["Ben"])
    ana_url, ben_url = join_phone(ana, session), join_phone(ben, session)
    press(screen, session, "next")
    send_answer(ana, ana_url, 0, 590)
    send_answer(ben, ben_url, 0, 540)
    return session, screen, (ana, ana_url), (ben, ben_url)


def _first_question_half_missed(room):
    """Ana right (590) and Ben wrong (540) on the first question, its answer shown."""
    answered = _first_question_answered(room)
    session, screen = answered[:2]
    press(screen, session, "reveal")
    return answered


def _right_of(live_question) -> int:
    return kind_for(live_question.kind).solve(live_question.situation).answer["answer"]


def test_skip_leaves_a_question_out_of_the_points_and_again_reasks_the_most_missed(room):
    session, screen, (ana, ana_url), (ben, ben_url) = _first_question_half_missed(room)
    press(screen, session, "again")  # question 1's kind once more, now, as question 2
    assert session.position == 1
    again = session.questions.get(position=1)
    # A fresh deal of the same kind (issue #29, point 3: the very deal just revealed was
    # asked again, and everyone gained its points by remembering the answer).
    assert again.situation != DOUBLED_GAME and again.repeat_of.position == 0
    assert again.kind == session.questions.get(position=0).kind
    assert session.questions.count() == 4
    assert session.questions.get(position=2).situation == NOTRUMP_GAME
    send_answer(ben, ben_url, 1, _right_of(again))
    press(screen, session, "reveal")
    press(screen, session, "next")
    send_answer(ana, ana_url, 2, 630)
    press(screen, session, "skip")
    assert session.questions.get(position=2).skipped
    standing = {s.name: s.points for s in services.selectors.standings(session)}
    assert standing == {"Ana": 100, "Ben": 100}


def test_the_finished_session_is_a_live_assignment_in_the_class_gradebook(room):
    session, screen, students = room
    phones = {name: student_client(m) for name, m in students.items()}
    urls = {name: join_phone(client, session) for name, client in phones.items()}
    press(screen, session, "next")
    send_answer(phones["Ana"], urls["Ana"], 0, 590)
    send_answer(phones["Ben"], urls["Ben"], 0, 540)
    press(screen, session, "reveal")
    press(screen, session, "next")
    send_answer(phones["Ana"], urls["Ana"], 1, 630)  # Ben and Cat leave this one blank
    press(screen, session, "skip")  # question 2 counts for nobody
    send_answer(phones["Ben"], urls["Ben"], 2, 110)
    press(screen, session, "reveal")
    press(screen, session, "end")

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

    book = screen.get(reverse("reports:gradebook", args=[assignment.public_id]))
    assert book.status_code == 200 and "Asked in a live class" in book.content.decode()
    overview = screen.get(reverse("reports:classroom_overview", args=[session.classroom.public_id]))
    assert "Live: Doubled games" in overview.content.decode()
    csv = screen.get(reverse("reports:gradebook_csv", args=[assignment.public_id]))
    assert csv.status_code == 200 and "Ana" in csv.content.decode("utf-8-sig")
    preview = screen.get(reverse("assignments:preview", args=[assignment.public_id]))
    assert preview.status_code == 200
    sheet = screen.get(reverse("reports:worksheet", args=[assignment.public_id]))
    assert sheet.status_code == 200


def test_the_sample_rubber_and_the_review_quiz_are_prepared_sequences():
    teacher = UserFactory()
    rubber = services.session_create(teacher=teacher, title="Rubber", sequence="sample_rubber")
    questions = list(rubber.questions.all())
    assert len(questions) == 8  # the sample rubber's eight deals, one question each
    assert [len(q.situation["history"]) for q in questions] == list(range(8))
    quiz = services.session_create(teacher=teacher, title="Quiz", sequence="review_quiz")
    labels = [q.label for q in quiz.questions.all()]
    assert labels[0] == "rubber, deal a" and len(labels) == 18  # numbered once, by the screen


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
    press(screen, session, "next")
    for name in ("Ana", "Ben", "Cat"):
        send_answer(phones[name], phones[name].url, 0, 590)
    press(screen, session, "reveal")
    teams = {
        s.name: (s.rank, s.points, s.members) for s in services.selectors.team_standings(session)
    }
    assert teams == {"Table 1": (1, 200, 2), "Table 2": (2, 100, 1)}
    board = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert 'data-standings="teams"' in board


def test_after_the_class_a_summary_and_a_csv_of_the_results(room):
    session, screen, (ana, ana_url), (ben, ben_url) = _first_question_half_missed(room)
    press(screen, session, "end")
    final = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "data-summaries" in final
    assert f"{escape(MISTAKES['insult_forgotten'].name)} (1)" in final
    csv = screen.get(reverse("live:results_csv", args=[session.public_id]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Place,Name,Team,Points,Right answers,Q1")
    assert lines[0].endswith(",Q1 answer")
    # Issue #29, point 8: "wrong", not "wrong (0)", and the answer each phone gave.
    assert lines[1:] == ["1,Ana,,100,1,right,590", "2,Ben,,0,0,wrong,540"]


def test_the_start_form_asks_for_something_to_draw_and_keeps_what_was_typed():
    screen = screen_of(UserFactory())
    refused = start_form(screen)
    assert refused.status_code == 422
    text = refused.content.decode()
    assert escape(forms.NOTHING_CHOSEN) in text and 'value="Tuesday"' in text
    assert not LiveSession.objects.exists()
    started = start_form(screen, skills=["undertricks"], question_count="4")
    assert started.status_code == 302
    session = LiveSession.objects.get()
    assert session.questions.count() == 4 and session.code


def test_a_reasked_question_stays_out_of_the_gradebook_so_skipping_it_costs_nothing(room):
    session, screen, (ana, ana_url), (ben, ben_url) = _first_question_half_missed(room)
    press(screen, session, "again")  # Ana, right the first time, leaves the re-ask blank
    send_answer(ben, ben_url, 1, _right_of(session.questions.get(position=1)))
    press(screen, session, "reveal")
    standing = {s.name: s.points for s in services.selectors.standings(session)}
    assert standing == {"Ana": 100, "Ben": 100}  # the re-ask counts on the screen
    press(screen, session, "next")
    send_answer(ana, ana_url, 2, 630)
    press(screen, session, "reveal")
    press(screen, session, "end")

    assignment = session.assignment
    assert [q["situation"] for q in assignment.fixed_questions] == [DOUBLED_GAME, NOTRUMP_GAME]
    scores = {}
    for attempt in Attempt.objects.filter(assignment=assignment):
        items = list(attempt.items.select_related("question__answer"))
        right = sum(
            1 for i in items if getattr(i.question, "answer", None) and i.question.answer.correct
        )
        scores[attempt.membership.display_name] = (right, len(items))
    assert scores == {"Ana": (2, 2), "Ben": (0, 2)}


def test_end_and_skip_ask_first_and_one_click_on_the_screen_changes_nothing(room):
    session, screen = _first_question_answered(room)[:2]  # two answers in
    board = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    skip_url = reverse("live:control", args=[session.public_id, "skip"])
    end_url = reverse("live:control", args=[session.public_id, "end"])
    # The screen's buttons open the question (a GET form: no JavaScript needed), not the act.
    assert f'<form method="get" action="{skip_url}">' in board
    assert f'<form method="get" action="{end_url}" class="live-end">' in board

    asked = screen.get(skip_url).content.decode()
    assert "Skip this question?" in asked
    assert "The 2 answers already given will be dropped" in asked
    assert 'name="confirmed"' in asked and "Back to the screen" in asked
    # A POST that did not come from that page (an old form, a double click) only asks.
    for url in (skip_url, end_url):
        assert screen.post(url).status_code == 302
        assert screen.post(url, HTTP_HX_REQUEST="true").status_code == 302
    session.refresh_from_db()
    assert session.phase == LiveSession.Phase.ASKING and session.position == 0
    assert not session.questions.get(position=0).skipped

    asked = screen.get(end_url).content.decode()
    assert "End the live class?" in asked
    assert "Results go to the gradebook; nobody can answer after." in asked
    press(screen, session, "skip")
    assert session.questions.get(position=0).skipped
    press(screen, session, "end")
    assert session.is_finished
    # Nothing left to confirm: back to the screen.
    assert screen.get(end_url)["Location"] == reverse("live:screen", args=[session.public_id])


def _progress(html: str) -> str:
    """The screen's line above the question, and the question's heading."""
    start = html.index('<p class="live-progress">')
    return html[start : html.index("</h2>", start)]


def test_the_screen_reads_well_after_the_reveal_and_for_a_reasked_question(room):
    session, screen, students = room
    ana, ben = student_client(students["Ana"]), student_client(students["Ben"])
    join_phone(student_client(students["Cat"]), session)
    ana_url, ben_url = join_phone(ana, session), join_phone(ben, session)
    screen_url = reverse("live:screen", args=[session.public_id])
    press(screen, session, "next")
    send_answer(ana, ana_url, 0, 590)
    asking = screen.get(screen_url).content.decode()
    assert "<strong>1</strong> of 3 answered, 2 still working." in asking
    send_answer(ben, ben_url, 0, 540)
    press(screen, session, "reveal")
    shown = screen.get(screen_url).content.decode()
    assert "<strong>2</strong> of 3 answered; 1 did not." in shown
    assert "still working" not in shown

    first = _progress(shown)
    title = kind_for(session.questions.get(position=0).kind).title
    press(screen, session, "again")
    again = _progress(screen.get(screen_url).content.decode())
    assert "Question 2 of 4 · <span data-asked-again>asked again</span>" in again
    assert "Again:" not in again
    assert again.count(escape(title)) == first.count(escape(title)) == 1


def test_a_drawn_live_quiz_never_asks_one_question_twice(monkeypatch):
    # Secret 23 draws one undertricks question twice in six without the rule (test_draws).
    # Django keeps a field's default function once it has been asked for (_get_default).
    field = LiveSession._meta.get_field("secret_seed")
    monkeypatch.setattr(field, "_get_default", lambda: 23)
    session = services.session_create(
        teacher=UserFactory(), title="Undertricks", kinds=["undertricks"], question_count=10
    )
    assert session.secret_seed == 23
    asked = [(q.kind, repr(sorted(q.situation.items()))) for q in session.questions.all()]
    assert len(asked) == 10 and len(set(asked)) == len(asked)
