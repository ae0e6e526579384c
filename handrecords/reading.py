"""Reading a hand-record file (PBN or LIN): each board's number, dealer, vulnerability and
deal.

`read_hand_records` is the one place a file is read. It leans on endplay's PBN reader after a
small pre-pass that makes real club files acceptable to it; the bridge-files app may later
hand this module its own reader, and nothing else here would change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext
from endplay.parsers import pbn
from endplay.types import Player, Vul

from handrecords.deals import normal_deal
from handrecords.lin import lin_boards, looks_like_lin
from handrecords.values import SEATS, InvalidDeal
from scoring import board_conditions
from scoring.words import Words, gettext_noop

MAX_FILE_BYTES = 2_000_000
"""A club's hand-record file is a few tens of KB; a whole session with results a few hundred."""
MAX_BOARDS = 144
"""Boards read from one file: the hand records of a long congress."""
STATED_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")
"""What a file may state about each deal that the solver works out too."""

_VUL = {Vul.none: "none", Vul.ns: "NS", Vul.ew: "EW", Vul.both: "both"}
VULNERABLE_WORDS = {
    "none": Words(gettext_noop("nobody")),
    "NS": Words(gettext_noop("N-S")),
    "EW": Words(gettext_noop("E-W")),
    "both": Words(gettext_noop("both sides")),
}


class InvalidFile(ValueError):
    """A file that is not a hand-record file this site can read; the message says why."""


@dataclass(frozen=True)
class FileBoard:
    """One board of a file, as the file gives it."""

    board: int
    dealer: str
    vulnerable: str
    deal: str
    """The deal in PBN from North."""
    stated: dict[str, str] = field(default_factory=dict, compare=False)
    """What the file states of DoubleDummyTricks, OptimumScore and ParContract."""
    notes: tuple[Words, ...] = ()
    """What differs from the board number's standard dealer and vulnerability (`|say`)."""


def decode(raw: bytes) -> str:
    """Text of a file in UTF-8 (with or without a byte-order mark), else Latin-1."""
    if len(raw) > MAX_FILE_BYTES:
        raise InvalidFile(gettext("The file is over 2 MB, more than this page reads"))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Older scoring programs write ISO-8859-1: every byte is a Latin-1 character.
        return raw.decode("latin-1")


# A whole line, its end too: a blank line left behind would end the board's record.
_COMMENT_LINE = re.compile(r"^[ \t]*[%;][^\n]*(?:\n|$)", re.MULTILINE)
_QUESTION_VALUE = re.compile(r'^(\[\w+\s+)"\?"(\])', re.MULTILINE)


def _prepare(text: str) -> str:
    """What endplay's reader stumbles on, taken out: line ends, comment lines, "?" values."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Its reader fails on lines that are only a comment (endplay issue #25) ...
    text = _COMMENT_LINE.sub("", text)
    # ... and on a tag whose value is "?" (issue #50): unknown, so empty.
    text = _QUESTION_VALUE.sub(r'\1""\2', text)
    return text.lstrip()


def read_hand_records(raw: bytes) -> list[FileBoard]:
    """Every board of a PBN or LIN file with a deal, each board number once, in the file's
    order.

    Raises InvalidFile with a message for a person when nothing can be read.
    """
    text = decode(raw)
    if looks_like_lin(text):
        return _lin_records(text)
    text = _prepare(text)
    if "[Deal " not in text and "[deal " not in text.lower():
        raise InvalidFile(gettext("This is not a PBN hand-record file: it holds no [Deal ...] tag"))
    try:
        boards = pbn.loads(text)
    except Exception as error:  # endplay raises bare exceptions of several kinds
        raise InvalidFile(
            gettext("The file could not be read as PBN: {error}").format(error=error)
        ) from None
    found: dict[int, FileBoard] = {}
    for position, board in enumerate(boards, start=1):
        number = board.board_num or position
        if number in found:
            continue  # a results file repeats a board for every table
        read = _file_board(board, number)
        if read is not None:
            found[number] = read
        if len(found) > MAX_BOARDS:
            raise InvalidFile(_too_many())
    if not found:
        raise InvalidFile(gettext(NO_DEAL))
    return list(found.values())


NO_DEAL = gettext_noop("The file holds no complete deal")


def _too_many() -> str:
    return gettext("The file holds more than {limit} boards").format(limit=MAX_BOARDS)


def _lin_records(text: str) -> list[FileBoard]:
    found: list[FileBoard] = []
    for board in lin_boards(text):
        try:
            number = int(board.number)
            standard_dealer, _ = board_conditions(number)
            deal = normal_deal(board.deal)
        except (ValueError, InvalidDeal):
            continue  # no board number, or a deal with a hand missing: nothing to draw
        dealer = board.dealer or standard_dealer
        found.append(_checked_board(number, dealer, board.vulnerable, deal, {}))
        if len(found) > MAX_BOARDS:
            raise InvalidFile(_too_many())
    if not found:
        raise InvalidFile(gettext(NO_DEAL))
    return found


def _file_board(board, number: int) -> FileBoard | None:
    try:
        deal = normal_deal(board.deal.to_pbn())
    except InvalidDeal:
        return None  # a record with part of a deal, or none: nothing to draw
    try:
        standard_dealer, standard_vulnerable = board_conditions(number)
    except ValueError:
        return None
    dealer = SEATS[Player(board.dealer)] if board.dealer is not None else standard_dealer
    vulnerable = _VUL.get(board.vul, standard_vulnerable)
    stated = {
        tag: str(board.info[tag]).strip()
        for tag in STATED_TAGS
        if tag in board.info and str(board.info[tag]).strip() not in ("", "?")
    }
    return _checked_board(number, dealer, vulnerable, deal, stated)


def _checked_board(number: int, dealer: str, vulnerable: str, deal: str, stated) -> FileBoard:
    """The board, with a note where its dealer or vulnerability is not its number's."""
    standard_dealer, standard_vulnerable = board_conditions(number)
    notes = []
    if dealer != standard_dealer:
        notes.append(
            Words(
                gettext_noop("The file says {dealer} dealt; board {board} is dealt by {standard}"),
                dealer=dealer,
                board=number,
                standard=standard_dealer,
            )
        )
    if vulnerable != standard_vulnerable:
        notes.append(
            Words(
                gettext_noop(
                    "The file says vulnerable: {vulnerable}; board {board} is vulnerable: "
                    "{standard}"
                ),
                vulnerable=VULNERABLE_WORDS[vulnerable],
                board=number,
                standard=VULNERABLE_WORDS[standard_vulnerable],
            )
        )
    return FileBoard(number, dealer, vulnerable, deal, stated, tuple(notes))
