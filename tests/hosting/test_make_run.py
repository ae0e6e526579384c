"""`make run HOST=0.0.0.0` serves the room's Wi-Fi (README: a live class with phones)."""

import subprocess

from tests.hosting.conftest import ROOT


def _runserver_line(*args: str) -> str:
    # -n: print the commands without running them; -W: as if the setup were all to do.
    out = subprocess.run(
        ["make", "-n", "run", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    [line] = [line for line in out.splitlines() if "runserver" in line]
    return line


def test_make_run_listens_on_loopback_by_default():
    assert _runserver_line().endswith("runserver 127.0.0.1:8000")


def test_make_run_host_listens_where_it_is_told():
    assert _runserver_line("HOST=0.0.0.0", "PORT=8080").endswith("runserver 0.0.0.0:8080")
