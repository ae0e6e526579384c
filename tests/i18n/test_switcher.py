"""The footer's language switcher: a form to Django's set_language, without JavaScript,
that keeps the choice in a cookie and lands on the same page in the chosen language."""

import pytest
from django.conf import settings
from django.test import Client

from tests.i18n.conftest import PAGE, html_lang, switcher

pytestmark = pytest.mark.django_db


def _switch(client: Client, path: str, language: str):
    """Open `path`, then press the switcher's button for `language`."""
    action, following = switcher(client.get(path).content.decode())
    assert following == path, "the switcher names the page it is on"
    return client.post(action, {"next": following, "language": language})


@pytest.mark.parametrize(
    ("path", "language", "lands_on"),
    [
        ("/lessons/trick-score/", "fr", "/fr/lessons/trick-score/"),
        ("/lessons/sample-rubber/3/", "nl", "/nl/lessons/sample-rubber/3/"),
        ("/fr/lessons/trick-score/", "en", "/lessons/trick-score/"),
        ("/nl/practice/", "fr", "/fr/practice/"),
        ("/fr/", "nl", "/nl/"),
    ],
)
def test_the_switcher_keeps_the_language_and_lands_on_the_same_page_in_it(path, language, lands_on):
    client = Client(enforce_csrf_checks=True)  # as a browser: no token needed
    response = _switch(client, path, language)
    assert response.status_code == 302
    assert response["Location"] == lands_on
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    assert html_lang(client.get(lands_on).content.decode()) == language


def test_a_visitor_who_chose_english_is_never_sent_to_french():
    client = Client()
    _switch(client, "/fr/lessons/", "en")
    response = client.get("/lessons/", headers={"Accept": PAGE, "Accept-Language": "fr"})
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"


def test_the_switcher_marks_the_page_language_and_names_each_language_in_itself():
    html = Client().get("/nl/").content.decode()
    current = 'value="nl" lang="nl" class="button--small button--secondary" aria-current="true">'
    assert current + "Nederlands<" in html
    assert 'value="fr" lang="fr" class="button--small button--secondary">Français<' in html
    assert 'value="en" lang="en" class="button--small button--secondary">English<' in html


def test_a_post_from_another_site_can_only_choose_a_language():
    # The switcher takes no token: a forged post sets the language cookie and nothing else,
    # and never sends the visitor off the site.
    attacker = Client(enforce_csrf_checks=True)
    response = attacker.post(
        "/i18n/setlang/", {"language": "nl", "next": "https://elsewhere.example/steal"}
    )
    assert response.status_code in (204, 302)
    assert not response.get("Location", "").startswith(("http", "//"))
    assert set(response.cookies) == {settings.LANGUAGE_COOKIE_NAME}
