"""bench/classroom.py's step search and verdicts, with made-up steps: no server, no Locust.

The search doubles N until a step fails, then bisects: these tests give it steps that pass
up to a chosen N and check the N it finds and the steps it ran. bench/classroom.py does not
import Locust (each step runs it in a process of its own), so importing it here is safe.
"""

import argparse
import importlib

import pytest

from tests.production.conftest import ROOT


@pytest.fixture
def classroom(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # its modules import each other so
    return importlib.import_module("classroom")


def args(**changes) -> argparse.Namespace:
    settings = {"classrooms": 0, "max_classrooms": 64, "budget": 3600.0}
    return argparse.Namespace(**{**settings, **changes})


def report(classroom, p95_ms: float, **changes) -> dict:
    kind = {"count": 10, "failures": 0, "median_ms": 5.0, "p95_ms": p95_ms, "max_ms": p95_ms}
    kinds = {name: dict(kind) for name in classroom.KINDS}
    base = {
        "kinds": kinds,
        "ramp_failures": {},
        "crashes": [],
        "users": 62,
        "spawned": 62,
        "window": 60.0,
        "client_cpu": 1.0,
        "cpu_warning": False,
        "errors": [],
        "ramp_errors": [],
    }
    return {**base, **changes}


def measured_up_to(classroom, largest: int, ran: list[int]):
    """A `measure` whose steps pass for N <= largest, recording the N of each step."""

    def measure(n: int):
        ran.append(n)
        p95 = 50.0 if n <= largest else 150.0
        return classroom.Step(n, report(classroom, p95), 1.0, 0.0, (0.0, 0.0))

    return measure


def test_the_search_doubles_until_a_step_fails_then_bisects_to_the_largest_n(classroom):
    ran: list[int] = []
    steps, good, bad, budget_spent = classroom.search(measured_up_to(classroom, 5, ran), args())
    assert (good, bad, budget_spent) == (5, 6, False)
    assert ran == [1, 2, 4, 8, 6, 5]
    assert [s.passed for s in steps] == [True, True, True, False, False, True]


def test_the_search_reports_none_when_one_classroom_fails(classroom):
    ran: list[int] = []
    _, good, bad, _ = classroom.search(measured_up_to(classroom, 0, ran), args())
    assert (good, bad, ran) == (0, 1, [1])


def test_the_search_stops_at_the_largest_n_allowed(classroom):
    ran: list[int] = []
    search_args = args(max_classrooms=10)
    _, good, bad, _ = classroom.search(measured_up_to(classroom, 100, ran), search_args)
    assert (good, bad, ran) == (8, None, [1, 2, 4, 8])
    assert classroom.conclusion(good, bad, False, search_args).startswith("N >= 8")


def test_the_search_stops_on_its_budget_and_says_between_what(classroom):
    ran: list[int] = []
    search_args = args(budget=-1.0)  # spent before the first step
    _, good, bad, budget_spent = classroom.search(measured_up_to(classroom, 5, ran), search_args)
    assert (ran, good, bad, budget_spent) == ([], 0, None, True)
    said = classroom.conclusion(good, bad, budget_spent, search_args)
    assert said == "N between 0 and more: the search stopped on its budget"


def test_a_step_with_one_error_or_a_kind_never_sent_does_not_pass(classroom):
    fast = report(classroom, 10.0)
    assert classroom.Step(1, fast, 1.0, 0.0, (0, 0)).passed
    ramp_error = report(classroom, 10.0, ramp_failures={"gradebook": 1})
    assert classroom.Step(1, ramp_error, 1.0, 0.0, (0, 0)).verdicts == ["1 errors"]
    missing = report(classroom, 10.0)
    missing["kinds"] = {k: v for k, v in missing["kinds"].items() if k != "live: answer"}
    assert classroom.Step(1, missing, 1.0, 0.0, (0, 0)).verdicts == ["no live: answer"]
    slow = report(classroom, 10.0)
    slow["kinds"]["gradebook"]["p95_ms"] = 100.0
    assert classroom.Step(1, slow, 1.0, 0.0, (0, 0)).verdicts == ["gradebook p95 100 ms"]
