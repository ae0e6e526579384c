"""The error pages a visitor may meet (a request refused, too many tries, an expired form, the
site busy, a page not found, an error on our side) are written in the page's language."""

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import server_error

from quizzes import views as quizzes_views
from tests.i18n.conftest import html_lang

PAGES = {
    "400.html": {"fr": "Nous n'avons pas pu lire", "nl": "We konden dat verzoek niet lezen"},
    "403_csrf.html": {"fr": "Rechargez la page et réessayez", "nl": "Laad de pagina opnieuw"},
    "429.html": {"fr": "Trop d'essais", "nl": "Te veel pogingen"},
    "503.html": {"fr": "Nous sommes occupés", "nl": "We hebben het even druk"},
    "404.html": {"fr": "Nous ne trouvons pas cette page", "nl": "We kunnen die pagina niet"},
}
ENGLISH = ["We could not", "Please reload", "Too many tries", "We are busy", "We can't find"]


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("template", list(PAGES))
def test_each_error_page_is_in_the_pages_language(template, language):
    with translation.override(language):
        page = render_to_string(template, {"request_path": "/nowhere/"})
    assert PAGES[template][language] in page.replace("&#x27;", "'")
    assert not [english for english in ENGLISH if english in page]


# The 500 page: Django's server_error renders 500.html with no context at all, while the
# language LocaleMiddleware chose for the request is still active.
SERVER_ERROR = {
    "en": ("Something went wrong on our side", "may not have been saved", 'href="/"'),
    "fr": ("Une erreur s'est produite de notre côté", "pas été enregistré", 'href="/fr/"'),
    "nl": ("Er ging aan onze kant iets mis", "niet opgeslagen", 'href="/nl/"'),
}
PREFIX = {"en": "", "fr": "/fr", "nl": "/nl"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_500_page_is_in_the_language_of_the_page_that_failed(monkeypatch, language):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug, not a fault of the database")

    monkeypatch.setattr(quizzes_views.services, "question_new", broken)
    client = Client(raise_request_exception=False)
    response = client.post(f"{PREFIX[language]}/practice/new/", {"kind": "undertricks"})
    assert response.status_code == 500
    page = response.content.decode().replace("&#x27;", "'")
    assert html_lang(page) == language
    assert all(words in page for words in SERVER_ERROR[language]), page
    if language != "en":
        assert "Something went wrong" not in page and "home page" not in page


def test_the_500_page_needs_no_database(monkeypatch):
    # No django_db mark: any query is refused; and the connection itself cannot be opened.
    def unreachable(self):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", unreachable)
    with translation.override("fr"):
        response = server_error(RequestFactory().get("/fr/practice/"))
    assert response.status_code == 500
    page = response.content.decode().replace("&#x27;", "'")
    assert html_lang(page) == "fr"
    assert all(words in page for words in SERVER_ERROR["fr"]), page
