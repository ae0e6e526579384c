"""What the lesson pages show, prepared from the deals by the scoring engine."""

from __future__ import annotations

from dataclasses import dataclass

from lessons import deals
from scoring import Place, draw_partnerships, first_table, five_player_rotation
from scoring.players import BackScore

SAMPLE_DEALS = len(deals.SAMPLE_RUBBER)
TRY_FIELDS = (
    ("we_above", "we", Place.ABOVE, "WE, above the line"),
    ("we_below", "we", Place.BELOW, "WE, below the line"),
    ("they_above", "they", Place.ABOVE, "THEY, above the line"),
    ("they_below", "they", Place.BELOW, "THEY, below the line"),
)


@dataclass(frozen=True)
class DealPage:
    number: int
    deal: deals.Deal
    before: object  # the rubber before this deal
    after: object  # the rubber after it
    record: object  # the engine's record of this deal

    @property
    def before_caption(self) -> str:
        return f"Before deal {self.number}"

    @property
    def after_caption(self) -> str:
        return f"After deal {self.number}"


def deal_page(number: int) -> DealPage:
    before = deals.sample_rubber(number - 1)
    after = deals.sample_rubber(number)
    return DealPage(number, deals.SAMPLE_RUBBER[number - 1], before, after, after.deals[-1])


def try_it_expected(record) -> dict[str, int]:
    """What a learner should write for this deal: points per side, above and below."""
    return {name: record.points(side, place) for name, side, place, _ in TRY_FIELDS}


def try_it_marks(record, answers: dict[str, int]) -> list[dict]:
    """Each field of a "Try it first" answer beside the engine's figure."""
    expected = try_it_expected(record)
    return [
        {
            "name": name,
            "label": label,
            "given": answers[name],
            "expected": expected[name],
            "right": answers[name] == expected[name],
        }
        for name, _, _, label in TRY_FIELDS
    ]


def sample_draw():
    return draw_partnerships(deals.DRAWN_CARDS)


def draw_rows():
    """(player, card) from the highest card drawn to the lowest."""
    draw = sample_draw()
    return [(player, draw.cards[player]) for player in draw.order]


def sample_result():
    """The finished rubber, its back score and the seating for the next rubbers."""
    rubber = deals.sample_rubber()
    back = BackScore(list(deals.PLAYERS))
    back.add_rubber(rubber, we=deals.WE_PLAYERS, they=deals.THEY_PLAYERS)
    draw = sample_draw()
    return {
        "rubber": rubber,
        "back_score": [(player, back.total(player)) for player in back.players],
        "draw": draw,
        "tables": five_player_rotation(draw),
        "first_table": first_table(draw),
    }
