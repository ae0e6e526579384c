"""One writer at a time on SQLite, queued by the operating system; the log checkpointed
after the lock is let go.

SQLite lets one connection write at a time. A second app server that wants to write
meanwhile is told "busy" and sleeps before it tries again (1 ms, then 2, 5, 10 ...): on
the busiest write, an answer, the servers spent more time asleep than writing. Holding
an OS file lock around the write hands it on the moment the first writer is done. On
PostgreSQL, which lets many write at once, this does nothing.

In WAL mode SQLite copies its log back into the database (a checkpoint, with its fsyncs)
on the commit that takes the log past 1000 pages: inside the lock above, so the other
server waited for it too. A connection that writes here leaves that to this module
instead, which checkpoints every CHECKPOINT_EVERY writes once the lock is let go. A
checkpoint does not stop another connection writing meanwhile.
"""

from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

CHECKPOINT_EVERY = 200
"""Writes through one_writer between two checkpoints of one process: an answer adds five to
ten pages to the log, so with two app servers about as often as SQLite's own 1000 pages."""

BACKSTOP_PAGES = 4000
"""SQLite's own checkpoint still runs at this size of the log (16 MB), should this
module's not: a connection that writes mostly elsewhere."""

_lock_files: dict[str, object] = {}
_held = threading.local()
_writes: dict[str, int] = {}


def _lock_file(database: str):
    """The lock file of an SQLite database file, opened once; None for one in memory."""
    handle = _lock_files.get(database)
    if handle is None and _on_disk(database):
        handle = _lock_files[database] = open(f"{database}.write-lock", "a")  # noqa: SIM115
    return handle


def _on_disk(database: str) -> bool:
    if not database or database == ":memory:" or "mode=memory" in database:
        return False
    return Path(database).parent.exists()


@contextmanager
def one_writer():
    """Around a short write transaction: queue behind any other process's on SQLite.

    Taken again inside itself (a write that calls another), it is already held: the inner
    one neither waits nor lets go."""
    if getattr(_held, "depth", 0):
        _held.depth += 1
        try:
            yield
        finally:
            _held.depth -= 1
        return
    name = str(connection.settings_dict.get("NAME") or "")
    handle = _lock_file(name) if connection.vendor == "sqlite" else None
    if handle is None:
        yield
        return
    fcntl.flock(handle, fcntl.LOCK_EX)
    _held.depth = 1
    try:
        yield
    finally:
        _held.depth = 0
        fcntl.flock(handle, fcntl.LOCK_UN)
    raw = connection.connection  # the sqlite3 connection, for the two PRAGMAs below
    if raw is None:
        return
    if getattr(connection, "_checkpoints_taken_over", None) is not raw:
        # Once per connection: leave checkpoints to this module, but for the backstop.
        raw.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
        connection._checkpoints_taken_over = raw
    _writes[name] = _writes.get(name, 0) + 1
    if _writes[name] >= CHECKPOINT_EVERY and not connection.in_atomic_block:
        _writes[name] = 0
        # PASSIVE: copy the log back as far as no reader still needs it, never waiting.
        raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
