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
    for situation in (stored, typed):
        assert json.loads(json.dumps(kind.solve(situation).answer, default=str)) == row["answer"]
        assert [f.name for f in kind.fields(situation)] == row["fields"]
        assert kind.skills(situation) == row["skills"]


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
