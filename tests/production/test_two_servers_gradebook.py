"""A gradebook's tables are kept by each app server in its own memory; a change made through
one server shows at once on the other, because the key of every kept table carries the
assignment's stamps, which live in the database both servers share (assignments/stamps.py).

Ms Hart looks at her gradebook on both servers (each keeps its tables); Ada hands in
through one, Ms Hart resets Ada's attempt through the other: each time, both show it.
"""

import re

import pytest

from tests.production.conftest import Visitor, run_in_django
from tests.production.test_two_servers import SET_UP_CLASS

pytestmark = pytest.mark.slow


def _status(page: str) -> str:
    """Ada's status in the students' table (the class has only her)."""
    return re.search(r'<tr data-student="[^"]+" data-status="([a-z_]+)"', page).group(1)


def test_a_change_through_one_server_shows_at_once_in_the_other_servers_kept_gradebook(
    server_database, start_server
):
    one, two = (start_server(server_database, workers=1) for _ in range(2))
    setup = run_in_django(server_database.env, SET_UP_CLASS)
    page = f"/join/a/{setup['assignment']}/"
    book = f"/teachers/assignments/{setup['assignment']}/"
    teacher = Visitor(one, cookies={"sessionid": setup["teacher_session"]})
    ada = Visitor(one)
    ada.get("/join/", server=one)
    assert ada.post("/join/", {"code": setup["code"], "display_name": "Ada L"}).status == 302
    assert ada.post(page + "start/", server=one).status == 302

    for server in (one, two):  # each server draws the tables, and keeps them
        for _ in range(2):
            shown = teacher.get(book, server=server)
            assert shown.status == 200 and _status(shown.text) == "in_progress"

    # Nothing answered: handed in with its blanks (counted wrong), as the page asks first.
    assert ada.post(page + "submit/", {"blanks": "yes"}, server=two).status == 302
    for server in (one, two):
        assert _status(teacher.get(book, server=server).text) == "submitted"

    student = re.search(r'<tr data-student="([^"]+)"', teacher.get(book, server=one).text)
    reset = f"{book}students/{student.group(1)}/attempts/1/reset/"
    assert teacher.post(reset, server=one).status == 302
    for server in (two, one):
        assert _status(teacher.get(book, server=server).text) == "not_started"
