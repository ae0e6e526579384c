"""docs/hosting.md followed into a temporary folder: the site served through the nginx
sample over HTTPS, with no redirect loop.

What it does as the guide says: the code in a folder of its own, the environment file made
from deploy/env.example with a key from the guide's one-liner, `deploy/manage.sh check
--deploy`, `migrate`, `createcachetable -v0`, `collectstatic`, `compilemessages`, then the
service's own ExecStartPre and ExecStart lines (deploy/above-the-line.service) and nginx with
deploy/nginx.conf. What it does differently, and why: the copy reuses this checkout's
virtual environment (a symbolic link) instead of `pip install -r requirements.txt`, which
would download every package again; it runs as the current user, not `above-the-line`;
nginx listens on loopback ports with a self-signed certificate instead of 80 and 443 with a
real one. Skipped when nginx or openssl is missing (`.ci/run` installs them).
"""

from __future__ import annotations

import http.client
import os
import re
import shlex
import shutil
import ssl
import subprocess
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from bench import server as bench_server
from tests.hosting.conftest import ROOT, free_port
from tests.hosting.deploy_samples import (
    DEPLOY,
    HOST,
    exec_start,
    nginx_config,
    read_env_file,
    tool,
    unit_copies,
)

pytestmark = pytest.mark.slow

GUIDE = (ROOT / "docs/hosting.md").read_text()


