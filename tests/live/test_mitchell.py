"""A live class at tables with a Mitchell movement, end to end through the pages: three
tables, six boards (two a round, three rounds), named pairs, each round's seat on the
phones, and the pairs' standing checked against a hand computation.

Named users: Ms Hart teaches the class and runs the session from the projector. Her
students make six pairs: Ana and Gil are pair 1 (N-S at table 1), Ben pair 2, Cat pair 3
(N-S at tables 2 and 3), Dan pair 4, Eve pair 5, Fay pair 6 (E-W, starting at tables 1,
2 and 3). Each enters the boards of their own table from their phone.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from live import pairs, tables
from live.forms import MITCHELL_MISFIT
from live.models import LiveSession, Player, TableResult
from live.movement import Mitchell, fits
from tests.factories import (
    ClassroomFactory,
    MembershipFactory,
    TableResultFactory,
    UserFactory,
    student_client,
)
from tests.live.rooms import start_form

pytestmark = pytest.mark.django_db

CONFIRMED = {"confirmed": "1"}

# The movement, worked out by hand (N-S pairs stay; E-W pairs move up one table, from 3 to
# 1; the boards move down one table, from 1 to 3). Sets: boards 1-2, 3-4, 5-6.
#             table 1           table 2           table 3
#   round 1:  1 v 4, boards 1-2  2 v 5, boards 3-4  3 v 6, boards 5-6
#   round 2:  1 v 6, boards 3-4  2 v 4, boards 5-6  3 v 5, boards 1-2
#   round 3:  1 v 5, boards 5-6  2 v 6, boards 1-2  3 v 4, boards 3-4
BY_HAND = {
    (1, 1): (1, 4, (1, 2)),
    (1, 2): (2, 5, (3, 4)),
    (1, 3): (3, 6, (5, 6)),
    (2, 1): (1, 6, (3, 4)),
    (2, 2): (2, 4, (5, 6)),
    (2, 3): (3, 5, (1, 2)),
    (3, 1): (1, 5, (5, 6)),
    (3, 2): (2, 6, (1, 2)),
    (3, 3): (3, 4, (3, 4)),
}

# Every table plays 4♠ by South; only the tricks differ, so on each board more tricks is
# a better N-S score (the vulnerability is the same at every table of a board):
#   board 1 (nobody vulnerable): table 1 10 tricks +420, table 2 11 +450, table 3 9 -50
#   board 2 (N-S vulnerable):   10 +620, 10 +620, 8 -200
#   board 3 (E-W vulnerable):   11 +450, 9 -50, 10 +420
#   board 4 (both vulnerable):  9 -100 at all three tables
#   board 5 (N-S vulnerable):   12 +680, 10 +620, 10 +620
#   board 6 (E-W vulnerable):   8 -100, 10 +420, 11 +450
TRICKS = {
    1: (10, 11, 9),
    2: (10, 10, 8),
    3: (11, 9, 10),
    4: (9, 9, 9),
    5: (12, 10, 10),
    6: (8, 10, 11),
}

# Matchpoints by hand, three tables a board so the top is 2: 1 for each N-S score beaten,
# ½ for each tied; E-W at the same table get 2 minus N-S's.
#   board:       1    2    3    4    5    6
#   table 1 N-S: 1    1½   2    1    2    0     pair 1: 7½ of 12 = 62.50%
#   table 2 N-S: 2    1½   0    1    ½    1     pair 2: 6  of 12 = 50.00%
#   table 3 N-S: 0    0    1    1    ½    2     pair 3: 4½ of 12 = 37.50%
# E-W, seated as BY_HAND has it (boards 1-2: table 1 pair 4, table 2 pair 6, table 3 pair 5;
# boards 3-4: table 1 pair 6, table 2 pair 5, table 3 pair 4; boards 5-6: table 1 pair 5,
# table 2 pair 4, table 3 pair 6):
#   pair 4: 1 + ½ + 1 + 1 + 1½ + 1 = 6 of 12 = 50.00%
#   pair 5: 2 + 2 + 2 + 1 + 0 + 2 = 9 of 12 = 75.00%
#   pair 6: 0 + ½ + 0 + 1 + 1½ + 0 = 3 of 12 = 25.00%
HAND_STANDING = {
    "NS": [(1, "1", "7½", "62.50"), (2, "2", "6", "50.00"), (3, "3", "4½", "37.50")],
    "EW": [(1, "5", "9", "75.00"), (2, "4", "6", "50.00"), (3, "6", "3", "25.00")],
}
PAIRS = {"Ana": 1, "Gil": 1, "Ben": 2, "Cat": 3, "Dan": 4, "Eve": 5, "Fay": 6}


@pytest.fixture
def room():
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    students = {name: MembershipFactory(classroom=classroom, display_name=name) for name in PAIRS}
    screen = Client()
    screen.force_login(teacher)
    return classroom, screen, students


def _start(screen, classroom, **changes):
    """The start form for a Mitchell of six boards at three tables, for the class."""
    mitchell = {"mode": "tables", "movement": "mitchell", "board_count": "6", "table_count": "3"}
    return start_form(
        screen, title="A Mitchell", classroom=classroom.public_id, **(mitchell | changes)
    )


def _phone(student, session) -> tuple[Client, str]:
    """The student's phone, joined from the class page's list, its pair chosen."""
    client = student_client(student)
    joined = client.post(reverse("live:join"), {"session": session.public_id})
    assert joined.status_code == 302, joined.content[:500]
    player_id = joined["Location"].rstrip("/").rsplit("/", 1)[-1]
    return client, player_id


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_movement_is_the_one_worked_by_hand():
    mitchell = Mitchell(tables=3, first_board=1, board_count=6)
    assert {(s.round, s.table): (s.ns, s.ew, s.boards) for s in mitchell.seats()} == BY_HAND
    for pair in (4, 5, 6):  # each E-W pair meets every N-S pair and every board once
        rounds = mitchell.rounds_of(pair)
        assert sorted(s.ns for s in rounds) == [1, 2, 3]
        assert sorted(b for s in rounds for b in s.boards) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    "tables,boards,ok", [(3, 6, True), (5, 10, True), (3, 3, True), (4, 8, False), (3, 4, False)]
)
def test_a_mitchell_takes_an_odd_number_of_tables_and_boards_shared_by_the_rounds(
    tables, boards, ok
):
    assert fits(tables=tables, board_count=boards) is ok


def test_a_mitchell_of_four_tables_is_refused_with_what_would_do(room):
    classroom, screen, _ = room
    refused = _start(screen, classroom, table_count="4", board_count="8")
    assert refused.status_code == 422
    assert escape(MITCHELL_MISFIT.format(tables=3, double=6, triple=9)) in refused.content.decode()
    assert not LiveSession.objects.exists()


def test_three_tables_six_boards_run_end_to_end_and_the_standing_agrees_with_the_hand(room):
    classroom, screen, students = room
    started = _start(screen, classroom)
    assert started.status_code == 302, started.content[:800]
    session = LiveSession.objects.get()
    assert session.movement == LiveSession.Movement.MITCHELL

    phones = {name: _phone(students[name], session) for name in PAIRS}
    for name, pair in PAIRS.items():
        client, player_id = phones[name]
        chosen = client.post(reverse("live:table_choose", args=[player_id]), {"pair": str(pair)})
        assert chosen.status_code == 302, chosen.content[:500]
    assert Player.objects.get(name="Eve").table == 2  # E-W pair 5 starts at table 2

    screen_url = reverse("live:screen", args=[session.public_id])
    lobby = screen.get(screen_url).content.decode()
    assert 'data-pair-names="1"><strong>Pair 1:</strong> Ana &amp; Gil' in lobby
    assert 'data-seat="2-1">1 v 6, boards 3–4' in lobby

    ana, ana_id = phones["Ana"]
    phone = _text(ana.get(reverse("live:table_phone", args=[ana_id])).content.decode())
    assert "Round 1: you are N-S at table 1 against Pair 4 (Dan), boards 1–2." in phone

    def enter(name, board, table):
        client, player_id = phones[name]
        tricks = TRICKS[board][table - 1]
        data = {"declarer_1": "S", "contract_1": "4S", "tricks_1": str(tricks)}
        response = client.post(reverse("live:table_result", args=[player_id, board]), data)
        assert response.status_code == 302, response.content[:800]

    scorer_of = {1: "Ana", 2: "Ben", 3: "Cat"}
    ew_of = {4: "Dan", 5: "Eve", 6: "Fay"}
    for round_number in (1, 2, 3):
        for table in (1, 2, 3):
            ns, ew, boards = BY_HAND[(round_number, table)]
            for board in boards:
                # At round 2 the E-W pair enters table 2's boards: its phone knows the table.
                name = ew_of[ew] if (round_number, table) == (2, 2) else scorer_of[ns]
                enter(name, board, table)
            if (round_number, table) == (3, 1):
                # Boards 5 and 6 are now in at every table (a Mitchell completes its boards
                # in the last round): a standing so far, on those two. N-S by hand:
                # pair 3 ½ + 2 = 2½ of 4, pair 1 2 + 0 = 2, pair 2 ½ + 1 = 1½.
                so_far = screen.get(screen_url).content.decode()
                assert "So far, on the boards every table has entered" in so_far
                ns = so_far.split('data-pairs="NS"', 1)[1].split("</table>", 1)[0]
                assert re.findall(r"data-percent>([\d.]+)<", ns) == ["62.50", "50.00", "37.50"]
        if round_number == 1:
            ana_now = _text(ana.get(reverse("live:table_phone", args=[ana_id])).content.decode())
            assert "Round 2: you are N-S at table 1 against Pair 6 (Fay), boards 3–4." in ana_now
            dan, dan_id = phones["Dan"]
            dan_now = _text(dan.get(reverse("live:table_phone", args=[dan_id])).content.decode())
            assert "Round 2: you are E-W at table 2 against Pair 2 (Ben), boards 5–6." in dan_now
        if round_number in (1, 2):
            # No board is in at every table yet: no standing on the screen.
            assert "data-pairs=" not in screen.get(screen_url).content.decode()

    assert TableResult.objects.filter(session=session).count() == 18
    dan_entered = TableResult.objects.get(session=session, board=5, table=2)
    assert dan_entered.entered_by.name == "Dan"

    ana_done = _text(ana.get(reverse("live:table_phone", args=[ana_id])).content.decode())
    assert "Your pair has played every round." in ana_done
    assert "Your pair has entered all its boards." in ana_done

    screen.post(reverse("live:control", args=[session.public_id, "end"]), CONFIRMED)
    final = screen.get(screen_url).content.decode()
    for direction, rows in HAND_STANDING.items():
        table = final.split(f'data-pairs="{direction}"', 1)[1].split("</table>", 1)[0]
        found = re.findall(
            r'data-pair="(\d+)"><td class="num">(\d+)</td><th scope="row">[^<]*</th>'
            r'<td class="num">6</td><td class="num"[^>]*>([^ ]+) of 12</td>'
            r'<td class="num" data-percent>([\d.]+)</td>',
            table,
        )
        assert [(int(rank), pair, mp, pc) for pair, rank, mp, pc in found] == rows
    assert '<th scope="row">Pair 1 (Ana &amp; Gil)</th>' in final
    travellers_csv = screen.get(reverse("live:results_csv", args=[session.public_id]))
    rows = list(csv.reader(io.StringIO(travellers_csv.content.decode("utf-8-sig"))))
    board_three = [row[1:4] for row in rows[1:] if row[0] == "3"]
    assert board_three == [
        ["1", "Pair 1 (Ana & Gil)", "Pair 6 (Fay)"],
        ["2", "Pair 2 (Ben)", "Pair 5 (Eve)"],
        ["3", "Pair 3 (Cat)", "Pair 4 (Dan)"],
    ]

    # The phones show the same standing once the class has ended.
    fay, fay_id = phones["Fay"]
    fay_final = fay.get(reverse("live:table_phone", args=[fay_id])).content.decode()
    assert '<th scope="row">Pair 5 (Eve)</th>' in fay_final
    assert "data-percent>25.00</td>" in fay_final


def test_the_standing_is_the_engines_pairs_session_seated_by_the_movement(room):
    """The same figures straight from tables.mitchell_standing (no page in between)."""
    classroom, screen, students = room
    _start(screen, classroom)
    session = LiveSession.objects.get()
    for (_round, table), (_ns, _ew, boards) in BY_HAND.items():
        for board in boards:
            TableResultFactory(
                session=session, board=board, table=table, tricks=TRICKS[board][table - 1]
            )
    standing = pairs.mitchell_standing(session, tables.travellers(session), {5: "Eve"})
    assert [(p.rank, p.standing.pair, p.standing.percentage) for p in standing["EW"]] == [
        (1, "5", 75.0),
        (2, "4", 50.0),
        (3, "6", 25.0),
    ]
    assert standing["EW"][0].label == "Pair 5 (Eve)"
    assert [p.standing.percentage for p in standing["NS"]] == [62.5, 50.0, 37.5]


def test_a_phone_must_choose_a_pair_the_movement_has(room):
    classroom, screen, students = room
    _start(screen, classroom)
    session = LiveSession.objects.get()
    client, player_id = _phone(students["Ana"], session)
    page = client.get(reverse("live:table_phone", args=[player_id])).content.decode()
    assert "Which pair are you in?" in page and "Pair 4: E-W, starting at table 1" in page
    refused = client.post(reverse("live:table_choose", args=[player_id]), {"pair": "7"})
    assert refused.status_code == 422
    assert Player.objects.get(public_id=player_id).pair is None
    entered = client.post(
        reverse("live:table_result", args=[player_id, 1]),
        {"declarer_1": "S", "contract_1": "4S", "tricks_1": "10"},
    )
    assert entered.status_code == 409 and "Choose your pair first." in entered.content.decode()


def test_a_quiz_keeps_no_movement_whatever_the_form_said(room):
    classroom, screen, _ = room
    started = _start(screen, classroom, mode="quiz", kinds=["duplicate_deal"])
    assert started.status_code == 302, started.content[:800]
    assert LiveSession.objects.get().movement == LiveSession.Movement.NONE


def test_starting_a_mitchell_says_each_player_chooses_their_pair(room):
    classroom, screen, _ = room
    started = _start(screen, classroom)
    shown = screen.get(started["Location"]).content.decode()
    assert "chooses their pair" in shown and "chooses their table" not in shown
    listed = screen.get(reverse("live:index")).content.decode()
    assert "<td data-kind>At tables, a Mitchell</td>" in listed
