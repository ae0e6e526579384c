"""Helpers for the tests of the site's languages (issue 32)."""

import re

import pytest
from django.conf import settings
from django.utils import translation

# What a browser sends when it opens a page (a link followed, an address typed).
PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]*)"', html)
    assert found, "no <html lang> on the page"
    return found.group(1)


def menu(html: str) -> list[tuple[str, str]]:
    """The main menu's links: (address, words)."""
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S)
    assert nav, "no main menu"
    return re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(0))


def switcher(html: str) -> tuple[str, str]:
    """The footer's language switcher: (where it posts, the next page)."""
    form = re.search(
        r'<form class="language-switcher no-print" method="post" action="([^"]+)">(.*?)</form>',
        html,
        re.S,
    )
    assert form, "no language switcher"
    assert "csrfmiddlewaretoken" not in form.group(2), "no visitor's token on a page for everyone"
    following = re.search(r'name="next" value="([^"]*)"', form.group(2))
    assert following
    return form.group(1), following.group(1)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # A request for a French or Dutch page leaves its language active in this thread
    # (LocaleMiddleware activates it and nothing puts English back): the next test, here or
    # in another package on this worker, would reverse() into /fr/ or /nl/.
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def lesson_dir(settings, tmp_path):
    """A template folder searched before the site's own: a test writes a lesson's French or
    Dutch text there, leaving lessons/templates/lessons/topics/fr and nl to the translators."""
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]

    def write(language: str, slug: str, words: str) -> None:
        path = tmp_path / "lessons" / "topics" / language / f"{slug}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            '{% extends "lessons/topic.html" %}{% block lesson %}<p>' + words + "</p>{% endblock %}"
        )

    return write
