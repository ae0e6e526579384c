"""The error pages a visitor may meet (a request refused, too many tries, an expired form, the
site busy, a page not found) are written in the page's language."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

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
