"""How many classrooms at once: the largest N with p95 < 100 ms on every kind of request.

    python bench/classroom.py --database sqlite        # or postgres, or both
    python bench/classroom.py --classrooms 1 --ramp 2 --duration 5    # one short step

Starts gunicorn (config.wsgi, two workers, DEBUG off) on loopback against a database of
its own, as bench/web.py and bench/live_class.py do, and plays N classrooms at once with
Locust (bench/classroom_load.py, a process of its own for each step). Each classroom:

- 30 learners, each reading a lesson, asking for a practice question and answering it,
  over and over, with a think time of a few seconds after every request;
- a live class of the same 30 students' phones polling every 2 s, answering the questions
  the teacher puts up (a new one every 20 s), and the teacher's screen polling too;
- the teacher reloading the gradebook of a 30-student assignment every 30 s.

A step is N classrooms spawned over `--ramp` seconds, then `--duration` seconds measured;
with `--every-kind-within S` the window goes on past `--duration` until every kind of
request has been sent, S seconds in all at most (tests/production/test_classroom_bench.py:
a few seconds on a loaded machine can pass before the teacher asks a question, and then
no phone answers). It passes when every kind of request was sent in the window, none
failed (in the ramp-up either) and each kind's 95th percentile is under 100 ms. The
search: N = 1, 2, 4, ... until a step fails (or `--max-classrooms`), then bisection
between the last that passed and the first that failed; it stops early, saying so, once
`--budget` seconds have gone.
The server, the database and the classrooms are kept from step to step (each step makes
the ones it lacks, and new live classes); the workers' CPU and their wait for a core are
printed for each step, with the load generator's CPU. `--classrooms N` runs one step only.
docs/performance.md ("Classroom benchmark") has the results.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import machine  # bench/machine.py: the workers' CPU time and their wait for a core
import server  # bench/server.py: the server as tests/production starts it too
import web  # bench/web.py: its databases and CSRF secret

ROOT = server.ROOT
P95_LIMIT_MS = 100.0
KINDS = (
    "lesson, a learner's",
    "new practice question",
    "practice answer",
    "live: phone poll",
    "live: answer",
    "live: teacher screen poll",
    "live: teacher control",
    "gradebook",
)
SHORT = ("lesson", "new q", "answer", "phone poll", "live ans", "screen", "control", "gradebook")


@dataclass(frozen=True)
class Step:
    classrooms: int
    report: dict  # what bench/classroom_load.py printed
    server_cpu: float
    server_waited: float
    load: tuple[float, float]

    def kind(self, name: str) -> dict:
        return self.report["kinds"].get(name, {"count": 0, "failures": 0})

    @property
    def failures(self) -> int:
        measured = sum(kind["failures"] for kind in self.report["kinds"].values())
        return measured + sum(self.report["ramp_failures"].values())

    @property
    def verdicts(self) -> list[str]:
        """Why the step did not pass, in words; empty when it did."""
        short = []
        for name in KINDS:
            kind = self.kind(name)
            if not kind["count"]:
                short.append(f"no {name}")
            elif kind["p95_ms"] >= P95_LIMIT_MS:
                short.append(f"{name} p95 {kind['p95_ms']:.0f} ms")
        if self.failures:
            short.append(f"{self.failures} errors")
        if self.report["crashes"]:
            short.append("the load generator failed")
        if self.report["spawned"] < self.report["users"]:
            short.append(f"{self.report['spawned']} of {self.report['users']} users spawned")
        return short

    @property
    def passed(self) -> bool:
        return not self.verdicts

    @property
    def requests(self) -> int:
        return sum(kind["count"] for kind in self.report["kinds"].values())


# -- the classrooms -------------------------------------------------------------------------


def longest_window(args) -> float:
    """How long a step's window may last: --duration, or longer with --every-kind-within."""
    return max(args.duration, args.every_kind_within)


def live_questions(args) -> int:
    """Enough that no teacher runs out in a step (the last rhythm starts a round late)."""
    return math.ceil(longest_window(args) / args.question_seconds) + 2


def add_classrooms(env: dict, have: int, want: int, args) -> dict:
    """Classrooms have+1..want made, and new live classes for 1..want (classroom_data.py)."""
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "classroom_data.py"),
            f"--have={have}",
            f"--want={want}",
            f"--students={args.students}",
            f"--questions={live_questions(args)}",
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    return json.loads(out.stdout)


class Classrooms:
    """The classrooms made so far in the benchmark's database, and what each step needs."""

    def __init__(self, env: dict, args):
        self.env, self.args, self.made = env, args, []

    def for_step(self, count: int) -> list[dict]:
        data = add_classrooms(self.env, len(self.made), count, self.args)
        self.made += data["classrooms"]
        return [{**room, **live} for room, live in zip(self.made, data["live"], strict=False)]


