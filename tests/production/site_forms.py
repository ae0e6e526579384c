"""Every form and htmx endpoint of the site, found by reading the pages a visitor sees.

The security and robustness tests walk what `crawl()` finds, so a form added to any page
is tested without anyone listing it. A page reachable only after some action (a question,
an answered question, a check-yourself block) is opened here on the way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.test import Client

from quizzes.kinds import KINDS
from tests.pages import PUBLIC_PAGES


@dataclass(frozen=True)
class Endpoint:
    """Where a form or an htmx attribute sends a request, and the fields it sends."""

    method: str  # "GET" or "POST"
    path: str  # with any query string
    fields: tuple[tuple[str, str], ...]  # (name, value) as the page fills them in
    htmx: bool
    found_on: str
    who: str = "visitor"  # whose browser found it: "visitor", "teacher" or "student"
    browser: Client | None = field(default=None, compare=False, repr=False)
    """That browser (its session, its login), to send requests as its owner does."""

    @property
    def field_names(self) -> list[str]:
        return list(dict.fromkeys(name for name, _ in self.fields))


class _Forms(HTMLParser):
    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.endpoints: list[Endpoint] = []
        self._form: dict | None = None
        self._select: str | None = None

    def _url(self, value: str) -> str:
        parts = urlsplit(urljoin(self.page, value))
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            hx = a.get("hx-post") or a.get("hx-get")
            method = "POST" if a.get("hx-post") or a.get("method", "").lower() == "post" else "GET"
            self._form = {
                "method": method,
                "path": self._url(hx or a.get("action") or self.page),
                "fields": [],
                "htmx": bool(hx),
            }
            return
        if self._form is not None:
            if tag in {"input", "textarea", "button"} and a.get("name"):
                self._form["fields"].append((a["name"], a.get("value", "")))
            elif tag == "select" and a.get("name"):
                self._select = a["name"]
            elif tag == "option" and self._select:
                self._form["fields"].append((self._select, a.get("value", "")))
            return
        for attribute, method in (("hx-post", "POST"), ("hx-get", "GET")):
            if a.get(attribute):
                self.endpoints.append(
                    Endpoint(method, self._url(a[attribute]), (), True, self.page)
                )

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "form" and self._form is not None:
            f = self._form
            self.endpoints.append(
                Endpoint(f["method"], f["path"], tuple(f["fields"]), f["htmx"], self.page)
            )
            self._form = None


def endpoints_on(page: str, html: str) -> list[Endpoint]:
    parser = _Forms(page)
    parser.feed(html)
    return parser.endpoints


# Requests that end what the others need (an attempt in progress, then the login itself):
# sent last, in this order.
ENDING = ("/submit/", "/preview/reset/", "/accounts/logout/")


def ending_rank(endpoint: Endpoint) -> int:
    """0 for most requests; else 1 + the place in ENDING of what the request ends."""
    return next((n + 1 for n, end in enumerate(ENDING) if end in endpoint.path), 0)


def crawl(client) -> list[Endpoint]:
    """The endpoints the forms and htmx attributes of every crawled page use (see
    crawl_pages), each with the browser that found it.
    """
    found: dict[tuple, Endpoint] = {}
    for page, html, who, browser in crawl_pages(client):
        for endpoint in endpoints_on(page, html):
            endpoint = Endpoint(**{**endpoint.__dict__, "who": who, "browser": browser})
            key = (endpoint.method, _shape(endpoint.path), tuple(endpoint.field_names), who)
            found.setdefault(key, endpoint)
    return sorted(found.values(), key=ending_rank)


def crawl_pages(client) -> list[tuple[str, str, str, Client]]:
    """Opens every public page, a question of every kind (unanswered, then answered) and a
    check-yourself block with `client`; then, each in a browser of their own, the pages of
    a teacher (Alice: her class, assignments, gradebook, a student's work, worksheets and
    the preview) and of a student of her class (Dana, joined with the code: her classes and
    two assignments, one question at a time and all on one page, started). Returns each
    page as (path, html, who, browser).
    """
    pages: list[tuple[str, str, str, Client]] = []

    def visitor(path: str) -> None:
        _visit(client, path, "visitor", pages)

    for path in PUBLIC_PAGES:
        visitor(path)
    visitor("/lessons/sample-rubber/1/?answer=1")
    questions = {}
    for kind in KINDS:
        questions[kind] = client.post("/practice/new/", {"kind": kind})["Location"]
        visitor(questions[kind])
    answered = client.post("/practice/new/", {"kind": "undertricks"})["Location"]
    client.post(answered, {"answer": "0"})
    visitor(answered)  # the feedback has its own form: the next question
    skill = "undertricks"
    client.post(f"/practice/check/{skill}/")
    visitor(f"/practice/check/{skill}/")
    _teacher_and_student(pages)
    return pages


def _visit(browser: Client, path: str, who: str, pages: list) -> None:
    response = browser.get(path, follow=True)
    assert response.status_code == 200, (who, path, response.status_code)
    pages.append((path, response.content.decode(), who, browser))


def _teacher_and_student(pages: list) -> None:
    """Alice's pages and Dana's, each in a browser of their own (see crawl)."""
    from django.contrib.auth import get_user_model

    from assignments import services
    from classes import services as class_services

    alice = get_user_model().objects.create_user("alice-crawl", password="x" * 20)
    teacher = Client()
    teacher.force_login(alice)
    classroom = class_services.classroom_create(teacher=alice, name="Crawl class")
    student = Client()
    response = student.post("/join/", {"code": classroom.join_code, "display_name": "Dana"})
    assert response.status_code == 302, response.status_code
    layouts = {}
    for layout in ("one", "all"):
        layouts[layout] = services.assignment_create(
            classroom=classroom,
            title=f"Layout {layout}",
            kinds=["undertricks", "duplicate_deal", "honors", "four_deal"],
            skills=["vulnerability"],
            question_count=5,
            same_for_everyone=False,
            layout=layout,
            show_answers="immediately",
        )
    review = services.assignment_create_review_quiz(classroom=classroom)

    def as_student(path: str) -> None:
        _visit(student, path, "student", pages)

    as_student("/join/classes/")
    for assignment in (*layouts.values(), review):
        page = f"/join/a/{assignment.public_id}/"
        as_student(page)  # the "Start" form
        student.post(f"{page}start/")
        as_student(page)  # the questions
        as_student(f"{page}?n=2")
    # An answered question, then one handed in: the feedback and its forms.
    one = layouts["one"]
    first = _first_question(one)
    student.post(f"/join/a/{one.public_id}/q/{first}/", {"answer": "0"})
    as_student(f"/join/a/{one.public_id}/?n=1")

    def as_teacher(path: str) -> None:
        _visit(teacher, path, "teacher", pages)

    dana = classroom.memberships.get(is_preview=False)
    as_teacher("/teachers/")
    as_teacher("/teachers/classes/new/")
    as_teacher(f"/teachers/classes/{classroom.public_id}/")
    as_teacher(f"/teachers/classes/{classroom.public_id}/assignments/new/")
    as_teacher(f"/teachers/classes/{classroom.public_id}/assignments/review-quiz/")
    for assignment in (*layouts.values(), review):
        base = f"/teachers/assignments/{assignment.public_id}"
        for path in ("/", "/edit/", f"/students/{dana.public_id}/", "/worksheet/"):
            as_teacher(base + path)
        as_teacher(f"{base}/answer-key/?for=students")
        as_teacher(f"{base}/preview/")
        teacher.post(f"{base}/preview/start/")
        as_teacher(f"{base}/preview/")


def _first_question(assignment) -> str:
    from assignments.models import AttemptQuestion

    item = (
        AttemptQuestion.objects.filter(attempt__assignment=assignment, position=0)
        .select_related("question")
        .first()
    )
    return item.question.public_id


def _shape(path: str) -> str:
    """One question, deal or lesson stands for all of its kind (their forms are alike)."""
    if "/q/" in path:
        path = path.split("?")[0]
    path = re.sub(r"/practice/q/[^/]+/", "/practice/q/<id>/", path)
    return re.sub(r"/q/[^/]+/$", "/q/<id>/", path)
