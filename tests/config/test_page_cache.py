"""Pages the same for every visitor are kept as HTML, with each visitor's parts filled in.

They are drawn without the request, so nothing of any visitor's can be kept; the parts
that are a visitor's own (messages, a form's token) are drawn for each request. The
release is in every key, under DEBUG nothing is kept, and a shared cache is refused.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.template import autoreload
from django.test import Client, override_settings

from common import checks, pages
from config import release
from teaching.views import CLASS_CREATED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

CACHED_PAGES = [
    "/",
    "/lessons/sample-rubber/",
    "/lessons/sample-rubber/3/",
    "/lessons/sample-rubber/3/?answer=1",
    "/lessons/sample-rubber/result/",
    "/lessons/trick-score/",
    "/lessons/review-quiz/",
    "/lessons/review-quiz/result/",
    "/lessons/cheat-sheet/",
]


@pytest.fixture(autouse=True)
def _no_page_kept():
    caches["pages"].clear()
    yield
    caches["pages"].clear()


def _tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_a_page_is_drawn_once_then_served_from_the_html_kept(path):
    first, second = Client().get(path), Client().get(path)
    assert first.status_code == second.status_code == 200
    assert first.templates, "the first visit draws the page"
    assert [t.name for t in second.templates if t.name] == [], "the second draws nothing"
    # LocMemCache: the page kept, and if it has visitor parts, the page as new visitors see it
    assert len(caches["pages"]._cache) == (2 if path in ("/", "/lessons/trick-score/") else 1)
    strip = re.compile(r'(csrfmiddlewaretoken" value=")[^"]+')
    assert strip.sub("", first.content.decode()) == strip.sub("", second.content.decode())


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_no_kept_page_carries_a_form_token(path):
    # A token is each visitor's own: the lesson's "Check yourself" fetches its form from
    # the check page, so every kept page is the same for every visitor.
    assert _tokens(Client().get(path).content.decode()) == set()


def test_a_lesson_fetches_its_check_form_and_each_visitors_token_works():
    html = Client().get("/lessons/trick-score/").content.decode()
    start = "/practice/check/trick_score/?part=start"
    assert f'hx-get="{start}" hx-trigger="load"' in html
    alice, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    (alice_token,) = _tokens(alice.get(start, headers={"HX-Request": "true"}).content.decode())
    (bob_token,) = _tokens(bob.get(start, headers={"HX-Request": "true"}).content.decode())
    assert alice_token != bob_token
    check = "/practice/check/trick_score/"
    # Accepted: the questions are made and the browser is sent to them (403 if refused).
    assert alice.post(check, {"csrfmiddlewaretoken": alice_token}).status_code == 302
    assert bob.post(check, HTTP_X_CSRFTOKEN=bob_token).status_code == 302
    assert bob.post(check, {"csrfmiddlewaretoken": "x" * 64}).status_code == 403


def test_without_javascript_the_lessons_button_opens_the_check_page_with_its_form():
    visitor = Client(enforce_csrf_checks=True)
    lesson = visitor.get("/lessons/trick-score/").content.decode()
    assert '<form method="get" action="/practice/check/trick_score/"' in lesson
    page = visitor.get("/practice/check/trick_score/").content.decode()
    (token,) = _tokens(page)
    assert "Give me three questions" in page
    response = visitor.post("/practice/check/trick_score/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert visitor.get(response["Location"]).content.decode().count("data-question-kind") == 3


def test_a_page_first_drawn_for_a_teacher_never_shows_her_name_to_a_visitor(settings, tmp_path):
    # A layout that greets whoever is signed in, as a site's header may one day do. Drawn
    # straight into the page, the greeting is empty in a kept page; as a visitor part it
    # is each visitor's own.
    layout = (ROOT / "templates" / "base.html").read_text()
    greeting = (
        '{% load pages partials %}<p class="greeting">{{ user.username }}</p>'
        '{% per_visitor "base.html#greeting" %}'
        '{% partialdef greeting %}<p class="greeting">{{ user.username }}</p>{% endpartialdef %}'
    )
    (tmp_path / "base.html").write_text(layout.replace("<main", greeting + "<main", 1))
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]
    teacher = Client()
    teacher.force_login(UserFactory(username="alice-teaches"))
    for path in CACHED_PAGES:
        assert teacher.get(path).content.decode().count("alice-teaches") == 1, path
        assert "alice-teaches" not in Client().get(path).content.decode(), path
    kept = list(caches["pages"]._cache.values())  # LocMemCache: the pages, pickled
    # Each page, and (the greeting is a visitor part in every page) as new visitors see it.
    assert len(kept) == 2 * len(CACHED_PAGES)
    assert not any(b"alice-teaches" in html for html in kept)


def test_an_edited_lesson_shows_at_once_when_nothing_is_cached(settings, tmp_path):
    # What DEBUG gives (settings.py, tested below): the pages cache keeps nothing. runserver's
    # autoreloader reports the edited template; template_changed is what it calls.
    settings.CACHES = {
        **settings.CACHES,
        "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    lesson = "lessons/topics/trick-score.html"
    original = (ROOT / "lessons" / "templates" / lesson).read_text()
    (tmp_path / "lessons" / "topics").mkdir(parents=True)
    (tmp_path / lesson).write_text(original)
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]
    client = Client()
    assert "A freshly edited sentence." not in client.get("/lessons/trick-score/").content.decode()
    edited = original.replace("{% block lesson %}", "{% block lesson %}A freshly edited sentence.")
    (tmp_path / lesson).write_text(edited)
    autoreload.template_changed(sender=None, file_path=tmp_path / lesson)
    assert "A freshly edited sentence." in client.get("/lessons/trick-score/").content.decode()


def test_under_debug_no_page_is_kept():
    read = "from django.conf import settings; print(settings.CACHES['pages']['BACKEND'])"
    env = {"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", "PATH": ""}
    shown = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {read}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert shown == "django.core.cache.backends.dummy.DummyCache"


def test_the_release_fingerprint_changes_with_any_template_or_code(tmp_path):
    (tmp_path / "lessons").mkdir()
    template = tmp_path / "lessons" / "page.html"
    template.write_text("<p>Trick score</p>")
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "deal.py").write_text("VALUE = 30\n")
    first = release.fingerprint(tmp_path)
    template.write_text("<p>Trick score!</p>")
    second = release.fingerprint(tmp_path)
    (tmp_path / "scoring" / "deal.py").write_text("VALUE = 40\n")
    third = release.fingerprint(tmp_path)
    assert len({first, second, third}) == 3
    assert release.fingerprint(tmp_path) == third  # and only then


def test_the_keys_of_kept_pages_carry_the_release(settings):
    Client().get("/lessons/trick-score/")
    keys = list(caches["pages"]._cache)  # LocMemCache: the keys as stored
    assert keys and all(key.startswith(f"{settings.RELEASE}:") for key in keys)


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_no_mark_of_a_visitor_part_reaches_a_browser(path):
    Client().get(path)
    html = Client().get(path).content.decode()
    assert "per-visitor" not in html


def test_a_shared_cache_for_kept_pages_is_refused_at_start_up(settings):
    assert checks.pages_are_kept_per_process(None) == []
    shared = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "x"}
    with override_settings(CACHES={**settings.CACHES, "pages": shared}):
        (error,) = checks.pages_are_kept_per_process(None)
    assert error.id == "common.E001" and "DatabaseCache" in error.msg


def test_a_visitor_part_is_a_mark_in_a_kept_page_and_drawn_in_place_elsewhere(
    rf, settings, tmp_path
):
    (tmp_path / "part.html").write_text(
        "{% load partials %}{% partialdef who %}<b>{{ user.username }}</b>{% endpartialdef %}"
    )
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]
    from django.template import engines

    template = engines["django"].from_string('{% load pages %}[{% per_visitor "part.html#who" %}]')
    request = rf.get("/")
    request.user = UserFactory.build(username="dana")
    assert template.render({}, request) == "[<b>dana</b>]"
    assert template.render({pages.KEPT: True}) == f"[{pages.mark('part.html#who')}]"
    kept = pages.mark("part.html#who")
    assert pages._parts(f"[{kept}]", request, {}) == "[<b>dana</b>]"


@pytest.mark.parametrize("path", CACHED_PAGES)
def test_no_token_slot_reaches_a_browser(path):
    Client().get(path)
    assert pages.TOKEN_SLOT not in Client().get(path).content.decode()


def test_a_message_waiting_for_a_visitor_is_shown_and_only_once(client):
    client.get("/")
    client.force_login(UserFactory())
    client.post("/teachers/classes/new/", {"name": "Tuesday beginners"})  # not followed
    assert CLASS_CREATED in client.get("/").content.decode()
    assert CLASS_CREATED not in client.get("/").content.decode()


def test_a_new_visitors_parts_are_kept_and_a_learners_are_their_own():
    from quizzes import services
    from quizzes.models import Learner

    assert Client().get("/lessons/trick-score/").templates, "the first visit draws the page"
    assert sum(key.endswith(":new-visitor") for key in caches["pages"]._cache) == 1
    second = Client().get("/lessons/trick-score/")
    assert [t.name for t in second.templates if t.name] == [], "a new visitor's parts are kept"
    assert "Check yourself on this lesson" in second.content.decode()

    learner_client = Client()
    learner_client.post("/practice/today/")  # gives this browser its learner
    for _ in range(5):
        learner = Learner.objects.get()
        services.progress_record(learner_id=learner.pk, skills=["trick_score"], right=True)
    mine = learner_client.get("/lessons/trick-score/").content.decode()
    assert 'class="standing" data-level="mastered"' in mine
    # The kept copy for new visitors never takes the learner's parts, whichever comes first.
    caches["pages"].clear()
    assert 'data-level="mastered"' in learner_client.get("/lessons/trick-score/").content.decode()
    theirs = Client().get("/lessons/trick-score/").content.decode()
    assert 'class="standing"' not in theirs and "Check yourself on this lesson" in theirs
