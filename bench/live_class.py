"""A live class under load: one quiz session, its phones polling, some answering each question.

    python bench/live_class.py --database sqlite      # or postgres, or both (about 90 s each)
    python bench/live_class.py --phones 200 --answering 30 --duration 60

Starts gunicorn (config.wsgi, two workers, DEBUG off) on loopback against a database of
its own, as bench/web.py does, and fills it (bench/live_class_data.py) with a teacher, a
class of `--phones` students, one live quiz and every student joined, each phone with a
browser session of its own. Then this process plays the room:

- the phones arrive over `--arrival` seconds: each opens its page once, then polls its
  fragment every `--poll` seconds with `If-None-Match` set to the version its last full
  answer showed (read from the markup's `hx-headers`, as htmx swaps it in);
- the teacher's screen polls its own fragment the same way; once every phone is in, the
  teacher presses "next", then "reveal" `--reveal-after` seconds later, and "next" again
  every `--question-seconds` (never past the last question: the session stays open);
- on each question `--answering` phones, drawn with a fixed seed, send an answer (two in
  three right) once their phone shows the question, spread over the first part of it.

Every request is timed here, from just before its connection opens to the end of its
body. Printed for the `--duration` seconds after the last phone arrived, per kind of
request: count, median, p95, max, errors (no answer, or a status other than 200, 302 and
304), and the share of polls answered 304; the arrivals' page loads apart; with this
process's CPU time beside the server's, and the time the server's workers were ready to
run but waited for a core (others' work on a shared machine). docs/performance.md
("Live class") has the results.
"""

from __future__ import annotations

import argparse
import html
import http.client
import json
import math
import os
import platform
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

import server  # bench/server.py: the server as tests/production starts it too
import web  # bench/web.py: its databases
from machine import family, scheduled_seconds  # bench/machine.py: the server's CPU

ROOT = server.ROOT
P95_LIMIT_MS = 100.0
OK_STATUSES = {200, 302, 304}
TIMEOUT = 10.0  # seconds: a request slower than this counts as an error
KINDS = ("phone poll", "answer", "teacher screen poll", "teacher control")
ARRIVING = "phone page (arriving)"

HX_HEADERS = re.compile(rb'hx-headers="([^"]*)"')
ANSWER_FORM = re.compile(rb'action="/live/p/[^/"]+/answer/(\d+)/"')


# -- the set-up --------------------------------------------------------------------------------


def prepare(env: dict, phones: int, questions: int) -> dict:
    """Migrate the empty database and put the class, its live quiz and its phones in it."""
    return server.fill(env, "live_class_data.py", f"--phones={phones}", f"--questions={questions}")


def questions_needed(args) -> int:
    """Enough that the teacher never runs out (which would end the session) in the run."""
    return max(2, math.ceil(args.duration / args.question_seconds) + 1)


# -- the requests ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    kind: str
    at: float  # time.monotonic() when it was sent
    ms: float
    status: int | None  # None: no answer (refused connection, timeout, reset)
    problem: str = ""


class Log:
    """Every request sent, and what the phones were told; appended to from every thread."""

    def __init__(self):
        self.sent: list[Sent] = []
        self.lock = threading.Lock()
        self.queued_polls = 0  # polls sent late: their tick came while the last was out
        self.dropped_polls = 0  # ticks that came while a poll was out and one was queued
        self.received = 0  # answers the phone was told it had sent
        self.refused = 0  # answers refused with a message (sent after the reveal)
        self.crashed: list[str] = []  # threads of this script that stopped on an exception

    def add(self, sent: Sent) -> None:
        self.sent.append(sent)  # one bytecode: safe across threads

    def count(self, attribute: str, n: int = 1) -> None:
        with self.lock:
            setattr(self, attribute, getattr(self, attribute) + n)


@dataclass
class Response:
    status: int | None
    body: bytes


