"""The worked examples of the course, stored once as data.

Each deal is what happened at the table (who declared, the contract, tricks taken,
honors); every score, sheet and total on the lesson pages is computed from these by
the scoring engine. Nothing here is a score. The only Django here is gettext_lazy: the
stories and the players' names are read in the page's language when a page shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from scoring import FourDeal, PlayedDeal, Rubber, Traveller, match_vp, score_deal, team_board
from scoring.comparisons import TAU


@dataclass(frozen=True, slots=True, repr=False)
class Deal(PlayedDeal):
    """A played deal of the course, with a line for the reader.

    It is a `scoring.PlayedDeal` (declarer, contract, tricks, honors), so every sheet
    records it as it stands.
    """

    declarer_name: str = ""
    story: str = ""
    """What happened at the table, in the project's own words."""


# -- The sample rubber (rules §8.1): WE are the men, who keep the score. -----------------

PLAYERS = ("Mr Smith", "Mrs Smith", "Mr Jones", "Mrs Jones", "Charlie")
# The engine knows each player by the English name above (a key of its draw and back score);
# a page shows the name in its own language.
PLAYER_NAMES = {
    "Mr Smith": _("Mr Smith"),
    "Mrs Smith": _("Mrs Smith"),
    "Mr Jones": _("Mr Jones"),
    "Mrs Jones": _("Mrs Jones"),
    "Charlie": _("Charlie"),
}


def player_name(player: str) -> str:
    """A player of the sample rubber as the page's language names them."""
    return PLAYER_NAMES.get(player, player)


DRAWN_CARDS = {
    "Mr Smith": "♦9",
    "Mrs Smith": "♣Q",
    "Mr Jones": "♠6",
    "Mrs Jones": "♥9",
    "Charlie": "♥3",
}
WE_PLAYERS = ("Mr Smith", "Mr Jones")
THEY_PLAYERS = ("Mrs Smith", "Mrs Jones")

SAMPLE_RUBBER = (
    Deal(
        "they",
        "4DX",
        7,
        declarer_name=_("the women"),
        story=_(
            "The women bid up to four diamonds. The men doubled, sure it would fail. "
            "It did: the women took only seven tricks, three short of the ten they needed."
        ),
    ),
    Deal(
        "we",
        "2CX",
        9,
        declarer_name=_("Mr Jones"),
        story=_(
            "Now the women doubled Mr Jones in two clubs. They were wrong: he took nine "
            "tricks, one more than he needed."
        ),
    ),
    Deal(
        "they",
        "4S",
        11,
        declarer_name=_("Mrs Smith"),
        story=_(
            "Now it is Mrs Smith who declares. Four spades asks her for ten tricks, and she "
            "comes home with eleven: one to spare."
        ),
    ),
    Deal(
        "we",
        "3NT",
        7,
        declarer_name=_("the men"),
        story=_(
            "The men reach three notrump, a contract of nine tricks. They manage seven, "
            "so the contract fails by two."
        ),
    ),
    Deal(
        "we",
        "3H",
        9,
        declarer_name=_("Mr Jones"),
        story=_("Mr Jones declares three hearts. He needs nine tricks and gets nine, no more."),
    ),
    Deal(
        "we",
        "1NT",
        8,
        declarer_name=_("Mr Smith"),
        story=_("Mr Smith settles in one notrump, which needs seven tricks. He ends with eight."),
    ),
    Deal(
        "we",
        "2D",
        5,
        declarer_name=_("Mr Smith"),
        story=_(
            "The men stop low this time, in two diamonds, with Mr Smith as declarer. Eight "
            "tricks are needed; he finds just five."
        ),
    ),
    Deal(
        "we",
        "6C",
        13,
        honors="four_trumps",
        declarer_name=_("Mr Jones"),
        story=_(
            "Mr Jones reaches six clubs, a small slam, and wins every trick of the deal. "
            "When play is over he shows four of the five top clubs in his own hand: the "
            "ace, king, queen and ten of the trump suit."
        ),
    ),
)


def sample_rubber(upto: int | None = None) -> Rubber:
    """The sample rubber as it stands after `upto` deals (all eight by default)."""
    return play_rubber(SAMPLE_RUBBER[:upto] if upto is not None else SAMPLE_RUBBER)


