"""Make a consistent copy of the site's SQLite database while the site runs.

    python manage.py backup_database /var/backups/above-the-line/site-2026-11-27.sqlite3

On PostgreSQL it prints the pg_dump command to use instead (docs/hosting.md: Backups).
"""

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

from common import backups


class Command(BaseCommand):
    help = (
        "Copy the SQLite database into FILE, consistently, while the site runs "
        "(SQLite's online backup). On PostgreSQL, says which pg_dump command to run."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the new backup file")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args, file, database, **options):
        connection = connections[database]
        if connection.vendor == "postgresql":
            dump, _restore = backups.postgres_commands(connection.settings_dict, file)
            raise CommandError(f"The database is PostgreSQL: back it up with\n    {dump}")
        if connection.vendor != "sqlite" or connection.is_in_memory_db():
            raise CommandError("Only a database in an SQLite file or PostgreSQL is backed up.")
        source = Path(connection.settings_dict["NAME"])
        target = Path(file)
        if target.resolve() == source.resolve():
            raise CommandError("The backup must go to another file than the database itself.")
        if target.exists():
            raise CommandError(f"{target} exists already: name a new file.")
        try:
            size = backups.backup_sqlite(source, target)
        except (backups.BackupError, sqlite3.Error, OSError) as exc:
            raise CommandError(f"No backup made: {exc}") from exc
        self.stdout.write(f"Backed up {source} to {target} ({size:,} bytes).")
