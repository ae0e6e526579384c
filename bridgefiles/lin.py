"""BBO's LIN files: pairs of ``key|value|``; a board begins at ``qx|`` (o1 open room, c1
closed) or ``md|`` (the deal), a vugraph or team match lists every result in ``rs|``.

endplay's LIN reader (`endplay.parsers.lin`) reads a single hand but fails on the two team
files ("too many values to unpack"); this one reads all three and keeps each board's line.

>>> contents = contents_of_lin("qx|o1|md|3S23H3QD236TC36TJQ,S6JH258JKD589C24A,S48TKH46TD7JC789K,|"
...     "sv|o|mb|1N|mb|p|mb|p|mb|p|mc|8|")
>>> board = contents.boards[0]
>>> board.number, board.dealer, board.results[0].contract, board.results[0].tricks
(1, 'N', '1NT', 8)
"""

from __future__ import annotations

import re

from bridgefiles.boards import (
    RANKS,
    SEATS,
    FileBoard,
    FileContents,
    FileResult,
    board_header,
    hands_of,
    skipped,
)
from bridgefiles.pbn import Problem
from handrecords.lin import KEY, lin_deal
from scoring.words import Words, gettext_noop

LIN_VULNERABLE = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}
LIN_RESULT = re.compile(r"([1-7])([CDHSN])([NESW])(X{0,2})(=|[+-]\d+)", re.IGNORECASE)
BID = re.compile(r"[1-7](?:NT|N|C|D|H|S)")


def _auction(bids: list[str], dealer: str) -> tuple[str | None, str | None]:
    """(contract, declarer) from the auction; (None, None) when it was passed out."""
    last, doubling, seat_of_last = None, "", 0
    first_bidder: dict[tuple[str, str], str] = {}
    for i, bid in enumerate(bids):
        seat = SEATS[(SEATS.index(dealer) + i) % 4]
        bid = bid.upper().rstrip("!")
        if bid in ("D", "X"):
            doubling = "X"
        elif bid in ("R", "XX"):
            doubling = "XX"
        elif BID.fullmatch(bid):
            strain = "NT" if bid[1:] in ("N", "NT") else bid[1:2]
            last, doubling, seat_of_last = bid[0] + strain, "", i
            side = "NS" if seat in "NS" else "EW"
            first_bidder.setdefault((side, strain), seat)
    if last is None:
        return None, None
    seat = SEATS[(SEATS.index(dealer) + seat_of_last) % 4]
    side = "NS" if seat in "NS" else "EW"
    return last + doubling, first_bidder[(side, last[1:])]


def tricks_from_play(cards: list[str], declarer: str, contract: str) -> int:
    """The tricks declarer's side took in a whole play of 52 cards: each trick won by the
    highest trump, else the highest card of the suit led; its winner leads the next.

    >>> tricks_from_play(["SA", "S2", "S3", "S4"] * 13, "N", "1NT")  # East leads, wins each
    0
    """
    trump = contract[1:2] if contract[1:3] != "NT" else ""
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    side = {declarer, SEATS[(SEATS.index(declarer) + 2) % 4]}
    won = 0
    for start in range(0, 52, 4):
        trick = cards[start : start + 4]
        led = trick[0][0]

        def strength(card: str, led: str = led) -> tuple[int, int]:
            rank = -RANKS.index(card[1]) if card[1:2] in RANKS else -99
            return (2 if card[0] == trump else 1 if card[0] == led else 0, rank)

        best = max(range(4), key=lambda i: strength(trick[i]))
        leader = SEATS[(SEATS.index(leader) + best) % 4]
        won += leader in side
    return won


def contents_of_lin(text: str) -> FileContents:
    problems: list[Problem] = []
    notes: list[Problem] = []
    contents = FileContents([], problems, notes, kind="LIN", scoring="IMP")
    header: list[str] = []
    results: list[str] = []
    boards: list[tuple[dict, int]] = []
    current: dict | None = None
    for number, line in enumerate(text.replace("\r", "").split("\n"), start=1):
        if line and not line.endswith("|"):
            line += "|"
        for match in KEY.finditer(line):
            key, value = match.group(1).lower(), match.group(2)
            if key == "vg":
                header = value.split(",")
            elif key == "rs":
                results = value.split(",")
            elif key == "qx" or (key == "md" and (current is None or "md" in current)):
                current = {"line": number, "bids": [], "play": []}
                boards.append((current, number))
                if key == "qx":
                    current["qx"] = value
                    continue
            if current is None:
                continue
            if key == "mb":
                current["bids"].append(value)
            elif key == "pc":
                current["play"].append(value.upper())
            elif key in ("md", "sv", "ah", "mc"):
                current[key] = value
    if not boards:
        problems.append(
            Problem(1, Words(gettext_noop("No board (no qx| or md|) was found in this LIN file")))
        )
    if len(header) >= 8:
        contents.event = f"{header[0]}: {header[5]} v {header[7]}"
        contents.teams = (header[5], header[7])
    first = int(header[3]) if len(header) > 3 and header[3].isdigit() else None
    for index, (board, line) in enumerate(boards):
        _add_board(contents, board, line, index, first, results)
    contents.boards.sort(key=lambda b: b.number)
    return contents


