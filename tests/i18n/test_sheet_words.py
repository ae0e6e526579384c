"""The score sheets, tables and score pad in French and Dutch (issue 32): headings, seats,
sides, card ranks and suit names in each country's bridge words, while everything a
machine reads (data-* attributes, form values, files) keeps its English keys, and English
pages stay as they were (the drawing, scorepad and lessons tests cover that)."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from drawing.templatetags import cards
from scorepad import views
from scoring import (
    BOARD_VULNERABILITY_NAMES,
    SEAT_NAMES,
    PlayedDeal,
    Role,
    Side,
    Strain,
)
from tests.factories import ScorePadFactory


def _render(text: str, language: str, **context) -> str:
    with translation.override(language):
        return Template(text).render(Context(context))


def _visible(html: str) -> str:
    """The words of a page, tags left out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _view(view, language: str, *, path="/", user=None, data=None, **kwargs) -> str:
    """A view's page in `language`, through RequestFactory: the language is the one active,
    whether or not LocaleMiddleware runs."""
    request = RequestFactory().get(path, data or {})
    request.user = user or AnonymousUser()
    request.session = SessionStore()
    request.htmx = HtmxDetails(request)
    with translation.override(language):
        response = view(request, **kwargs)
    assert response.status_code == 200
    return response.content.decode()


# -- the engine's words and ours agree in English --------------------------------------------


def test_the_names_pages_show_are_the_engines_own_in_english():
    with translation.override("en"):
        assert {side: str(name) for side, name in cards.SIDE_NAMES.items()} == {
            **{side: side.label for side in Side},
            **{role: role.label for role in Role},
        }
        assert {s: str(n) for s, n in cards.SUIT_NAMES.items()} == {s: s.noun for s in Strain}
        assert {s: str(n) for s, n in cards.SEAT_WORDS.items()} == SEAT_NAMES
        assert {
            code: str(name) for code, name in cards.VULNERABLE_PAIR_WORDS.items()
        } == BOARD_VULNERABILITY_NAMES


# -- cards, suits, seats and sides -----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "language", "printed", "heard"),
    [
        ("QS", "en", "Q", "queen of spades"),
        ("QS", "fr", "D", "dame de pique"),
        ("KH", "fr", "R", "roi de cœur"),
        ("JC", "fr", "V", "valet de trèfle"),
        ("AD", "fr", "A", "as de carreau"),
        ("QS", "nl", "V", "schoppen vrouw"),
        ("KH", "nl", "H", "harten heer"),
        ("JC", "nl", "B", "klaveren boer"),
        ("TD", "nl", "10", "ruiten 10"),
    ],
)
def test_a_card_shows_the_countrys_rank_letter_and_is_read_in_its_words(
    card, language, printed, heard
):
    html = _render("{% load cards %}{{ c|card }}", language, c=card)
    shown = re.search(r'<span aria-hidden="true">(.*?)</span><span class="visually-hidden">', html)
    assert re.sub(r"<[^>]+>", "", shown.group(1))[1:] == printed
    assert f'<span class="visually-hidden">{heard}</span>' in html


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("fr", ["pique", "cœur", "carreau", "trèfle"]),
        ("nl", ["schoppen", "harten", "ruiten", "klaveren"]),
    ],
)
def test_suits_are_named_for_screen_readers_in_the_pages_language(language, names):
    html = _render(
        '{% load cards %}{{ "S"|suit }}{{ "H"|suit }}{{ "D"|suit }}{{ "C"|suit }}', language
    )
    assert re.findall(r'visually-hidden"> ([^<]+)<', html) == names


@pytest.mark.parametrize(
    ("language", "we", "they", "west", "west_letter", "neither"),
    [("fr", "NOUS", "EUX", "Ouest", "O", "Personne"), ("nl", "WIJ", "ZIJ", "West", "W", "Niemand")],
)
def test_sides_and_seats_in_the_pages_language(language, we, they, west, west_letter, neither):
    html = _render(
        '{% load cards %}{{ "we"|side_name }}|{{ "they"|side_name }}|{{ "W"|seat_name }}|'
        '{{ "W"|seat_letter }}|{{ "none"|pair_vulnerable }}',
        language,
    )
    assert html.split("|") == [we, they, west, west_letter, neither]


# -- sheets and tables drawn on lesson and practice pages ------------------------------------


@pytest.mark.parametrize(
    ("language", "heads", "line", "english_gone"),
    [
        ("fr", ["NOUS", "EUX"], "au-dessus · la ligne · au-dessous", "above · the line · below"),
        ("nl", ["WIJ", "ZIJ"], "boven · de streep · onder", "above · the line · below"),
    ],
)
def test_a_rubber_sheet_heads_its_columns_in_the_pages_language(
    language, heads, line, english_gone
):
    html = _render('{% load sheets %}{% rubber_sheet "we 2C 8; they 4H 10" %}', language)
    assert re.findall(r'<th scope="col">([^<]+)</th>', html) == heads
    assert line in html and english_gone not in html
    # What a machine reads stays English.
    assert 'data-side="we"' in html and 'data-total="they"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Camp du déclarant", "Défense", "Marque du camp du déclarant", "pour la défense"]),
        ("nl", ["Partij van de leider", "Verdedigers", "Score voor de partij van de leider"]),
    ],
)
def test_a_worked_example_names_the_sides_in_the_pages_language(language, words):
    html = _render('{% load sheets %}{% deal_example "4S" 8 %}', language)
    for word in words:
        assert word in html
    assert "Score for the declaring side" not in html
    assert 'data-side="defenders"' in html