# -- one step -------------------------------------------------------------------------------


def run_step(classrooms: list[dict], args, gunicorn_pid: int) -> Step:
    plan = {
        "host": f"http://127.0.0.1:{args.port}",
        "csrf": web.CSRF_SECRET,
        "classrooms": classrooms,
        "students": args.students,
        "lesson": "/lessons/undertricks/",
        "kind": "undertricks",  # the lesson's kind of question: one number to type
        "think": [args.think_min, args.think_max],
        "poll": args.poll,
        "question_seconds": args.question_seconds,
        "reveal_after": args.reveal_after,
        "live_answering": args.live_answering,
        "gradebook_every": args.gradebook_every,
        "ramp": args.ramp,
        "duration": args.duration,
        "every_kind_within": args.every_kind_within,
        "seed": args.seed,
    }
    workers = machine.family(gunicorn_pid)
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="classroom-") as file:
        json.dump(plan, file)
        file.flush()
        load_before = os.getloadavg()[0]
        before = machine.scheduled_seconds(workers)
        result = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "classroom_load.py"), file.name],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=args.ramp + longest_window(args) + 120,
        )
        after = machine.scheduled_seconds(workers)
    if result.returncode != 0:
        sys.exit(f"bench/classroom_load.py failed:\n{result.stdout}{result.stderr}")
    return Step(
        classrooms=len(classrooms),
        report=json.loads(result.stdout),
        server_cpu=after[0] - before[0],
        server_waited=after[1] - before[1],
        load=(load_before, os.getloadavg()[0]),
    )


