"""backup_database copies the SQLite database as it stands while the site writes to it, and
restore_database puts a copy back (docs/hosting.md: Backups)."""

import io
import shutil
import sqlite3
import threading
from contextlib import closing
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.db import OperationalError, connections
from django.utils import timezone

from common.backups import postgres_commands

WRITERS = 4
BACKUPS = 5


def _keys(path) -> set[str]:
    with closing(sqlite3.connect(path)) as db:
        return {key for (key,) in db.execute("SELECT session_key FROM django_session")}


def _write(site_file, name: str, count: int) -> list[str]:
    """`count` rows, each in a transaction of its own, as requests write: the keys written."""
    expires = timezone.now() + timedelta(days=1)
    keys = [f"{name}-{i:06d}" for i in range(count)]
    for key in keys:
        Session.objects.create(session_key=key, session_data="{}", expire_date=expires)
    return keys


def test_a_backup_taken_while_rows_are_written_holds_every_acknowledged_row(site_file, tmp_path):
    acknowledged: list[str] = []  # appended once the write's COMMIT has returned
    lock = threading.Lock()
    stop = threading.Event()
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        site_file.open(closed_by_caller=True)
        expires = timezone.now() + timedelta(days=1)
        i = 0
        try:
            while not stop.is_set():
                key = f"writer{n}-{i:06d}"
                i += 1
                try:
                    Session.objects.create(session_key=key, session_data="{}", expire_date=expires)
                except OperationalError:
                    continue  # not acknowledged: the visitor was told nothing was saved
                with lock:
                    acknowledged.append(key)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connections["default"].close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    site_file.open()
    copies = []
    try:
        for b in range(BACKUPS):
            while len(acknowledged) < 50 * (b + 1):
                threading.Event().wait(0.01)
            with lock:
                before = list(acknowledged)
            target = tmp_path / f"backup-{b}.sqlite3"
            call_command("backup_database", str(target), stdout=io.StringIO())
            with lock:
                after = list(acknowledged)
            copies.append((target, before, after))
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    assert errors == []
    for target, before, after in copies:
        in_copy = _keys(target)
        # Everything acknowledged before the backup began is in it, and nothing the writers
        # never acknowledged (a failed write) is.
        assert set(before) <= in_copy, f"{len(set(before) - in_copy)} acknowledged rows missing"
        assert in_copy <= set(after) | set(acknowledged)
        with closing(sqlite3.connect(target)) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            # One file that stands alone: no write-ahead log to carry beside it.
            assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    # The writers kept writing throughout: later copies hold more.
    assert len(_keys(copies[-1][0])) > len(_keys(copies[0][0]))


def test_copying_the_file_instead_misses_rows_still_in_the_write_ahead_log(site_file, tmp_path):
    """Why the command exists: `cp db.sqlite3` while the site runs leaves out what was
    written since SQLite last moved its log into the file."""
    site_file.open()
    keys = _write(site_file, "row", 20)
    shutil.copy(site_file.path, tmp_path / "cp.sqlite3")
    call_command("backup_database", str(tmp_path / "backup.sqlite3"), stdout=io.StringIO())
    assert not set(keys) <= _keys(tmp_path / "cp.sqlite3")
    assert set(keys) <= _keys(tmp_path / "backup.sqlite3")


def test_restore_puts_the_backup_back_and_drops_what_came_after(site_file, tmp_path, capsys):
    site_file.open()
    kept = _write(site_file, "before", 10)
    backup = tmp_path / "backup.sqlite3"
    call_command("backup_database", str(backup))
    later = _write(site_file, "after", 5)
    Session.objects.filter(session_key=kept[0]).delete()

    call_command("restore_database", str(backup), interactive=False)

    assert f"Restored {site_file.path}" in capsys.readouterr().out
    now = set(Session.objects.values_list("session_key", flat=True))  # the site's own view
    assert set(kept) <= now
    assert not set(later) & now
    with closing(sqlite3.connect(site_file.path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # as the site keeps it


def test_restore_asks_first_and_changes_nothing_without_a_yes(site_file, tmp_path):
    site_file.open()
    backup = tmp_path / "backup.sqlite3"
    call_command("backup_database", str(backup), stdout=io.StringIO())
    later = _write(site_file, "after", 3)
    with mock.patch("builtins.input", return_value="no"), pytest.raises(CommandError):
        call_command("restore_database", str(backup))
    assert set(later) <= _keys(site_file.path)


def test_restore_refuses_a_file_that_is_not_a_backup_and_changes_nothing(site_file, tmp_path):
    site_file.open()
    written = _write(site_file, "row", 3)
    not_a_backup = tmp_path / "notes.txt"
    not_a_backup.write_text("not a database\n" * 100)
    empty_database = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty_database).close()
    for file in (not_a_backup, empty_database):
        with pytest.raises(CommandError, match="Nothing restored"):
            call_command("restore_database", str(file), interactive=False)
    assert set(written) <= _keys(site_file.path)


def test_a_backup_never_overwrites_a_file(site_file, tmp_path):
    site_file.open()
    existing = tmp_path / "backup.sqlite3"
    existing.write_text("yesterday's")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup_database", str(existing))
    with pytest.raises(CommandError, match="another file"):
        call_command("backup_database", str(site_file.path))
    assert existing.read_text() == "yesterday's"


def test_postgresql_is_backed_up_with_pg_dump_and_pg_restore():
    dump, restore = postgres_commands(
        {"NAME": "bridge", "HOST": "db-host", "PORT": 5432, "USER": "bridge"}, "site.dump"
    )
    assert dump == "pg_dump -h db-host -p 5432 -U bridge --format=custom --file=site.dump bridge"
    assert restore == (
        "pg_restore -h db-host -p 5432 -U bridge --clean --if-exists --no-owner "
        "--dbname=bridge site.dump"
    )


@pytest.mark.django_db
def test_on_postgresql_the_commands_say_which_pg_commands_to_run(tmp_path):
    if connections["default"].vendor != "postgresql":
        pytest.skip("the PostgreSQL message: the suite runs on SQLite")
    with pytest.raises(CommandError, match="pg_dump .*--format=custom"):
        call_command("backup_database", str(tmp_path / "x.dump"))
    with pytest.raises(CommandError, match="pg_restore .*--clean"):
        call_command("restore_database", str(tmp_path / "x.dump"), interactive=False)
