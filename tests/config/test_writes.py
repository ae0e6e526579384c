"""common.writes.one_writer: SQLite writers queue on an OS lock; elsewhere it does nothing."""

import fcntl

import pytest
from django.db import connection

from common.writes import one_writer


def test_on_a_sqlite_file_a_writer_holds_the_lock_until_it_is_done(tmp_path, monkeypatch):
    if connection.vendor != "sqlite":
        pytest.skip("the lock is SQLite's")
    database = tmp_path / "site.sqlite3"
    monkeypatch.setitem(connection.settings_dict, "NAME", str(database))
    with open(f"{database}.write-lock", "a") as other_process:
        with one_writer(), pytest.raises(BlockingIOError):  # another process would wait
            fcntl.flock(other_process, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(other_process, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once done
        fcntl.flock(other_process, fcntl.LOCK_UN)


def test_an_in_memory_database_takes_no_lock(tmp_path, monkeypatch):
    monkeypatch.setitem(connection.settings_dict, "NAME", ":memory:")
    with one_writer():
        pass
    assert not list(tmp_path.iterdir())