def play_rubber(deals, fifty: str = "up") -> Rubber:
    rubber = Rubber(fifty=fifty)
    rubber.record_all(deals)
    return rubber


# -- The review quiz (rules §8.3) ----------------------------------------------------------

REVIEW_QUIZ = (
    Deal("they", "2C", 9, story=_("THEY play in two clubs and end with nine tricks.")),
    Deal("we", "4H", 10, story=_("WE play in four hearts and end with ten tricks.")),
    Deal("they", "4DX", 5, story=_("THEY reach four diamonds, WE double, and THEY end with five.")),
    Deal("we", "3NT", 8, story=_("WE play in three notrump and end with eight tricks.")),
    Deal("we", "2CX", 6, story=_("WE reach two clubs, THEY double, and WE end with six.")),
    Deal("they", "4H", 9, story=_("THEY play in four hearts and end with nine tricks.")),
    Deal(
        "they",
        "6H",
        12,
        honors="four_trumps",
        story=_(
            "THEY play in six hearts and end with twelve tricks. Their declarer had four of "
            "the five top hearts herself (ace, king, queen, jack); the ten was elsewhere."
        ),
    ),
    Deal(
        "we",
        "2H",
        12,
        story=_(
            "WE play in two hearts and end with twelve tricks. The top hearts are split "
            "between the partners: ace, queen and jack with declarer, king and ten in dummy."
        ),
    ),
    Deal("we", "1NT", 7, story=_("WE play in one notrump and end with seven tricks.")),
)
REVIEW_QUIZ_LETTERS = "abcdefghi"
REVIEW_QUIZ_FIRST_DEALER = "we"  # question 2: a player from WE deals first


def review_quiz_rubber(upto: int | None = None) -> Rubber:
    return play_rubber(REVIEW_QUIZ[:upto] if upto is not None else REVIEW_QUIZ)


def review_quiz_chukker(form: str = "chicago") -> FourDeal:
    """Questions 2: deals a to d as a chukker, WE dealing first."""
    chukker = FourDeal(form=form, first_dealer=REVIEW_QUIZ_FIRST_DEALER)
    chukker.record_all(REVIEW_QUIZ[:4])
    return chukker


def review_quiz_duplicate():
    """Question 3: deals a to d at duplicate, with question 2's vulnerability."""
    chukker = review_quiz_chukker()
    return [
        (deal, score_deal(deal.contract, deal.tricks, deal.declarer in record.vulnerable))
        for deal, record in zip(REVIEW_QUIZ[:4], chukker.deals, strict=True)
    ]


# -- Four hands scored three ways (rules §8.4) ------------------------------------------------

FOUR_HANDS = (
    Deal(
        "they",
        "3S",
        10,
        story=_("THEY have the first deal. They play in three spades: ten tricks."),
    ),
    Deal(
        "we", "4HX", 11, story=_("WE deal next. WE play in four hearts, doubled, and take eleven.")
    ),
    Deal(
        "they",
        "5DX",
        7,
        story=_(
            "THEY try five diamonds, WE double, and THEY take just seven tricks: four "
            "short. (The document's suit symbol did not survive printing; we chose "
            "diamonds, and any suit would score the same.)"
        ),
    ),
    Deal(
        "they",
        "1NTXX",
        6,
        story=_("THEY play in one notrump, redoubled, and fall one trick short."),
    ),
)
FOUR_HANDS_FIRST_DEALER = "they"


def four_hands_rubber() -> Rubber:
    """That club rounds fifty down (rules §2.6); the rubber stops unfinished after four hands."""
    rubber = play_rubber(FOUR_HANDS, fifty="down")
    rubber.finish()
    return rubber


def four_hands_chukker(form: str = "chicago_no_carry") -> FourDeal:
    chukker = FourDeal(form=form, first_dealer=FOUR_HANDS_FIRST_DEALER)
    chukker.record_all(FOUR_HANDS)
    return chukker


