"""The rules of bridge scoring, in pure Python.

Every figure the site shows comes from here. Nothing in this package imports Django
(the app config and template tags are the only exceptions, and only they).

>>> from scoring import score_deal, Rubber, round_to_hundreds
>>> score_deal("4HX", tricks=11, vulnerable=True).total
990
>>> round_to_hundreds(550), round_to_hundreds(550, fifty="down")
(6, 5)
"""

from scoring.club import SIT_OUT_VP, VP_SCALE, ClubRound, victory_points
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
    BoardResult,
    DuplicateSession,
    board_conditions,
    score_board,
    seat_vulnerable,
)
from scoring.errors import (
    GameOver,
    InvalidContract,
    InvalidForm,
    InvalidHonors,
    InvalidSide,
    InvalidTricks,
    ScoringError,
)
from scoring.forms import FORMS, FOUR_DEAL_FORMS, Form, find_form
from scoring.fourdeal import FourDeal, chukker_vulnerable
from scoring.items import Item, Kind, Place
from scoring.mistakes import MISTAKES, Misunderstanding
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
from scoring.sheet import SIDES, THEY, WE, DealRecord, Entry, ScoreSheet, Segment, round_to_hundreds

__all__ = [
    "FORMS",
    "FOUR_DEAL_FORMS",
    "HONORS",
    "MISTAKES",
    "SIDES",
    "SIT_OUT_VP",
    "THEY",
    "VP_SCALE",
    "WE",
    "BackScore",
    "BoardResult",
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
    "Misunderstanding",
    "Kind",
    "Place",
    "Rubber",
    "ScoreSheet",
    "ScoringError",
    "Segment",
    "Strain",
    "Table",
    "board_conditions",
    "chukker_vulnerable",
    "draw_partnerships",
    "find_form",
    "first_table",
    "five_player_rotation",
    "honors_in_hand",
    "round_to_hundreds",
    "score_board",
    "score_deal",
    "seat_vulnerable",
    "trick_value",
    "undertrick_penalty",
    "victory_points",
]