def _copy_the_code(target: Path) -> None:
    """`git clone`: the checkout's files as they are now (tracked or new, not ignored)."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, files):
        source = ROOT / name
        if name == ".venv" or not source.is_file():
            continue
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name)
    (target / ".venv").symlink_to((ROOT / ".venv").resolve())


def _guide_command(pattern: str) -> str:
    [command] = re.findall(pattern, GUIDE)
    return command


@pytest.fixture
def guide_database(request):
    """The environment file's database line: SQLite in the state folder, as the sample has
    it; or, when the suite runs on PostgreSQL (.ci/run's second pass), DATABASE_URL naming a
    database made for the test on that server (the guide's "several app servers")."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield ""
        return
    admin = urlsplit(url)._replace(path="/postgres").geturl()
    with bench_server.scratch_postgres(admin, "guide") as database_url:
        yield f"DATABASE_URL={database_url}"


def _make_env_file(folder: Path, state: Path, database_line: str) -> Path:
    one_liner = _guide_command(
        r"python3 -c 'import secrets; print\(secrets\.token_urlsafe\(50\)\)'"
    )
    key = subprocess.run(one_liner, shell=True, capture_output=True, text=True, check=True).stdout
    text = (DEPLOY / "env.example").read_text()
    text = text.replace("SECRET_KEY=change-me", f"SECRET_KEY={key.strip()}")
    text = text.replace("/var/lib/above-the-line", str(state))
    if database_line:
        text = text.replace(
            "#DATABASE_URL=postgres://bridge:password@db-host:5432/bridge", database_line
        )
        assert database_line in text
    env_file = folder / "env"
    env_file.write_text(text)
    return env_file


class Sink:
    """A started process, stopped after the test; its output in a file."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.processes: list[subprocess.Popen] = []

    def start(self, name: str, command, **kwargs) -> Path:
        log = self.folder / f"{name}.log"
        with open(log, "w") as out:
            self.processes.append(
                subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, **kwargs)
            )
        return log

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture
def sink(tmp_path):
    started = Sink(tmp_path)
    yield started
    started.stop()


def _https(port: int, method: str, path: str, *, body=None, headers=None):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=context)
    connection.request(method, path, body=body, headers={"Host": HOST, **(headers or {})})
    response = connection.getresponse()
    return response, response.read()


def _http(port: int, path: str, host: str):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Host": host})
    response = connection.getresponse()
    return response, response.read()


def _wait_until_up(port: int, log: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            _http(port, "/healthz", "10.0.0.5:8000")
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"not up after {seconds} s:\n{log.read_text()}")


def test_the_guide_installs_a_site_served_through_the_nginx_sample(tmp_path, sink, guide_database):
    nginx = tool("nginx")
    code = tmp_path / "srv/above-the-line"
    state = tmp_path / "var/lib/above-the-line"
    state.mkdir(parents=True)
    _copy_the_code(code)
    env_file = _make_env_file(tmp_path, state, guide_database)
    env = {"PATH": os.environ["PATH"], "ENV_FILE": str(env_file), "HOME": str(tmp_path)}

    def manage(*args: str) -> str:
        result = subprocess.run(
            [str(code / "deploy/manage.sh"), *args],
            env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout + result.stderr

    assert "no issues" in manage("check", "--deploy", "--fail-level", "WARNING")
    manage("migrate", "--noinput", "-v0")
    vendor = manage(
        "shell", "--no-imports", "-c", "from django.db import connection as c; print(c.vendor)"
    )
    assert vendor.split() == ["postgresql" if guide_database else "sqlite"]
    assert manage("createcachetable", "-v0") == manage("createcachetable", "-v0") == ""
    manage("collectstatic", "--noinput", "-v0")
    manage("compilemessages", "--ignore", ".venv", "-v0")

    # The service, as systemd would start it (its paths and port put in).
    [service] = [u for u in unit_copies(tmp_path, root=code, env_file=env_file)
                 if u.name == "above-the-line.service"]  # fmt: skip
    service_env = {**read_env_file(env_file), "PATH": os.environ["PATH"]}
    pre = subprocess.run(
        shlex.split(exec_start(service, "ExecStartPre")),
        cwd=code, env=service_env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert pre.returncode == 0, pre.stderr
    app_port = free_port()
    command = exec_start(service).replace("127.0.0.1:8000", f"127.0.0.1:{app_port}")
    gunicorn_log = sink.start("gunicorn", shlex.split(command), cwd=code, env=service_env)
    _wait_until_up(app_port, gunicorn_log)

    https_port, http_port = free_port(), free_port()
    config = nginx_config(
        tmp_path, upstream=f"127.0.0.1:{app_port}", https_port=https_port, http_port=http_port
    )
    nginx_log = sink.start(
        "nginx", [nginx, "-c", str(config), "-p", str(tmp_path), "-g", "daemon off;"]
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            _https(https_port, "GET", "/healthz")
            break
        except OSError:
            assert time.monotonic() < deadline, nginx_log.read_text()
            time.sleep(0.3)

    # Over the proxy, pages are served, not redirected (X-Forwarded-Proto: https).
    for path in ("/", "/lessons/", "/practice/"):
        response, body = _https(https_port, "GET", path)
        assert response.status == 200, (path, response.status, response.getheader("Location"))
        assert b"Above the Line" in body
        assert "max-age=31536000" in response.getheader("Strict-Transport-Security")
    # Plain HTTP is sent to https by the proxy itself, once.
    response, _ = _http(http_port, "/lessons/", HOST)
    assert (response.status, response.getheader("Location")) == (301, f"https://{HOST}/lessons/")

    # A form sent over the proxy: its secure CSRF cookie and the trusted origin hold.
    response, body = _https(https_port, "GET", "/accounts/login/")
    cookie = SimpleCookie(response.getheader("Set-Cookie"))["csrftoken"]
    assert cookie["secure"]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)[1].decode()
    response, body = _https(
        https_port, "POST", "/accounts/login/",
        body=urlencode({"csrfmiddlewaretoken": token, "username": "nobody", "password": "wrong"}),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie.value}",
            "Origin": f"https://{HOST}",
            "Referer": f"https://{HOST}/accounts/login/",
        },
    )  # fmt: skip
    assert response.status in (200, 422), (response.status, body[:300])  # refused: not 403

    # A HEAD through the proxy, and a probe by the app server's address.
    response, body = _https(https_port, "HEAD", "/lessons/")
    assert (response.status, body) == (200, b"")
    response, body = _http(app_port, "/healthz", "10.0.0.5:8000")
    assert (response.status, body) == (200, b"ok\n")

    sink.stop()
    log = gunicorn_log.read_text()
    assert "Traceback" not in log
    assert "no-body response" not in log  # gunicorn's warning for each HEAD with a body
