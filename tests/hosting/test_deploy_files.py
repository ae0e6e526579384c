"""Every sample file in deploy/ is read by its own tool, so docs/hosting.md cannot rot."""

import re
import subprocess

from tests.hosting.conftest import ROOT
from tests.hosting.deploy_samples import (
    DEPLOY,
    HOST,
    SERVICE_ROOT,
    exec_starts,
    nginx_config,
    tool,
    unit_copies,
)

GUIDE = (ROOT / "docs/hosting.md").read_text()


def test_the_guide_names_every_sample_file_and_every_file_it_names_exists():
    samples = {f"deploy/{path.name}" for path in DEPLOY.iterdir()}
    named = set(re.findall(r"deploy/[\w.-]+[\w]", GUIDE))
    assert samples - named == set(), "in deploy/ but not in the guide"
    assert named - samples == set(), "in the guide but not in deploy/"


def test_nginx_accepts_the_sample(tmp_path):
    config = nginx_config(tmp_path)
    result = subprocess.run(
        [tool("nginx"), "-t", "-c", str(config), "-p", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_the_nginx_sample_passes_the_three_headers_the_site_relies_on():
    text = (DEPLOY / "nginx.conf").read_text()
    for header in (
        "Host $host",
        "X-Forwarded-Proto $scheme",
        "X-Forwarded-For $proxy_add_x_forwarded_for",
    ):
        assert f"proxy_set_header {header};" in text


def test_caddy_accepts_the_sample(tmp_path):
    caddy = tool("caddy")
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    adapted = subprocess.run(
        [caddy, "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert adapted.returncode == 0, adapted.stderr
    assert HOST in adapted.stdout and "reverse_proxy" in adapted.stdout
    assert '"level":"warn"' not in adapted.stderr, adapted.stderr  # nothing it calls needless
    validated = subprocess.run(
        [caddy, "validate", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert validated.returncode == 0, validated.stderr


def test_systemd_verifies_the_units(tmp_path):
    analyze = tool("systemd-analyze")
    copies = unit_copies(tmp_path)
    result = subprocess.run(
        [analyze, "verify", "--man=no", *map(str, copies)],
        capture_output=True, text=True, timeout=120,
        env={"SYSTEMD_LOG_LEVEL": "notice", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # An unknown key is only a warning to systemd; here it is a mistake in the sample.
    assert "Unknown" not in result.stderr, result.stderr


def test_the_units_run_the_commands_the_site_has():
    """The units' commands name this checkout's programs and management commands."""
    commands = {
        "above-the-line.service": ["gunicorn config.wsgi --bind 127.0.0.1:8000"],
        "above-the-line-purge.service": [
            "manage.py purge_deleted",
            "manage.py purge_deleted_files",
        ],
        "above-the-line-backup.service": ["manage.py backup_database"],
    }
    for unit, expected in commands.items():
        ran = exec_starts(DEPLOY / unit)
        assert len(ran) == len(expected), ran
        for command, line in zip(expected, ran, strict=True):
            assert line.endswith(command) or f"{command} " in line, (command, line)
        assert f"WorkingDirectory={SERVICE_ROOT}" in (DEPLOY / unit).read_text()
    for timer in ("above-the-line-purge.timer", "above-the-line-backup.timer"):
        assert "OnCalendar=" in (DEPLOY / timer).read_text()


def test_manage_sh_is_a_valid_shell_script():
    assert subprocess.run(["sh", "-n", str(DEPLOY / "manage.sh")], timeout=30).returncode == 0
