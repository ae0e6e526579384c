"""How fast the production server answers a classroom: every page against a baseline.

    python bench/web.py --database sqlite      # or postgres, or both (about two minutes each)
    python bench/web.py --only "(en),(fr),(nl)"   # the main pages in each language

Starts gunicorn (config.wsgi, two workers, DEBUG off) on loopback against a database of
its own (a temporary SQLite file, or a fresh PostgreSQL database that it drops after),
drives it with wrk from a second process for a bounded time per endpoint, and prints for
each endpoint: requests per second, median and 95th-percentile latency, errors, and its
throughput as a fraction of the baseline page's in the same run (a tiny template, no
query, same middleware: routed only because BENCHMARK_BASELINE=1). Ratios, not absolute
figures, are what compare across machines; docs/performance.md has the results.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import secrets
import shutil
import string
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import server  # bench/server.py: the server as tests/production starts it too

ROOT = server.ROOT
DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"
CSRF_SECRET = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
P95_LIMIT_MS = 100.0


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    target: float | None  # least throughput as a fraction of the baseline's
    requests: tuple[dict, ...]  # {"path", "session", "body", "htmx"}, in turn
    once: bool = False  # each request may be sent only once: a repeat is a replay


@dataclass(frozen=True)
class Result:
    name: str
    requests: int
    rps: float
    median_ms: float
    p95_ms: float
    errors: int
    target: float | None
    ratio: float = 0.0
    sent: int = 0  # requests wrk sent (some may not have been answered when it stopped)
    replays: int = 0  # of those, how many repeated a request of the plan already sent
    warm_replays: int = 0  # the same, in the warm-up before

    @property
    def verdicts(self) -> list[str]:
        """What falls short of the issue's targets, in words; empty when all are met."""
        short = []
        if self.target is not None and self.ratio < self.target:
            short.append(f"throughput {self.ratio:.2f} of baseline < {self.target}")
        if self.p95_ms >= P95_LIMIT_MS:
            short.append(f"p95 {self.p95_ms:.0f} ms >= {P95_LIMIT_MS:.0f}")
        if self.errors:
            short.append(f"{self.errors} errors")
        if self.replays:
            short.append(f"{self.replays} replays")
        return short


# -- the machine, the database, the server ------------------------------------------------


def wrk_path() -> str:
    """wrk from Debian's packages, installed on first use when we may."""
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "wrk"],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        found = shutil.which("wrk")
    if not found:
        sys.exit("wrk is missing: install it with `apt-get install wrk` (Debian's package).")
    return found


@contextmanager
def sqlite_database():
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        yield {"SQLITE_PATH": str(Path(folder) / "bench.sqlite3")}, "SQLite (WAL)"


@contextmanager
def postgres_database(admin_url: str):
    """A fresh database for this run only, dropped afterwards whatever happens."""
    import psycopg

    with server.scratch_postgres(admin_url, "prod_bench") as url:
        with psycopg.connect(url) as conn:
            version = conn.info.server_version
        yield {"DATABASE_URL": url}, f"PostgreSQL {version // 10000}"


def prepare(env: dict, learners: int, questions: int) -> dict:
    """Migrate the empty database and fill it with learners and unanswered questions."""
    return server.fill(
        env, "web_data.py", f"--learners={learners}", f"--questions={questions}", timeout=300
    )


def supply(env: dict, data: dict, count: int) -> list[dict]:
    """`count` more unanswered questions for the learners of `data`, stored and returned."""
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "web_data.py"),
            f"--add-questions={count}",
            "--learner-ids=" + ",".join(str(pk) for pk in data["learners"]),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return json.loads(out.stdout)["questions"]


# -- the load ------------------------------------------------------------------------------

