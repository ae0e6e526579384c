"""The sample files of deploy/, made runnable here: paths and ports put in for the real
ones, as a server's administrator would edit them (used by the tests beside this file)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.hosting.conftest import ROOT

DEPLOY = ROOT / "deploy"
SERVICE_ROOT = "/srv/above-the-line"
ENV_FILE = "/etc/above-the-line/env"
HOST = "scoring.example.org"


def tool(name: str) -> str:
    """The path of a command the test needs; skipped, saying how to install it, when it is
    missing, unless REQUIRE_DEPLOY_TOOLS is set (.ci/run installs them), then a failure."""
    path = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if path:
        return path
    message = f"{name} is not installed (Debian: apt-get install {PACKAGES.get(name, name)})"
    if os.environ.get("REQUIRE_DEPLOY_TOOLS"):
        pytest.fail(message)
    pytest.skip(message)


PACKAGES = {
    "nginx": "nginx-light",
    "caddy": "caddy",
    "systemd-analyze": "systemd",
    "openssl": "openssl",
}


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run(
        [tool("openssl"), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", f"/CN={HOST}", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def nginx_config(folder: Path, *, upstream: str = "127.0.0.1:8000", https_port: int = 443,
                 http_port: int = 80) -> Path:  # fmt: skip
    """deploy/nginx.conf inside a whole nginx configuration that runs from `folder`: the
    certificate paths point at a self-signed certificate, and it listens on loopback ports."""
    cert, key = self_signed_certificate(folder)
    site = (DEPLOY / "nginx.conf").read_text()
    site = site.replace(f"/etc/letsencrypt/live/{HOST}/fullchain.pem", str(cert))
    site = site.replace(f"/etc/letsencrypt/live/{HOST}/privkey.pem", str(key))
    site = site.replace("server 127.0.0.1:8000;", f"server {upstream};")
    site = re.sub(r"^\s*listen \[::\]:\d+.*\n", "", site, flags=re.M)
    site = site.replace("listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
    (folder / "site.conf").write_text(site)
    temp = folder / "temp"
    temp.mkdir(exist_ok=True)
    # As root, nginx's workers would run as nobody, who may not enter a test's folder.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    paths = "".join(
        f"    {kind}_temp_path {temp / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = folder / "nginx-test.conf"
    config.write_text(
        f"{user}pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"events {{}}\nhttp {{\n    access_log {folder / 'access.log'};\n{paths}"
        f"    include {folder / 'site.conf'};\n}}\n"
    )
    return config


def unit_copies(folder: Path, *, root: Path = ROOT, env_file: Path | None = None) -> list[Path]:
    """The systemd units of deploy/ with this checkout's paths for the guide's."""
    env_file = env_file or folder / "env"
    env_file.touch()
    copies = []
    for unit in sorted([*DEPLOY.glob("*.service"), *DEPLOY.glob("*.timer")]):
        text = unit.read_text().replace(SERVICE_ROOT, str(root)).replace(ENV_FILE, str(env_file))
        copy = folder / unit.name
        copy.write_text(text)
        copies.append(copy)
    return copies


def exec_start(unit: Path, key: str = "ExecStart") -> str:
    [command] = exec_starts(unit, key)
    return command


def exec_starts(unit: Path, key: str = "ExecStart") -> list[str]:
    """Every `key=` line's command, in order (a oneshot service may run several)."""
    lines = unit.read_text().splitlines()
    return [line.split("=", 1)[1] for line in lines if line.startswith(f"{key}=")]


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines, as systemd's EnvironmentFile reads them (double quotes dropped)."""
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            env[key] = value
    return env
