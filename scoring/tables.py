"""Scoring tables computed from a form's rules, for lessons and the cheat sheet.

Every value is worked out by the engine itself (by scoring deals or reading the form's
switches), so a printed table can never disagree with how the site scores.

>>> undertrick_rows(3)[2]
(3, 150, 300, 500, 800, 1000, 1600)
>>> trick_score_rows()[0]
('C', 20, 40, 80)
"""

from __future__ import annotations

from scoring.club import SIT_OUT_VP, VP_SCALE
from scoring.comparisons import IMP_STEPS, imps, wbf_scale
from scoring.comparisons.wording import _hundredths
from scoring.contract import Contract, Doubling, Strain
from scoring.deal import HONORS, score_deal, undertrick_penalty
from scoring.duplicate import BOARD_CYCLE, board_conditions
from scoring.forms import find_form
from scoring.fourdeal import chukker_vulnerable
from scoring.sides import SIDES, WE
from scoring.words import Words, gettext_noop

STRAIN_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
# The forms a one-page summary sets side by side.
FORMS_COMPARED = ("rubber", "chicago", "duplicate", "simplicity")
FOUR_DEAL_FORMS_COMPARED = ("chicago", "cavendish", "simplicity")


# Short names that a language says in its own words; the others are names ("Chicago").
_SHORT_LABELS = {
    "rubber": Words(gettext_noop("Rubber")),
    "duplicate": Words(gettext_noop("Duplicate")),
}


def short_label(form) -> str:
    """A form's name for a narrow column heading: "Chicago", "Simplicity", "Rubber"."""
    form = find_form(form)
    if form.name in _SHORT_LABELS:
        return _SHORT_LABELS[form.name]
    label = form.label.split(" (")[0]
    return label.removesuffix(" bridge").removesuffix(" Bridge")


def rule_figures(form="rubber") -> dict[str, int]:
    """Single figures of the rules: a game, book, a pair sitting out, the board cycle."""
    return {
        "game_points": find_form(form).game_points,
        # Declarer needs book plus the level: a one-level contract needs book + 1.
        "book": Contract(1, Strain.CLUBS).tricks_needed - 1,
        "sit_out_vp": SIT_OUT_VP,
        "board_cycle": BOARD_CYCLE,
    }


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
        (Words(gettext_noop("Small slam bid and made")), f.small_slam),
        (Words(gettext_noop("Grand slam bid and made")), f.grand_slam),
        (Words(gettext_noop("Making a doubled contract")), (f.insult[0], f.insult[0])),
        (Words(gettext_noop("Making a redoubled contract")), (f.insult[1], f.insult[1])),
    ]
    if f.game_bonus:
        rows.insert(0, (Words(gettext_noop("Game bonus")), f.game_bonus))
    if f.part_score_bonus:
        rows.insert(
            1, (Words(gettext_noop("Part-score bonus")), (f.part_score_bonus, f.part_score_bonus))
        )
    if f.fourth_deal_part_score_bonus and f.carry_over:
        value = f.fourth_deal_part_score_bonus
        rows.append((Words(gettext_noop("Part-score on the fourth deal, no game")), (value, value)))
    return rows


def form_rule_rows(forms=FORMS_COMPARED):
    """Bonuses and switches of several forms side by side: (what, [one value per form]).

    A value is (not vulnerable, vulnerable) points, True or False for a rule that is on
    or off, or None where the form has no such bonus.
    """
    fs = [find_form(form) for form in forms]

    def flat(points):
        return (points, points) if points else None

    return [
        (Words(gettext_noop("Game")), [f.game_bonus for f in fs]),
        (Words(gettext_noop("Part-score contract")), [flat(f.part_score_bonus) for f in fs]),
        (
            Words(gettext_noop("Part-score on the fourth deal, no game")),
            [flat(f.fourth_deal_part_score_bonus if f.carry_over else 0) for f in fs],
        ),
        (Words(gettext_noop("Small slam bid and made")), [f.small_slam for f in fs]),
        (Words(gettext_noop("Grand slam bid and made")), [f.grand_slam for f in fs]),
        (Words(gettext_noop("Making a doubled contract")), [flat(f.insult[0]) for f in fs]),
        (Words(gettext_noop("Making a redoubled contract")), [flat(f.insult[1]) for f in fs]),
        (Words(gettext_noop("Honors count")), [f.honors for f in fs]),
        (
            Words(gettext_noop("Part-scores carry over to the next deal")),
            [f.carry_over for f in fs],
        ),
    ]