LUA = """-- Written by bench/web.py for one run of wrk.
local method = %(method)s
local csrf = %(csrf)s
local plan = {
%(plan)s
}
local n = #plan
local threads = %(threads)d
local counter = 0
local all_threads = {}

function setup(thread)
  thread:set("first", counter)
  counter = counter + 1
  table.insert(all_threads, thread)
end

local function prepare(k)
  local p = plan[k]
  local headers = {}
  if p[2] ~= "" then
    headers["Cookie"] = "sessionid=" .. p[2] .. "; csrftoken=" .. csrf
  end
  if method == "POST" then
    headers["Cookie"] = headers["Cookie"] or ("csrftoken=" .. csrf)
    headers["X-CSRFToken"] = csrf
    headers["Content-Type"] = "application/x-www-form-urlencoded"
  end
  if p[4] then
    headers["HX-Request"] = "true"
  end
  return wrk.format(method, p[1], headers, p[3] ~= "" and p[3] or nil)
end

function init(args)
  -- Each thread takes every threads-th request of the plan, so none is sent twice
  -- unless the plan runs out: then it starts again, and counts each one as a replay.
  turn = first
  sent = 0
  replays = 0
  prepared = {}
end

function request()
  local k = (turn %% n) + 1
  if turn >= n then
    replays = replays + 1
  end
  turn = turn + threads
  sent = sent + 1
  local r = prepared[k]
  if not r then
    r = prepare(k)
    prepared[k] = r
  end
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  local sent, replays = 0, 0
  for _, thread in ipairs(all_threads) do
    sent = sent + thread:get("sent")
    replays = replays + thread:get("replays")
  end
  io.write(string.format(
    "WRK_RESULT %%d %%d %%d %%d %%d %%d %%d %%.0f %%.0f %%d %%d\\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), sent, replays))
end
"""


def lua_script(endpoint: Endpoint, requests: list[dict], threads: int) -> str:
    def q(text: str) -> str:
        return json.dumps(text)  # a JSON string of ASCII is a valid Lua string

    plan = ",\n".join(
        f"  {{{q(r['path'])}, {q(r.get('session', ''))}, {q(r.get('body', ''))}, "
        f"{'true' if r.get('htmx') else 'false'}}}"
        for r in requests
    )
    return LUA % {
        "method": q(endpoint.method),
        "csrf": q(CSRF_SECRET),
        "plan": plan,
        "threads": threads,
    }


