"""The rules of bridge scoring, in pure Python.

Every figure the site shows comes from here. Nothing in this package imports Django or
any other framework: drawing what it computes is the `drawing` app's work.

>>> from scoring import score_deal, Rubber, round_to_hundreds
>>> score_deal("4HX", tricks=11, vulnerable=True).total
990
>>> round_to_hundreds(550), round_to_hundreds(550, fifty="down")
(6, 5)
"""

from scoring.club import SIT_OUT_VP, VP_SCALE, ClubRound, victory_points
from scoring.comparisons import (
    IMP_STEPS,
    PairsSession,
    Traveller,
    against_datum,
    butler,
    cross_imps,
    imp_band,
    imps,
    imps_read_off,
    match_imps,
    match_vp,
    matchpoints,
    opponents_vp,
    team_board,
    wbf_scale,
    wbf_vp,
)
from scoring.contract import Contract, Doubling, Strain
from scoring.deal import (
    HONORS,
    DealResult,
    honors_in_hand,
    score_deal,
    trick_value,
    undertrick_penalty,
)
from scoring.duplicate import (
    BOARD_VULNERABILITY_NAMES,
    BoardResult,
    BoardVulnerability,
    DuplicateSession,
    board_conditions,
    score_board,
    seat_vulnerable,
)
from scoring.errors import (
    GameOver,
    InvalidComparison,
    InvalidContract,
    InvalidForm,
    InvalidHonors,
    InvalidSide,
    InvalidTricks,
    ScoringError,
)
from scoring.forms import FORMS, FOUR_DEAL_FORMS, Form, Vulnerability, find_form
from scoring.fourdeal import FourDeal, chukker_vulnerable
from scoring.items import Item, Kind, Place
from scoring.layout import SheetLayout, sheet_layout
from scoring.mistakes import MISTAKES, Misreading, Misunderstanding
from scoring.played import PASSED_OUT, PlayedDeal, parse_deals
from scoring.players import (
    BackScore,
    Card,
    Draw,
    Table,
    draw_partnerships,
    first_table,
    five_player_rotation,
)
from scoring.rubber import Rubber
from scoring.sheet import (
    DealRecord,
    Entry,
    ScoreSheet,
    Segment,
    difference_between,
    round_to_hundreds,
)
from scoring.sides import (
    DECLARER,
    DEFENDERS,
    PAIR_NAMES,
    PAIRS,
    SEAT_NAMES,
    SEATS,
    SIDES,
    THEY,
    WE,
    Pair,
    Role,
    Seat,
    Side,
    other,
    pair_of,
)

__all__ = [
    "wbf_vp",
    "team_board",
    "matchpoints",
    "imps",
    "imps_read_off",
    "match_imps",
    "match_vp",
    "imp_band",
    "wbf_scale",
    "cross_imps",
    "butler",
    "against_datum",
    "opponents_vp",
    "Traveller",
    "PairsSession",
    "InvalidComparison",
    "IMP_STEPS",
    "BOARD_VULNERABILITY_NAMES",
    "DECLARER",
    "DEFENDERS",
    "FORMS",
    "FOUR_DEAL_FORMS",
    "HONORS",
    "MISTAKES",
    "PAIRS",
    "PAIR_NAMES",
    "PASSED_OUT",
    "SEATS",
    "SEAT_NAMES",
    "SIDES",
    "SIT_OUT_VP",
    "THEY",
    "VP_SCALE",
    "WE",
    "BackScore",
    "BoardResult",
    "BoardVulnerability",
    "Card",
    "ClubRound",
    "Contract",
    "DealRecord",
    "DealResult",
    "Doubling",
    "DuplicateSession",
    "Draw",
    "Entry",
    "Form",
    "FourDeal",
    "GameOver",
    "InvalidContract",
    "InvalidForm",
    "InvalidHonors",
    "InvalidSide",
    "InvalidTricks",
    "Item",
    "Misreading",
    "Misunderstanding",
    "Kind",
    "Place",
    "PlayedDeal",
    "Pair",
    "Role",
    "Rubber",
    "ScoreSheet",
    "ScoringError",
    "Segment",
    "Seat",
    "SheetLayout",
    "Side",
    "Vulnerability",
    "Strain",
    "Table",
    "board_conditions",
    "chukker_vulnerable",
    "draw_partnerships",
    "find_form",
    "first_table",
    "five_player_rotation",
    "honors_in_hand",
    "other",
    "pair_of",
    "parse_deals",
    "round_to_hundreds",
    "difference_between",
    "score_board",
    "score_deal",
    "seat_vulnerable",
    "sheet_layout",
    "trick_value",
    "undertrick_penalty",
    "victory_points",
]
