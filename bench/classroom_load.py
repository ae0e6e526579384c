"""One step of bench/classroom.py: its classrooms played by Locust for a bounded time.

    python bench/classroom_load.py PLAN.json      # written and run by bench/classroom.py

Locust is used as a library. It patches the standard library for gevent when it is
imported, so it runs in a process of its own: nothing else of the benchmark, and no test,
imports this file. Each classroom of the plan is played by:

- its learners (one Locust user each, on the laptop's browser session): read the lesson,
  ask for a practice question, answer it (two in three right, worked out by the engine
  from what the question shows), read the lesson again..., with a think time drawn between
  `think[0]` and `think[1]` seconds after every request; the question and its answer go
  as htmx sends them from the lesson's and the question's buttons;
- its live class: every student's phone opens its page once, then polls its fragment
  every `poll` seconds with `If-None-Match` set to the version its last full answer
  showed (as bench/live_class.py: the `hx-headers` of the markup), and answers a question
  it is shown (a share `live_answering` of the time, two in three right) at its first
  tick after 0.1 to 0.5 of `reveal_after` has gone by, in place of a poll; the teacher's
  screen polls its own fragment on the same rhythm, and the teacher presses "next" every
  `question_seconds` from the start of the measured window (the classrooms' rhythms
  staggered over that time) and "reveal" `reveal_after` seconds after each;
- its teacher, who reloads the gradebook of the class's assignment every
  `gradebook_every` seconds.

The users are spawned over `ramp` seconds; then the statistics start afresh and run for
`duration` seconds (or, when `every_kind_within` is longer, on until every kind of request
of MEASURED has been sent, that many seconds in all at most), after which every user
stops. Prints one JSON object: per kind of request its count, failures, median, 95th
percentile and slowest (Locust's own figures), the failures of the ramp-up apart, every
error by kind, any exception in a user, and this process's CPU time over the window.
"""

import locust  # noqa: F401  first: its gevent patches come before anything imports socket or ssl

# isort: split
import itertools
import json
import logging
import random
import re
import sys
import time
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import gevent
from locust import FastHttpUser, between, constant_pacing, task
from locust.env import Environment

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from live_class import poll_etag, shown_position  # noqa: E402  (bench/: the markup's reading)

from scoring import Contract, score_deal  # noqa: E402

# The kinds of request, as bench/classroom.py reports them.
LESSON = "lesson, a learner's"
NEW = "new practice question"
ANSWER = "practice answer"
PHONE_PAGE = "live: phone page"
PHONE_POLL = "live: phone poll"
LIVE_ANSWER = "live: answer"
SCREEN_POLL = "live: teacher screen poll"
CONTROL = "live: teacher control"
GRADEBOOK = "gradebook"
# What a step must send (bench/classroom.py's KINDS): the phone's page is opened in the ramp-up.
MEASURED = (LESSON, NEW, ANSWER, PHONE_POLL, LIVE_ANSWER, SCREEN_POLL, CONTROL, GRADEBOOK)

QUESTION_ID = re.compile(r'<article id="q-([^"]+)"')
SHOWN = re.compile(r'data-(contract|down|vulnerable)="([^"]*)"')

PLAN: dict = {}  # the step, set by main() before any user starts
ROOMS: dict = {}  # user class -> the next index of its kind, handed out as they spawn
WINDOW: dict = {}  # "start": time.monotonic() when the measured window opens
CRASHES: list[str] = []


def _next_index(kind: str) -> int:
    counter = ROOMS.setdefault(kind, itertools.count())
    return next(counter)


