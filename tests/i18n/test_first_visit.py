"""A first visit from a browser that prefers French or Dutch, to an English address, goes to
the same page in its language once; nothing else is ever moved."""

import pytest
from django.conf import settings
from django.test import Client

from tests.i18n.conftest import PAGE, html_lang

pytestmark = pytest.mark.django_db


def _vary(response) -> set[str]:
    return {v.strip() for v in response.get("Vary", "").split(",")}


@pytest.mark.parametrize(
    ("accept_language", "path", "lands_on"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "/", "/fr/"),
        ("nl-BE,nl;q=0.9", "/lessons/trick-score/", "/nl/lessons/trick-score/"),
        ("nl", "/practice/?skill=games", "/nl/practice/?skill=games"),
        ("de-DE,fr;q=0.8", "/scorepad/", "/fr/scorepad/"),  # no German: French is next
    ],
)
def test_a_first_visit_goes_once_to_the_page_in_the_browsers_language(
    accept_language, path, lands_on
):
    client = Client(headers={"Accept": PAGE, "Accept-Language": accept_language})
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == lands_on
    assert {"Accept-Language", "Cookie"} <= _vary(response)
    landed = client.get(lands_on)
    assert landed.status_code == 200, "once: the page it lands on stays"
    assert html_lang(landed.content.decode()) == lands_on[1:3]


@pytest.mark.parametrize("accept_language", ["en-GB,en;q=0.9,fr;q=0.8", "de-DE", ""])
def test_a_browser_preferring_english_or_none_of_ours_stays_in_english(accept_language):
    response = Client().get(
        "/lessons/", headers={"Accept": PAGE, "Accept-Language": accept_language}
    )
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"
    assert {"Accept-Language", "Cookie"} <= _vary(response)


def test_the_english_cookie_wins_over_the_browsers_languages():
    client = Client(headers={"Accept": PAGE, "Accept-Language": "fr"})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert client.get("/").status_code == 200
    assert client.get("/lessons/trick-score/").status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "headers"),
    [
        ("post", "/practice/new/", {"Accept": PAGE}),  # a form sent
        ("get", "/practice/", {"Accept": PAGE, "HX-Request": "true"}),  # htmx asking for a part
        ("get", "/lessons/", {"Accept": "*/*"}),  # a script, not a page opened
        ("get", "/files/export/traveller/", {"Accept": "text/csv"}),  # a file
        ("get", "/healthz", {"Accept": PAGE}),  # the same in every language
        ("get", "/favicon.ico", {"Accept": PAGE}),
        ("get", "/admin/login/", {"Accept": PAGE}),
        ("get", "/no-such-page/", {"Accept": PAGE}),
    ],
)
def test_what_is_not_a_page_opened_by_get_is_never_moved(method, path, headers):
    client = Client(headers={**headers, "Accept-Language": "fr"})
    response = getattr(client, method)(path)
    assert not (response.status_code == 302 and response["Location"].startswith("/fr/")), path


def test_an_address_already_in_a_language_is_left_as_it_is():
    client = Client(headers={"Accept": PAGE, "Accept-Language": "fr"})
    response = client.get("/nl/lessons/")
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "nl"
