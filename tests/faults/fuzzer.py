"""A seeded fuzzer over every URL pattern of the site, as three people (see test_fuzz.py).

Each step is one of:
- a mutated request: a person, a route, GET/POST/HEAD, path parameters from the pools (real
  ids, others' ids, deleted rows' ids) or mutated, a mutated query string and form body;
- a real form, as a page showed it (its fields filled in), sent once or twice, sometimes
  mutated;
- a form sent again later, after whatever the steps in between did (deleted, withdrew...);
- made, deleted, sent again: a form that made something, then that thing deleted (or
  archived, withdrawn, ended, reset), then the same form, its key and all.

What the pages show feeds the pools: every link, form action and redirect is resolved, and
the ids it names join the pool of its parameter; every form is kept, by its route.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from django.urls import Resolver404, resolve

from tests.faults.routes import Route, routes
from tests.production.site_forms import endpoints_on

TRICKY = [
    "",
    " ",
    "0",
    "-1",
    "-0",
    "+7",
    "1,100",
    "−100",  # a minus sign, not a hyphen
    "1e9",
    "1e400",
    "NaN",
    "Infinity",
    "0x10",
    "2147483648",
    "9223372036854775808",
    "-9223372036854775809",
    "9" * 40,
    "-" + "9" * 300,
    "0.5",
    "7.",
    "١٢٣",  # Arabic-Indic digits
    "９９",  # full-width digits
    "\x00",
    "a\x00b",
    "\t\r\n",
    "<script>alert(1)</script>",
    "'; DROP TABLE teaching_classroom; --",
    "../../etc/passwd",
    "%00",
    "\u202e",
    "\ud7ff\ue000",
    "🂡♠♥♦♣",
    "true",
    "null",
    "[]",
    "2026-02-30",
    "9999-12-31T23:59",
    "0001-01-01T00:00",
    "Mars/Olympus_Mons",
    "x" * 3000,
    "ABCD-EFGH",
    "abcdefgh",
]
HUGE = "9" * 70_000  # over DATA_UPLOAD_MAX_MEMORY_SIZE: refused with 400
STRANGE_NAMES = ["", "\x00", "a" * 300, "é", "answer[]", "__proto__", "csrfmiddlewaretoken"]
LINK = re.compile(r'(?:href|action|hx-get|hx-post|hx-put)="(/[^"#]*)"')
DESTROYING = ("delete", "withdraw", "archive", "remove", "reset", "end", "unmerge")


@dataclass
class Sent:
    who: str
    method: str
    path: str
    status: int
    error: str = ""
    seconds: float = 0.0


@dataclass
class Fuzzer:
    world: object
    seed: int
    rng: random.Random = field(init=False)
    site: list[Route] = field(init=False)
    admin: list[Route] = field(init=False)
    forms: dict[str, list] = field(default_factory=dict)  # route -> [(who, path, fields)]
    posted: list = field(default_factory=list)  # (who, path, fields) of POSTs that worked
    parsed: Counter = field(default_factory=Counter)  # (who, route) -> pages read
    sent: list[Sent] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        everything = routes()
        self.site = [r for r in everything if not r.is_admin]
        self.admin = [r for r in everything if r.is_admin]

    # -- sending ---------------------------------------------------------------------------

    def browser(self, who: str):
        return getattr(self.world, who)

    def send(self, who, method, path, data=None, *, htmx=False, raw_body=None) -> object:
        browser = self.browser(who)
        began = time.perf_counter()
        headers = {}
        if htmx:
            headers = {"HX-Request": "true", "HX-Target": self.rng.choice(["main", "x", "\u00e9"])}
        if method == "POST":
            body = raw_body if raw_body is not None else urlencode(data or [], doseq=True)
            response = browser.post(
                path, body, content_type="application/x-www-form-urlencoded", headers=headers
            )
        elif method == "HEAD":
            response = browser.head(path, headers=headers)
        else:
            response = browser.get(path, headers=headers)
        error = ""
        if response.status_code >= 500:
            exc = getattr(response, "exc_info", None)
            error = repr(exc[1])[:300] if exc else response.content[:300].decode(errors="replace")
        took = time.perf_counter() - began
        self.sent.append(Sent(who, method, path[:200], response.status_code, error, took))
        self.statuses[response.status_code] += 1
        self.learn(who, path, response)
        if who == "teacher" and response.get("Location", "").startswith("/accounts/login/"):
            self.world.refresh()  # logged out by a step (the Log out form): back in at once
        return response

    # -- learning from answers -------------------------------------------------------------

    def learn(self, who: str, path: str, response) -> None:
        links = []
        if response.status_code in (301, 302, 303) and response.get("Location", "").startswith("/"):
            links.append(response["Location"])
        content_type = response.get("Content-Type", "")
        if response.status_code == 200 and content_type.startswith("text/html"):
            html = response.content.decode(errors="replace")
            links += LINK.findall(html)
            page = path.split("?")[0]
            route = _route_of(page)
            if route and self.parsed[(who, route)] < 3 and "<form" in html:
                self.parsed[(who, route)] += 1
                for endpoint in endpoints_on(page, html):
                    if endpoint.method == "POST" and endpoint.fields:
                        self._keep_form(who, endpoint.path, endpoint.fields)
        for link in links:
            self._learn_ids(link)

    def _keep_form(self, who, path, fields) -> None:
        route = _route_of(path.split("?")[0])
        if route:
            kept = self.forms.setdefault(route, [])
            if len(kept) < 12:
                fields = tuple((k, v) for k, v in fields if k != "csrfmiddlewaretoken")
                kept.append((who, path, fields))

    def _learn_ids(self, link: str) -> None:
        path = urlsplit(link.replace("&amp;", "&")).path
        try:
            match = resolve(path)
        except Resolver404:
            return
        for name, value in match.kwargs.items():
            if isinstance(value, str) and len(self.world.seeds.get(name, [])) < 40:
                self.world.add(name, value)

    # -- mutating --------------------------------------------------------------------------

    def value(self, real: str | None = None) -> str:
        r = self.rng.random()
        if real is not None and r < 0.5:
            return real
        if r < 0.8:
            return self.rng.choice(TRICKY)
        if r < 0.9:
            return str(self.rng.randint(-(10**12), 10**12))
        return "".join(chr(self.rng.randint(1, 0x2FFF)) for _ in range(self.rng.randint(1, 40)))

    def parameter(self, name: str) -> str:
        pool = self.world.seeds.get(name, [])
        r = self.rng.random()
        if name in ("number", "board", "position"):
            return str(self.rng.choice([0, 1, 2, 3, 4, 5, 9, 99, 999, 1000, 10**20]))
        if pool and r < 0.75:
            real = self.rng.choice(pool)
            if r < 0.7:
                return real
            return real.swapcase() if r < 0.72 else real[:-1]
        if name == "action":
            return self.rng.choice(["start", "next", "reveal", "pause", "skip", "end", "x"])
        if name in ("skill", "slug"):
            return self.rng.choice(["undertricks", "vulnerability", "rubber", "nope", "for"])
        return self.value()[:400]

    def fields(self, fields) -> list[tuple[str, str]]:
        """A real form's fields, mutated: values changed, fields dropped or doubled, strangers
        added."""
        by_name: dict[str, list[str]] = {}
        for name, value in fields:
            by_name.setdefault(name, []).append(value)
        out = []
        for name, values in by_name.items():
            r = self.rng.random()
            if r < 0.1:
                continue  # missing
            chosen = self.rng.choice(values)
            if r < 0.5:
                out.append((name, chosen or self.rng.choice(["0", "1", "3"])))
            elif r < 0.6:
                out += [(name, chosen), (name, self.value(chosen))]  # repeated
            else:
                out.append((name, self.value(chosen)))
        for _ in range(self.rng.choice([0, 0, 0, 1, 2])):
            out.append((self.rng.choice(STRANGE_NAMES + list(by_name) or ["x"]), self.value()))
        return out

    def query(self) -> str:
        if self.rng.random() < 0.5:
            return ""
        names = ["n", "page", "for", "code", "skill", "kind", "answer", "next", "sort", "q"]
        pairs = [
            (self.rng.choice(names + STRANGE_NAMES), self.value())
            for _ in range(self.rng.randint(1, 4))
        ]
        return "?" + urlencode(pairs)

    # -- steps -----------------------------------------------------------------------------

    def who(self) -> str:
        return self.rng.choice(["visitor", "teacher", "student"])

    def step(self) -> None:
        r = self.rng.random()
        if r < 0.55 or not self.forms:
            self.random_request()
        elif r < 0.8:
            self.real_form(twice=False)
        elif r < 0.9:
            self.real_form(twice=True)
        elif r < 0.95 and self.posted:
            who, path, data = self.rng.choice(self.posted)
            self.send(who, "POST", path, data)  # sent again, later
        else:
            self.made_deleted_sent_again()

    def random_request(self) -> None:
        route = self.rng.choice(self.admin if self.rng.random() < 0.05 else self.site)
        path = route.fill(self.parameter)
        method = self.rng.choices(["GET", "POST", "HEAD"], [0.5, 0.45, 0.05])[0]
        htmx = self.rng.random() < 0.3
        who = self.who()
        if method != "POST":
            self.send(who, method, path + self.query(), htmx=htmx)
            return
        kept = self.forms.get(route.text, [])
        fields = self.rng.choice(kept)[2] if kept else [("x", "1")]
        if self.rng.random() < 0.02:
            self.send(who, "POST", path, raw_body=f"a=1&b={HUGE}", htmx=htmx)
        else:
            self.send(who, "POST", path + self.query(), self.fields(fields), htmx=htmx)

    def real_form(self, *, twice: bool) -> None:
        route = self.rng.choice(sorted(self.forms))
        who, path, fields = self.rng.choice(self.forms[route])
        data = list(fields) if twice or self.rng.random() < 0.5 else self.fields(fields)
        data = [(k, v or "0") if k != "form_key" else (k, v) for k, v in data]
        htmx = self.rng.random() < 0.3
        for _ in range(2 if twice else 1):
            response = self.send(who, "POST", path, data, htmx=htmx)
        if response.status_code in (200, 302) and len(self.posted) < 300:
            self.posted.append((who, path, data))

    def made_deleted_sent_again(self) -> None:
        """A form that made something; what it made deleted (or ended...); the form again."""
        makers = [
            f
            for _, kept in sorted(self.forms.items())
            for f in kept
            if any(k == "form_key" for k, _ in f[2])
        ]
        if not makers:
            self.random_request()
            return
        who, path, fields = self.rng.choice(makers)
        data = [(k, v or "1") for k, v in fields]
        response = self.send(who, "POST", path, data)
        made = response.get("Location", "") if response.status_code in (301, 302, 303) else ""
        try:
            kwargs = resolve(urlsplit(made).path).kwargs if made.startswith("/") else {}
        except Resolver404:
            kwargs = {}
        kwargs = {**kwargs, "action": "end"} if kwargs else {}  # a live class's own "end"
        destroyers = [
            r
            for r in self.site
            if kwargs
            and set(r.parameters) <= set(kwargs)
            and set(r.parameters) - {"action"}
            and (any(d in r.text for d in DESTROYING) or "<slug:action>" in r.text)
        ]
        if destroyers:
            route = self.rng.choice(destroyers)
            target = route.fill(lambda name: kwargs[name])
            self.send(who, "POST", target, [("confirmed", "1"), ("revision", "0")])
            if self.rng.random() < 0.5:
                self.send(who, "GET", made)
        self.send(who, "POST", path, data)


def _route_of(path: str) -> str:
    """The route a path resolves to, as Route.text spells it; "" if none."""
    try:
        return resolve(path).route
    except Resolver404:
        return ""
