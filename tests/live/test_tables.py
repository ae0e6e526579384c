"""A live class at tables, through the pages: each table's scorer enters its boards on a
phone, and the teacher's screen shows each board's traveller filling up.

Named users: Ms Hart teaches the class and runs the session; Ana and Ben both score for
table 1 (two phones, one table), Cat for table 2; Mr Vane is another teacher, who may see
nothing of it; Dora plays in another live class, and her phone may see nothing of this one.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from live import services, tables
from live.models import LiveSession, Player, TableResult
from scorepad.forms import TRICKS_INVALID
from scorepad.traveller_forms import (
    ROW_CONTRACT_REQUIRED,
    ROW_DECLARER_REQUIRED,
    ROW_PASSED_WITH_RESULT,
    ROW_TRICKS_REQUIRED,
)
from tests.factories import UserFactory, student_client
from tests.live.rooms import at_tables, hart_class, screen_of, start_form

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
CONFIRMED = {"confirmed": "1"}  # sent from the page that asks "End the live class?"

# The boards of the session and what each table played (rules §duplicate: a board's number
# gives its dealer and vulnerability; matchpoints and Butler IMPs as the engine compares).
#   Board 1, dealer N, neither vulnerable: 4♠ by N made (+420), and with an overtrick (+450):
#     table 2 has the top; the datum 440 (the mean 435, to the nearest 10): -1 and 0 IMPs.
#   Board 2, dealer E, N-S vulnerable: 3NT by S made (+600); passed out at table 2 (0):
#     datum 300, so +7 and -7 IMPs.
#   Board 3, dealer S, E-W vulnerable: 2♥ doubled by E one down (N-S +200); 4♥ doubled by W
#     made (E-W +790, N-S -790): datum -300, so +11 and -10 IMPs.
PLAYED = {
    (1, 1): {"declarer_1": "N", "contract_1": "4S", "tricks_1": "10"},
    (1, 2): {"declarer_1": "N", "contract_1": "4s", "tricks_1": "11"},
    (2, 1): {"declarer_1": "S", "contract_1": "3NT", "tricks_1": "9"},
    (2, 2): {"passed_1": "on"},
    (3, 1): {"declarer_1": "E", "contract_1": "2HX", "tricks_1": "7"},
    (3, 2): {"declarer_1": "W", "contract_1": "4HX", "tricks_1": "10"},
}


@pytest.fixture
def room():
    teacher, classroom, students = hart_class("Ana", "Ben", "Cat")
    session = at_tables(
        teacher, classroom, "Three boards", first_board=1, board_count=3, table_count=2
    )
    return session, screen_of(teacher), students


def _join(client, session) -> str:
    """Join from the class page's list; the phone's address."""
    response = client.post(reverse("live:join"), {"session": session.public_id})
    assert response.status_code == 302, response.content[:500]
    return response["Location"]


def _player_id(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def _scorer(students, name, session, table):
    """A student's phone, joined and scoring for `table`; (client, player public id)."""
    client = student_client(students[name])
    player_id = _player_id(_join(client, session))
    chosen = client.post(reverse("live:table_choose", args=[player_id]), {"table": str(table)})
    assert chosen.status_code == 302, chosen.content[:500]
    return client, player_id


def _enter(client, player_id, board, data, htmx=False):
    url = reverse("live:table_result", args=[player_id, board])
    return client.post(url, data, **(HX if htmx else {}))


def _row(html: str, board: int, table: int) -> str:
    """One table's row of a board's traveller on a page."""
    section = html.split(f'data-traveller="{board}"', 1)[1].split("</section>", 1)[0]
    return section.split(f'data-table-row="{table}"', 1)[1].split("</tr>", 1)[0]


