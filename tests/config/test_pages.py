"""Site-wide checks over every page: no outside hosts, no server errors, the base layout."""

import json
import re
from html.parser import HTMLParser

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.pages import NOT_PAGES, PUBLIC_PAGES, STAFF_ONLY
from tests.production.site_forms import crawl_pages

URL_ATTRIBUTES = {
    *("src", "href", "action", "formaction", "data", "poster", "srcset"),
    *("hx-get", "hx-post", "hx-put", "hx-patch", "hx-delete"),
}


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value:
                self.urls.append((tag, name, value.strip()))


class _Posts(HTMLParser):
    """Every element that sends a POST (a form, or an htmx attribute), and what it carries."""

    WRITES = ("hx-post", "hx-put", "hx-patch", "hx-delete")

    def __init__(self):
        super().__init__()
        self.senders = []  # [tag, where it posts, carries a token?]
        self._open_form = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        writes = [attrs[name] for name in self.WRITES if name in attrs]
        posts = tag == "form" and (attrs.get("method") or "").lower() == "post"
        if posts or writes:
            self.senders.append([tag, (writes or [attrs.get("action", "")])[0], False])
            self._open_form = self.senders[-1] if tag == "form" else None
        if tag == "input" and attrs.get("name") == "csrfmiddlewaretoken" and self._open_form:
            self._open_form[2] = bool(attrs.get("value"))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open_form = None


def _outside(url: str) -> bool:
    lowered = url.lower()
    return lowered.startswith(("http://", "https://", "//")) and not lowered.startswith(
        ("http://testserver/", "https://testserver/")
    )


def _plain_paths(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = str(entry.pattern)
        if isinstance(entry, URLResolver):
            if "<" not in route and not route.startswith("^"):
                yield from _plain_paths(entry, prefix + route)
        elif isinstance(entry, URLPattern) and "<" not in route and not route.startswith("^"):
            yield "/" + prefix + route


def test_pages_list_is_complete():
    missing = [
        p
        for p in _plain_paths()
        if p not in PUBLIC_PAGES and p not in NOT_PAGES and not p.startswith(STAFF_ONLY)
    ]
    assert missing == [], f"add these to tests/pages.py: {missing}"


def _elsewhere(html: str) -> list[tuple[str, str, str]]:
    parser = _Links()
    parser.feed(html)
    return [u for u in parser.urls if _outside(u[2])]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_page_references_no_other_host(client, db, path):
    response = client.get(path, follow=True)
    assert response.status_code == 200
    assert _elsewhere(response.content.decode()) == []


def test_no_page_a_learner_teacher_or_student_sees_references_another_host(client, db):
    # The visitor's pages with questions and feedback, then Alice's (a teacher: class,
    # gradebooks, worksheets, previews) and Dana's (a student of her class).
    pages = crawl_pages(client)
    assert {who for _, _, who, _ in pages} == {"visitor", "teacher", "student"}
    elsewhere = {(who, path): found for path, html, who, _ in pages if (found := _elsewhere(html))}
    assert elsewhere == {}


def _language_switcher(sent) -> bool:
    """The footer's language switcher posts no token (config/urls.py says why)."""
    return sent[0] == "form" and sent[1].endswith("/i18n/setlang/")


def test_every_post_on_every_page_is_a_form_carrying_its_own_token(client, db):
    # htmx sends a form's fields, its token among them: no page needs a token in a header,
    # and none has one (a cached page part could otherwise hold a visitor's token).
    pages = crawl_pages(client)
    untokened = []
    for path, html, who, _ in pages:
        parser = _Posts()
        parser.feed(html)
        untokened += [
            (who, path, sent)
            for sent in parser.senders
            if (sent[0] != "form" or not sent[2]) and not _language_switcher(sent)
        ]
        assert "X-CSRFToken" not in html, path
    assert sum(html.count('method="post"') for _, html, _, _ in pages) > 50
    assert untokened == []


def test_the_post_finder_sees_a_form_without_its_token_and_an_htmx_button():
    parser = _Posts()
    parser.feed(
        '<form method="post" action="/a/"><input name="csrfmiddlewaretoken" value="t"></form>'
        '<form method="post" action="/b/"></form><button hx-post="/c/">Go</button>'
    )
    assert parser.senders == [
        ["form", "/a/", True],
        ["form", "/b/", False],
        ["button", "/c/", False],
    ]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_page_has_landmarks_skip_link_and_navigation(client, db, path):
    html = client.get(path, follow=True).content.decode()
    assert '<main id="main"' in html
    assert 'href="#main"' in html
    assert 'aria-label="Main"' in html
    for section in ("/lessons/", "/practice/", "/teachers/"):
        assert f'href="{section}"' in html
    assert "django_htmx/htmx-2" in html  # htmx from our own static files


def test_outside_link_detector_catches_protocol_relative_and_absolute_urls():
    parser = _Links()
    parser.feed(
        '<script src="//cdn.example/x.js"></script><a href="https://e.org/">x</a>'
        '<a href="/lessons/">ok</a>'
    )
    assert [u[2] for u in parser.urls if _outside(u[2])] == ["//cdn.example/x.js", "https://e.org/"]
    assert [u[2] for u in _elsewhere('<button formaction="https://e.org/x">')] == [
        "https://e.org/x"
    ]


def test_unknown_page_answers_404_with_site_layout(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"We can't find that page" in response.content


def test_the_layout_has_htmx_swap_a_refused_form_in_place_and_no_other_error(client, db):
    html = client.get("/practice/").content.decode()
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html).group(1))
    rules = [(rule["code"], rule["swap"]) for rule in config["responseHandling"]]
    # htmx takes the first rule whose code matches: 422 must come before the 4xx catch-all.
    assert rules.index(("422", True)) < rules.index(("[45]..", False))
    assert ("[23]..", True) in rules and config["includeIndicatorStyles"] is False


def test_a_page_that_answers_htmx_with_a_part_says_so_to_caches(client, db):
    whole = client.get("/lessons/sample-rubber/3/")
    part = client.get("/lessons/sample-rubber/3/", headers={"HX-Request": "true"})
    assert b"<html" in whole.content and b"<html" not in part.content
    for response in (whole, part):
        assert "HX-Request" in response["Vary"]
