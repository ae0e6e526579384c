"""A deal written in PBN ("N:AKQ.T98.. ... ... ..."): read, checked and written again from North.

Why a deal is refused is `Words` (scoring.words), said in the page's language by `say`.
"""

from __future__ import annotations

from handrecords.values import SEATS, SUITS, Hand, InvalidDeal
from scoring.words import Words, gettext_noop, ngettext

RANKS = "AKQJT98765432"
MAX_DEAL_TEXT = 120
"""A full deal is 67 to 69 characters; anything far longer is not one."""


def read_deal(text: str) -> tuple[Hand, Hand, Hand, Hand]:
    """The four hands, North first, of a PBN deal given from any seat.

    >>> north = read_deal("N:K.Q.J.T 2.3.4.5 A.K.Q.J 9.8.7.6")
    Traceback (most recent call last):
    ...
    handrecords.values.InvalidDeal: Each hand must hold 13 cards: North holds 4
    """
    text = (text or "").strip()
    if len(text) > MAX_DEAL_TEXT:
        raise InvalidDeal(
            Words(
                gettext_noop("A deal is about 69 characters long, got {length}"), length=len(text)
            )
        )
    first, colon, rest = text.partition(":")
    first = first.strip().upper()
    if not colon or first not in SEATS:
        raise InvalidDeal(
            Words(
                gettext_noop(
                    "A deal starts with the seat of its first hand and a colon, like "
                    "N:AKQ.J9.T8.765 ..."
                )
            )
        )
    written = rest.split()
    if len(written) != 4:
        raise InvalidDeal(
            ngettext(
                "A deal has four hands, got {count}",
                "A deal has four hands, got {count}",
                len(written),
                count=len(written),
            )
        )
    start = SEATS.index(first)
    hands = {}
    seen: set[str] = set()
    for offset, hand_text in enumerate(written):
        seat = SEATS[(start + offset) % 4]
        hands[seat] = _read_hand(seat, hand_text, seen)
    return tuple(hands[seat] for seat in SEATS)


def _read_hand(seat: str, text: str, seen: set[str]) -> Hand:
    holdings = text.upper().replace("10", "T").split(".")
    if len(holdings) != 4:
        raise InvalidDeal(
            Words(
                gettext_noop(
                    "A hand is four suits parted by dots (spades first), got “{text}” for {seat}"
                ),
                text=text,
                seat=_SEAT_NAMES[seat],
            )
        )
    suits = []
    for suit, holding in zip(SUITS, holdings, strict=True):
        for rank in holding:
            if rank not in RANKS:
                raise InvalidDeal(
                    Words(
                        gettext_noop(
                            "“{rank}” is not a card rank (use AKQJT98765432), in “{text}”"
                        ),
                        rank=rank,
                        text=text,
                    )
                )
            card = suit + rank
            if card in seen:
                raise InvalidDeal(
                    Words(
                        gettext_noop("The {rank} of {suit} is dealt twice"),
                        rank=rank,
                        suit=_SUIT_NAMES[suit],
                    )
                )
            seen.add(card)
        suits.append("".join(sorted(holding, key=RANKS.index)))
    count = sum(len(s) for s in suits)
    if count != 13:
        raise InvalidDeal(
            Words(
                gettext_noop("Each hand must hold 13 cards: {seat} holds {count}"),
                seat=_SEAT_NAMES[seat],
                count=count,
            )
        )
    return Hand(seat, tuple(suits))


def deal_text(hands) -> str:
    """The deal in PBN from North, each suit's ranks highest first: the deal's one spelling."""
    return "N:" + " ".join(".".join(hand.suits) for hand in hands)


def normal_deal(text: str) -> str:
    """`text` read and written again from North: "E:..." and "N:..." of one deal match."""
    return deal_text(read_deal(text))


_SUIT_NAMES = {
    "S": Words(gettext_noop("spades")),
    "H": Words(gettext_noop("hearts")),
    "D": Words(gettext_noop("diamonds")),
    "C": Words(gettext_noop("clubs")),
}
_SEAT_NAMES = {
    "N": Words(gettext_noop("North")),
    "E": Words(gettext_noop("East")),
    "S": Words(gettext_noop("South")),
    "W": Words(gettext_noop("West")),
}
