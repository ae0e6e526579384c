"""Kinds read off a table of the rules: victory points, and partners by the cards drawn."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from quizzes.kinds.base import Field, QuestionKind, SituationData, Solution, believes
from quizzes.skills import EVERYTHING
from scoring import Draw, Misreading, draw_partnerships, victory_points
from scoring.tables import victory_point_rows

NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo")
SUIT_LETTERS = ("S", "H", "D", "C")


def _ace_low(card) -> tuple[int, int]:
    """A drawn card's place as a learner who ranks the ace lowest sees it: the ace below the
    two, every other card where it is; the suit still breaks a tie."""
    return (-1 if card.rank_text == "A" else card.rank, card.suit)


@dataclass(frozen=True)
class VictoryPointsSituation(SituationData):
    difference: int


@dataclass(frozen=True)
class PartnersSituation(SituationData):
    cards: dict[str, str]
    """Each player's card drawn, in the order they sit."""
    asked: str


class VictoryPoints(QuestionKind):
    key = "victory_points"
    title = gettext_noop("Victory points from a round's difference")
    instruction = gettext_noop(
        "Convert the difference into victory points for the winners and the losers."
    )
    template = "quizzes/kinds/victory_points.html"
    possible_skills = ("victory_points",)
    requires = ("victory_points",)
    mistakes = ("vp_band_next_row", "vp_shares_swapped")
    single_idea = True
    situation_type = VictoryPointsSituation

    def draw(self, rng, taught=EVERYTHING):
        # Every band's two edges, where off-by-one readings of the table show up.
        edges = sorted(
            {edge for low, high, _, _ in victory_point_rows() for edge in (low, high) if edge} | {0}
        )
        # Half the time a band's edge; otherwise anywhere up to 2000.
        difference = rng.choice(edges) if rng.random() < 0.5 else rng.randint(0, 200) * 10
        return VictoryPointsSituation(difference=difference)

    def fields(self, situation):
        return [
            Field("winner_vp", gettext("Winners' VP")),
            Field("loser_vp", gettext("Losers' VP")),
        ]

    def solve(self, situation, mistake=None):
        difference = situation.difference
        winner, loser = victory_points(difference)
        rows = victory_point_rows()
        at = next(
            i
            for i, (low, high, _, _) in enumerate(rows)
            if low <= difference and (high is None or difference <= high)
        )
        low, high, _, _ = rows[at]
        band = (
            gettext("{low} to {high}").format(low=low, high=high)
            if high is not None
            else gettext("{low} or more").format(low=low)
        )
        note = gettext(
            "A difference of {difference} falls in the band {band} of the victory-point "
            "table, whose row gives the winners {winner} and the losers {loser}."
        ).format(difference=difference, band=band, winner=winner, loser=loser)
        if believes(mistake, Misreading.VP_BAND_NEXT_ROW) and difference == high:
            # The band's top figure taken as where the next band starts.
            _, _, winner, loser = rows[at + 1]
        if believes(mistake, Misreading.VP_SHARES_SWAPPED):
            winner, loser = loser, winner
        return Solution({"winner_vp": winner, "loser_vp": loser}, notes=(note,))

    def skills(self, situation):
        return ["victory_points"]

    def attributes(self, situation):
        return {"difference": situation.difference}


class Partners(QuestionKind):
    key = "partners"
    title = gettext_noop("Choosing partners by drawing cards")
    instruction = gettext_noop("Everyone has drawn a card. Work out the partnerships.")
    template = "quizzes/kinds/partners.html"
    possible_skills = ("partners",)
    mistakes = ("tie_broken_wrong_way", "highest_with_lowest_partners", "ace_ranked_low")
    requires = ("partners",)
    single_idea = True
    situation_type = PartnersSituation

    def draw(self, rng, taught=EVERYTHING):
        players = rng.sample(NAMES, rng.choice((4, 5)))
        ranks = list("23456789") + ["10", "J", "Q", "K", "A"]
        while True:
            cards = {}
            tie_rank = rng.choice(ranks)
            for player in players:
                rank = tie_rank if rng.random() < 0.35 else rng.choice(ranks)
                cards[player] = f"{rank}{rng.choice(SUIT_LETTERS)}"
            if len(set(cards.values())) == len(cards):
                break
        draw = draw_partnerships(cards)
        asked = rng.choice(draw.order[:4])
        return PartnersSituation(cards=cards, asked=asked)

    def fields(self, situation):
        others = tuple((p, p) for p in situation.cards if p != situation.asked)
        fields = [
            Field(
                "partner",
                gettext("Who is {player}'s partner?").format(player=situation.asked),
                "choice",
                others,
            )
        ]
        if len(situation.cards) == 5:
            everyone = tuple((p, p) for p in situation.cards)
            fields.append(
                Field("sits_out", gettext("Who sits out the first rubber?"), "choice", everyone)
            )
        return fields

    def solve(self, situation, mistake=None):
        cards = dict(situation.cards)
        if believes(mistake, Misreading.REVERSE_SUIT_ORDER):
            swap = {"S": "C", "C": "S", "H": "D", "D": "H"}
            cards = {p: c[:-1] + swap[c[-1]] for p, c in cards.items()}
        draw = draw_partnerships(cards)
        if believes(mistake, Misreading.ACE_LOW):
            # The ace read as below the two: a rank of -1 instead of the highest.
            order = sorted(draw.cards, key=lambda p: _ace_low(draw.cards[p]), reverse=True)
            draw = Draw(tuple(order), draw.cards)
        pairs = (draw.first_pair, draw.second_pair)
        if believes(mistake, Misreading.HIGHEST_WITH_LOWEST):
            playing = draw.order[:4]
            pairs = ((playing[0], playing[3]), (playing[1], playing[2]))
        asked = situation.asked
        answer = {"partner": ""}
        for pair in pairs:
            if asked in pair:
                answer["partner"] = pair[1] if pair[0] == asked else pair[0]
        if len(cards) == 5:
            answer["sits_out"] = draw.sitting_out
        return Solution(
            answer,
            notes=(
                gettext("Order of the cards, highest first: {order}.").format(
                    order=", ".join(draw.order)
                ),
            ),
        )

    def skills(self, situation):
        return ["partners"]

    def attributes(self, situation):
        return {"players": len(situation.cards)}
