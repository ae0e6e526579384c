"""Helpers for the tests of the site's languages (issue 32).

The site has its languages on (USE_I18N), so a test speaks a language with
`translation.override(language)`, or by asking for the page at /fr/ or /nl/; the
catalogues it reads are compiled once for the session (`_compiled_catalogues`).
"""

import re
import shutil
import subprocess

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

from tests.i18n.teacher_class import hart  # noqa: F401 (a fixture for the teachers' pages)

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


@pytest.fixture(scope="session", autouse=True)
def _compiled_catalogues():
    """Every catalogue's .mo, compiled from its .po when missing or older, as `make messages`
    does (the .mo files are never committed). Written under a name of its own first: two
    test workers may compile at once."""
    root = settings.BASE_DIR
    catalogues = [
        *root.glob("locale/*/LC_MESSAGES/django.po"),
        *root.glob("*/locale/*/LC_MESSAGES/django.po"),
    ]
    stale = [po for po in sorted(catalogues) if not _fresh(po.with_suffix(".mo"), po)]
    if stale and shutil.which("msgfmt") is None:
        pytest.fail("msgfmt (GNU gettext) is needed to compile the catalogues: make messages")
    for po in stale:
        mo = po.with_suffix(".mo")
        part = mo.with_suffix(f".mo.{id(po)}.part")
        subprocess.run(["msgfmt", "--check-format", "-o", str(part), str(po)], check=True)
        part.replace(mo)
    if stale:
        trans_real._translations = {}  # forget any catalogue read before it was compiled
        trans_real._default = None


def _fresh(mo, po) -> bool:
    return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime


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
