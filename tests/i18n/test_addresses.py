"""English keeps every address it had: the same reverse() results, the same pages in
English; French and Dutch are new addresses under /fr/ and /nl/."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.i18n.conftest import html_lang, menu
from tests.pages import PUBLIC_PAGES

# URL names and the English addresses they had before the site spoke other languages.
ENGLISH = [
    ("home", [], "/"),
    ("lessons:index", [], "/lessons/"),
    ("lessons:topic", ["trick-score"], "/lessons/trick-score/"),
    ("lessons:sample_rubber_deal", [3], "/lessons/sample-rubber/3/"),
    ("quizzes:home", [], "/practice/"),
    ("scorepad:games", [], "/scorepad/"),
    ("classes:dashboard", [], "/teachers/"),
    ("login", [], "/accounts/login/"),
    ("live:join", [], "/live/join/"),
    ("healthz", [], "/healthz"),
    ("favicon", [], "/favicon.ico"),
    ("admin:index", [], "/admin/"),
]
# What machines and staff ask for stays where it is in every language.
SAME_IN_EVERY_LANGUAGE = {"healthz", "favicon", "admin:index"}


@pytest.mark.parametrize(("name", "args", "address"), ENGLISH)
def test_english_addresses_are_the_ones_the_site_always_had(name, args, address):
    assert reverse(name, args=args) == address


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize(("name", "args", "address"), ENGLISH)
def test_french_and_dutch_pages_live_under_their_prefix(language, name, args, address):
    with translation.override(language):
        moved = reverse(name, args=args)
    if name in SAME_IN_EVERY_LANGUAGE:
        assert moved == address
    else:
        assert moved == f"/{language}{address}"


@pytest.mark.django_db
@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_every_public_page_answers_in_english_where_it_always_did(path):
    response = Client().get(path, follow=True)
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"


@pytest.mark.django_db
def test_the_english_menu_links_to_the_english_addresses_and_each_answers():
    links = menu(Client().get("/").content.decode())
    assert [address for address, _ in links] == [
        "/lessons/",
        "/practice/",
        "/scorepad/",
        "/teachers/",
    ]
    for address, _ in links:
        response = Client().get(address)
        assert response.status_code == 200, address
        assert html_lang(response.content.decode()) == "en", address