def four_hands_duplicate():
    """Each hand at duplicate, with the chukker's vulnerability (as rules §8.4 has it)."""
    chukker = four_hands_chukker()
    return [
        (deal, score_deal(deal.contract, deal.tricks, deal.declarer in record.vulnerable))
        for deal, record in zip(FOUR_HANDS, chukker.deals, strict=True)
    ]


# -- A Chicago round, you deal first (rules §8.6) ----------------------------------------------

CHICAGO_ROUND = (
    Deal(
        "we",
        "3S",
        10,
        story=_("WE play in three spades and finish with ten tricks."),
    ),
    Deal("they", "3NT", 9, story=_("THEY play in three notrump and take exactly nine tricks.")),
    Deal(
        "they",
        "3DX",
        9,
        story=_("THEY reach three diamonds and WE double, but THEY take their nine tricks."),
    ),
    Deal(
        "we",
        "6H",
        12,
        honors="four_trumps",
        story=_(
            "WE play in six hearts and take twelve tricks. Four of the five top trumps "
            "(ace, queen, jack, ten) lay together in dummy."
        ),
    ),
)
CHICAGO_ROUND_FIRST_DEALER = "we"


def chicago_round(form: str = "chicago") -> FourDeal:
    chukker = FourDeal(form=form, first_dealer=CHICAGO_ROUND_FIRST_DEALER)
    chukker.record_all(CHICAGO_ROUND)
    return chukker


# -- Comparing results across tables (rules §9) ----------------------------------------------

MATCHPOINT_BOARD = 5
"""North deals and North-South are vulnerable: a game for N-S is worth its full bonus."""
MATCHPOINT_TABLES = (
    Deal("S", "4S", 10, story=_("Four spades, made exactly.")),
    Deal("S", "4S", 11, story=_("Four spades with an overtrick.")),
    Deal("N", "4S", 10, story=_("Four spades, made exactly, declared from the other side.")),
    Deal("N", "3NT", 10, story=_("Three notrump with an overtrick: ten tricks, as in spades.")),
    Deal("S", "2S", 10, story=_("Two spades: the same ten tricks, but no game bid.")),
    Deal("S", "4S", 9, story=_("Four spades, one down.")),
)


def matchpoint_traveller() -> Traveller:
    """The matchpoints and IMPs lessons' board: one deal at six tables."""
    traveller = Traveller(MATCHPOINT_BOARD)
    for number, deal in enumerate(MATCHPOINT_TABLES, start=1):
        traveller.record(str(number), deal.declarer, deal.contract, deal.tricks)
    return traveller


# Three boards of a teams match: (board, room 1 where the team sits N-S, room 2 where its
# teammates sit E-W, what the board shows).
TEAM_BOARDS = (
    (7, Deal("S", "4S", 10), Deal("S", "2S", 10), _("A game bid in one room and not the other.")),
    (
        1,
        Deal("N", "4H", 11),
        Deal("N", "4H", 10),
        _("The same game, with an overtrick in one room."),
    ),
    (13, Deal("S", "6NT", 12), Deal("S", "3NT", 12), _("A slam bid in one room only.")),
)


def _room(number: int) -> str:
    """A room's name in the page's language: the engine keeps a table's label as it is given."""
    return str(_("Room {number}")).format(number=number)


def team_boards():
    """Each teams board: (what it shows, its traveller of the two rooms, the engine's swing)."""
    boards = []
    for board, room1, room2, what in TEAM_BOARDS:
        traveller = Traveller(board)
        first = traveller.record(_room(1), room1.declarer, room1.contract, room1.tricks)
        second = traveller.record(_room(2), room2.declarer, room2.contract, room2.tricks)
        boards.append((what, traveller, team_board(first.ns_score, second.ns_score)))
    return boards


# A teams match of 16 boards: (your team's IMPs, the other team's).
TEAM_MATCH_BOARDS = 16
TEAM_MATCHES = ((38, 25), (31, 30), (25, 38), (22, 22), (71, 9))
WBF_TAU = TAU
"""The fixed number τ of the WBF's formula, (√5 - 1) / 2: the lesson says what it is."""


def team_matches():
    """The match victory points lesson's results, each on the 16-board scale."""
    return [match_vp(ours, theirs, TEAM_MATCH_BOARDS) for ours, theirs in TEAM_MATCHES]
