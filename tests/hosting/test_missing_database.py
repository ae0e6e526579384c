"""On PostgreSQL, a database not made yet is one line saying `createdb`, not a traceback."""

import os
import secrets
import socket
import subprocess
import sys
from contextlib import closing

import pytest
from django.db import OperationalError

from config.deployment import missing_database_message
from tests.hosting.conftest import ROOT

POSTGRES = {"ENGINE": "django.db.backends.postgresql", "NAME": "bridge", "HOST": "127.0.0.1"}


def test_the_message_names_createdb_with_the_settings_host_port_and_user():
    error = OperationalError('connection failed: FATAL:  database "bridge" does not exist')
    settings = {**POSTGRES, "PORT": 5432, "USER": "postgres"}
    message = missing_database_message(error, settings)
    assert "`createdb -h 127.0.0.1 -p 5432 -U postgres bridge`" in message
    assert "\n" not in message


def test_any_other_database_error_is_left_alone():
    assert (
        missing_database_message(OperationalError("password authentication failed"), POSTGRES)
        is None
    )
    sqlite = {"ENGINE": "django.db.backends.sqlite3", "NAME": "x"}
    assert missing_database_message(OperationalError('database "x" does not exist'), sqlite) is None


def _postgres_is_up() -> bool:
    try:
        with closing(socket.create_connection(("127.0.0.1", 5432), timeout=1)):
            return True
    except OSError:
        return False


def test_migrate_on_a_database_not_made_yet_says_createdb_in_one_line():
    if not _postgres_is_up():
        pytest.skip("needs PostgreSQL on 127.0.0.1:5432 (.ci/run starts it)")
    name = f"not_made_yet_{secrets.token_hex(4)}"
    env = {**os.environ, "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}"}
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f'The PostgreSQL database "{name}" does not exist yet: make it first with '
        f"`createdb -h 127.0.0.1 -p 5432 -U postgres {name}`, then run this again "
        "(docs/hosting.md)."
    ]
