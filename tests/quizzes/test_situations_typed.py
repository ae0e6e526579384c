"""Every kind's situation as a typed value: rows as stored today load, give back the same
JSON byte for byte, and answer the same.

`data/situations_today.json` holds situations drawn by the code as it stood before the
situations were typed (fixed seeds, made by `data/make_situations_today.py`), with the
answer, boxes and skills that code gave each.
"""

import json
import random
from pathlib import Path

import pytest

from quizzes.kinds import KINDS
from quizzes.skills import EVERYTHING
from tests.quizzes.data.make_situations_today import seen

TODAY = json.loads((Path(__file__).parent / "data" / "situations_today.json").read_text())
ROWS = [(key, n, row) for key, rows in TODAY.items() for n, row in enumerate(rows)]


def test_every_kind_has_stored_rows():
    assert set(TODAY) == set(KINDS)


@pytest.mark.parametrize(("key", "n", "row"), ROWS, ids=[f"{k}-{n}" for k, n, _ in ROWS])
def test_a_row_stored_today_loads_and_answers_the_same(key, n, row):
    kind = KINDS[key]
    stored = row["situation"]
    typed = kind.load(stored)
    if kind.situation_type is not None:
        assert isinstance(typed, kind.situation_type)
        assert json.dumps(typed.to_data()) == json.dumps(stored)
    today = {k: v for k, v in row.items() if k != "situation"}
    for situation in (stored, typed):
        now = json.loads(json.dumps(seen(kind, situation), default=str))
        # Slips a kind has learnt to name since the record was made are new, not changed:
        # every slip recorded then still replays the same, and the rest is the same.
        recorded = today["mistakes"]
        now["mistakes"] = {k: v for k, v in now["mistakes"].items() if k in recorded}
        assert now == today


@pytest.mark.parametrize("key", sorted(KINDS))
def test_the_same_seeds_draw_the_same_json_as_before(key):
    """`generate` still gives what was stored: the same keys in the same order."""
    kind = KINDS[key]
    rows = []
    for taught in (EVERYTHING, frozenset(kind.requires) | {"games"}):
        for seed in range(6):
            situation = kind.generate(random.Random(seed * 7919 + len(rows)), taught)
            rows.append(json.dumps(situation))
            assert isinstance(situation, dict)
    assert rows == [json.dumps(row["situation"]) for row in TODAY[key]]


@pytest.mark.parametrize("key", sorted(KINDS))
def test_drawn_situations_survive_a_json_round_trip(key):
    kind = KINDS[key]
    if kind.situation_type is None:
        pytest.skip("this kind keeps its situation as a dict")
    for seed in range(20):
        drawn = kind.draw(random.Random(seed))
        again = kind.situation_type.from_data(json.loads(json.dumps(drawn.to_data())))
        assert again == drawn


ACCEPTED = json.loads(
    (Path(__file__).parent / "data" / "situations_accepted_today.json").read_text()
)
"""Shapes stored beside what `generate` draws, each as the code before typing read it: a
rubber deal with no "asks" (stored before it) or none asked (the lessons), deals shown as
played (review quizzes and live sessions: "history_shown"), a rubber total with its bonus
written (the sheet drill), a doubled contract with no "opponents_game" (stored before the
rubber bonus was stated)."""


@pytest.mark.parametrize("row", ACCEPTED, ids=[r["kind"] for r in ACCEPTED])
def test_shapes_stored_beside_the_drawn_ones_load_and_answer_the_same(row):
    kind = KINDS[row["kind"]]
    stored = row["situation"]
    typed = kind.load(stored)
    assert json.dumps(typed.to_data()) == json.dumps(stored)
    today = {k: v for k, v in row.items() if k not in ("kind", "situation")}
    assert json.loads(json.dumps(seen(kind, typed), default=str)) == today


OLD_RUBBER_DEAL = {
    "history": [["they", "4DX", 7, None, None], ["we", "2CX", 9, None, None]],
    "deal": ["they", "4S", 11, "four_trumps", "they"],
}
"""A rubber deal as stored before quizzes 0004: deals as lists (tests/config/test_migrations)."""

OLD_DUPLICATE_DEALS = [
    (
        {
            "form": "duplicate",
            "contract": "4S",
            "tricks": 10,
            "board": 5,
            "declarer": "N",
            "vulnerable": True,
            "show_vulnerability": False,
            "honors": None,
            "honors_side": "declarer",
        },
        {
            "form": "duplicate",
            "deal": {"board": 5, "declarer": "N", "contract": "4S", "tricks": 10},
            "vulnerable": True,
            "show_vulnerability": False,
        },
    ),
    (
        {
            "form": "simplicity",
            "contract": "4H",
            "tricks": 9,
            "board": 2,
            "declarer": "E",
            "vulnerable": True,
            "show_vulnerability": True,
            "honors": "four_trumps",
            "honors_side": "defenders",
        },
        {
            "form": "simplicity",
            "deal": {
                "board": 2,
                "declarer": "E",
                "contract": "4H",
                "tricks": 9,
                "honors": "four_trumps",
                "honors_side": "NS",
            },
            "vulnerable": True,
            "show_vulnerability": True,
        },
    ),
]
"""Duplicate deals as stored before quizzes 0005 (flat), and as that migration left them."""


def test_a_rubber_deal_with_deals_as_lists_reads_as_its_deals_as_data():
    kind = KINDS["rubber_deal"]
    now = ACCEPTED[0]["situation"]
    assert kind.load(OLD_RUBBER_DEAL) == kind.load(now)
    assert seen(kind, OLD_RUBBER_DEAL) == seen(kind, now)


@pytest.mark.parametrize(("old", "now"), OLD_DUPLICATE_DEALS, ids=["plain", "honors"])
def test_a_flat_duplicate_deal_reads_as_the_migration_left_it(old, now):
    kind = KINDS["duplicate_deal"]
    assert kind.load(old) == kind.load(now)
    assert kind.load(old).to_data() == now
    assert seen(kind, old) == seen(kind, now)
