"""Scoring tables computed from a form's rules, for lessons and the cheat sheet.

Every value is worked out by the engine itself (by scoring deals or reading the form's
switches), so a printed table can never disagree with how the site scores.

>>> undertrick_rows(3)[2]
(3, 150, 300, 500, 800, 1000, 1600)
>>> trick_score_rows()[0]
('C', 20, 40, 80)
"""

from __future__ import annotations

from scoring.club import VP_SCALE
from scoring.contract import Contract, Doubling, Strain
from scoring.deal import HONORS, score_deal, undertrick_penalty
from scoring.duplicate import board_conditions
from scoring.forms import find_form

STRAIN_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)


def trick_score_rows(form="rubber"):
    """(strain, undoubled, doubled, redoubled) for one odd trick; notrump's first trick."""
    rows = []
    for strain in STRAIN_ORDER:
        values = tuple(
            score_deal(Contract(1, strain, d), 7, form=form).trick_score for d in Doubling
        )
        rows.append((strain.value, *values))
    return rows


def notrump_other_trick(form="rubber"):
    """(undoubled, doubled, redoubled) for each notrump trick after the first."""
    return tuple(
        score_deal(Contract(2, Strain.NOTRUMP, d), 8, form=form).trick_score
        - score_deal(Contract(1, Strain.NOTRUMP, d), 7, form=form).trick_score
        for d in Doubling
    )


def overtrick_rows(form="rubber"):
    """(doubling, minor NV, minor V, major NV, major V, notrump NV, notrump V) per overtrick."""
    rows = []
    for doubling in Doubling:
        values = []
        for strain in (Strain.CLUBS, Strain.SPADES, Strain.NOTRUMP):
            for vul in (False, True):
                result = score_deal(Contract(1, strain, doubling), 8, vul, form=form)
                values.append(result.item("overtricks").points)
        rows.append((doubling.word, *values))
    return rows


def undertrick_rows(down_to=6, form="duplicate"):
    """(down, undoubled NV, undoubled V, doubled NV, doubled V, redoubled NV, redoubled V)."""
    return [
        (
            down,
            *(
                undertrick_penalty(down, doubling, vul, form=form)
                for doubling in Doubling
                for vul in (False, True)
            ),
        )
        for down in range(1, down_to + 1)
    ]


def bonus_rows(form="duplicate"):
    """Named bonuses and their values (not vulnerable, vulnerable) under a form."""
    f = find_form(form)
    rows = [
        ("Small slam bid and made", f.small_slam),
        ("Grand slam bid and made", f.grand_slam),
        ("Making a doubled contract", (f.insult[0], f.insult[0])),
        ("Making a redoubled contract", (f.insult[1], f.insult[1])),
    ]
    if f.game_bonus:
        rows.insert(0, ("Game bonus", f.game_bonus))
    if f.part_score_bonus:
        rows.insert(1, ("Part-score bonus", (f.part_score_bonus, f.part_score_bonus)))
    if f.fourth_deal_part_score_bonus and f.carry_over:
        value = f.fourth_deal_part_score_bonus
        rows.append(("Part-score on the fourth deal, no game", (value, value)))
    return rows


def rubber_bonus_rows(form="rubber"):
    f = find_form(form)
    return [
        ("Winning the rubber two games to none", f.rubber_bonus[0]),
        ("Winning the rubber two games to one", f.rubber_bonus[1]),
        ("The only game in an unfinished rubber", f.unfinished_game_bonus),
        ("The only part-score in an unfinished game", f.unfinished_part_score_bonus),
    ]


def honors_rows():
    return [(text, points) for points, text in HONORS.values()]


def victory_point_rows():
    """(lowest difference, highest difference or None, winner VP, loser VP), smallest first."""
    rows = []
    upper = None
    for floor, winner, loser in VP_SCALE:
        rows.append((floor, upper, winner, loser))
        upper = floor - 10
    return list(reversed(rows))


def board_rows():
    """(board, dealer, vulnerable) for the cycle of 16 boards."""
    return [(board, *board_conditions(board)) for board in range(1, 17)]
