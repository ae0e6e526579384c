"""Copies of the site's database that hold while the site runs (docs/hosting.md: Backups).

SQLite: its online backup API (sqlite3.Connection.backup) copies the database as one
transaction sees it, the write-ahead log included, while app servers go on writing. Copying
the file with `cp` does not: a write still in `db.sqlite3-wal` is missing from the copy, and
a copy taken halfway through a checkpoint may not open at all.

PostgreSQL: pg_dump and pg_restore do the same job; `postgres_commands` says which, for the
database the settings name.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from contextlib import closing
from pathlib import Path

SITE_TABLE = "django_migrations"
"""A table every migrated database of this site has: a file without it is not a backup."""


class BackupError(Exception):
    """Why a backup or a restore was not made; nothing was changed."""


def _check(path: Path) -> None:
    """Refuse a file that is not a whole, migrated SQLite database of this site."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            (verdict,) = db.execute("PRAGMA quick_check").fetchone()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not an SQLite database this site can use ({exc}).") from exc
    if verdict != "ok":
        raise BackupError(f"{path} is damaged: {verdict}")
    if SITE_TABLE not in tables:
        raise BackupError(f"{path} is not a database of this site (it has no {SITE_TABLE}).")


def backup_sqlite(database: Path, target: Path, *, timeout: float = 30) -> int:
    """Copy the live database `database` into the new file `target`, consistently, while
    others write; the copy's size in bytes.

    The copy is made beside `target` and renamed into place once whole and checked, so a
    backup that fails half-way never leaves a file that looks like one.
    """
    target = Path(target)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=timeout)) as src,
            closing(sqlite3.connect(partial)) as dst,
        ):
            # All pages in one step: one read transaction, so one moment's database. (Copied
            # a few pages at a time, a write in between would start the copy over.)
            src.backup(dst, pages=-1)
            # The copy stands alone: one file, no write-ahead log beside it.
            dst.execute("PRAGMA journal_mode=DELETE")
        _check(partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size


def restore_sqlite(backup: Path, database: Path, *, timeout: float = 30) -> None:
    """Replace everything in `database` with the backup `backup`, in one transaction.

    Through the backup API too, so app servers still running see either the old database
    or the restored one, never a mix; the database keeps its own journal mode (WAL).
    """
    _check(Path(backup))
    with (
        closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as src,
        closing(sqlite3.connect(database, timeout=timeout)) as dst,
    ):
        src.backup(dst, pages=-1)


def postgres_commands(settings_dict: dict, file: str) -> tuple[str, str]:
    """The pg_dump and pg_restore commands for the database in `settings_dict`."""
    options = []
    if settings_dict.get("HOST"):
        options += ["-h", settings_dict["HOST"]]
    if settings_dict.get("PORT"):
        options += ["-p", str(settings_dict["PORT"])]
    if settings_dict.get("USER"):
        options += ["-U", settings_dict["USER"]]
    name = settings_dict["NAME"]
    dump = ["pg_dump", *options, "--format=custom", f"--file={file}", name]
    restore = ["pg_restore", *options, "--clean", "--if-exists", "--no-owner", f"--dbname={name}"]
    return shlex.join(dump), shlex.join([*restore, file])