@pytest.mark.parametrize(
    ("language", "heads"),
    [
        ("fr", ["Élément", "Marqué par", "Points", "Pourquoi"]),
        ("nl", ["Onderdeel", "Voor", "Punten", "Waarom"]),
    ],
)
def test_a_breakdown_heads_its_columns_in_the_pages_language(language, heads):
    html = _render(
        "{% load sheets %}{% breakdown result show_place=False %}",
        language,
        result=__import__("scoring").score_deal("3NT", 9, False),
    )
    assert re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', html) == heads


@pytest.mark.parametrize(
    ("language", "caption", "dealer"),
    [
        ("fr", "Donneur et vulnérabilité selon le numéro d’étui", "O"),
        ("nl", "Gever en kwetsbaarheid per spelnummer", "W"),
    ],
)
def test_the_board_table_in_the_pages_language(language, caption, dealer):
    html = _render("{% load rule_tables %}{% board_table %}", language)
    assert f"<caption>{caption}</caption>" in html
    # Board 4: West deals.
    assert re.search(r'<th scope="row" class="num">4</th><td>([^<]+)</td>', html).group(1) == dealer


# -- the score pad ---------------------------------------------------------------------------


def _rubber_pad():
    deals = [PlayedDeal("we", "2H", 9), PlayedDeal("they", "4SX", 9)]
    return ScorePadFactory(deals=[deal.as_data() for deal in deals])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "phrases", "english_gone"),
    [
        (
            "fr",
            ["Tenez la marque", "Commencer une nouvelle partie", "Bridge au robre"],
            "Start a new game",
        ),
        (
            "nl",
            ["Houd de score bij", "Begin een nieuwe partij", "Robberbridge"],
            "Start a new game",
        ),
    ],
)
def test_the_score_pads_first_page_in_the_pages_language(language, phrases, english_gone):
    html = _view(views.games, language, path="/scorepad/")
    for phrase in phrases:
        assert phrase in html
    assert english_gone not in html
    assert 'name="kind" value="rubber"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "phrases", "english_gone"),
    [
        (
            "fr",
            ["La feuille de marque", "Robre 1, donne 3", "de chute", "NOUS", "Donnes saisies"],
            "Deals entered",
        ),
        (
            "nl",
            ["De scorekaart", "Robber 1, spel 3", "down", "WIJ", "Ingevulde spellen"],
            "Deals entered",
        ),
    ],
)
def test_a_rubber_on_the_pad_in_the_pages_language(language, phrases, english_gone):
    pad = _rubber_pad()
    html = _view(views.game, language, user=pad.user, public_id=pad.public_id)
    for phrase in phrases:
        assert phrase in html
    assert english_gone not in html
    # The form still sends the engine's keys.
    assert 'name="declarer" value="we"' in html and 'name="strain" value="NT"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("fr", ["Étui 1", "Donneur", "Nord–Sud", "Sud", "Vulnérable"]),
        ("nl", ["Spel 1", "Gever", "Noord–Zuid", "Zuid", "Kwetsbaar"]),
    ],
)
def test_a_duplicate_session_on_the_pad_in_the_pages_language(language, phrases):
    pad = ScorePadFactory(kind="duplicate", deals=[PlayedDeal("S", "4S", 10, board=1).as_data()])
    html = _view(views.game, language, user=pad.user, public_id=pad.public_id)
    for phrase in phrases:
        assert phrase in html
    assert "Board by board" not in html
    assert 'data-board-points="NS"' in html and 'value="S"' in html


TRAVELLER = {
    "board": "4",
    "tables": "2",
    "table-0-contract": "4S",
    "table-0-declarer": "S",
    "table-0-tricks": "10",
    "table-1-contract": "4S",
    "table-1-declarer": "W",
    "table-1-tricks": "8",
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "phrases", "english_gone"),
    [
        ("fr", ["Feuille ambulante", "Marque N-S", "Donneur Ouest", "par O"], "Score the board"),
        ("nl", ["Scorestrookje", "Score N-Z", "Gever West", "door W"], "Score the board"),
    ],
)
def test_a_traveller_in_the_pages_language(language, phrases, english_gone):
    html = _view(views.traveller, language, path="/scorepad/traveller/", data=TRAVELLER)
    text = _visible(html)
    for phrase in phrases:
        assert phrase in text
    assert english_gone not in html
    # The row keys and the file export's address stay English.
    assert 'data-table-row="1"' in html and "table-0-contract=4S" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", "Saisissez les résultats d’au moins deux tables"),
        ("nl", "Vul de uitslagen van minstens twee tafels in"),
    ],
)
def test_a_travellers_messages_in_the_pages_language(language, message):
    data = {key: value for key, value in TRAVELLER.items() if not key.startswith("table-1")}
    request = RequestFactory().get("/scorepad/traveller/", data)
    request.user, request.session = AnonymousUser(), SessionStore()
    request.htmx = HtmxDetails(request)
    with translation.override(language):
        response = views.traveller(request)
    assert message in response.content.decode()
