"""Whatever is typed into the score pad, it answers calmly: never a 500, and a stored game
always replays. Every form on the list page and on a game of each kind, each field in turn."""

from urllib.parse import urlencode

import pytest

from scorepad.models import ScorePad
from scorepad.selectors import scorepad_play
from tests.production.site_forms import endpoints_on

# Every field of every form, each with every tricky value: a sweep of a few hundred posts
# per form, so the slow tier (`make test`, CI) runs it, not the quick loop.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

TRICKY = [
    "",
    " ",
    "0",
    "-1",
    "+4",
    "1,100",
    "NaN",
    "١٢٣",  # Arabic-Indic digits
    "９",  # a full-width digit
    "9" * 30,
    "-" + "9" * 400,
    "\x00",
    "<script>alert(1)</script>",
    "🂡♠♥",
    "x" * 5000,
]
STARTS = {
    "rubber": {"kind": "rubber", "rubber-fifty": "up"},
    "chukker": {
        "kind": "chukker",
        "chukker-form": "chicago",
        "chukker-first_dealer": "we",
        "chukker-fifty": "up",
    },
    "duplicate": {"kind": "duplicate"},
}
A_DEAL = {"declarer": "we", "level": "4", "strain": "S", "tricks": "10", "board": "1"}


def _post(client, path, data, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    body = urlencode(data, doseq=True)
    return client.post(
        path, body, content_type="application/x-www-form-urlencoded", headers=headers
    )


def _forms(client, path):
    # The score pad's own forms, not the footer's language switcher.
    found = endpoints_on(path, client.get(path).content.decode())
    return [e for e in found if e.fields and not e.path.endswith("/i18n/setlang/")]


def _sweep(client, endpoint, known):
    """Each tricky value in each field, the others filled in; every other post as htmx."""
    filled = {k: v for k, v in endpoint.fields if k != "csrfmiddlewaretoken"}
    filled.update({k: v for k, v in known.items() if k in filled})
    for name in filled:
        for number, value in enumerate(TRICKY):
            response = _post(client, endpoint.path, {**filled, name: value}, number % 2 == 1)
            assert response.status_code < 500, (endpoint.path, name, value)


def test_every_tricky_value_in_every_start_form_field_is_answered_calmly(client):
    forms = _forms(client, "/scorepad/")
    assert {dict(e.fields)["kind"] for e in forms} == set(STARTS)
    for endpoint in forms:
        _sweep(client, endpoint, {})


@pytest.mark.parametrize("kind", list(STARTS))
def test_every_tricky_value_in_every_game_form_field_is_answered_calmly(client, kind):
    game = client.post("/scorepad/", STARTS[kind])["Location"]
    deal = {**A_DEAL, **({"declarer": "N"} if kind == "duplicate" else {})}
    client.post(f"{game}deals/", {"revision": 0, **deal})
    forms = [*_forms(client, game), *_forms(client, f"{game}deals/1/")]
    assert {e.path for e in forms} >= {f"{game}deals/", f"{game}deals/1/", f"{game}undo/"}
    for endpoint in forms:
        _sweep(client, endpoint, deal)
    # Whatever was accepted on the way, the stored game still replays through the engine.
    for pad in ScorePad.objects.all():
        assert scorepad_play(pad=pad)[1] is None, pad.deals
