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
    (as htmx sends a form's fields too) and, with ``htmx=True``, the HX-Request header.
    ``visitor.get(path, server=other)`` talks to another app server with the same cookies.
``run_in_django(env, script)``
    Runs `script` in ``manage.py shell`` with a database's ``env``; the JSON it printed last.

The environment, the database and gunicorn are set up by bench/server.py, as for the
benchmark, so the tests check the server that bench/web.py measures.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import sqlite3
import subprocess
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from bench import server as bench_server  # started as bench/web.py starts what it measures

ROOT = bench_server.ROOT
PORTS = range(8810, 8900)
# One key for every app server of a test: they must agree on it, as production servers do.
SECRET_KEY = bench_server.secret_key()


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


def _postgres_admin_url() -> str:
    """The suite's PostgreSQL server, through its maintenance database."""
    parts = urlsplit(suite_database_url())
    return parts._replace(path="/postgres").geturl()


def _make_database(request, tmp_path, kind: str):
    if kind == "sqlite":
        path = tmp_path / "site.sqlite3"
        env = bench_server.server_env({"SQLITE_PATH": str(path)}, key=SECRET_KEY)
        bench_server.migrate(env)
        yield ServerDatabase("sqlite", env, path=path)
        return
    prefix = f"prod_{request.node.name[:20]}"
    with bench_server.scratch_postgres(_postgres_admin_url(), prefix) as url:
        env = bench_server.server_env({"DATABASE_URL": url}, key=SECRET_KEY)
        bench_server.migrate(env)
        yield ServerDatabase("postgres", env, url=url)


def run_in_django(env: dict, script: str):
    """Runs `script` in `manage.py shell` with `env`; the JSON it printed last, loaded."""
    out = bench_server.manage(env, "shell", "--no-imports", "-c", script, timeout=120)
    return json.loads(out.strip().splitlines()[-1])


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
                process = bench_server.gunicorn_start(database.env, port, workers, output=log)
            started = Server(f"http://127.0.0.1:{port}", process, log_path)
            servers.append(started)
            if bench_server.wait_until_up(started.url, process):
                return started
        pytest.fail(f"gunicorn did not start:\n{started.log()[-3000:]}")

    yield start
    for started in servers:
        started.process.terminate()
    for started in servers:
        bench_server.stop(started.process, seconds=15)


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

    def request(
        self, method, path, data=None, *, server=None, htmx=False, headers=None
    ) -> Response:
        target = server or self.server
        headers = {"Host": f"127.0.0.1:{target.port}", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            data = dict(data or {})
            data.setdefault("csrfmiddlewaretoken", self.cookies.get("csrftoken", ""))
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