def run_wrk(wrk: str, url: str, endpoint: Endpoint, requests, args, seconds: float) -> Result:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(lua_script(endpoint, requests, args.threads))
    try:
        out = subprocess.run(
            [
                wrk,
                f"--threads={args.threads}",
                f"--connections={args.connections}",
                f"--duration={max(1, round(seconds))}s",  # wrk counts whole seconds
                "--timeout=10s",
                f"--script={script.name}",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=True,
        ).stdout
    finally:
        os.unlink(script.name)
    line = next(x for x in out.splitlines() if x.startswith("WRK_RESULT"))
    count, duration_us, *errors, p50, p95, sent, replays = (int(float(v)) for v in line.split()[1:])
    return Result(
        name=endpoint.name,
        requests=count,
        rps=count / (duration_us / 1e6),
        median_ms=p50 / 1000,
        p95_ms=p95 / 1000,
        errors=sum(errors),
        target=endpoint.target,
        sent=sent,
        replays=replays if endpoint.once else 0,
    )


def answer_requests(questions: list[dict], sessions: list[str]) -> tuple[dict, ...]:
    """A right answer to each question, from its learner's browser."""
    return tuple(
        {
            "path": f"/practice/q/{q['public_id']}/",
            "session": sessions[q["session"]],
            "body": "&".join(f"{k}={v}" for k, v in q["answer"].items()),
        }
        for q in questions
    )


# Issue 33's targets, as a fraction of the baseline's throughput in the same run, by database.
TARGETS = {
    "sqlite": {"page": 0.8, "learner": 0.5, "new": 0.4, "answer": 0.25, "gradebook": 0.15},
    "postgres": {"page": 0.8, "learner": 0.5, "new": 0.3, "answer": 0.2, "gradebook": 0.15},
}


def endpoints(data: dict, database: str = "sqlite") -> list[Endpoint]:
    """What a classroom does, in the order it is measured (the baseline first and last)."""
    sessions = data["sessions"]
    answers = answer_requests(data["questions"], sessions)
    new_questions = tuple(
        {"path": "/practice/new/", "session": key, "body": "kind=undertricks"} for key in sessions
    )
    book = data["gradebook"]  # bench/web_data.py: gradebook()
    target = TARGETS[database]
    return [
        Endpoint(
            "baseline (tiny template, no query)", "GET", None, ({"path": "/bench/baseline/"},)
        ),
        Endpoint("home page", "GET", target["page"], ({"path": "/"},)),
        Endpoint("sample-rubber deal 3", "GET", None, ({"path": "/lessons/sample-rubber/3/"},)),
        # A topic lesson, the same for every visitor; then what a browser fetches as it
        # loads: the "Check yourself" form with a new visitor's own token.
        Endpoint(
            "lesson: trick score", "GET", target["page"], ({"path": "/lessons/trick-score/"},)
        ),
        # The same lesson for learners with a session: their standing and next step drawn.
        Endpoint(
            "lesson: trick score, a learner's",
            "GET",
            target["learner"],
            tuple({"path": "/lessons/trick-score/", "session": key} for key in sessions),
        ),
        Endpoint(
            "lesson's check form (htmx)",
            "GET",
            None,
            ({"path": "/practice/check/trick_score/?part=start", "htmx": True},),
        ),
        Endpoint("new practice question (POST)", "POST", target["new"], new_questions),
        Endpoint("answer submission (POST)", "POST", target["answer"], answers, once=True),
        Endpoint(
            f"gradebook, {book['students']} students",
            "GET",
            target["gradebook"],
            ({"path": book["path"], "session": book["session"]},),
        ),
        *language_endpoints(target),
    ]


# The main pages in each language, English first: each French and Dutch page's throughput is
# also given as a share of the same page's in English, measured in the same run.
LANGUAGES = ("en", "fr", "nl")
LANGUAGE_PAGES = (
    ("lesson", "/lessons/trick-score/", "page"),
    ("practice home", "/practice/", None),
    ("score pad", "/scorepad/", None),
)


def language_endpoints(target: dict) -> list[Endpoint]:
    return [
        Endpoint(
            f"{page} ({language})",
            "GET",
            target[kind] if kind else None,
            ({"path": path if language == "en" else f"/{language}{path}"},),
        )
        for page, path, kind in LANGUAGE_PAGES
        for language in LANGUAGES
    ]


def language_table(results: list[Result]) -> str:
    """Each main page's French and Dutch throughput as a share of its English throughput,
    each first taken against the baseline runs on either side of it, so a machine that gets
    busier between the English and the French page shifts neither share."""
    ratio = {r.name: r.ratio for r in results}
    lines = ["| page | en vs baseline | fr / en | nl / en |", "| --- | ---: | ---: | ---: |"]
    for page, _, _ in LANGUAGE_PAGES:
        english = ratio.get(f"{page} (en)")
        if not english:
            continue
        shares = [ratio.get(f"{page} ({language})", 0.0) / english for language in LANGUAGES[1:]]
        lines.append(f"| {page} | {english:.2f} | " + " | ".join(f"{x:.2f}" for x in shares) + " |")
    return "\n".join(lines) if len(lines) > 2 else ""


def fresh_answers(baselines: list[Result], data: dict, args, supply) -> tuple[list, list]:
    """(warm-up, measured) answers, each to a question never answered before, as a learner
    answers: as many as the fastest baseline run so far could take in that time. No answer
    is faster than the baseline page: it does all that page does, and grades and writes."""
    bound = max(b.rps for b in baselines)
    warm_count = math.ceil(bound * args.warmup)
    count = math.ceil(bound * args.duration)
    questions = supply(warm_count + count) if supply else data["questions"]
    print(f"  {len(questions)} questions to answer (bound: {bound:.0f} req/s)", file=sys.stderr)
    fresh = list(answer_requests(questions, data["sessions"]))
    return fresh[:warm_count], fresh[warm_count:]


def measure(
    wrk: str, base_url: str, data: dict, args, supply=None, database: str = "sqlite"
) -> list[Result]:
    """Each page between two runs of the baseline, so a busy machine shifts both alike.

    `supply(count)` stores `count` more unanswered questions and returns them (web_data.py
    --add-questions): the answers are sized by the baseline measured first.
    """
    baseline, *pages = endpoints(data, database)
    if args.only:
        pages = [p for p in pages if any(word in p.name for word in args.only.split(","))]
    warm_baseline = bool(args.warmup)

    def run(endpoint: Endpoint, requests: list[dict], warm: list[dict] | None):
        warmed = None
        if warm and args.warmup:
            warmed = run_wrk(wrk, base_url, endpoint, warm, args, args.warmup)
        result = run_wrk(wrk, base_url, endpoint, requests, args, args.duration)
        print(f"  {result.name}: {result.rps:.0f} req/s", file=sys.stderr)
        return result, warmed

    baselines = [run(baseline, list(baseline.requests), list(baseline.requests) * warm_baseline)[0]]
    results = []
    for page in pages:
        requests = list(page.requests)
        warm = requests
        if page.name.startswith("answer"):
            warm, requests = fresh_answers(baselines, data, args, supply)
        result, warmed = run(page, requests, warm)
        baselines.append(run(baseline, list(baseline.requests), None)[0])
        reference = (baselines[-2].rps + baselines[-1].rps) / 2
        results.append(
            Result(
                **{
                    **result.__dict__,
                    "ratio": result.rps / reference,
                    "warm_replays": warmed.replays if warmed else 0,
                }
            )
        )
    rates = [b.rps for b in baselines]
    spread = (max(rates) - min(rates)) / max(rates)
    if spread > 0.2:
        print(f"  warning: the baseline varied by {spread:.0%} in this run (a busy machine?)")
    mean = sum(rates) / len(rates)
    summary = Result(
        name=f"{baseline.name}, {len(rates)} runs: {min(rates):.0f} to {max(rates):.0f} req/s",
        requests=sum(b.requests for b in baselines),
        rps=mean,
        median_ms=sorted(b.median_ms for b in baselines)[len(rates) // 2],
        p95_ms=sorted(b.p95_ms for b in baselines)[len(rates) // 2],
        errors=sum(b.errors for b in baselines),
        target=None,
        ratio=1.0,
    )
    return [summary, *results]


def table(results: list[Result]) -> str:
    lines = [
        "| endpoint | req/s | median ms | p95 ms | errors | vs baseline | target | met |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in results:
        target = f">= {r.target}" if r.target is not None else ""
        met = "yes" if not r.verdicts else "no: " + "; ".join(r.verdicts)
        lines.append(
            f"| {r.name} | {r.rps:.0f} | {r.median_ms:.1f} | {r.p95_ms:.1f} | {r.errors} "
            f"| {r.ratio:.2f} | {target} | {met} |"
        )
    for r in results:
        if r.name.startswith("answer"):
            share = r.replays / r.sent if r.sent else 0.0
            lines.append(
                f"\n{r.name}: {r.sent} answers sent, each to a question of its own; "
                f"replays: {r.replays} ({share:.1%}), {r.warm_replays} in the warm-up"
            )
    return "\n".join(lines)


def bench(database: str, wrk: str, args) -> list[Result]:
    started = time.monotonic()
    context = sqlite_database() if database == "sqlite" else postgres_database(args.postgres)
    with context as (database_env, label):
        env = server.server_env(database_env, BENCHMARK_BASELINE="1")
        data = prepare(env, args.learners, questions=0)  # those to answer: when measured
        port = args.port or server.free_port()
        with server.serving(env, port, args.workers):
            base_url = f"http://127.0.0.1:{port}"
            results = measure(
                wrk, base_url, data, args, lambda count: supply(env, data, count), database
            )
    print(
        f"\n### {label}: gunicorn {args.workers} workers, wrk {args.threads} threads, "
        f"{args.connections} connections, {args.duration:g} s per endpoint\n"
    )
    print(table(results))
    by_language = language_table(results)
    if by_language:
        print(f"\nEach language against English, in the same run:\n\n{by_language}")
    print(f"\n({time.monotonic() - started:.0f} s including setup)")
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres", "both"], default="sqlite")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--duration", type=int, default=8, help="seconds per run")
    parser.add_argument("--warmup", type=int, default=1, help="seconds before each page (0: none)")
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--only", default="", help="measure only pages whose name has a word")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()

    wrk = wrk_path()
    print(
        f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{subprocess.run([wrk, '--version'], capture_output=True, text=True).stdout.split()[1]}"
    )
    databases = ["sqlite", "postgres"] if args.database == "both" else [args.database]
    results = [r for db in databases for r in bench(db, wrk, args)]
    if any(r.errors for r in results):
        return 1
    if args.strict and any(r.verdicts for r in results):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
