"""The site as production runs it: gunicorn processes on loopback, a database of their own.

Fixtures and helpers for the tests in this folder:

``server_database``
    A fresh, migrated database for servers started by the test, of the same kind as the
    suite's: a temporary SQLite file (WAL) when DATABASE_URL is unset or SQLite, else a new
    PostgreSQL database named ``prod_<test>_<random>`` beside DATABASE_URL's, dropped after.
``postgres_server_database``
    The same, but PostgreSQL only: the test is skipped, saying why, when DATABASE_URL is not
    PostgreSQL (`.ci/run`'s second pass sets it).
``start_server(database, workers=2)``
    Starts gunicorn serving config.wsgi with DEBUG off on a free port from 8810-8899 and
    returns a ``Server`` (``.url``, ``.log()``); every server is stopped after the test.
``Visitor(server)``
    A browser without a browser: keeps its cookies, sends the CSRF token as a form field
    or, with ``htmx=True``, as the X-CSRFToken header that base.html puts in hx-headers.
    ``visitor.get(path, server=other)`` talks to another app server with the same cookies.
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import socket
import sqlite3
import string
import subprocess
import sys
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
PORTS = range(8810, 8900)
# One key for every app server of a test: they must agree on it, as production servers do.
SECRET_KEY = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(50))


def suite_database_url() -> str:
    return os.environ.get("DATABASE_URL", "")


def suite_uses_postgres() -> bool:
    return suite_database_url().startswith(("postgres://", "postgresql://"))


# -- databases ---------------------------------------------------------------------------


@dataclass
class ServerDatabase:
    """A database that servers started by a test share; `rows()` reads it directly."""

    kind: str  # "sqlite" or "postgres"
    env: dict
    url: str = ""
    path: Path | None = None

    def rows(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self.kind == "sqlite":
            with sqlite3.connect(self.path, timeout=30) as conn:
                return conn.execute(sql, params).fetchall()
        import psycopg

        with psycopg.connect(self.url) as conn:
            return conn.execute(sql.replace("?", "%s"), params).fetchall()


def _manage(env: dict, *args: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _server_env(extra: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}}
    env.update(
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        # Plain HTTP on loopback, as `make serve`: production keeps these on.
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
    )
    env.update(extra)
    return env


def _postgres_admin_url() -> str:
    """The suite's PostgreSQL server, through its maintenance database."""
    parts = urlsplit(suite_database_url())
    return parts._replace(path="/postgres").geturl()


def _make_database(request, tmp_path, kind: str):
    name = f"prod_{request.node.name[:20].lower()}_{secrets.token_hex(3)}"
    name = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    if kind == "sqlite":
        path = tmp_path / "site.sqlite3"
        database = ServerDatabase("sqlite", _server_env({"SQLITE_PATH": str(path)}), path=path)
        _manage(database.env, "migrate", "--noinput", "-v0")
        _manage(database.env, "createcachetable")
        yield database
        return

    import psycopg
    from psycopg import sql

    admin = _postgres_admin_url()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = urlsplit(admin)._replace(path=f"/{name}").geturl()
    try:
        database = ServerDatabase("postgres", _server_env({"DATABASE_URL": url}), url=url)
        _manage(database.env, "migrate", "--noinput", "-v0")
        _manage(database.env, "createcachetable")
        yield database
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture
def server_database(request, tmp_path):
    yield from _make_database(request, tmp_path, "postgres" if suite_uses_postgres() else "sqlite")


@pytest.fixture
def postgres_server_database(request, tmp_path):
    if not suite_uses_postgres():
        pytest.skip(
            "needs PostgreSQL: run with DATABASE_URL=postgres://... "
            "(.ci/run's PostgreSQL pass does); SQLite is one file on one machine"
        )
    yield from _make_database(request, tmp_path, "postgres")


# -- servers -----------------------------------------------------------------------------


def free_port() -> int:
    for port in random.sample(PORTS, len(PORTS)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 8810-8899")


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log_path: Path

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture
def start_server(tmp_path):
    servers: list[Server] = []

    def start(database: ServerDatabase, workers: int = 2) -> Server:
        for _attempt in range(3):
            port = free_port()
            log_path = tmp_path / f"gunicorn-{port}.log"
            with open(log_path, "w") as log:
                process = subprocess.Popen(
                    [
                        str(GUNICORN),
                        "config.wsgi",
                        f"--bind=127.0.0.1:{port}",
                        f"--workers={workers}",
                        "--no-control-socket",
                        "--graceful-timeout=5",
                    ],
                    cwd=ROOT,
                    env=database.env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            server = Server(f"http://127.0.0.1:{port}", process, log_path)
            servers.append(server)
            if _wait_until_up(server):
                return server
        pytest.fail(f"gunicorn did not start:\n{server.log()[-3000:]}")

    yield start
    for server in servers:
        server.process.terminate()
    for server in servers:
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


def _wait_until_up(server: Server, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False  # e.g. the port was taken between the probe and the bind
        try:
            if Visitor(server).get("/healthz").status == 200:
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


# -- a visitor ---------------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict
    text: str

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


@dataclass
class Visitor:
    """One browser: its own cookies (session, CSRF), talking to one app server or another."""

    server: Server
    cookies: dict = field(default_factory=dict)
    timeout: float = 60

    def request(self, method, path, data=None, *, server=None, htmx=False) -> Response:
        target = server or self.server
        headers = {"Host": f"127.0.0.1:{target.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            data = dict(data or {})
            token = self.cookies.get("csrftoken", "")
            if htmx:
                headers["X-CSRFToken"] = token
            else:
                data.setdefault("csrfmiddlewaretoken", token)
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        conn = http.client.HTTPConnection("127.0.0.1", target.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            raw = conn.getresponse()
            text = raw.read().decode("utf-8", errors="replace")
            set_cookies = raw.headers.get_all("Set-Cookie") or []
            response = Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, text)
        finally:
            conn.close()
        for line in set_cookies:
            for name, morsel in SimpleCookie(line).items():
                self.cookies[name] = morsel.value
        return response

    def get(self, path, **kwargs) -> Response:
        return self.request("GET", path, **kwargs)

    def post(self, path, data=None, **kwargs) -> Response:
        if "csrftoken" not in self.cookies:
            self.get("/practice/", server=kwargs.get("server"))  # a page with a form sets it
        return self.request("POST", path, data, **kwargs)

    def new_question(self, kind: str, **kwargs) -> str:
        """Asks for a practice question; returns its public id."""
        response = self.post("/practice/new/", {"kind": kind}, **kwargs)
        assert response.status == 302, (response.status, response.text[:500])
        return response.location.rstrip("/").rsplit("/", 1)[1]
