"""A database in a file, for the tests of what SQLite's own locks and a read-only file do (the
suite's SQLite test database lives in memory, where neither exists)."""

from __future__ import annotations

import sqlite3
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connections

BUSY_TIMEOUT = 0.05
"""Seconds a write waits for another's lock in these tests (the site's is DATABASE_TIMEOUT)."""


@dataclass
class FileDatabase:
    """The suite's migrated, empty test database copied into a file. `use()` makes it the
    site's database for the rest of the test, opened as the settings open it (WAL, IMMEDIATE
    transactions) but with a short busy timeout; `use(read_only=True)` opens the same file
    read-only, as SQLite opens a file it may not write; `use(path=...)` another file."""

    path: Path
    memory: object  # the suite's own connection, put back after the test

    def use(self, *, read_only: bool = False, path: Path | None = None) -> None:
        current = connections["default"]
        if current is not self.memory:
            current.close()
        settings = self.memory.settings_dict
        path = path or self.path
        name = f"file:{path}?mode=ro" if read_only else str(path)
        options = {**settings["OPTIONS"], "timeout": BUSY_TIMEOUT}
        opened = type(self.memory)({**settings, "NAME": name, "OPTIONS": options}, "default")
        connections["default"] = opened

    @contextmanager
    def write_lock_held(self):
        """Another process's write under way: it holds the write lock until the block ends."""
        with closing(sqlite3.connect(self.path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            try:
                yield
            finally:
                other.execute("ROLLBACK")


@pytest.fixture
def sqlite_file(tmp_path, transactional_db):
    memory = connections["default"]
    if memory.vendor != "sqlite":
        pytest.skip("SQLite's file locks: the suite runs on another database")
    memory.ensure_connection()
    path = tmp_path / "site.sqlite3"
    with closing(sqlite3.connect(path)) as copy:
        memory.connection.backup(copy)
    yield FileDatabase(path, memory)
    if connections["default"] is not memory:
        connections["default"].close()
    connections["default"] = memory
