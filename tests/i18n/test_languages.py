"""A French or Dutch page says so (<html lang>) and speaks it: the menu, the footer's
switcher, the home page and the lessons index with the lessons' titles."""

import pytest
from django.conf import settings
from django.test import Client

from tests.i18n.conftest import html_lang, menu

pytestmark = pytest.mark.django_db

MENU = {
    "en": ["Lessons", "Practice", "Score pad", "For teachers"],
    "fr": ["Leçons", "S’exercer", "Carnet de marque", "Pour les professeurs"],
    "nl": ["Lessen", "Oefenen", "Scoreblok", "Voor docenten"],
}


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize(
    "page", ["/", "/lessons/", "/lessons/trick-score/", "/practice/", "/scorepad/"]
)
def test_a_prefixed_page_is_marked_in_its_language_and_its_menu_speaks_it(language, page):
    response = Client().get(f"/{language}{page}")
    assert response.status_code == 200
    html = response.content.decode()
    assert html_lang(html) == language
    links = menu(html)
    assert [words for _, words in links] == MENU[language]
    assert all(address.startswith(f"/{language}/") for address, _ in links)


@pytest.mark.parametrize(
    ("language", "heading", "title"),
    [
        ("fr", "Apprenez à marquer au bridge, une donne à la fois", "Valeur des levées"),
        ("nl", "Leer bridge scoren, spel voor spel", "Slagenwaarde"),
    ],
)
def test_the_home_page_and_the_lessons_index_are_translated(language, heading, title):
    home = Client().get(f"/{language}/").content.decode()
    assert f'<h1 id="home-title">{heading}</h1>' in home
    index = Client().get(f"/{language}/lessons/").content.decode()
    assert f'<a href="/{language}/lessons/trick-score/">{title}</a>' in index
    assert "Trick score" not in index


def test_the_english_page_keeps_its_english_words():
    html = Client().get("/lessons/").content.decode()
    assert [words for _, words in menu(html)] == MENU["en"]
    assert '<a href="/lessons/trick-score/">Trick score</a>' in html


@pytest.mark.parametrize(
    ("prefix", "hint"),
    [
        ("", "Scroll sideways to see every column →"),
        ("/fr", "Faites défiler de côté pour voir toutes les colonnes →"),
        ("/nl", "Schuif opzij om alle kolommen te zien →"),
    ],
)
def test_the_words_the_sites_script_writes_are_in_the_pages_language(client, prefix, hint):
    """site.js writes a hint above a table too wide for the screen: it takes its words from
    the page (the body's data-*), so a French page's hint is French."""
    html = client.get(f"{prefix}/lessons/").content.decode()
    assert f'data-scroll-hint="{hint}"' in html
    script = (settings.BASE_DIR / "static" / "js" / "site.js").read_text()
    assert "dataset.scrollHint" in script and "words.scrollsSideways" in script
