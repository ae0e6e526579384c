"""Settings as a newcomer and a production operator meet them: real processes, real files."""

import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG", "SECRET_KEY"}}
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_debug_off_and_a_real_secret_key():
    key = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(50))
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_extra={
            "DEBUG": "0",
            "SECRET_KEY": key,
            "ALLOWED_HOSTS": "example.org",
            "EMAIL_HOST": "smtp.example.org",  # else config.W001: mail only on the console
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_rejects_the_development_secret_key():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env_extra={"DEBUG": "0"})
    assert result.returncode != 0
    assert "security.W009" in result.stdout + result.stderr


GUNICORN_WORKER_TIMEOUT_MS = 30_000  # gunicorn's default; `make serve` and bench/ keep it


def test_default_database_is_sqlite_in_wal_mode_with_a_busy_timeout_below_gunicorns(tmp_path):
    db_file = tmp_path / "site.sqlite3"
    script = (
        "from django.db import connection\n"
        "c = connection.cursor(); c.execute('PRAGMA journal_mode'); print(c.fetchone()[0]);"
        "c.execute('PRAGMA busy_timeout'); print(c.fetchone()[0]);"
        "c.execute('PRAGMA synchronous'); print(c.fetchone()[0]);"
        "print(connection.settings_dict['OPTIONS']['transaction_mode'])"
    )
    result = _manage("shell", "--no-imports", "-c", script, env_extra={"SQLITE_PATH": str(db_file)})
    assert result.returncode == 0, result.stderr
    journal, busy, synchronous, mode = result.stdout.split()
    assert journal == "wal"
    # Long enough to queue behind other writes, short enough to answer 503 before gunicorn
    # would kill the worker.
    assert 1000 <= int(busy) <= GUNICORN_WORKER_TIMEOUT_MS / 3
    assert synchronous == "1"  # NORMAL
    assert mode == "IMMEDIATE"


def test_database_url_selects_postgresql():
    script = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    result = _manage(
        "shell",
        "--no-imports",
        "-c",
        script,
        env_extra={"DATABASE_URL": "postgres://u@127.0.0.1:5432/x"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "django.db.backends.postgresql"
