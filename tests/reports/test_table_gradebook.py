"""A class's live classes at the tables in its teacher's reports: the whole-class page and
its CSV, and one student's page and CSV, show each student's pair, its matchpoint
percentage and its place; these are results, not marks, so no average counts them.

The session is tests/live/test_mitchell.py's: three tables, six boards, worked by hand
there (N-S 62.50 / 50.00 / 37.50, E-W 75.00 / 50.00 / 25.00).

Named users: Ms Hart teaches the Tuesday beginners. Ana and Gil are pair 1 (N-S at table
1), Ben pair 2, Cat pair 3 (N-S), Dan pair 4, Eve pair 5, Fay pair 6 (E-W). Hal is in the
class and did not play. Ms Ward teaches another class: she may see none of it.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from live import services, tables
from live.models import LiveSession
from reports.at_tables import place_text
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    TableResultFactory,
    UserFactory,
)
from tests.live.rooms import at_tables, hart_class, joined, screen_of
from tests.live.test_mitchell import BY_HAND, HAND_STANDING, PAIRS, TRICKS
from tests.reports.test_overview import _work

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

DIRECTION = {"NS": "N-S", "EW": "E-W"}
TITLE = "Mitchell night"


def _expected() -> dict[str, tuple[str, str, int]]:
    """Each player's pair result as the reports should word it, from the hand standing:
    name: (percentage, place, pair)."""
    by_pair = {}
    for direction, rows in HAND_STANDING.items():
        for rank, pair, _, percent in rows:
            place = f"{place_text(rank)} of {len(rows)} {DIRECTION[direction]} pairs"
            by_pair[int(pair)] = (f"{percent}%", place)
    return {name: (*by_pair[pair], pair) for name, pair in PAIRS.items()}


@pytest.fixture
def hart():
    """Ms Hart's class: the seven players and Hal, who did not play."""
    teacher, classroom, students = hart_class(*PAIRS, "Hal")
    return teacher, classroom, students, screen_of(teacher)


def _mitchell(teacher, classroom, students, title=TITLE, *, tricks=TRICKS, at=(1, 2, 3)):
    """A Mitchell of three tables and six boards, every player in their pair, the results
    of the tables `at` entered as `tricks` has them, then ended."""
    session = at_tables(
        teacher,
        classroom,
        title,
        movement=LiveSession.Movement.MITCHELL,
        board_count=6,
        table_count=3,
    )
    for name, pair in PAIRS.items():
        tables.player_pair_choose(player=joined(session, students[name]), pair=pair)
    for (_round, table), (_ns, _ew, boards) in BY_HAND.items():
        for board in boards:
            if table in at:
                tricks_made = tricks[board][table - 1]
                TableResultFactory(session=session, board=board, table=table, tricks=tricks_made)
    services.session_finish(session=session)
    return session


def _overview(client, classroom) -> str:
    response = client.get(reverse("reports:classroom_overview", args=[classroom.public_id]))
    assert response.status_code == 200
    return response.content.decode()


def _row(page: str, membership) -> str:
    return page.split(f'<tr data-student="{membership.public_id}">', 1)[1].split("</tr>", 1)[0]


def _csv(response) -> list[dict]:
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def _student_url(classroom, membership, csv_file=False) -> str:
    name = "reports:student_csv" if csv_file else "reports:student"
    return reverse(name, args=[classroom.public_id, membership.public_id])


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# -- the place in words (no database) --------------------------------------------------------------


@pytest.mark.parametrize(
    "rank,tied,said",
    [(1, False, "1st"), (2, True, "joint 2nd"), (3, False, "3rd"), (4, False, "4th")]
    + [(11, False, "11th"), (12, True, "joint 12th"), (13, False, "13th"), (21, False, "21st")]
    + [(22, False, "22nd"), (101, False, "101st"), (111, False, "111th")],
)
def test_a_place_is_said_as_aloud_with_joint_for_a_tie(rank, tied, said):
    assert place_text(rank, tied) == said


