"""One writer at a time on SQLite, queued by the operating system.

SQLite lets one connection write at a time. A second app server that wants to write
meanwhile is told "busy" and sleeps before it tries again (1 ms, then 2, 5, 10 ...): on
the busiest write, an answer, the servers spent more time asleep than writing. Holding
an OS file lock around the write hands it on the moment the first writer is done. On
PostgreSQL, which lets many write at once, this does nothing.
"""

from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

_lock_files: dict[str, object] = {}
_held = threading.local()


def _lock_file(database: str):
    handle = _lock_files.get(database)
    if handle is None:
        handle = _lock_files[database] = open(f"{database}.write-lock", "a")  # noqa: SIM115
    return handle


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
    if connection.vendor != "sqlite" or not name or name == ":memory:" or "mode=memory" in name:
        yield
        return
    if not Path(name).parent.exists():
        yield
        return
    handle = _lock_file(name)
    fcntl.flock(handle, fcntl.LOCK_EX)
    _held.depth = 1
    try:
        yield
    finally:
        _held.depth = 0
        fcntl.flock(handle, fcntl.LOCK_UN)
