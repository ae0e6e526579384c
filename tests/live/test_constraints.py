"""The database itself refuses a live class's row that breaks the rules.

Each bad value is written with QuerySet.update, which skips every form and model check:
what refuses it is the database's own constraint, named in its error (SQLite and
PostgreSQL both name it).
"""

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, transaction

from tests.factories import (
    LiveQuestionFactory,
    LiveSessionFactory,
    PlayerFactory,
    TableResultFactory,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 27, 12, tzinfo=UTC)


@pytest.fixture
def rows() -> dict:
    """One good row of each model, named as REFUSED names them."""
    session = LiveSessionFactory()
    return {
        "session": session,
        "question": LiveQuestionFactory(session=session),
        "player": PlayerFactory(session=session),
        "result": TableResultFactory(session=session),
    }


REFUSED = [
    ("session", {"mode": "teams"}, "livesession_mode_known"),
    ("session", {"phase": "over"}, "livesession_phase_known"),
    ("session", {"sequence": "random"}, "livesession_sequence_known"),
    ("session", {"phase": "finished"}, "livesession_finished_at_when_finished"),
    ("session", {"finished_at": NOW}, "livesession_finished_at_when_finished"),
    ("session", {"version": 0}, "livesession_version_from_1"),
    ("session", {"question_count": 0}, "livesession_at_least_one_question"),
    ("session", {"first_board": 0}, "livesession_first_board_from_1"),
    ("session", {"board_count": 0}, "livesession_at_least_one_board"),
    ("session", {"table_count": 0}, "livesession_at_least_one_table"),
    ("question", {"kind": "no_such_kind"}, "livequestion_kind_known"),
    ("question", {"revealed_at": NOW}, "livequestion_revealed_once_asked"),
    ("player", {"table": 0}, "player_table_from_1"),
    ("result", {"board": 0}, "tableresult_board_from_1"),
    ("result", {"table": 0}, "tableresult_table_from_1"),
    ("result", {"declarer": "n"}, "tableresult_declarer_a_seat"),
    ("result", {"tricks": 14}, "tableresult_tricks_at_most_13"),
    ("result", {"passed_out": True}, "tableresult_passed_out_or_played"),
    ("result", {"tricks": None}, "tableresult_passed_out_or_played"),
    ("result", {"contract": ""}, "tableresult_passed_out_or_played"),
    ("result", {"declarer": ""}, "tableresult_passed_out_or_played"),
]


@pytest.mark.parametrize(("row", "bad", "constraint"), REFUSED)
def test_the_database_refuses_a_live_row_that_breaks_a_rule(rows, row, bad, constraint):
    found = rows[row]
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        type(found).objects.filter(pk=found.pk).update(**bad)


ACCEPTED = [
    ("session", {"phase": "finished", "finished_at": NOW, "code": None}),
    ("question", {"asked_at": NOW, "revealed_at": NOW}),
    ("player", {"table": None}),
    ("result", {"passed_out": True, "declarer": "", "contract": "", "tricks": None}),
    ("result", {"tricks": 0}),
    ("result", {"tricks": 13}),
]


@pytest.mark.parametrize(("row", "good"), ACCEPTED)
def test_a_row_at_the_edge_of_a_rule_still_fits(rows, row, good):
    found = rows[row]
    type(found).objects.filter(pk=found.pk).update(**good)
    assert type(found).objects.values(*good).get(pk=found.pk) == good