class Client:
    """One browser: its cookies, and a connection per request (gunicorn's sync workers
    close each connection after one response, as in production)."""

    def __init__(self, host: str, port: int, session_key: str, csrf: str, log: Log):
        self.host, self.port, self.log, self.csrf = host, port, log, csrf
        self.cookie = f"sessionid={session_key}; csrftoken={csrf}"

    def send(self, kind, method, path, headers=None, form=None, htmx=True) -> Response:
        """One request, timed and logged; as htmx sends it unless `htmx` is False."""
        all_headers = {"Cookie": self.cookie, **(headers or {})}
        if htmx:
            all_headers["HX-Request"] = "true"
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.csrf})
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        at, started = time.monotonic(), time.perf_counter()
        status, data, problem = None, b"", ""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            status, data = response.status, response.read()
        except (OSError, http.client.HTTPException) as error:
            problem = f"{type(error).__name__}: {error}"
        finally:
            connection.close()
        ms = (time.perf_counter() - started) * 1000
        self.log.add(Sent(kind, at, ms, status, problem))
        return Response(status, data)


def poll_etag(body: bytes) -> str | None:
    """The version the fragment asks about next (its hx-headers); None once it stops polling."""
    found = HX_HEADERS.search(body)
    if found is None:
        return None
    return json.loads(html.unescape(found.group(1).decode()))["If-None-Match"]


def shown_position(body: bytes) -> int | None:
    """The question the phone's form answers, if the phone shows one."""
    found = ANSWER_FORM.search(body)
    return int(found.group(1)) if found else None


# -- the room ------------------------------------------------------------------------------------


@dataclass
class Plan:
    """One phone's answer to one question: what it sends, and not before when."""

    position: int
    at: float
    form: dict


@dataclass
class Room:
    data: dict
    args: argparse.Namespace
    started: float  # the first phone arrives
    log: Log = field(default_factory=Log)
    plans: dict[int, Plan] = field(default_factory=dict)  # by phone index
    plans_lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def everyone_in(self) -> float:
        """The measured window opens: the last phone has arrived."""
        return self.started + self.args.arrival

    @property
    def stop_at(self) -> float:
        return self.everyone_in + self.args.duration

    def client(self, session_key: str) -> Client:
        return Client("127.0.0.1", self.args.port, session_key, self.args.csrf, self.log)


def _sleep_until(moment: float) -> None:
    delay = moment - time.monotonic()
    if delay > 0:
        time.sleep(delay)


