"""Hand records speak the page's language: the diagram, the double-dummy table, par, and
why a deal or a file is refused (a deal's reasons are Words, said by the form)."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest

pytestmark = pytest.mark.django_db

BOARD_1 = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
TAGS = re.compile(r"<[^>]+>")


def _text(response) -> str:
    text = unescape(TAGS.sub(" ", response.content.decode())).replace("\u00a0", " ")
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("language", "said", "english"),
    [
        (
            "fr",
            # West's spades J85 and North's hearts T53, clubs T9; South's spades K72.
            ["Étui 7", "Donneur Sud", "(donneur)", "Levées, à cartes ouvertes", "par E ou O"]
            + ["V 8 5", "R 7 2", "A R D 7 4 2"],
            ["Board 7", "Dealer", "Tricks, double dummy", "by E or W", "printed page"],
        ),
        (
            "nl",
            ["Spel 7", "Gever Zuid", "(gever)", "Slagen, double dummy", "door O of W"]
            + ["B 8 5", "H 7 2", "A H V 7 4 2"],
            ["Board 7", "Dealer", "Tricks, double dummy", "by E or W", "printed page"],
        ),
    ],
)
def test_a_sheet_is_drawn_in_the_pages_language(client, language, said, english):
    page = _text(client.get(f"/{language}/hands/?" + urlencode({"deals": f"7 {BOARD_1}"})))
    assert [words for words in said if words not in page] == []
    assert [words for words in english if words in page] == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "Ligne 1 : Le Q de pique est distribué deux fois"),
        ("nl", "Regel 1: De Q van schoppen is twee keer gedeeld"),
    ],
)
def test_why_a_deal_is_refused_is_said_in_the_pages_language(client, language, said):
    twice = BOARD_1.replace("K72.", "Q72.")  # South's king of spades made a second queen
    response = client.get(f"/{language}/hands/?" + urlencode({"deals": twice}))
    assert response.status_code == 422
    assert said in _text(response)