def _add_board(contents, data: dict, line: int, index: int, first, results) -> None:
    problems, notes = contents.problems, contents.notes
    label = data.get("qx", "")
    room, digits = label[:1].lower(), label[1:]
    number_text = digits or re.sub(r"\D", "", data.get("ah", "")) or str(index + 1)
    dealer, deal = lin_deal(data.get("md", ""))
    vulnerable = LIN_VULNERABLE.get(data.get("sv", "o").lower()[:1], "None")
    header = board_header(number_text, dealer, vulnerable, line, problems, notes)
    if header is None:
        return
    number, dealer, vulnerable = header
    try:
        hands = hands_of(deal)
    except ValueError as error:
        problems.append(Problem(line, skipped(number, error)))
        return
    result = FileResult(line, {"o": "Open", "c": "Closed"}.get(room, label or str(index + 1)))
    result.room = result.label
    slot = None
    if first is not None and room in "oc" and results:
        slot = (number - first) * 2 + (room == "c")
    elif results:
        slot = index
    stated = results[slot].strip() if slot is not None and 0 <= slot < len(results) else ""
    if stated.upper() in ("P", "PASS", "PO"):
        result.passed_out = True
    elif stated:
        match = LIN_RESULT.fullmatch(stated)
        if match is None:
            problems.append(
                Problem(
                    line,
                    Words(
                        gettext_noop("Board {board}: the result “{result}” is not read"),
                        board=number,
                        result=stated,
                    ),
                )
            )
            return
        level, strain, declarer, doubling, made = match.groups()
        strain = "NT" if strain.upper() == "N" else strain.upper()
        result.contract = f"{level}{strain}{doubling.upper()}"
        result.declarer = declarer.upper()
        result.tricks = int(level) + 6 + (0 if made == "=" else int(made))
        _check_auction(result, data, dealer, number, line, notes)
    else:
        contract, declarer = _auction(data["bids"], dealer) if dealer else (None, None)
        if contract is None and data["bids"]:
            result.passed_out = True
        elif contract is not None and data.get("mc", "").isdigit():
            result.contract, result.declarer, result.tricks = contract, declarer, int(data["mc"])
        elif contract is not None and len(data["play"]) == 52:
            tricks = tricks_from_play(data["play"], declarer, contract)
            result.contract, result.declarer, result.tricks = contract, declarer, tricks
            notes.append(
                Problem(
                    line,
                    Words(
                        gettext_noop(
                            "Board {board}: no result is given; {contract} by {declarer} took "
                            "{tricks} tricks in the play, trick by trick"
                        ),
                        board=number,
                        contract=contract,
                        declarer=declarer,
                        tricks=tricks,
                    ),
                )
            )
        else:
            notes.append(
                Problem(
                    line,
                    Words(
                        gettext_noop(
                            "Board {board}: no result is given (no rs| and no claim): only the "
                            "deal is read"
                        ),
                        board=number,
                    ),
                )
            )
            result = None
    board = next((b for b in contents.boards if b.number == number), None)
    if board is None:
        board = FileBoard(number, line, dealer, vulnerable, hands)
        contents.boards.append(board)
    if result is not None:
        board.results.append(result)


def _check_auction(result: FileResult, data: dict, dealer: str, number: int, line: int, notes):
    if not data["bids"] or not dealer:
        return
    contract, declarer = _auction(data["bids"], dealer)
    if (contract, declarer) != (result.contract, result.declarer):
        notes.append(
            Problem(
                line,
                Words(
                    gettext_noop(
                        "Board {board}, {table}: rs| says {contract} by {declarer}, the auction "
                        "{auction} by {auction_declarer}"
                    ),
                    board=number,
                    table=result.label,
                    contract=result.contract,
                    declarer=result.declarer,
                    auction=contract,
                    auction_declarer=declarer,
                ),
            )
        )