# -- the whole class -------------------------------------------------------------------------------


def test_the_whole_class_page_gives_each_player_their_pairs_percentage_and_place(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    page = _overview(client, classroom)
    assert f">At the tables: {TITLE}</th>" in page
    for name, (percent, place, pair) in _expected().items():
        cell = f'<td data-at-tables data-pair="{pair}">{percent}, {place}</td>'
        assert cell in _row(page, students[name]), name
    assert "<td data-at-tables>–</td>" in _row(page, students["Hal"])  # did not play
    assert "It is not a mark, so no average counts it." in page


def test_the_whole_class_csv_has_each_players_percentage_and_place(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    url = reverse("reports:classroom_overview_csv", args=[classroom.public_id])
    rows = {row["Student"]: row for row in _csv(client.get(url))}
    percent_column, place_column = f"At the tables: {TITLE} (%)", f"At the tables: {TITLE}, place"
    for name, (percent, place, _) in _expected().items():
        assert (rows[name][percent_column], rows[name][place_column]) == (percent[:-1], place)
    assert (rows["Hal"][percent_column], rows["Hal"][place_column]) == ("", "")


def test_equal_results_share_a_joint_place(hart):
    teacher, classroom, students, client = hart
    level = dict.fromkeys(TRICKS, (10, 10, 10))  # every table the same: all 50%
    _mitchell(teacher, classroom, students, tricks=level)
    page = _overview(client, classroom)
    assert "50.00%, joint 1st of 3 N-S pairs</td>" in _row(page, students["Ana"])
    assert "50.00%, joint 1st of 3 E-W pairs</td>" in _row(page, students["Eve"])


def test_the_results_are_not_marks_the_averages_stay_as_they_were(hart):
    teacher, classroom, students, client = hart
    week = AssignmentFactory(classroom=classroom, title="Week 1", question_count=4)
    _work(week, students["Ana"], [True, True, True, False])  # 75%
    _work(week, students["Hal"], [True, True, False, False])  # 50%
    before = _overview(client, classroom)
    student_before = client.get(_student_url(classroom, students["Ana"])).content.decode()
    _mitchell(teacher, classroom, students)  # Ana's pair 62.50%, Eve's 75.00%
    after = _overview(client, classroom)
    assert f"At the tables: {TITLE}" in after

    def averages(page: str) -> tuple:
        ana = re.findall(r'<td class="num">([^<]*)</td>', _row(page, students["Ana"]))
        eve = re.findall(r'<td class="num">([^<]*)</td>', _row(page, students["Eve"]))
        foot = page.split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
        return ana, eve, re.findall(r"data-counted=[^>]*>([^<]*?)\s*<", foot)

    assert averages(after) == averages(before) == (["75%"], ["–"], ["63%"])
    student_after = client.get(_student_url(classroom, students["Ana"])).content.decode()
    average = '<dd data-fact="average">75% <span class="muted">over 1 assignment handed in'
    assert average in student_after
    fact = re.compile(r'<dd data-fact="average">.*?</dd>')
    assert fact.search(student_after).group() == fact.search(student_before).group()


def test_another_teacher_sees_none_of_it_and_an_unfinished_session_is_not_listed(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    going = at_tables(
        teacher, classroom, "Still playing", movement="mitchell", board_count=6, table_count=3
    )
    page = _overview(client, classroom)
    assert f"At the tables: {TITLE}" in page and "Still playing" not in page
    ward = UserFactory(username="ms-ward")
    wards_class = ClassroomFactory(teacher=ward, name="Thursday improvers")
    MembershipFactory(classroom=wards_class, display_name="Ivy")
    ward_client = screen_of(ward)
    for url in (
        reverse("reports:classroom_overview", args=[classroom.public_id]),
        reverse("reports:classroom_overview_csv", args=[classroom.public_id]),
        _student_url(classroom, students["Ana"]),
        _student_url(classroom, students["Ana"], csv_file=True),
    ):
        assert ward_client.get(url).status_code == 404, url
    assert "At the tables:" not in _overview(ward_client, wards_class)
    assert going.phase != LiveSession.Phase.FINISHED


def test_the_queries_do_not_grow_with_the_sessions(hart, django_assert_max_num_queries):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students, "Week 1 at the tables")
    urls = [
        reverse("reports:classroom_overview", args=[classroom.public_id]),
        reverse("reports:classroom_overview_csv", args=[classroom.public_id]),
        _student_url(classroom, students["Ana"]),
        _student_url(classroom, students["Ana"], csv_file=True),
    ]
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as one:
            assert client.get(url).status_code == 200
        counts.append(len(one))
    _mitchell(teacher, classroom, students, "Week 2 at the tables")
    _mitchell(teacher, classroom, students, "Week 3 at the tables")
    for url, count in zip(urls, counts, strict=True):
        with django_assert_max_num_queries(count):
            shown = client.get(url).content.decode("utf-8-sig")
        assert "At the tables: Week 3 at the tables" in shown or "Week 3 at the tables" in shown


def test_a_session_without_a_movement_names_no_pairs_and_is_not_listed(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    plain = at_tables(teacher, classroom, "Every table the same boards")
    services.session_finish(session=plain)
    page = _overview(client, classroom)
    assert f"At the tables: {TITLE}" in page and "Every table the same boards" not in page


# -- one student -----------------------------------------------------------------------------------


def test_a_students_page_lists_each_session_with_pair_direction_percentage_place_boards(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    percent, place, pair = _expected()["Dan"]
    page = client.get(_student_url(classroom, students["Dan"])).content.decode()
    section = _text(page.split('id="tables-title"', 1)[1].split("</section>", 1)[0])
    assert f"{TITLE}" in section
    assert f"Pair {pair} E-W {percent} {place} 6" in section  # six boards, all compared
    hal = client.get(_student_url(classroom, students["Hal"])).content.decode()
    assert "Not at the tables this time" in hal


def test_a_pair_with_no_board_compared_says_no_boards_entered(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students, at=(1, 2))  # table 3, pair 3's, never entered
    page = client.get(_student_url(classroom, students["Cat"])).content.decode()
    assert "<td>Pair 3</td><td>N-S</td>" in page and "No boards entered" in page
    assert "no boards entered</td>" in _row(_overview(client, classroom), students["Cat"])


def test_the_average_says_what_it_counts_in_plain_words(hart):
    teacher, classroom, students, client = hart
    first = AssignmentFactory(classroom=classroom, title="Week 1", question_count=3)
    _work(first, students["Ana"], [True, True, False])  # 67%
    page = client.get(_student_url(classroom, students["Ana"])).content.decode()
    assert '67% <span class="muted">over 1 assignment handed in or closed</span>' in page
    second = AssignmentFactory(classroom=classroom, title="Week 2", question_count=3)
    _work(second, students["Ana"], [True, True, True])  # 100%: (67 + 100) / 2, halves up
    page = client.get(_student_url(classroom, students["Ana"])).content.decode()
    assert '84% <span class="muted">over 2 assignments handed in or closed</span>' in page


def test_a_students_csv_has_a_row_per_session_with_their_pairs_result(hart):
    teacher, classroom, students, client = hart
    _mitchell(teacher, classroom, students)
    percent, place, pair = _expected()["Eve"]
    rows = _csv(client.get(_student_url(classroom, students["Eve"], csv_file=True)))
    (row,) = [r for r in rows if r["Kind"] == "At the tables"]
    assert row["Assignment"] == TITLE and row["Status"] == "Played"
    found = [row[c] for c in ("Pair", "Sat", "Matchpoints (%)", "Place", "Boards played")]
    assert found == [str(pair), "E-W", percent[:-1], place, "6"]
    (missed,) = _csv(client.get(_student_url(classroom, students["Hal"], csv_file=True)))
    assert (missed["Kind"], missed["Status"], missed["Pair"]) == (
        "At the tables",
        "Not at the tables",
        "",
    )