def test_two_tables_play_three_boards_and_the_screen_shows_each_traveller(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    cat, cat_id = _scorer(students, "Cat", session, 2)
    screen_url = reverse("live:screen", args=[session.public_id])
    lobby = screen.get(screen_url).content.decode()
    assert 'data-scorers="1"><strong>Table 1:</strong> Ana' in lobby
    assert 'Results in: <span data-entered="0">0</span> of 6' in lobby

    for (board, table), data in PLAYED.items():
        client, player_id = (ana, ana_id) if table == 1 else (cat, cat_id)
        response = _enter(client, player_id, board, data)
        assert response.status_code == 302, response.content[:800]
    assert TableResult.objects.filter(session=session).count() == 6

    shown = screen.get(screen_url).content.decode()
    assert 'data-entered="6"' in shown
    assert 'data-cell="2-2" class="is-in"' in shown
    board_one = _row(shown, 1, 1)
    assert 'data-ns-score="420"' in board_one
    assert 'data-matchpoints="ns" title="+420 beats none of the 1 other score' in board_one
    assert ">−1</td>" in board_one  # Butler IMPs against the datum of 440 (a minus sign)
    assert 'data-datum="440"' in shown
    assert 'data-ns-score="0"' in _row(shown, 2, 2) and "Passed out" in _row(shown, 2, 2)
    assert 'data-ns-score="-790"' in _row(shown, 3, 2)
    assert ">+11</td>" in _row(shown, 3, 1)
    assert "Table 2: 4♥X by W, 10 tricks, vulnerable: E-W +790, so N-S -790." in shown

    large = screen.get(reverse("live:board_screen", args=[session.public_id, 3]))
    assert large.status_code == 200
    assert 'data-datum="-300"' in large.content.decode()

    end = screen.post(reverse("live:control", args=[session.public_id, "end"]), CONFIRMED)
    assert end.status_code == 302
    final = screen.get(screen_url).content.decode()
    assert "The final travellers" in final
    assert all(f'data-traveller="{board}"' in final for board in (1, 2, 3))
    # The pairs kept their seats: N-S at table 1 has the top on boards 2 and 3 (2 of 3).
    north_south = final.split('data-pairs="NS"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r'data-pair="([^"]+)"><td class="num">(\d)</td>', north_south) == [
        ("N-S 1", "1"),
        ("N-S 2", "2"),
    ]
    assert "66.67" in north_south and "33.33" in north_south
    east_west = final.split('data-pairs="EW"', 1)[1].split("</table>", 1)[0]
    assert east_west.index('data-pair="E-W 2"') < east_west.index('data-pair="E-W 1"')
    on_phone = cat.get(reverse("live:phone", args=[cat_id])).content.decode()
    assert "The live class has ended" in on_phone
    assert all(f'data-traveller="{board}"' in on_phone for board in (1, 2, 3))


