"""Pages are drawn for each request; what is the same for everyone and costly to draw (a
lesson's body, the engine's sheets) is kept as template fragments ({% cache %}) in the
"fragments" cache. The release is in every key, under DEBUG nothing is kept, and nothing
of a visitor's (a name, a message, a token, a learner's standing) is ever in a fragment.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.template import autoreload
from django.test import Client

from classes.views import CLASS_CREATED
from config import release
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

# Pages with fragments kept for everyone, and one fragment's text of each.
KEPT = {
    "/lessons/trick-score/": "What each odd trick is worth",
    "/lessons/sample-rubber/": "What is a rubber?",
    "/lessons/sample-rubber/3/": "The sheet before this deal",
    "/lessons/sample-rubber/3/?answer=1": "What this deal adds, item by item",
    "/lessons/sample-rubber/result/": "The finished sheet",
    "/lessons/review-quiz/": "Question 1: a rubber of nine deals",
    "/lessons/review-quiz/result/": "All nine deals",
    "/lessons/cheat-sheet/": "Bridge scoring cheat sheet",
}


def _kept() -> dict:
    """The fragments kept, by key (LocMemCache: the values pickled)."""
    return dict(caches["fragments"]._cache)


def _with_template_dir(settings, tmp_path):
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]


def _edit(tmp_path, name: str, old: str, new: str) -> None:
    path = tmp_path / name
    path.write_text(path.read_text().replace(old, new, 1))
    # What runserver's autoreloader calls for an edited template: the loaders start afresh.
    autoreload.template_changed(sender=None, file_path=path)


def _copy_lesson(tmp_path, lesson="lessons/topics/trick-score.html") -> str:
    (tmp_path / lesson).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / lesson).write_text((ROOT / "lessons" / "templates" / lesson).read_text())
    return lesson


@pytest.mark.parametrize(("path", "text"), KEPT.items())
def test_a_page_keeps_its_costly_parts_once_and_draws_the_same_page_from_them(path, text):
    first = Client().get(path)
    assert first.status_code == 200 and text in first.content.decode()
    kept = _kept()
    assert kept, "the first visit keeps the page's fragments"
    second = Client().get(path)
    assert _kept() == kept, "the second keeps nothing new"
    assert second.content == first.content


def test_every_fragment_key_carries_the_release(settings):
    for path in KEPT:
        Client().get(path)
    keys = list(_kept())
    assert keys and all(key.startswith(f"{settings.RELEASE}:") for key in keys)


def test_a_new_release_serves_new_fragments_and_the_same_release_its_own(settings, tmp_path):
    _with_template_dir(settings, tmp_path)
    lesson = _copy_lesson(tmp_path)
    fragments = {**settings.CACHES["fragments"], "KEY_PREFIX": "release-1"}
    settings.CACHES = {**settings.CACHES, "fragments": fragments}
    assert "A new sentence." not in Client().get("/lessons/trick-score/").content.decode()
    _edit(tmp_path, lesson, "{% block lesson %}", "{% block lesson %}A new sentence.")
    # The same release: the fragment kept (a release's templates never change under it).
    assert "A new sentence." not in Client().get("/lessons/trick-score/").content.decode()
    settings.CACHES = {**settings.CACHES, "fragments": {**fragments, "KEY_PREFIX": "release-2"}}
    assert "A new sentence." in Client().get("/lessons/trick-score/").content.decode()


def test_with_nothing_kept_as_under_debug_an_edited_lesson_shows_at_once(settings, tmp_path):
    settings.CACHES = {
        **settings.CACHES,
        "fragments": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    _with_template_dir(settings, tmp_path)
    lesson = _copy_lesson(tmp_path)
    client = Client()
    assert "A freshly edited sentence." not in client.get("/lessons/trick-score/").content.decode()
    _edit(tmp_path, lesson, "{% block lesson %}", "{% block lesson %}A freshly edited sentence.")
    assert "A freshly edited sentence." in client.get("/lessons/trick-score/").content.decode()


def test_under_debug_no_fragment_is_kept():
    read = "from django.conf import settings; print(settings.CACHES['fragments']['BACKEND'])"
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


def test_no_fragment_holds_a_name_a_token_or_a_message(client):
    teacher = Client()
    teacher.force_login(UserFactory(username="alice-teaches"))
    teacher.post("/teachers/classes/new/", {"name": "Tuesday beginners"})  # a message waits
    for path in KEPT:  # she draws every fragment first
        assert "alice-teaches" in teacher.get(path).content.decode(), path
    kept = b"".join(_kept().values())
    assert b"alice-teaches" not in kept
    assert b"csrfmiddlewaretoken" not in kept
    assert CLASS_CREATED.encode() not in kept
    for path in KEPT:
        assert "alice-teaches" not in client.get(path).content.decode(), path


def test_a_message_waiting_for_a_visitor_is_shown_to_them_and_only_once(client):
    client.force_login(UserFactory())
    client.post("/teachers/classes/new/", {"name": "Tuesday beginners"})  # not followed
    assert CLASS_CREATED not in Client().get("/lessons/trick-score/").content.decode()
    assert CLASS_CREATED in client.get("/lessons/trick-score/").content.decode()
    assert CLASS_CREATED not in client.get("/lessons/trick-score/").content.decode()


def test_a_learners_standing_is_their_own_whoever_draws_the_lesson_first():
    from quizzes import services
    from quizzes.models import Learner

    learner_client = Client()
    learner_client.post("/practice/today/")  # gives this browser its learner
    for _ in range(5):
        learner = Learner.objects.get()
        services.progress_record(learner_id=learner.pk, skills=["trick_score"], right=True)
    mine = learner_client.get("/lessons/trick-score/").content.decode()
    # Five right in practice: "practised" until the lesson's check is passed too.
    assert 'class="standing" data-level="practised"' in mine
    theirs = Client().get("/lessons/trick-score/").content.decode()
    assert 'class="standing"' not in theirs and "Check yourself on this lesson" in theirs
    caches["fragments"].clear()
    assert 'class="standing"' not in Client().get("/lessons/trick-score/").content.decode()
    assert 'data-level="practised"' in learner_client.get("/lessons/trick-score/").content.decode()


def _tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))


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