def phone(room: Room, index: int) -> None:
    """One phone, as htmx drives it: its page once, then a poll at every tick of a timer.

    A tick while the last poll is still out is queued (htmx's `queue:last`, its default):
    the poll goes as soon as that one is back, and further ticks meanwhile are dropped.
    """
    entry = room.data["phones"][index]
    client = room.client(entry["session"])
    base = f"/live/p/{entry['player']}/"
    interval = room.args.poll
    tick = room.started + room.args.arrival * index / len(room.data["phones"])
    _sleep_until(tick)
    page = client.send(ARRIVING, "GET", base, htmx=False)
    etag, position = poll_etag(page.body), shown_position(page.body)
    send_at, tick = tick + interval, tick + 2 * interval  # the next poll; the tick after it
    while etag is not None:
        with room.plans_lock:
            plan = room.plans.get(index)
        answering = plan is not None and plan.position == position and plan.at <= send_at
        moment = plan.at if answering else send_at
        if moment >= room.stop_at:
            return
        _sleep_until(moment)
        if answering:
            with room.plans_lock:
                room.plans.pop(index, None)
            sent = client.send("answer", "POST", f"{base}answer/{plan.position}/", form=plan.form)
            if sent.status == 200:
                room.log.count("refused" if b"data-refused" in sent.body else "received")
                etag, position = poll_etag(sent.body), shown_position(sent.body)
            continue
        polled = client.send("phone poll", "GET", f"{base}now/", {"If-None-Match": etag})
        if polled.status == 200:
            etag, position = poll_etag(polled.body), shown_position(polled.body)
        now = time.monotonic()
        if tick <= now:  # the timer went off while this poll was out
            fired = int((now - tick) // interval) + 1
            room.log.count("queued_polls")
            room.log.count("dropped_polls", fired - 1)
            send_at, tick = now, tick + fired * interval
        else:
            send_at, tick = tick, tick + interval


def screen(room: Room) -> None:
    """The projector: the teacher's screen polls its fragment like a phone."""
    client = room.client(room.data["teacher"])
    path = f"/live/s/{room.data['live_session']}/now/"
    _sleep_until(room.started)
    etag = poll_etag(client.send("teacher screen poll", "GET", path).body) or '""'
    due = time.monotonic() + room.args.poll
    while due < room.stop_at:
        _sleep_until(due)
        polled = client.send("teacher screen poll", "GET", path, {"If-None-Match": etag})
        if polled.status == 200:
            etag = poll_etag(polled.body) or etag
        due += room.args.poll
        while due < time.monotonic():  # ticks that came while this poll was out: dropped
            due += room.args.poll


def teacher(room: Room) -> None:
    """The teacher's buttons: next, then reveal, on a fixed rhythm; answers planned."""
    args = room.args
    client = room.client(room.data["teacher"])
    rng = random.Random(args.seed)
    control = f"/live/s/{room.data['live_session']}/"
    moment = room.everyone_in + 1.0
    for question in room.data["questions"][:-1]:  # "next" after the last ends the session
        if moment + args.reveal_after >= room.stop_at:
            return
        _sleep_until(moment)
        client.send("teacher control", "POST", f"{control}next/", form={})
        asked = time.monotonic()
        with room.plans_lock:
            for index in rng.sample(range(len(room.data["phones"])), args.answering):
                form = question["right"] if rng.random() < 2 / 3 else question["wrong"]
                wait = rng.uniform(0.1, 0.6) * args.reveal_after
                room.plans[index] = Plan(question["position"], asked + wait, form)
        _sleep_until(moment + args.reveal_after)
        client.send("teacher control", "POST", f"{control}reveal/", form={})
        with room.plans_lock:
            room.plans.clear()  # a phone that has not answered by now sees the answer
        moment += args.question_seconds


def _thread(room: Room, target, *args) -> threading.Thread:
    """A thread of the room whose failure is reported, not lost in the run's output."""

    def run():
        try:
            target(room, *args)
        except Exception as error:  # reported as the run's failure
            with room.log.lock:
                room.log.crashed.append(f"{target.__name__}: {type(error).__name__}: {error}")

    return threading.Thread(target=run, daemon=True)


def warm_up(data: dict, args) -> None:
    """Both workers past their first requests (imports, templates), before the clock starts."""
    room = Room(data, args, started=time.monotonic())  # its log is not reported

    def browse(n: int):
        player = data["phones"][n % len(data["phones"])]["player"]
        phone, teacher = room.client(data["phones"][n]["session"]), room.client(data["teacher"])
        for _ in range(3):
            phone.send("", "GET", f"/live/p/{player}/", htmx=False)
            phone.send("", "GET", f"/live/p/{player}/now/")
            teacher.send("", "GET", f"/live/s/{data['live_session']}/now/")

    threads = [threading.Thread(target=browse, args=(n,)) for n in range(min(4, args.phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


# -- the figures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    kind: str
    count: int
    median_ms: float
    p95_ms: float
    max_ms: float
    errors: int
    statuses: dict

    @property
    def verdicts(self) -> list[str]:
        """What falls short of the issue's targets, in words; empty when all are met."""
        short = []
        if self.p95_ms >= P95_LIMIT_MS:
            short.append(f"p95 {self.p95_ms:.0f} ms >= {P95_LIMIT_MS:.0f}")
        if self.errors:
            short.append(f"{self.errors} errors")
        return short


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (the p95 of 100 values is the 95th smallest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def row(kind: str, sent: list[Sent]) -> Row:
    statuses: dict[int | None, int] = {}
    for s in sent:
        statuses[s.status] = statuses.get(s.status, 0) + 1
    values = [s.ms for s in sent]
    return Row(
        kind,
        len(sent),
        percentile(values, 0.5),
        percentile(values, 0.95),
        max(values),
        sum(1 for s in sent if s.status not in OK_STATUSES),
        dict(sorted(statuses.items(), key=lambda kv: kv[0] or 0)),
    )


def rows(room: Room) -> list[Row]:
    """Each kind of request in the measured window, all of them together, then arrivals."""
    window = [s for s in room.log.sent if room.everyone_in <= s.at < room.stop_at]
    result = [row(k, [s for s in window if s.kind == k]) for k in KINDS]
    result = [r for r in result if r.count]
    if window:
        result.append(row("all of the above", [s for s in window if s.kind in KINDS]))
    arriving = [s for s in room.log.sent if s.kind == ARRIVING]
    if arriving:
        result.append(row(ARRIVING, arriving))
    late = [s for s in room.log.sent if s.kind in KINDS and s.at >= room.stop_at]
    if any(s.status not in OK_STATUSES for s in late):
        result.append(row("after the window", late))  # so no error goes unreported
    return result


def table(results: list[Row]) -> str:
    lines = [
        "| request | count | median ms | p95 ms | max ms | errors | statuses | met |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for r in results:
        statuses = ", ".join(f"{s or 'none'}: {n}" for s, n in r.statuses.items())
        met = "yes" if not r.verdicts else "no: " + "; ".join(r.verdicts)
        lines.append(
            f"| {r.kind} | {r.count} | {r.median_ms:.1f} | {r.p95_ms:.1f} | {r.max_ms:.0f} "
            f"| {r.errors} | {statuses} | {met} |"
        )
    return "\n".join(lines)


def summary(room: Room, results: list[Row], machine: dict) -> str:
    log, seconds = room.log, room.args.duration
    polls = next((r for r in results if r.kind == "phone poll"), None)
    not_modified = polls.statuses.get(304, 0) if polls else 0
    share = not_modified / polls.count if polls else 0.0
    in_window = sum(r.count for r in results if r.kind in KINDS)
    requests = len(log.sent)
    wall = machine["wall"]
    lines = [
        f"phone polls answered 304: {not_modified} of {polls.count if polls else 0} "
        f"({share:.1%}); polls sent late, their tick having come while the phone's last "
        f"poll was out: {log.queued_polls} (and {log.dropped_polls} ticks dropped)",
        f"answers: {log.received} received, {log.refused} refused after the reveal; "
        f"{in_window / seconds:.0f} requests a second in the window",
        f"CPU over the {wall:.0f} s run: gunicorn's workers {machine['server_cpu']:.1f} s "
        f"({1000 * machine['server_cpu'] / max(requests, 1):.2f} ms a request), and "
        f"{machine['server_waited']:.1f} s ready to run but waiting for a core; this load "
        f"generator {machine['client_cpu']:.1f} s ({machine['client_cpu'] / wall:.0%} of one "
        f"core); load average {machine['load'][0]:.1f} before, {machine['load'][1]:.1f} after",
    ]
    lines += [f"this script failed: {problem}" for problem in log.crashed]
    problems: dict[str, int] = {}
    for s in log.sent:
        if s.status not in OK_STATUSES:
            key = f"{s.kind}: {s.problem or f'HTTP {s.status}'}"
            problems[key] = problems.get(key, 0) + 1
    lines += [f"error: {n} x {key}" for key, n in problems.items()]
    return "\n".join(lines)


# -- one run -------------------------------------------------------------------------------------


def play(data: dict, args, gunicorn_pid: int) -> tuple[Room, list[Row], dict]:
    warm_up(data, args)
    room = Room(data, args, started=time.monotonic() + 0.5)
    threads = [_thread(room, phone, i) for i in range(len(data["phones"]))]
    threads += [_thread(room, screen), _thread(room, teacher)]
    load_before = os.getloadavg()[0]
    workers = family(gunicorn_pid)
    server_before, client_before = scheduled_seconds(workers), time.process_time()
    wall = time.monotonic()
    for thread in threads:
        thread.start()
    deadline = room.stop_at + 2 * TIMEOUT  # the last requests out, and their answers
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))
    server_after, client_after = scheduled_seconds(workers), time.process_time()
    machine = {
        "wall": time.monotonic() - wall,
        "server_cpu": server_after[0] - server_before[0],
        "server_waited": server_after[1] - server_before[1],
        "client_cpu": client_after - client_before,  # every thread of this process
        "load": (load_before, os.getloadavg()[0]),
    }
    results = rows(room)
    if room.log.crashed:  # counted as errors: the run did not do what it says
        results.append(Row("this script", 0, 0, 0, 0, len(room.log.crashed), {}))
    return room, results, machine


def one_at_a_time(data: dict, args, gunicorn_pid: int) -> tuple[str, int]:
    """What each kind of poll costs the server, sent one after another once the room has
    gone: the workers' CPU time per request, and as a multiple of the baseline page's
    (bench/web.py's: a tiny template, no query), which is what compares across machines."""
    room = Room(data, args, started=time.monotonic())
    phone, teacher = room.client(data["phones"][0]["session"]), room.client(data["teacher"])
    poll = f"/live/p/{data['phones'][0]['player']}/now/"
    screen = f"/live/s/{data['live_session']}/now/"
    control = f"/live/s/{data['live_session']}/"
    workers = family(gunicorn_pid)

    def cost(send) -> tuple[float, float]:
        for _ in range(10):
            send()
        before, started = scheduled_seconds(workers)[0], time.perf_counter()
        for _ in range(args.one_at_a_time):
            send()
        per_request = (scheduled_seconds(workers)[0] - before) / args.one_at_a_time
        return per_request * 1000, (time.perf_counter() - started) / args.one_at_a_time * 1000

    def etag(path: str) -> str:
        return poll_etag(phone.send("", "GET", path).body) or '""'

    measured = [("baseline page", cost(lambda: phone.send("", "GET", "/bench/baseline/")))]
    teacher.send("", "POST", f"{control}next/", form={})  # a question the room has not seen
    asking = etag(poll)
    measured.append(
        ("phone poll, 304", cost(lambda: phone.send("", "GET", poll, {"If-None-Match": asking})))
    )
    measured.append(("phone poll, 200: a question", cost(lambda: phone.send("", "GET", poll))))
    board = poll_etag(teacher.send("", "GET", screen).body) or '""'
    measured.append(
        (
            "teacher screen poll, 304",
            cost(lambda: teacher.send("", "GET", screen, {"If-None-Match": board})),
        )
    )
    teacher.send("", "POST", f"{control}reveal/", form={})
    measured.append(("phone poll, 200: the answer", cost(lambda: phone.send("", "GET", poll))))
    errors = sum(1 for s in room.log.sent if s.status not in OK_STATUSES)
    baseline = measured[0][1][0]
    lines = [
        f"One at a time, {args.one_at_a_time} of each after the room ({errors} errors):",
        "",
        "| request | server CPU ms | x baseline | wall ms |",
        "| --- | ---: | ---: | ---: |",
    ]
    lines += [
        f"| {name} | {cpu:.2f} | {cpu / baseline:.1f} | {wall:.2f} |"
        for name, (cpu, wall) in measured
    ]
    return "\n".join(lines), errors


def bench(database: str, args) -> list[Row]:
    started = time.monotonic()
    context = (
        web.sqlite_database() if database == "sqlite" else web.postgres_database(args.postgres)
    )
    with context as (database_env, label):
        env = server.server_env(database_env, BENCHMARK_BASELINE="1")
        data = prepare(env, args.phones, questions_needed(args))
        setup = time.monotonic() - started
        with server.serving(env, args.port, args.workers) as process:
            room, results, machine = play(data, args, process.pid)
            calibration, errors = "", 0
            if args.one_at_a_time:
                calibration, errors = one_at_a_time(data, args, process.pid)
            if errors:  # counted: the run must fail
                results.append(Row("one at a time", 0, 0, 0, 0, errors, {}))
    print(
        f"\n### {label}: gunicorn {args.workers} workers, {args.phones} phones polling every "
        f"{args.poll:g} s, {args.answering} answering each question; {args.duration:g} s "
        f"measured after {args.arrival:g} s of arrivals\n"
    )
    print(table(results))
    print()
    print(summary(room, results, machine))
    if calibration:
        print(f"\n{calibration}")
    print(f"\n({time.monotonic() - started:.0f} s including {setup:.0f} s of set-up)")
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres", "both"], default="sqlite")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_POSTGRES_URL", web.DEFAULT_POSTGRES)
    )
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--answering", type=int, default=30, help="phones answering each question")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured")
    parser.add_argument("--arrival", type=float, default=10, help="seconds the phones arrive over")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between a phone's polls")
    parser.add_argument("--question-seconds", type=float, default=10.0)
    parser.add_argument("--reveal-after", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=17, help="which phones answer, and when")
    parser.add_argument(
        "--one-at-a-time", type=int, default=200, help="requests of each kind after (0: none)"
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    if args.answering > args.phones:
        parser.error("--answering cannot be more than --phones")
    if args.reveal_after >= args.question_seconds:
        parser.error("--reveal-after must be shorter than --question-seconds")
    args.csrf = web.CSRF_SECRET  # every phone's CSRF cookie, and its forms' token
    args.port = args.port or server.free_port()

    print(
        f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    databases = ["sqlite", "postgres"] if args.database == "both" else [args.database]
    results = [r for db in databases for r in bench(db, args)]
    if any(r.errors for r in results):
        return 1
    if args.strict and any(r.verdicts for r in results if r.kind != ARRIVING):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
