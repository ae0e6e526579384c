"""common.writes.one_writer: SQLite writers queue on an OS lock; elsewhere it does nothing."""

import fcntl

import pytest
from django.db import connection

from common import writes
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


class _Connection:
    """Enough of Django's connection for one_writer: an SQLite file, and a sqlite3
    connection that notes each PRAGMA and whether another process could write meanwhile."""

    vendor = "sqlite"
    in_atomic_block = False

    def __init__(self, database):
        self.settings_dict = {"NAME": str(database)}
        self.connection = self
        self.pragmas = []
        self._other_process = open(f"{database}.write-lock", "a")  # noqa: SIM115

    def execute(self, sql):
        try:
            fcntl.flock(self._other_process, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(self._other_process, fcntl.LOCK_UN)
            free = True
        except BlockingIOError:
            free = False
        self.pragmas.append((sql, "lock free" if free else "lock held"))
        return self

    def fetchall(self):
        return []


def test_the_log_is_checkpointed_every_so_many_writes_once_the_lock_is_free(tmp_path, monkeypatch):
    fake = _Connection(tmp_path / "site.sqlite3")
    monkeypatch.setattr(writes, "connection", fake)
    for _ in range(writes.CHECKPOINT_EVERY * 2):
        with writes.one_writer():
            pass
    assert fake.pragmas == [
        (f"PRAGMA wal_autocheckpoint={writes.BACKSTOP_PAGES}", "lock free"),  # SQLite's own
        ("PRAGMA wal_checkpoint(PASSIVE)", "lock free"),
        ("PRAGMA wal_checkpoint(PASSIVE)", "lock free"),
    ]


def test_no_checkpoint_inside_an_open_transaction(tmp_path, monkeypatch):
    fake = _Connection(tmp_path / "site.sqlite3")
    fake.in_atomic_block = True  # the write is not committed yet
    monkeypatch.setattr(writes, "connection", fake)
    for _ in range(writes.CHECKPOINT_EVERY):
        with writes.one_writer():
            pass
    assert [sql for sql, _ in fake.pragmas] == [
        f"PRAGMA wal_autocheckpoint={writes.BACKSTOP_PAGES}"
    ]
    fake.in_atomic_block = False
    with writes.one_writer():
        pass
    assert fake.pragmas[-1][0] == "PRAGMA wal_checkpoint(PASSIVE)"