def _who(vulnerable: frozenset[str], dealer: str) -> str:
    """Who is vulnerable, in words, seen from the dealer's side."""
    if vulnerable == frozenset(SIDES):
        return Words(gettext_noop("Both"))
    if not vulnerable:
        return Words(gettext_noop("Neither"))
    return (
        Words(gettext_noop("Dealer's side"))
        if dealer in vulnerable
        else Words(gettext_noop("Dealer's opponents"))
    )


def chukker_vulnerability_rows(forms=FOUR_DEAL_FORMS_COMPARED):
    """(headings, rows): who is vulnerable on deals 1-4 under each form, as (deal, [who]).

    Forms that agree on every deal share a column, headed by all their names.
    """
    columns: dict[tuple[str, ...], list[str]] = {}
    for form in forms:
        who = tuple(_who(chukker_vulnerable(form, n, WE), WE) for n in range(1, 5))
        columns.setdefault(who, []).append(short_label(form))
    headings = [Words.joined(names, ", ") for names in columns.values()]
    rows = [(n, [who[n - 1] for who in columns]) for n in range(1, 5)]
    return headings, rows


def rubber_bonus_rows(form="rubber"):
    f = find_form(form)
    return [
        (Words(gettext_noop("Winning the rubber two games to none")), f.rubber_bonus[0]),
        (Words(gettext_noop("Winning the rubber two games to one")), f.rubber_bonus[1]),
        (Words(gettext_noop("The only game in an unfinished rubber")), f.unfinished_game_bonus),
        (
            Words(gettext_noop("The only part-score in an unfinished game")),
            f.unfinished_part_score_bonus,
        ),
    ]


def honors_rows():
    return [(holding.description, holding.points) for holding in HONORS.values()]


def victory_point_rows():
    """(lowest difference, highest difference or None, winner VP, loser VP), smallest first."""
    rows = []
    upper = None
    for floor, winner, loser in VP_SCALE:
        rows.append((floor, upper, winner, loser))
        upper = floor - 10
    return list(reversed(rows))


def imp_scale_rows():
    """(lowest difference, highest difference or None, IMPs), smallest first: the WBF
    scale as printed, in multiples of 10.

    >>> imp_scale_rows()[:3], imp_scale_rows()[-1]
    ([(0, 10, 0), (20, 40, 1), (50, 80, 2)], (4000, None, 24))
    """
    lows = (0, *IMP_STEPS)
    highs = (*(step - 10 for step in IMP_STEPS), None)
    return [(low, high, imps(low)) for low, high in zip(lows, highs, strict=True)]


def wbf_scale_rows(boards: int, per_row: int = 5):
    """The WBF 20-VP scale for a match of `boards` boards as a grid: rows of
    (margin, winners' VP to 2 decimals) from a margin of 0 up to the first worth 20.00.

    >>> [f"+{margin}: {vp}" for margin, vp in wbf_scale_rows(16)[0]]
    ['+0: 10.00', '+1: 10.31', '+2: 10.61', '+3: 10.91', '+4: 11.20']
    """
    table = wbf_scale(boards).table
    cells = [(margin, _hundredths(hundredths)) for margin, hundredths in enumerate(table)]
    return [cells[start : start + per_row] for start in range(0, len(cells), per_row)]


def board_rows():
    """(board, dealer, vulnerable) for one whole cycle of boards."""
    return [(board, *board_conditions(board)) for board in range(1, BOARD_CYCLE + 1)]
