"""Comparing results across tables: IMPs, matchpoints, Butler, cross-IMPs, victory points.

Every table of a duplicate event plays the same cards, so a score means little alone: it
earns what it earns by comparison with the scores at the other tables.

>>> imps(450), imps(-450)
(10, -10)
>>> [r.matchpoints for r in matchpoints([420, 420, 450, -100])]
[Fraction(3, 2), Fraction(3, 2), Fraction(3, 1), Fraction(0, 1)]
>>> butler([420, 420, 500, -100]).datum
310
>>> wbf_vp(13, boards=20)
VictoryPoints(ours=13.2, theirs=6.8)

A traveller scores one board at every table; N-S scores are signed from N-S's side:

>>> board = Traveller(3)  # dealer S, E-W vulnerable
>>> board.record("1", "S", "4S", tricks=10).ns_score
420
>>> board.record("2", "E", "5DX", tricks=9).ns_score  # two down, doubled, vulnerable
500
>>> [str(r.matchpoints) for r in board.matchpoints()]
['0', '1']

One module for each way of comparing, and every name importable from here:
imp_scale (the IMP table, a teams board), matchpointing, imp_pairs (Butler, cross-IMPs),
victory_points (the WBF scale, a teams match), travellers and pairs_session.
"""

from scoring.comparisons.imp_pairs import (
    BUTLER_TRIM_FROM,
    Butler,
    ButlerImps,
    CrossImpComparison,
    CrossImps,
    against_datum,
    butler,
    cross_imps,
)
from scoring.comparisons.imp_scale import (
    IMP_STEPS,
    TeamBoard,
    imp_band,
    imps,
    imps_read_off,
    team_board,
)
from scoring.comparisons.matchpointing import SCALES, TIES, MatchpointResult, matchpoints
from scoring.comparisons.pairs_session import PairsSession, PairStanding, pair_total
from scoring.comparisons.travellers import DIRECTIONS, Traveller, TravellerRow
from scoring.comparisons.victory_points import (
    TAU,
    VP_TOTAL,
    MatchVictoryPoints,
    VictoryPoints,
    WbfScale,
    match_imps,
    match_vp,
    opponents_vp,
    wbf_scale,
    wbf_vp,
)
from scoring.errors import InvalidComparison  # its home is scoring.errors; here as before

__all__ = [
    "BUTLER_TRIM_FROM",
    "DIRECTIONS",
    "IMP_STEPS",
    "SCALES",
    "TAU",
    "TIES",
    "VP_TOTAL",
    "Butler",
    "ButlerImps",
    "CrossImpComparison",
    "CrossImps",
    "InvalidComparison",
    "MatchVictoryPoints",
    "MatchpointResult",
    "PairStanding",
    "PairsSession",
    "TeamBoard",
    "Traveller",
    "TravellerRow",
    "VictoryPoints",
    "WbfScale",
    "against_datum",
    "butler",
    "cross_imps",
    "imp_band",
    "imps",
    "imps_read_off",
    "match_imps",
    "pair_total",
    "match_vp",
    "matchpoints",
    "opponents_vp",
    "team_board",
    "wbf_scale",
    "wbf_vp",
]
