"""bench/live_class.py still runs: a few seconds of a small room, on the suite's kind of database.

The figures (200 phones for a minute) are measured by hand and written in
docs/performance.md; here only that a live class under polling gets no error, that polls
with nothing new are answered 304, and that answers arrive. No latency is checked: on a
shared machine it says more about the neighbours than about the code.
"""

import os
import re
import subprocess
import sys

import pytest

from tests.production.conftest import ROOT, _postgres_admin_url, free_port, suite_uses_postgres

pytestmark = [pytest.mark.slow, pytest.mark.bench]


def test_a_small_live_class_runs_without_errors_and_polls_are_answered_304():
    database = "postgres" if suite_uses_postgres() else "sqlite"
    command = [
        sys.executable,
        "bench/live_class.py",
        f"--database={database}",
        "--phones=10",
        "--answering=3",
        "--arrival=1",
        "--duration=5",
        "--poll=0.5",
        "--question-seconds=2.5",
        "--reveal-after=1.5",
        "--one-at-a-time=10",
        f"--port={free_port()}",
    ]
    if database == "postgres":
        command.append(f"--postgres={_postgres_admin_url()}")
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr  # an error in any request fails the run
    for kind in ("phone poll", "answer", "teacher screen poll", "teacher control"):
        assert re.search(rf"^\| {kind} \| \d+ \|.*\| 0 \|", out, re.MULTILINE), out
    not_modified = re.search(r"phone polls answered 304: (\d+) of (\d+)", out)
    assert not_modified and 0 < int(not_modified[1]) < int(not_modified[2]), out
    received = re.search(r"answers: (\d+) received", out)
    assert received and int(received[1]) > 0, out
    assert "| phone poll, 304 |" in out and "(0 errors)" in out, out
