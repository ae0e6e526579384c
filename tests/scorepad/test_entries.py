"""The score pad's forms: a bad entry gets the engine's message beside its field and
changes nothing; starting a game of each kind; a finished game printed without its forms.
"""

import re
from html.parser import HTMLParser

import pytest
from django.conf import settings

from lessons import deals
from scorepad.models import ScorePad
from tests.scorepad.scorer import (
    deal_fields,
    enter,
    input_value,
    pad_of,
    page,
    play_chicago_round,
    sheet_totals,
    start,
)

pytestmark = pytest.mark.django_db


# -- bad entries: the engine's message beside the field, nothing changes -------------------------


BAD_ENTRIES = [
    # (what was typed, the field it is about, the engine's message, the value kept)
    ({"tricks": "14"}, "tricks", "13 tricks is the most a side can take, got 14", "14"),
    ({"level": "8"}, "level", "Level must be 1 to 7, got 8", "8"),
    ({"honors": "four_aces"}, "honors", "Four aces count only at notrump", None),
]


@pytest.mark.parametrize(("typed", "field", "message", "kept"), BAD_ENTRIES)
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_entry_shows_the_engines_message_beside_the_field_and_changes_nothing(
    client, typed, field, message, kept, htmx
):
    url = start(client, "rubber", fifty="up")
    enter(client, url, deal_fields(deals.SAMPLE_RUBBER[0]))
    before = pad_of(url)
    fields = {"declarer": "we", "level": "4", "strain": "H", "tricks": "10", **typed}
    response = enter(client, url, fields, htmx=htmx, expect=422)
    html = response.content.decode()
    assert f'<p class="field__error" id="id_{field}-error">{message}</p>' in html
    if kept is not None:
        assert f'value="{kept}"' in input_value(html, field)
    # The keyboard lands on the field to fix.
    assert re.search(rf'<input [^>]*name="{field}"[^>]* autofocus data-autofocus', html)
    after = pad_of(url)
    assert (after.deals, after.revision) == (before.deals, before.revision)
    assert sheet_totals(html) == (500, 0)  # the sheet as it was, rules §8.1, deal 1


@pytest.mark.parametrize(
    "typed",
    [
        {"level": "four"},
        {"tricks": ""},
        {"strain": "Z"},
        {"declarer": "nobody"},
        {"honors": "six_aces"},
        {"level": "-1", "tricks": "-3"},
        {"revision": "x"},
    ],
)
def test_nonsense_in_the_deal_form_is_refused_without_a_server_error(client, typed):
    url = start(client, "rubber", fifty="up")
    data = {
        "revision": pad_of(url).revision,
        "declarer": "we",
        "level": "4",
        "strain": "H",
        "tricks": "10",
        **typed,
    }
    response = client.post(f"{url}deals/", data)
    assert response.status_code == 422
    assert 'class="field__error"' in response.content.decode()
    assert pad_of(url).deals == []


def test_a_deal_after_the_chukker_is_over_gets_the_engines_message(client):
    url = play_chicago_round(client)
    response = enter(client, url, deal_fields(deals.CHICAGO_ROUND[0]), expect=422)
    assert "This chukker has had its four deals" in response.content.decode()
    assert len(pad_of(url).deals) == 4


def test_a_board_already_scored_cannot_be_entered_twice(client):
    url = start(client, "duplicate")
    fields = {"board": "3", "declarer": "S", "level": "2", "strain": "S", "tricks": "8"}
    enter(client, url, fields)
    response = enter(client, url, fields, expect=422)
    assert "Board 3 is already on this sheet: edit it instead" in response.content.decode()


def test_honors_are_not_asked_for_at_duplicate(client):
    url = start(client, "duplicate")
    assert 'name="honors"' not in page(client, url)


def test_undo_with_nothing_to_undo_says_so(client):
    url = start(client, "rubber", fifty="up")
    response = client.post(f"{url}undo/", {"revision": 0})
    assert response.status_code == 422
    assert "There is no deal to undo yet" in response.content.decode()


# -- starting games -----------------------------------------------------------------------------


def test_list_page_offers_the_three_kinds_of_game(client):
    html = page(client, "/scorepad/")
    for heading in ("Rubber bridge", "Four-deal bridge (a chukker)", "Duplicate, by board"):
        assert heading in html
    assert "No games yet" in html


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"player-0-name": "Ann", "player-1-name": "Bob", "player-2-name": "Cy"},
            "Name four or five players",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "A",
                "player-2-name": "C",
                "player-3-name": "D",
            },
            "Two players cannot have the same name",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "B",
                "player-2-name": "C",
                "player-3-name": "D",
                "player-0-card": "ZZ",
            },
            "Give the card each named player drew",
        ),
        (
            {
                **{f"player-{n}-name": name for n, name in enumerate("ABCD")},
                **{f"player-{n}-card": card for n, card in enumerate(["9D", "QC", "6S", "1X"])},
            },
            "Can&#x27;t read &#x27;1X&#x27; as a card",
        ),
        (
            {
                "player-0-name": "A",
                "player-1-name": "B",
                "player-2-name": "C",
                "player-3-name": "D",
                "scorer": "5",
            },
            "The scorer must be one of the players named",
        ),
    ],
)
def test_starting_a_rubber_with_bad_players_says_what_to_fix(client, fields, message):
    data = {"kind": "rubber", "rubber-fifty": "up"}
    data.update({f"rubber-{name}": value for name, value in fields.items()})
    response = client.post("/scorepad/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert ScorePad.objects.count() == 0


def test_starting_an_unknown_kind_of_game_is_a_bad_request(client):
    assert client.post("/scorepad/", {"kind": "poker"}).status_code == 400


def test_four_players_in_draw_order_make_the_scorers_pair_we(client):
    names = {f"player-{n}-name": name for n, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    url = start(client, "rubber", fifty="up", scorer="3", **names)
    html = page(client, url)
    # The two highest play together (Ann & Bob); Cy keeps score, so Cy & Di are WE.
    assert "WE: Cy &amp; Di · THEY: Ann &amp; Bob" in html


class _FormsOnPaper(HTMLParser):
    """Finds each <form> and whether it, or an element around it, has the class no-print."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, bool]] = []
        self.forms: list[bool] = []  # one per form: is it left off the paper?

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        hidden = "no-print" in (dict(attrs).get("class") or "").split()
        hidden = hidden or any(h for _, h in self.open)
        if tag == "form":
            self.forms.append(hidden)
        self.open.append((tag, hidden))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break


def test_a_finished_game_prints_without_its_forms(client):
    url = play_chicago_round(client)
    html = page(client, url)
    assert "css/scorepad" in html
    assert 'id="deal-form"' not in html  # nothing left to enter
    assert 'class="pad__actions no-print"' in html
    assert "The result" in html
    on_paper = _FormsOnPaper()
    on_paper.feed(html)
    assert on_paper.forms, "a finished game still offers undo"
    assert all(on_paper.forms), "every form of a finished game is marked no-print"
    # ... and the print stylesheet, linked for print only, leaves .no-print off the paper.
    assert re.search(r'href="/static/css/print(\.\w+)?\.css" media="print"', html)
    print_rules = (settings.BASE_DIR / "static" / "css" / "print.css").read_text()
    hidden = [
        selector.strip()
        for selectors in re.findall(r"([^{}]+)\{[^}]*display:\s*none\s*!important", print_rules)
        for selector in selectors.split(",")
    ]
    assert ".no-print" in hidden
