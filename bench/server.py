"""The site as production runs it, on loopback: for bench/ and tests/production alike.

    env = server_env({"SQLITE_PATH": path})         # or {"DATABASE_URL": url}
    manage(env, "migrate", "--noinput", "-v0")
    process = gunicorn_start(env, port=8851, workers=2)
    wait_until_up(f"http://127.0.0.1:8851", process)

The benchmark and the tests must measure and check the same server: DEBUG off, the
production settings on plain HTTP (as `make serve`), gunicorn with the Makefile's options.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import string
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"


def secret_key() -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(50))


def server_env(database_env: dict, *, key: str | None = None, **settings: str) -> dict:
    """This process's environment with production settings on plain HTTP, as `make serve`.

    Its own database settings are dropped for `database_env`'s. App servers that share
    sessions must share `key`; by default each call makes a new one. `settings` adds or
    overrides variables (BENCHMARK_BASELINE="1", LOG_LEVEL, ALLOWED_HOSTS).
    """
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}}
    env.update(
        DEBUG="0",
        SECRET_KEY=key or secret_key(),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        # Plain HTTP on loopback: production keeps these on.
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.update(settings)
    env.update(database_env)
    return env


def manage(env: dict, *args: str, timeout: float = 300) -> str:
    """Runs manage.py in `env`; what it printed. A failure raises, with its output."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise RuntimeError(
            f"manage.py {' '.join(args)} exited with {result.returncode}:\n"
            f"{result.stdout}{result.stderr}"
        )
    return result.stdout


def migrate(env: dict) -> None:
    """An empty database made ready for the site: its tables and the cache's."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "createcachetable")


@contextmanager
def scratch_postgres(admin_url: str, prefix: str) -> Iterator[str]:
    """A new, empty database on admin_url's server, dropped afterwards whatever happens.

    Yields its URL; its name is `prefix`, made safe, and a random suffix.
    """
    import psycopg
    from psycopg import sql

    safe = "".join(c if c.isalnum() else "_" for c in prefix.lower())
    name = f"{safe}_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def gunicorn_start(env: dict, port: int, workers: int, *, output=None) -> subprocess.Popen:
    """gunicorn serving config.wsgi on 127.0.0.1:port, as `make serve` starts it.

    With no control socket: gunicorn 27 would otherwise give every server on the machine
    the same one (~/.gunicorn/gunicorn.ctl). `output` is a file for its log.
    """
    command = [
        str(GUNICORN),
        "config.wsgi",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        "--no-control-socket",
        "--graceful-timeout=5",
        "--log-level=warning",
    ]
    stderr = subprocess.STDOUT if output is not None else None
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=stderr)


def wait_until_up(base_url: str, process: subprocess.Popen, seconds: float = 60) -> bool:
    """Whether the server answered /healthz in time; False at once if it stopped."""
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False  # e.g. the port was taken between choosing it and binding it
        try:
            with direct.open(f"{base_url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return True
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    return False


def fill(env: dict, script: str, *options: str, timeout: float = 600) -> dict:
    """Migrate the empty database, then run `script` (a file of bench/ that fills it) and
    return what it printed as JSON: the ids and keys the benchmark sends."""
    if not (ROOT / "staticfiles" / "staticfiles.json").exists():
        manage(env, "collectstatic", "--noinput", "-v0")
    migrate(env)
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *options],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return json.loads(out.stdout)


def free_port() -> int:
    """A port nobody listens on now: on a shared machine another benchmark may hold a fixed
    one, and a server that cannot bind would leave us measuring theirs."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(env: dict, port: int, workers: int) -> Iterator[subprocess.Popen]:
    """gunicorn on 127.0.0.1:port, up and answering, stopped afterwards whatever happens."""
    process = gunicorn_start(env, port, workers)
    try:
        if not wait_until_up(f"http://127.0.0.1:{port}", process):
            sys.exit(f"gunicorn did not answer on port {port} (exit code {process.poll()})")
        yield process
    finally:
        stop(process)


def stop(process: subprocess.Popen, seconds: float = 20) -> None:
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
