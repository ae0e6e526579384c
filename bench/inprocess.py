"""What each benchmarked page costs in process, with no server and no network around it.

    python bench/inprocess.py                       # time every page, count its queries
    python bench/inprocess.py --profile answer      # and cProfile the pages named "answer"
    python bench/inprocess.py --postgres postgres://postgres@127.0.0.1:5432/postgres

Production settings (DEBUG off, the production storage, database sessions and cache) on a
temporary SQLite file (or, with --postgres, a database made for the run and dropped after)
filled by bench/web_data.py, with Django's test client sending what
wrk sends (the session cookie, the CSRF cookie and header). It shows where a page's time
goes beyond the baseline's; bench/web.py measures what a server then makes of it.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import secrets
import string
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CSRF = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))


def configure(folder: str, database_env: dict) -> None:
    """This process, set up as bench/web.py sets up its server, for Django's test client."""
    import server

    env = server.server_env(
        {"SQLITE_PATH": str(Path(folder) / "inprocess.sqlite3"), **database_env},
        ALLOWED_HOSTS="testserver",
        BENCHMARK_BASELINE="1",
        LOG_LEVEL="ERROR",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    os.environ.pop("DATABASE_URL", None)
    os.environ.update(env)


def prepare(questions: int) -> dict:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    import web_data

    learners, sessions = web_data.learners_with_sessions(50)
    return {
        "sessions": sessions,
        "questions": web_data.unanswered_questions(learners, questions),
        "gradebook": web_data.gradebook(60),
    }


class GcClock:
    """Time spent in the garbage collector, and how many full (oldest-generation) passes."""

    def __init__(self):
        self.seconds, self.full, self._start = 0.0, 0, 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase, info):
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._start
            self.full += info["generation"] == 2

    def reset(self):
        self.seconds, self.full = 0.0, 0


def send(client, method: str, request: dict):
    client.cookies.clear()  # the cookies wrk sends (bench/web.py): none to a new visitor
    if request.get("session") or method == "POST":
        client.cookies["csrftoken"] = CSRF
    if request.get("session"):
        client.cookies["sessionid"] = request["session"]
    if method == "GET":
        return client.get(
            request["path"], headers={"HX-Request": "true"} if request.get("htmx") else {}
        )
    return client.post(  # a form as htmx and wrk send it: urlencoded, the token in a header
        request["path"],
        request.get("body", ""),
        content_type="application/x-www-form-urlencoded",
        headers={"X-CSRFToken": CSRF},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300, help="requests per page")
    parser.add_argument("--profile", default="", help="cProfile pages whose name has this word")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--postgres", default="", help="a server where a database may be made")
    args = parser.parse_args()

    import web

    database = web.postgres_database(args.postgres) if args.postgres else nullcontext(({}, ""))
    with tempfile.TemporaryDirectory(prefix="bench-inprocess-") as folder, database as (env, _):
        configure(folder, env)
        data = prepare(questions=2 * args.repeat + 50)
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        client = Client(enforce_csrf_checks=True)
        clock = GcClock()
        print(
            f"{'page':<36} {'ms/request':>10} {'cpu ms':>6} {'gc ms':>6} {'full gc':>7} "
            f"{'queries':>8}  status"
        )
        for endpoint in web.endpoints(data):  # the pages of bench/web.py, in its order
            name, method, requests = endpoint.name, endpoint.method, list(endpoint.requests)
            turn = iter(requests * (1 + 2 * args.repeat // len(requests)))
            for _ in range(min(20, args.repeat // 10)):  # warm up caches and connections
                send(client, method, next(turn))
            with CaptureQueriesContext(connection) as queries:
                response = send(client, method, next(turn))
            count = len(queries)  # now: the next request clears the log
            assert response.status_code < 400, (name, response.status_code)
            repeat = max(10, args.repeat // 10) if name.startswith("gradebook") else args.repeat
            profiler = cProfile.Profile() if args.profile and args.profile in name else None
            clock.reset()
            started, cpu = time.perf_counter(), time.process_time()
            if profiler:
                profiler.enable()
            for _ in range(repeat):
                send(client, method, next(turn))
            if profiler:
                profiler.disable()
            elapsed = (time.perf_counter() - started) / repeat
            cpu = (time.process_time() - cpu) / repeat
            print(
                f"{name:<36} {elapsed * 1000:>10.2f} {cpu * 1000:>6.2f} "
                f"{clock.seconds * 1000 / repeat:>6.2f} "
                f"{clock.full:>7} {count:>8}  {response.status_code}"
            )
            if profiler:
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
                pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