class Browser(FastHttpUser):
    """One browser: its cookies, its CSRF token, and every request checked for its status.

    Redirects are not followed: a signed-out teacher's 302 to the login page would
    otherwise be timed and counted as a page of the site.
    """

    abstract = True
    network_timeout = 10.0
    connection_timeout = 10.0
    cookie = ""

    def send(self, name, method, path, *, ok, headers=None, form=None, htmx=True):
        csrf = PLAN["csrf"]
        all_headers = {"Cookie": f"{self.cookie}; csrftoken={csrf}", **(headers or {})}
        if htmx:
            all_headers["HX-Request"] = "true"
        body = None
        if form is not None:
            body = urlencode(form)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers["X-CSRFToken"] = csrf
        with self.client.request(
            method,
            path,
            name=name,
            data=body,
            headers=all_headers,
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code in ok:
                response.success()
            elif response.status_code:
                response.failure(f"HTTP {response.status_code}")
            else:  # no answer: refused, reset, timed out (Locust's error says which)
                response.failure(f"no answer: {response.error!r}")
        return response


class Learner(Browser):
    """A learner at a laptop: the lesson, a question, its answer, the lesson again..."""

    @task
    def next_step(self):
        if self.step == 0:
            self.send(LESSON, "GET", PLAN["lesson"], ok={200}, htmx=False)
        elif self.step == 1:
            form = {"kind": PLAN["kind"], "csrfmiddlewaretoken": PLAN["csrf"]}
            shown = self.send(NEW, "POST", "/practice/new/", ok={200}, form=form)
            self.question = self.read_question(shown.text or "")
        elif self.question is not None:
            public_id, right = self.question
            given = right if self.rng.random() < 2 / 3 else right + 50
            form = {"answer": str(given), "csrfmiddlewaretoken": PLAN["csrf"]}
            self.send(ANSWER, "POST", f"/practice/q/{public_id}/", ok={200}, form=form)
        self.step = (self.step + 1) % 3

    def on_start(self):
        index = _next_index("learner")
        room = PLAN["classrooms"][index // PLAN["students"]]
        self.cookie = f"sessionid={room['laptops'][index % PLAN['students']]}"
        self.rng = random.Random(PLAN["seed"] * 1_000_003 + index)
        self.step, self.question = 0, None

    @staticmethod
    def read_question(markup: str):
        """(public id, the right answer) of the undertricks question shown, else None."""
        found = QUESTION_ID.search(markup)
        shown = {name: unescape(value) for name, value in SHOWN.findall(markup)}
        if found is None or len(shown) < 3:
            return None
        contract = Contract.parse(shown["contract"])
        tricks = contract.tricks_needed - int(shown["down"])
        result = score_deal(contract, tricks, shown["vulnerable"] == "yes", form="duplicate")
        return found.group(1), result.defender_points


class Phone(Browser):
    """A student's phone in the live class, as htmx drives it: a poll at every tick."""

    @task
    def tick(self):
        if self.etag is None:  # its page did not load: again
            self.see(self.send(PHONE_PAGE, "GET", self.base, ok={200}, htmx=False))
            return
        if self.answer_at is not None and time.monotonic() >= self.answer_at:
            question = self.questions[self.position]
            form = question["right"] if self.rng.random() < 2 / 3 else question["wrong"]
            form = {**form, "csrfmiddlewaretoken": PLAN["csrf"]}
            self.answer_at = None
            path = f"{self.base}answer/{self.position}/"
            self.see(self.send(LIVE_ANSWER, "POST", path, ok={200}, form=form))
            return
        headers = {"If-None-Match": self.etag}
        self.see(self.send(PHONE_POLL, "GET", f"{self.base}now/", ok={200, 304}, headers=headers))

    def see(self, response):
        """What the phone shows after a full answer: the version, and the question's form."""
        if response.status_code != 200:
            return
        body = response.content or b""
        self.etag = poll_etag(body) or self.etag
        position = shown_position(body)
        if position != self.position:
            self.position, self.answer_at = position, None
            if position is not None and self.rng.random() < PLAN["live_answering"]:
                wait = self.rng.uniform(0.1, 0.5) * PLAN["reveal_after"]
                self.answer_at = time.monotonic() + wait

    def on_start(self):
        index = _next_index("phone")
        room = PLAN["classrooms"][index // PLAN["students"]]
        phone = room["phones"][index % PLAN["students"]]
        self.cookie = f"sessionid={phone['session']}"
        self.base = f"/live/p/{phone['player']}/"
        self.questions = {q["position"]: q for q in room["questions"]}
        self.rng = random.Random(PLAN["seed"] * 1_000_033 + index)
        self.etag, self.position, self.answer_at = None, None, None
        self.see(self.send(PHONE_PAGE, "GET", self.base, ok={200}, htmx=False))


class LiveTeacher(Browser):
    """The live class's projector, polling; and the teacher's "next" and "reveal"."""

    @task
    def tick(self):
        if self.presses and time.monotonic() >= WINDOW["start"] + self.presses[0][0]:
            _, action = self.presses.pop(0)
            self.send(CONTROL, "POST", f"{self.control}{action}/", ok={200, 302}, form={})
            return
        headers = {"If-None-Match": self.etag}
        polled = self.send(
            SCREEN_POLL, "GET", f"{self.control}now/", ok={200, 304}, headers=headers
        )
        if polled.status_code == 200:
            self.etag = poll_etag(polled.content or b"") or self.etag

    def on_start(self):
        index = _next_index("screen")
        room = PLAN["classrooms"][index]
        self.cookie = f"sessionid={room['teacher']}"
        self.control = f"/live/s/{room['live_session']}/"
        self.etag = '""'
        every, reveal = PLAN["question_seconds"], PLAN["reveal_after"]
        first = every * index / len(PLAN["classrooms"])  # the classrooms' rhythms staggered
        self.presses = []
        for n in range(len(room["questions"]) - 1):  # "next" after the last ends the class
            self.presses += [(first + n * every, "next"), (first + n * every + reveal, "reveal")]


class GradebookTeacher(Browser):
    """The teacher at a laptop, reloading the assignment's gradebook."""

    @task
    def reload(self):
        self.send(GRADEBOOK, "GET", self.path, ok={200}, htmx=False)

    def on_start(self):
        room = PLAN["classrooms"][_next_index("gradebook")]
        self.cookie = f"sessionid={room['teacher']}"
        self.path = room["gradebook"]


def figures(environment: Environment) -> dict:
    kinds = {}
    for entry in environment.stats.entries.values():
        kinds[entry.name] = {
            "count": entry.num_requests,
            "failures": entry.num_failures,
            "median_ms": entry.median_response_time if entry.num_requests else 0,
            "p95_ms": entry.get_response_time_percentile(0.95) if entry.num_requests else 0,
            "max_ms": entry.max_response_time,
        }
    return kinds


def every_kind_sent(environment: Environment) -> bool:
    sent = figures(environment)
    return all(sent.get(name, {"count": 0})["count"] for name in MEASURED)


def errors(environment: Environment) -> list[str]:
    return [
        f"{error.name}: {error.error} x {error.occurrences}"
        for error in environment.stats.errors.values()
    ]


def main() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    PLAN.update(json.loads(Path(sys.argv[1]).read_text()))
    rooms = len(PLAN["classrooms"])
    Learner.wait_time = between(*PLAN["think"])
    for user in (Phone, LiveTeacher):
        user.wait_time = constant_pacing(PLAN["poll"])
    GradebookTeacher.wait_time = constant_pacing(PLAN["gradebook_every"])
    Learner.fixed_count = Phone.fixed_count = rooms * PLAN["students"]
    LiveTeacher.fixed_count = GradebookTeacher.fixed_count = rooms
    users = [Learner, Phone, LiveTeacher, GradebookTeacher]
    total = sum(user.fixed_count for user in users)

    environment = Environment(user_classes=users, host=PLAN["host"])
    environment.events.user_error.add_listener(
        lambda user_instance, exception, tb: CRASHES.append(
            f"{type(user_instance).__name__}: {type(exception).__name__}: {exception}"
        )
    )
    runner = environment.create_local_runner()
    started = time.monotonic()
    WINDOW["start"] = started + PLAN["ramp"]
    runner.start(total, spawn_rate=total / PLAN["ramp"])
    gevent.sleep(max(0.0, WINDOW["start"] - time.monotonic()))
    if runner.spawning_greenlet is not None:  # a busy machine: the window waits for the last
        runner.spawning_greenlet.join(timeout=PLAN["ramp"])
        WINDOW["start"] = max(WINDOW["start"], time.monotonic())
    ramp = {name: kind["failures"] for name, kind in figures(environment).items()}
    ramp_errors = errors(environment)
    spawned = runner.user_count
    environment.stats.reset_all()
    cpu, opened = time.process_time(), time.monotonic()
    gevent.sleep(PLAN["duration"])
    longest = opened + PLAN.get("every_kind_within", 0)
    while time.monotonic() < longest and not every_kind_sent(environment):
        gevent.sleep(0.1)
    report = {
        "users": total,
        "spawned": spawned,
        "window": time.monotonic() - opened,
        "client_cpu": time.process_time() - cpu,
        "kinds": figures(environment),
        "errors": errors(environment),
        "ramp_failures": {name: n for name, n in ramp.items() if n},
        "ramp_errors": ramp_errors,
        "crashes": sorted(set(CRASHES)),
        "cpu_warning": bool(runner.cpu_warning_emitted),
    }
    runner.quit()
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