def step_table(step: Step) -> str:
    window = step.report["window"]
    lines = [
        "| request | count | req/s | median ms | p95 ms | max ms | errors | met |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for name in KINDS:
        kind = step.kind(name)
        if not kind["count"]:
            lines.append(f"| {name} | 0 | 0 | | | | {kind['failures']} | no: none sent |")
            continue
        short = []
        if kind["p95_ms"] >= P95_LIMIT_MS:
            short.append(f"p95 >= {P95_LIMIT_MS:.0f}")
        if kind["failures"]:
            short.append("errors")
        met = "yes" if not short else "no: " + ", ".join(short)
        lines.append(
            f"| {name} | {kind['count']} | {kind['count'] / window:.1f} | {kind['median_ms']:.0f} "
            f"| {kind['p95_ms']:.0f} | {kind['max_ms']:.0f} | {kind['failures']} | {met} |"
        )
    return "\n".join(lines)


def step_summary(step: Step) -> str:
    report, window = step.report, step.report["window"]
    requests = step.requests
    lines = [
        f"{requests / window:.0f} requests a second over {window:.0f} s; gunicorn's workers "
        f"{step.server_cpu:.1f} s of CPU ({1000 * step.server_cpu / max(requests, 1):.2f} ms "
        f"a request, ramp-up included) and {step.server_waited:.1f} s ready to run but "
        f"waiting for a core; the load generator {report['client_cpu'] / window:.0%} of one "
        f"core{' (Locust warned of its CPU)' if report['cpu_warning'] else ''}; load average "
        f"{step.load[0]:.1f} before, {step.load[1]:.1f} after",
    ]
    lines += [f"error: {error}" for error in report["errors"]]
    lines += [f"error in the ramp-up: {error}" for error in report["ramp_errors"]]
    lines += [f"the load generator failed: {crash}" for crash in report["crashes"]]
    return "\n".join(lines)


def print_step(step: Step) -> None:
    verdict = "passed" if step.passed else "failed: " + "; ".join(step.verdicts)
    print(f"\n#### N = {step.classrooms}: {verdict}\n", flush=True)
    print(step_table(step))
    print()
    print(step_summary(step), flush=True)


# -- the search -----------------------------------------------------------------------------


def search(measure, args) -> tuple[list[Step], int, int | None, bool]:
    """(every step, the largest N that passed, the smallest that failed, whether it
    stopped on the budget). `measure(n)` runs a step of n classrooms."""
    deadline = time.monotonic() + args.budget
    steps: list[Step] = []

    def run(n: int) -> bool:
        steps.append(measure(n))
        print_step(steps[-1])
        return steps[-1].passed

    if args.classrooms:
        passed = run(args.classrooms)
        return steps, args.classrooms if passed else 0, None if passed else args.classrooms, False
    good, bad, n = 0, None, 1
    while n <= args.max_classrooms:
        if time.monotonic() > deadline:
            return steps, good, bad, True
        if not run(n):
            bad = n
            break
        good, n = n, n * 2
    if bad is None:
        return steps, good, None, False
    while bad - good > 1:
        if time.monotonic() > deadline:
            return steps, good, bad, True
        middle = (good + bad) // 2
        if run(middle):
            good = middle
        else:
            bad = middle
    return steps, good, bad, False


def steps_table(steps: list[Step]) -> str:
    lines = [
        "| N | passed | p95 ms: " + " | ".join(SHORT) + " | errors | req/s | workers waited |",
        "| ---: | --- | " + " | ".join("---:" for _ in SHORT) + " | ---: | ---: | ---: |",
    ]
    for step in sorted(steps, key=lambda s: s.classrooms):
        p95s = " | ".join(
            f"{step.kind(name)['p95_ms']:.0f}" if step.kind(name)["count"] else "-"
            for name in KINDS
        )
        lines.append(
            f"| {step.classrooms} | {'yes' if step.passed else 'no'} | {p95s} | {step.failures} "
            f"| {step.requests / step.report['window']:.0f} | {step.server_waited:.0f} s |"
        )
    return "\n".join(lines)


def conclusion(good: int, bad: int | None, budget_spent: bool, args) -> str:
    if args.classrooms:
        return f"N = {args.classrooms} {'passed' if good else 'did not pass'}"
    if budget_spent:
        upper = f"and {bad - 1}" if bad is not None else "and more"
        return f"N between {good} {upper}: the search stopped on its budget"
    if bad is None:
        return f"N >= {good}: every step passed up to --max-classrooms {args.max_classrooms}"
    return f"N = {good}" + (f" ({bad} did not pass)" if bad else "")


def bench(database: str, args) -> tuple[list[Step], str]:
    started = time.monotonic()
    context = (
        web.sqlite_database() if database == "sqlite" else web.postgres_database(args.postgres)
    )
    with context as (database_env, label):
        env = server.server_env(database_env)
        if not (ROOT / "staticfiles" / "staticfiles.json").exists():
            server.manage(env, "collectstatic", "--noinput", "-v0")
        server.migrate(env)
        classrooms = Classrooms(env, args)
        print(f"\n### {label}", flush=True)
        with server.serving(env, args.port, args.workers) as process:

            def measure(n: int) -> Step:
                rooms = classrooms.for_step(n)
                return run_step(rooms, args, process.pid)

            steps, good, bad, budget_spent = search(measure, args)
    result = conclusion(good, bad, budget_spent, args)
    print(
        f"\n{label}: gunicorn {args.workers} workers; classrooms of {args.students}, each "
        f"step {args.ramp:g} s of ramp-up then {args.duration:g} s measured\n"
    )
    print(steps_table(steps))
    print(f"\n{label}: largest N with p95 < {P95_LIMIT_MS:.0f} ms and no error: {result}")
    print(f"({time.monotonic() - started:.0f} s including set-up)", flush=True)
    return steps, f"{label}: {result}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres", "both"], default="sqlite")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_POSTGRES_URL", web.DEFAULT_POSTGRES)
    )
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--classrooms", type=int, default=0, help="one step of N (no search)")
    parser.add_argument("--max-classrooms", type=int, default=64)
    parser.add_argument("--budget", type=float, default=1200, help="seconds for the search")
    parser.add_argument("--students", type=int, default=30, help="in each classroom")
    parser.add_argument("--ramp", type=float, default=10, help="seconds to spawn a step's users")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured a step")
    parser.add_argument(
        "--every-kind-within",
        type=float,
        default=0,
        help="measure past --duration until every kind of request was sent, this long at most",
    )
    parser.add_argument("--think-min", type=float, default=2.0, help="a learner's think time")
    parser.add_argument("--think-max", type=float, default=6.0)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between live polls")
    parser.add_argument("--question-seconds", type=float, default=20.0, help="live: next every")
    parser.add_argument("--reveal-after", type=float, default=15.0, help="live: reveal after")
    parser.add_argument("--live-answering", type=float, default=0.9, help="share of phones")
    parser.add_argument("--gradebook-every", type=float, default=30.0, help="seconds")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--strict", action="store_true", help="exit 1 unless the steps pass")
    args = parser.parse_args()
    if args.reveal_after >= args.question_seconds:
        parser.error("--reveal-after must be shorter than --question-seconds")
    if args.think_min > args.think_max:
        parser.error("--think-min must not be more than --think-max")
    args.port = args.port or server.free_port()

    print(
        f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M %Z')}"
    )
    databases = ["sqlite", "postgres"] if args.database == "both" else [args.database]
    outcomes = [bench(database, args) for database in databases]
    print()
    for _, line in outcomes:
        print(line)
    steps = [step for found, _ in outcomes for step in found]
    if args.classrooms and any(step.failures or step.report["crashes"] for step in steps):
        return 1  # one step asked for: an error in it fails the run
    if args.strict and not all(step.passed for step in steps):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
