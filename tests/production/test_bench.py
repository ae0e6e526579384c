"""bench/web.py still runs: a one-second pass per endpoint, on the suite's kind of database.

The figures themselves are measured by `make bench` and written in docs/performance.md;
here only that every endpoint answers without an error under load, and that the script
reports what the issue asks for.
"""

import os
import shutil
import subprocess
import sys

import pytest

from tests.production.conftest import ROOT, _postgres_admin_url, free_port, suite_uses_postgres

pytestmark = [pytest.mark.slow, pytest.mark.bench]


@pytest.fixture
def wrk():
    if shutil.which("wrk") is None:
        if os.environ.get("REQUIRE_WRK"):
            pytest.fail("wrk is missing and REQUIRE_WRK is set: `apt-get install wrk`")
        pytest.skip("wrk is missing: `apt-get install wrk` (Debian's package)")


def test_the_web_benchmark_runs_and_reports_every_endpoint_without_errors(wrk):
    database = "postgres" if suite_uses_postgres() else "sqlite"
    command = [
        sys.executable,
        "bench/web.py",
        f"--database={database}",
        "--duration=1",
        "--warmup=1",
        "--connections=10",
        f"--port={free_port()}",
    ]
    if database == "postgres":
        command.append(f"--postgres={_postgres_admin_url()}")
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    rows = ("baseline", "home page", "sample-rubber deal", "new practice question", "answer")
    for row in (*rows, "gradebook, 60 students"):
        assert f"| {row}" in out, out
    assert "| req/s | median ms | p95 ms | errors | vs baseline |" in out
    # The main pages in French and Dutch, each against the same page in English.
    assert "| page | en vs baseline | fr / en | nl / en |" in out, out
    for page in ("lesson", "practice home", "score pad"):
        assert f"| {page} (fr) |" in out and f"| {page} (nl) |" in out, out
    # Every answer went to a question of its own, as a learner's does.
    assert "each to a question of its own; replays: 0 (0.0%), 0 in the warm-up" in out, out