def test_a_phone_sees_another_tables_result_only_once_its_table_has_entered_the_board(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    cat, cat_id = _scorer(students, "Cat", session, 2)
    _enter(ana, ana_id, 1, PLAYED[1, 1])
    page = cat.get(reverse("live:table_phone", args=[cat_id])).content.decode()
    assert 'data-board="1"' in page  # board 1 is the form Cat's table fills in first
    assert "data-traveller" not in page and "420" not in page
    poll = cat.get(reverse("live:table_phone_now", args=[cat_id]), **HX).content.decode()
    assert "data-traveller" not in poll and "420" not in poll

    _enter(cat, cat_id, 1, PLAYED[1, 2])
    after = cat.get(reverse("live:table_phone", args=[cat_id], query={"saved": 1}))
    text = after.content.decode()
    assert 'data-saved="1"' in text
    assert 'data-traveller="1"' in text and 'data-ns-score="420"' in text
    assert 'data-board="2"' in text  # on to the next board
    assert 'data-traveller="2"' not in text


def test_the_phone_shows_the_boards_vulnerability_and_its_tables_entries(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    page = ana.get(reverse("live:table_phone", args=[ana_id], query={"board": 2})).content
    text = page.decode()
    assert "<strong>North–South vulnerable</strong>; dealer East." in text
    _enter(ana, ana_id, 2, PLAYED[2, 1])
    mine = ana.get(reverse("live:phone", args=[ana_id])).content.decode()
    board_two = mine.split('data-my-board="2"', 1)[1].split("</li>", 1)[0]
    assert "by South, 9 tricks" in board_two
    assert 'data-my-board="1"><a' in mine and "not entered yet" in mine


ENTRY_MISTAKES = [
    # (what the scorer sent, the box the message sits by, the message, a value kept)
    (
        {"declarer_1": "N", "contract_1": "8H", "tricks_1": "10"},
        "contract_1",
        "Level must be 1 to 7, got 8",
        'value="8H"',
    ),
    (
        {"declarer_1": "N", "contract_1": "4Z", "tricks_1": "10"},
        "contract_1",
        "Can't read '4Z' as a contract",
        'value="4Z"',
    ),
    (
        {"declarer_1": "N", "contract_1": "4H", "tricks_1": "14"},
        "tricks_1",
        "13 tricks is the most a side can take, got 14",
        'value="14"',
    ),
    (
        {"declarer_1": "N", "contract_1": "4H", "tricks_1": "ten"},
        "tricks_1",
        TRICKS_INVALID,
        'value="ten"',
    ),
    (
        {"contract_1": "3NT", "tricks_1": "9"},
        "declarer_1",
        ROW_DECLARER_REQUIRED,
        'value="3NT"',
    ),
    (
        {"declarer_1": "S", "contract_1": "3NT"},
        "tricks_1",
        ROW_TRICKS_REQUIRED,
        'value="3NT"',
    ),
    (
        {"declarer_1": "S", "tricks_1": "9"},
        "contract_1",
        ROW_CONTRACT_REQUIRED,
        'value="9"',
    ),
    (
        {"passed_1": "on", "contract_1": "1C"},
        "contract_1",
        ROW_PASSED_WITH_RESULT,
        'value="1C"',
    ),
    ({}, "declarer_1", ROW_DECLARER_REQUIRED, 'name="contract_1"'),
]


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize(("sent", "box", "message", "kept"), ENTRY_MISTAKES)
def test_an_entry_mistake_is_refused_by_its_box_and_nothing_is_saved(
    room, htmx, sent, box, message, kept
):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    response = _enter(ana, ana_id, 2, sent, htmx=htmx)
    assert response.status_code == 422
    text = response.content.decode()
    error = re.search(rf'<p class="field__error" id="id_{box}-error">([^<]*)</p>', text)
    assert error is not None, text
    assert escape(message) in error.group(1)
    assert kept in text
    assert 'data-board="2"' in text  # still on the board being entered
    assert not TableResult.objects.exists()


def test_a_correction_replaces_the_entry_and_the_traveller_shows_who_entered_it(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    ben, ben_id = _scorer(students, "Ben", session, 1)  # a second phone at table 1
    _enter(ana, ana_id, 1, PLAYED[1, 1])
    _enter(ben, ben_id, 1, {"declarer_1": "N", "contract_1": "4S", "tricks_1": "9"})
    result = TableResult.objects.get(session=session)
    assert (result.contract, result.tricks, result.entered_by.name) == ("4S", 9, "Ben")
    screen.post(reverse("live:board_show", args=[session.public_id, 1]))  # one table in
    shown = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert "Entered by: table 1, Ben." in shown
    assert 'data-ns-score="-50"' in shown

    form = ana.get(reverse("live:table_phone", args=[ana_id], query={"board": 1})).content
    assert 'value="9"' in form.decode()  # the form to correct it holds what is entered now
    fixed = _enter(ana, ana_id, 1, {"passed_1": "on"}, htmx=True)
    assert fixed.status_code == 200 and 'data-saved="1"' in fixed.content.decode()
    result.refresh_from_db()
    assert result.passed_out and result.contract == "" and result.entered_by.name == "Ana"
    assert TableResult.objects.count() == 1


def test_after_the_end_no_result_is_taken_and_the_phone_says_what_was_not_kept(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    screen.post(reverse("live:control", args=[session.public_id, "end"]), CONFIRMED)
    late = _enter(ana, ana_id, 1, PLAYED[1, 1])
    assert late.status_code == 409
    text = late.content.decode()
    assert services.FINISHED in text
    assert "data-unsent" in text and "by North, 10 tricks" in text
    assert not TableResult.objects.exists()
    chose = ana.post(reverse("live:table_choose", args=[ana_id]), {"table": "2"}, **HX)
    assert chose.status_code == 200 and services.FINISHED in chose.content.decode()
    assert Player.objects.get(public_id=ana_id).table == 1


def test_a_phone_chooses_one_of_the_sessions_tables(room):
    session, screen, students = room
    ana = student_client(students["Ana"])
    ana_id = _player_id(_join(ana, session))
    first = ana.get(reverse("live:phone", args=[ana_id])).content.decode()
    assert "Which table do you score for?" in first and 'value="2"' in first
    assert 'value="3"' not in first
    for sent in ({}, {"table": "3"}, {"table": "one"}):
        refused = ana.post(reverse("live:table_choose", args=[ana_id]), sent)
        assert refused.status_code == 422
    assert Player.objects.get(public_id=ana_id).table is None
    early = _enter(ana, ana_id, 1, PLAYED[1, 1])
    assert early.status_code == 409 and tables.CHOOSE_TABLE in early.content.decode()
    assert not TableResult.objects.exists()
    ana.post(reverse("live:table_choose", args=[ana_id]), {"table": "2"})
    assert Player.objects.get(public_id=ana_id).table == 2


def test_another_teacher_and_another_sessions_phone_get_404(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    stranger = Client()
    stranger.force_login(UserFactory(username="mr-vane"))
    for name, args in (
        ("screen", [session.public_id]),
        ("screen_now", [session.public_id]),
        ("board_screen", [session.public_id, 1]),
        ("board_screen_now", [session.public_id, 1]),
    ):
        assert stranger.get(reverse(f"live:{name}", args=args)).status_code == 404
    assert screen.get(reverse("live:board_screen", args=[session.public_id, 4])).status_code == 404

    elsewhere = services.session_create(
        teacher=UserFactory(username="ms-ives"), title="Another room", mode="tables"
    )
    dora = Client()
    joined = dora.post(reverse("live:join"), {"code": elsewhere.code, "name": "Dora"})
    assert joined.status_code == 302
    for name in ("phone", "table_phone", "table_phone_now"):
        assert dora.get(reverse(f"live:{name}", args=[ana_id])).status_code == 404
    assert _enter(dora, ana_id, 1, PLAYED[1, 1]).status_code == 404
    assert dora.post(reverse("live:table_choose", args=[ana_id]), {"table": "2"}).status_code == 404
    assert _enter(ana, ana_id, 4, PLAYED[1, 1]).status_code == 404  # not a board of the class
    assert not TableResult.objects.exists()


def test_the_quiz_pages_of_table_mode_are_not_found(room):
    session, screen, students = room
    quiz = services.session_create(
        teacher=session.teacher, title="A quiz", kinds=["duplicate_deal"], question_count=1
    )
    assert screen.get(reverse("live:board_screen", args=[quiz.public_id, 1])).status_code == 404
    ana = student_client(students["Ana"])
    quiz_phone = Client()
    quiz_phone.post(reverse("live:join"), {"code": quiz.code, "name": "Eve"})
    eve = Player.objects.get(name="Eve")
    assert quiz_phone.get(reverse("live:table_phone", args=[eve.public_id])).status_code == 404
    assert ana.get(reverse("live:table_phone", args=[eve.public_id])).status_code == 404


def test_polls_are_answered_304_until_a_result_is_entered_or_corrected(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    cat, cat_id = _scorer(students, "Cat", session, 2)
    screen_now = reverse("live:screen_now", args=[session.public_id])
    etag = screen.get(screen_now)["ETag"]
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=etag).status_code == 304

    _enter(ana, ana_id, 1, PLAYED[1, 1])
    entered = screen.get(screen_now, HTTP_IF_NONE_MATCH=etag)
    assert entered.status_code == 200 and 'data-entered="1"' in entered.content.decode()
    etag = entered["ETag"]
    assert screen.get(screen_now, HTTP_IF_NONE_MATCH=etag).status_code == 304
    _enter(ana, ana_id, 1, {"declarer_1": "N", "contract_1": "4S", "tricks_1": "9"})
    corrected = screen.get(screen_now, HTTP_IF_NONE_MATCH=etag)
    assert corrected.status_code == 200  # news, though board 1 is not on the screen yet
    shown = screen.post(reverse("live:board_show", args=[session.public_id, 1]), **HX)
    assert 'data-ns-score="-50"' in shown.content.decode()

    # Ana's phone: news only from the boards her table has entered.
    phone_now = reverse("live:table_phone_now", args=[ana_id])
    mine = ana.get(phone_now, **HX)["ETag"]
    assert ana.get(phone_now, HTTP_IF_NONE_MATCH=mine).status_code == 304
    _enter(cat, cat_id, 2, PLAYED[2, 2])  # a board Ana's table has not entered
    assert ana.get(phone_now, HTTP_IF_NONE_MATCH=mine).status_code == 304
    _enter(cat, cat_id, 1, PLAYED[1, 2])
    news = ana.get(phone_now, HTTP_IF_NONE_MATCH=mine)
    assert news.status_code == 200 and 'data-ns-score="450"' in news.content.decode()

    board_now = reverse("live:board_screen_now", args=[session.public_id, 1])
    board_tag = screen.get(board_now)["ETag"]
    assert screen.get(board_now, HTTP_IF_NONE_MATCH=board_tag).status_code == 304
    _enter(cat, cat_id, 1, PLAYED[1, 1])
    assert screen.get(board_now, HTTP_IF_NONE_MATCH=board_tag).status_code == 200


def test_a_saved_mark_that_is_not_a_plain_number_is_ignored_not_a_500(room):
    session, screen, students = room
    cat, cat_id = _scorer(students, "Cat", session, 1)
    for saved in ("\u00b2", "\u0663", "-1", "x"):
        page = cat.get(reverse("live:table_phone", args=[cat_id], query={"saved": saved}))
        assert page.status_code == 200
        assert "data-saved=" not in page.content.decode()


def test_starting_a_table_session_says_what_the_screen_offers_not_a_start_button():
    screen = screen_of(UserFactory(username="ms-hart"))
    started = start_form(screen, title="Three boards", mode="tables", follow=True)
    text = started.content.decode()
    assert started.status_code == 200 and LiveSession.objects.get().mode == "tables"
    assert "Start" not in text  # no Start button on a table session's screen, nor any word of one
    assert "chooses their table and enters each board" in text


def test_the_csv_of_a_table_session_is_every_boards_traveller_linked_from_the_final_screen(room):
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    cat, cat_id = _scorer(students, "Cat", session, 2)
    for (board, table), data in PLAYED.items():
        if (board, table) != (3, 2):  # board 3 is in at table 1 only: nothing to compare
            client, player_id = (ana, ana_id) if table == 1 else (cat, cat_id)
            assert _enter(client, player_id, board, data).status_code == 302
    screen.post(reverse("live:control", args=[session.public_id, "end"]), CONFIRMED)
    csv_url = reverse("live:results_csv", args=[session.public_id])
    final = screen.get(reverse("live:screen", args=[session.public_id])).content.decode()
    assert f'<a href="{csv_url}" download>Download every board' in final

    response = screen.get(csv_url)
    disposition = response["Content-Disposition"]
    assert disposition == 'attachment; filename="live-three-boards-travellers.csv"'
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # the BOM: Excel reads UTF-8
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0] == [
        "Board", "Table", "N-S", "E-W", "Contract", "Declarer", "Tricks", "N-S score",
        "E-W score", "N-S matchpoints", "E-W matchpoints", "Top", "N-S IMPs", "E-W IMPs",
    ]  # fmt: skip
    # The figures of PLAYED's comment: board 1's datum 440, board 2's 300.
    assert rows[1:] == [
        ["1", "1", "N-S at table 1", "E-W at table 1", "4♠", "N", "10", "420", "-420",
         "0", "1", "1", "-1", "1"],
        ["1", "2", "N-S at table 2", "E-W at table 2", "4♠", "N", "11", "450", "-450",
         "1", "0", "1", "0", "0"],
        ["2", "1", "N-S at table 1", "E-W at table 1", "3NT", "S", "9", "600", "-600",
         "1", "0", "1", "7", "-7"],
        ["2", "2", "N-S at table 2", "E-W at table 2", "Passed out", "", "", "0", "0",
         "0", "1", "1", "-7", "7"],
        ["3", "1", "N-S at table 1", "E-W at table 1", "2♥X", "E", "7", "200", "-200",
         "", "", "", "", ""],
    ]  # fmt: skip
    assert "Place" not in text and "Right answers" not in text  # not the quiz's columns


def test_the_screen_shows_a_board_only_once_every_table_has_entered_it_or_the_teacher_shows_it(
    room,
):
    # Issue #29, point 2: with one table of two in on board 1, the projector showed its
    # result while table 2 was still playing it.
    session, screen, students = room
    ana, ana_id = _scorer(students, "Ana", session, 1)
    cat, cat_id = _scorer(students, "Cat", session, 2)
    _enter(ana, ana_id, 1, PLAYED[1, 1])
    screen_url = reverse("live:screen", args=[session.public_id])
    large_url = reverse("live:board_screen", args=[session.public_id, 1])
    for page in (screen.get(screen_url), screen.get(large_url)):
        text = page.content.decode()
        assert 'data-traveller="1"' not in text and "420" not in text
        assert "1 of 2 tables in" in text
        assert "Show board 1 now" in text

    _enter(cat, cat_id, 1, PLAYED[1, 2])  # every table in: shown by itself
    text = screen.get(screen_url).content.decode()
    assert 'data-traveller="1"' in text and 'data-ns-score="420"' in text
    assert "2 of 2 tables in: <strong>shown</strong>" in text

    _enter(ana, ana_id, 2, PLAYED[2, 1])  # only table 1: hidden until the teacher shows it
    assert 'data-traveller="2"' not in screen.get(screen_url).content.decode()
    shown = screen.post(reverse("live:board_show", args=[session.public_id, 2]), **HX)
    assert shown.status_code == 200
    assert 'data-traveller="2"' in shown.content.decode()
    assert 'data-traveller="2"' in screen.get(screen_url).content.decode()
    assert (
        'data-traveller="2"'
        in screen.get(reverse("live:board_screen", args=[session.public_id, 2])).content.decode()
    )


def test_only_the_sessions_teacher_shows_a_board_and_only_one_it_plays(room):
    session, screen, students = room
    other = Client()
    other.force_login(UserFactory(username="mr-vane"))
    assert other.post(reverse("live:board_show", args=[session.public_id, 1])).status_code == 404
    assert screen.post(reverse("live:board_show", args=[session.public_id, 9])).status_code == 404
    assert screen.get(reverse("live:board_show", args=[session.public_id, 1])).status_code == 405
    session.refresh_from_db()
    assert session.boards_shown == []


def test_pairs_with_the_same_share_of_their_tops_share_a_place_in_the_standing():
    """The pairs' standing takes each place from the engine, shared places included: two
    tables that both made 4♠ on the only board are joint first in each direction."""
    from live.models import TableResult
    from live.tables import BoardTraveller, pairs_standing

    made = tuple(
        TableResult(board=1, table=t, declarer="S", contract="4S", tricks=10) for t in (1, 2)
    )
    board = BoardTraveller(board=1, results=made, cells=(), traveller=None, comparison=None)
    standing = pairs_standing([board])
    for direction in ("NS", "EW"):
        assert [(p.rank, p.tied) for p in standing[direction]] == [(1, True), (1, True)]
