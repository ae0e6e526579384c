"""Put a backup made by backup_database back in place of the site's SQLite database.

    python manage.py restore_database /var/backups/above-the-line/site-2026-11-27.sqlite3

Everything written since the backup is lost, so it asks first (--noinput does not). On
PostgreSQL it prints the pg_restore command to use instead (docs/hosting.md: Backups).
"""

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

from common import backups


class Command(BaseCommand):
    help = (
        "Replace everything in the SQLite database with the backup FILE. On PostgreSQL, "
        "says which pg_restore command to run."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup made by backup_database")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="do not ask before replacing the database",
        )

    def handle(self, *args, file, database, interactive, **options):
        connection = connections[database]
        if connection.vendor == "postgresql":
            _dump, restore = backups.postgres_commands(connection.settings_dict, file)
            raise CommandError(f"The database is PostgreSQL: restore it with\n    {restore}")
        if connection.vendor != "sqlite" or connection.is_in_memory_db():
            raise CommandError("Only a database in an SQLite file or PostgreSQL is restored.")
        target = Path(connection.settings_dict["NAME"])
        if not Path(file).is_file():
            raise CommandError(f"There is no file {file}.")
        if interactive:
            answer = input(
                f"Everything in {target} will be replaced by {file}; whatever was written "
                "since that backup is lost. Type 'yes' to go on: "
            )
            if answer != "yes":
                raise CommandError("Nothing restored.")
        connection.close()  # this process's own connection, if any, sees the new database
        try:
            backups.restore_sqlite(Path(file), target)
        except (backups.BackupError, sqlite3.Error, OSError) as exc:
            raise CommandError(f"Nothing restored: {exc}") from exc
        self.stdout.write(f"Restored {target} from {file}.")
