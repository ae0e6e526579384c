"""BBO's LIN files, as far as a hand record needs them: each board's number, dealer,
vulnerability and four hands.

A LIN file is pairs of ``key|value|``; a board begins at ``qx|`` (o1 the open room's board 1,
c1 the closed room's) or at another ``md|`` (the deal: the dealer, then the hands from South
clockwise; BBO often leaves out the fourth, which is the cards left over). The bridge-file
app reads results from the same files and takes its deals from `lin_deal`.

>>> lin_deal("3S23H3QD236TC36TJQ,S6JH258JKD589C24A,S48TKH46TD7JC789K,")
('N', 'N:KT84.T64.J7.K987 AQ975.A97.AKQ4.5 32.Q3.T632.QJT63 J6.KJ852.985.A42')
>>> md = "md|3S23H3QD236TC36TJQ,S6JH258JKD589C24A,S48TKH46TD7JC789K,|"
>>> [(b.number, b.vulnerable) for b in lin_boards(f"qx|o7|{md}sv|b|qx|c7|{md}sv|b|")]
[('7', 'both')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
LIN_DEALER = {"1": "S", "2": "W", "3": "N", "4": "E"}
LIN_SEATS = "SWNE"
"""md| gives the hands from South, clockwise."""
LIN_VULNERABLE = {"o": "none", "0": "none", "n": "NS", "e": "EW", "b": "both"}
KEY = re.compile(r"([a-zA-Z]{2})\|([^|]*)\|")


def looks_like_lin(text: str) -> bool:
    """Whether a file's text is LIN (key|value| pairs with boards), not PBN ([Tag "value"])."""
    head = text.lstrip()[:4000]
    return "[" not in head[:200] and any(key in head for key in ("qx|", "md|", "pn|", "vg|"))


def lin_hand(text: str) -> str:
    """A LIN hand as PBN writes it: 'S23H3QD236TC36TJQ' -> '32.Q3.T632.QJT63'."""
    suits: dict[str, list[str]] = {suit: [] for suit in SUITS}
    current = None
    for char in text.upper():
        if char in suits:
            current = char
        elif current and char in RANKS:
            suits[current].append(char)
    return ".".join("".join(sorted(suits[s], key=RANKS.index)) for s in SUITS)


def lin_deal(value: str) -> tuple[str, str]:
    """md|'s value as (dealer, PBN deal from North); a missing fourth hand is the cards
    left over, another missing hand '-'. The dealer is "" when md| does not give one."""
    dealer = LIN_DEALER.get(value[:1], "")
    hands = [lin_hand(h) for h in value[1:].split(",")[:4]]
    while len(hands) < 4:
        hands.append("")
    missing = [i for i, hand in enumerate(hands) if hand.replace(".", "") == ""]
    if len(missing) == 1:
        held = {
            s + r
            for hand in hands
            for s, part in zip(SUITS, hand.split("."), strict=False)
            for r in part
        }
        hands[missing[0]] = ".".join("".join(r for r in RANKS if s + r not in held) for s in SUITS)
    by_seat = dict(zip(LIN_SEATS, hands, strict=True))
    return dealer, "N:" + " ".join(by_seat[s] or "-" for s in SEATS)


@dataclass(frozen=True)
class LinBoard:
    number: str
    """As the file numbers it (qx|o7|, or ah|Board 7|), else its place in the file; a
    board played in both rooms is given once."""
    dealer: str
    vulnerable: str
    deal: str


def lin_boards(text: str) -> list[LinBoard]:
    """Each board of a LIN file with a deal, once, in the file's order."""
    boards: list[dict] = []
    current: dict | None = None
    for line in text.replace("\r", "").split("\n"):
        if line and not line.endswith("|"):
            line += "|"
        for match in KEY.finditer(line):
            key, value = match.group(1).lower(), match.group(2)
            if key == "qx" or (key == "md" and (current is None or "md" in current)):
                current = {}
                boards.append(current)
            if current is not None and key in ("qx", "md", "sv", "ah"):
                current[key] = value
    found: dict[str, LinBoard] = {}
    for index, board in enumerate(boards):
        if "md" not in board:
            continue
        number = board.get("qx", "")[1:] or re.sub(r"\D", "", board.get("ah", "")) or str(index + 1)
        dealer, deal = lin_deal(board["md"])
        vulnerable = LIN_VULNERABLE.get(board.get("sv", "o").lower()[:1], "none")
        found.setdefault(number, LinBoard(number, dealer, vulnerable, deal))
    return list(found.values())
