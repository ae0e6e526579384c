"""Pages the same for every visitor are rendered once per process (config.rendering).

What must still hold: each visitor gets a CSRF token of their own that works, the
placeholder never reaches a browser, and a message waiting for a visitor is shown.
"""

import re

import pytest
from django.test import Client

from config.rendering import TOKEN_SLOT, fragments
from teaching.views import CLASS_CREATED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CACHED_PAGES = [
    "/",
    "/lessons/sample-rubber/",
    "/lessons/sample-rubber/3/",
    "/lessons/sample-rubber/3/?answer=1",
    "/lessons/sample-rubber/result/",
    "/lessons/trick-score/",
    "/lessons/review-quiz/",
    "/lessons/cheat-sheet/",
]


@pytest.fixture(autouse=True)
def _empty_page_cache():
    fragments.clear()
    yield
    fragments.clear()


def _tokens(html: str) -> set[str]:
    header = re.findall(r'"X-CSRFToken": "([^"]+)"', html)
    fields = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    return set(header + fields)


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_a_page_the_same_for_everyone_renders_its_templates_only_once(client, path):
    first = client.get(path)
    second = Client().get(path)
    assert first.status_code == second.status_code == 200
    assert first.templates, "the first visit renders the page"
    assert not second.templates, "the second visit reuses the HTML"
    # The same page apart from the token.
    strip = re.compile(r'(X-CSRFToken": "|csrfmiddlewaretoken" value=")[^"]+')
    assert strip.sub("", first.content.decode()) == strip.sub("", second.content.decode())


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_the_token_placeholder_never_reaches_a_browser(client, path):
    client.get(path)
    html = client.get(path).content.decode()
    assert TOKEN_SLOT not in html
    assert len(_tokens(html)) == 1


def test_two_visitors_get_tokens_of_their_own_and_each_token_works():
    path = "/lessons/trick-score/"  # its "Check yourself" form posts
    alice, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    (alice_token,) = _tokens(alice.get(path).content.decode())
    (bob_token,) = _tokens(bob.get(path).content.decode())
    assert alice_token != bob_token
    check = "/practice/check/trick_score/"
    # Accepted: the questions are made and the browser is sent to them (403 if refused).
    assert alice.post(check, {"csrfmiddlewaretoken": alice_token}).status_code == 302
    assert bob.post(check, HTTP_X_CSRFTOKEN=bob_token).status_code == 302
    # A token is only good with the cookie it was made for.
    assert bob.post(check, {"csrfmiddlewaretoken": "x" * 64}).status_code == 403


def test_a_message_waiting_for_a_visitor_is_shown_on_a_cached_page_and_only_once(client):
    client.get("/")  # the home page is now stored without any message
    client.force_login(UserFactory())
    client.post("/teachers/classes/new/", {"name": "Tuesday beginners"})  # not followed
    assert CLASS_CREATED in client.get("/").content.decode()
    assert CLASS_CREATED not in client.get("/").content.decode()
