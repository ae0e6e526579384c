"""The server's share of the machine, read from /proc: its processes' CPU time, and their
time ready to run but waiting for a core (on a shared machine, how much others took).

Used by bench/live_class.py and bench/classroom.py around the load they play.
"""

from __future__ import annotations

from pathlib import Path


def family(pid: int) -> list[int]:
    """A process and its children: gunicorn's master and workers."""
    try:
        return [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    except OSError:
        return [pid]


def scheduled_seconds(pids: list[int]) -> tuple[float, float]:
    """CPU time of the processes, and their time ready to run but waiting for a core
    (/proc/<pid>/schedstat, in nanoseconds): on a shared machine, how much others took."""
    ran = waited = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/schedstat").read_text().split()
        except OSError:
            continue
        ran += int(fields[0]) / 1e9
        waited += int(fields[1]) / 1e9
    return ran, waited
