"""Fixtures for the hosting tests: a site database in a file, a mail server on loopback."""

from __future__ import annotations

import socket
import sqlite3
import threading
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connections

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class SiteFile:
    """The suite's migrated test database copied into a file; `open()` makes it the site's
    database for the calling thread (each thread its own connection, as app servers have),
    opened as the settings open it: WAL, IMMEDIATE transactions, a busy timeout."""

    path: Path
    memory: object
    opened: list = field(default_factory=list)

    def open(self, *, timeout: float = 5.0, closed_by_caller: bool = False) -> None:
        """`closed_by_caller`: a thread of the test's own closes it (a connection is closed
        in the thread that opened it); else it is closed after the test."""
        settings = self.memory.settings_dict
        options = {**settings["OPTIONS"], "timeout": timeout}
        wrapper = type(self.memory)({**settings, "NAME": str(self.path), "OPTIONS": options})
        if not closed_by_caller:
            self.opened.append(wrapper)
        connections["default"] = wrapper

    def count(self, path: Path, sql: str, params=()) -> list:
        with closing(sqlite3.connect(path)) as db:
            return db.execute(sql, params).fetchall()


@pytest.fixture
def site_file(tmp_path, transactional_db):
    memory = connections["default"]
    if memory.vendor != "sqlite":
        pytest.skip("SQLite's own backup of a database file: the suite runs on PostgreSQL")
    memory.ensure_connection()
    path = tmp_path / "db.sqlite3"
    with closing(sqlite3.connect(path)) as copy:
        memory.connection.backup(copy)
    site = SiteFile(path, memory)
    yield site
    for wrapper in site.opened:
        wrapper.close()
    connections["default"] = memory


class Inbox:
    """What a local SMTP server (aiosmtpd) received: each message's envelope."""

    def __init__(self):
        self.envelopes = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.envelopes.append(envelope)
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp_server():
    """A real SMTP server on 127.0.0.1 (aiosmtpd); yields (port, inbox)."""
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller.port, inbox
    finally:
        controller.stop()
