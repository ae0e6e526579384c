"""What a bridge file says, board by board: dealer, vulnerability, deal, and each result.

The readers (`bridgefiles.pbn`, `bridgefiles.lin`) give tags and rows with their lines;
this module turns them into boards and results, writing down each thing it cannot use
(and where) instead of stopping. It does no scoring: `bridgefiles.checks` asks the engine.
What it writes down is `Words` (scoring.words), which the page says in its language.

>>> contract_text("3D*"), contract_text("4Hx"), contract_text("3N"), contract_text("PO")
(('played', '3DX'), ('played', '4HX'), ('played', '3NT'), ('passed', None))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bridgefiles.pbn import ParsedFile, Problem, Record
from scoring import Contract, ScoringError, board_conditions
from scoring.words import Words, gettext_noop, ngettext

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
VULNERABILITY = {
    "none": "none", "love": "none", "-": "none", "": "none",
    "ns": "NS", "n-s": "NS", "ew": "EW", "e-w": "EW", "all": "both", "both": "both",
}  # fmt: skip
"""The file's words for who is vulnerable, as the engine names them."""
VULNERABLE_TEXT = {
    "none": Words(gettext_noop("nobody")),
    "NS": Words(gettext_noop("N-S")),
    "EW": Words(gettext_noop("E-W")),
    "both": Words(gettext_noop("both sides")),
}
NO_VALUE = {"", "?", "-"}
PASSED = {"PASS", "PO", "AP", "P", "PASSED", "ALLPASS", "PASSED OUT"}
CONTRACT = re.compile(r"([1-7])\s*(NT|N|S|H|D|C)\s*(X{0,2})")
ARTIFICIAL = re.compile(r"A(?:[+-]|\d*)")
"""An adjusted score instead of a result: A+ (60 %), A (average, 50 %), A- (40 %); some
programs add figures (USEBIO's A5050)."""


def reason_of(error: Exception) -> str:
    """What an error raised here says, as it was written (Words stay Words)."""
    return error.args[0] if error.args else str(error)


def about_board(number: int, error: Exception) -> Words:
    return Words(gettext_noop("Board {board}: {reason}"), board=number, reason=reason_of(error))


def skipped(number: int, error: Exception) -> Words:
    return Words(
        gettext_noop("Board {board}: {reason}: skipped"), board=number, reason=reason_of(error)
    )


@dataclass
class FileResult:
    """One table's result on a board, as the file gives it."""

    line: int
    label: str
    """The table, or the row's place in the file's table."""
    ns_pair: str = ""
    ew_pair: str = ""
    contract: str | None = None
    """The engine's spelling (3NT, 3DX); None when passed out or adjusted."""
    declarer: str | None = None
    tricks: int | None = None
    passed_out: bool = False
    artificial: tuple[str, str] | None = None
    """N-S's and E-W's adjusted score (A+, A, A-) when the table got one, not a result."""
    stated: dict[str, str] = field(default_factory=dict)
    """The file's own figures for this result: score_ns, mp_ns, mp_ew, pct_ns, pct_ew,
    imp_ns, as written."""
    room: str = ""
    """Open or Closed at teams; the table at a match whose rooms are tables."""
    teams: tuple[str, str] | None = None
    """The home and visiting teams of the match the result belongs to."""


@dataclass
class FileBoard:
    number: int
    line: int
    dealer: str
    vulnerable: str
    """The file's vulnerability, as the engine names it ("none", "NS", "EW", "both")."""
    hands: dict[str, str]
    """Each known hand by seat, as PBN writes it: 'AKQ.JT9.876.5432'."""
    results: list[FileResult] = field(default_factory=list)
    optimum: str = ""

    @property
    def deal(self) -> str:
        """The deal in PBN, from North: 'N:hand east south west' ('-' for a hand not given)."""
        return "N:" + " ".join(self.hands.get(seat, "-") for seat in SEATS)


@dataclass
class Names:
    """Pairs' names and ranks from a TotalScoreTable."""

    pair: str
    names: str
    stated: dict[str, str]
    line: int


@dataclass
class FileContents:
    boards: list[FileBoard]
    problems: list[Problem]
    notes: list[Problem]
    """Not errors: things the reader did that a person should know (a vulnerability that
    differs from the board number's, a value taken as "no result")."""
    event: str = ""
    scoring: str = ""
    totals: list[Names] = field(default_factory=list)
    kind: str = "PBN"
    teams: tuple[str, str] = ("", "")
    """The home and visiting teams of a file that is one match (Open and Closed rooms)."""


def contract_text(text: str) -> tuple[str, str | None]:
    """('played', engine contract), ('passed', None), ('none', None) or ('artificial', ...).

    Raises ValueError for text that is none of these.
    """
    value = text.strip().upper().replace("*", "X")
    if value in NO_VALUE:
        return "none", None
    if value in PASSED:
        return "passed", None
    if ARTIFICIAL.fullmatch(value):
        return "artificial", value
    match = CONTRACT.fullmatch(value)
    if match is None:
        raise ValueError(
            Words(
                gettext_noop("“{text}” is not a contract (such as 4S, 3NT, 5DX or Pass)"), text=text
            )
        )
    level, strain, doubling = match.groups()
    contract = f"{level}{'NT' if strain in ('N', 'NT') else strain}{doubling}"
    Contract.parse(contract)  # the engine's own check
    return "played", contract


def hands_of(deal: str) -> dict[str, str]:
    """Each hand by seat from a PBN deal ('E:...' starts with East's hand); ValueError if
    the cards are not 13 a hand, 52 in all, each once."""
    first, _, rest = deal.strip().partition(":")
    first = first.strip().upper()
    if first not in tuple(SEATS) or not rest:
        raise ValueError(Words(gettext_noop("a deal starts with the first hand's seat, as N:")))
    hands = rest.split()
    if len(hands) != 4:
        raise ValueError(
            ngettext(
                "a deal has four hands, this one has {count}",
                "a deal has four hands, this one has {count}",
                len(hands),
                count=len(hands),
            )
        )
    start = SEATS.index(first)
    seen: set[str] = set()
    known = {}
    for i, hand in enumerate(hands):
        seat = SEATS[(start + i) % 4]
        if hand == "-" or not hand.replace(".", ""):
            continue  # a hand not given ("-", or endplay's "...")
        suits = hand.upper().split(".")
        if len(suits) != 4:
            raise ValueError(Words(gettext_noop("{seat}'s hand is not four suits"), seat=seat))
        cards = [suit + rank for suit, ranks in zip(SUITS, suits, strict=True) for rank in ranks]
        if any(card[1] not in RANKS for card in cards):
            raise ValueError(
                Words(gettext_noop("{seat}'s hand has a card that is not a rank"), seat=seat)
            )
        if len(cards) != 13:
            raise ValueError(
                ngettext(
                    "{seat}'s hand has {count} card, not 13",
                    "{seat}'s hand has {count} cards, not 13",
                    len(cards),
                    seat=seat,
                    count=len(cards),
                )
            )
        if seen & set(cards) or len(set(cards)) != 13:
            raise ValueError(
                Words(gettext_noop("a card is in {seat}'s hand and another"), seat=seat)
            )
        seen |= set(cards)
        known[seat] = ".".join(suits)
    return known


def board_header(
    number_text: str, dealer: str, vulnerable: str, line: int, problems, notes
) -> tuple[int, str, str] | None:
    """(number, dealer, vulnerability) checked: a board number the engine knows; the
    file's dealer and vulnerability kept, a difference from the number's written down."""
    try:
        number = int(number_text.strip())
        standard_dealer, standard_vulnerable = board_conditions(number)
    except (ValueError, ScoringError):
        problems.append(
            Problem(
                line,
                Words(
                    gettext_noop("Board “{text}” is not a board number: skipped"),
                    text=number_text,
                ),
            )
        )
        return None
    dealer = dealer.strip().upper()[:1] or standard_dealer
    if dealer not in tuple(SEATS):
        problems.append(
            Problem(
                line,
                Words(
                    gettext_noop("Board {board}: dealer “{dealer}” is not a seat"),
                    board=number,
                    dealer=dealer,
                ),
            )
        )
        dealer = standard_dealer
    vulnerable_key = vulnerable.strip().lower()
    if vulnerable_key not in VULNERABILITY:
        problems.append(
            Problem(
                line,
                Words(
                    gettext_noop(
                        "Board {board}: vulnerability “{text}” is not one PBN knows; the "
                        "board number's is used"
                    ),
                    board=number,
                    text=vulnerable,
                ),
            )
        )
        return number, dealer, standard_vulnerable
    vulnerable = VULNERABILITY[vulnerable_key]
    if (dealer, vulnerable) != (standard_dealer, standard_vulnerable):
        notes.append(
            Problem(
                line,
                Words(
                    gettext_noop(
                        "Board {board}: the file says dealer {dealer}, vulnerable: {vulnerable}; "
                        "board {board} is normally dealt by {standard_dealer}, vulnerable: "
                        "{standard_vulnerable}. The file's is used."
                    ),
                    board=number,
                    dealer=dealer,
                    vulnerable=VULNERABLE_TEXT[vulnerable],
                    standard_dealer=standard_dealer,
                    standard_vulnerable=VULNERABLE_TEXT[standard_vulnerable],
                ),
            )
        )
    return number, dealer, vulnerable


def tricks_of(text: str) -> int | None:
    text = text.strip()
    if not text.isdigit() or not 0 <= int(text) <= 13:
        raise ValueError(
            Words(gettext_noop("“{text}” is not a number of tricks, 0 to 13"), text=text)
        )
    return int(text)


# -- PBN -----------------------------------------------------------------------------------

SCORE_TABLE_FIGURES = {
    "MP_NS": "mp_ns", "MP_EW": "mp_ew", "Percentage_NS": "pct_ns", "Percentage_EW": "pct_ew",
    "IMP_NS": "imp_ns",
}  # fmt: skip


def contents_of_pbn(parsed: ParsedFile) -> FileContents:
    problems, notes = list(parsed.problems), []
    contents = FileContents([], problems, notes)
    for record in parsed.records:
        contents.event = contents.event or record.value("Event")
        contents.scoring = contents.scoring or record.value("Scoring")
        if not any(contents.teams) and record.value("HomeTeam") not in ("", "#"):
            contents.teams = (record.value("HomeTeam"), record.value("VisitTeam"))
        if "TotalScoreTable" in record.tables:
            contents.totals = _totals(record.tables["TotalScoreTable"])
        if not record.value("Board"):
            if record.value("Deal"):
                problems.append(
                    Problem(
                        record.line, Words(gettext_noop("A deal with no board number: skipped"))
                    )
                )
            continue
        board = _board(record, problems, notes)
        if board is None:
            continue
        # Teams files give a record to each table's result: one board, several records.
        same = [b for b in contents.boards if b.number == board.number]
        if same and same[0].hands == board.hands:
            same[0].results.extend(board.results)  # another table's record of one board
        elif same:
            problems.append(
                Problem(
                    record.line,
                    Words(
                        gettext_noop("Board {board} again with other cards: skipped"),
                        board=board.number,
                    ),
                )
            )
        else:
            contents.boards.append(board)
    contents.boards.sort(key=lambda b: b.number)
    return contents


def _board(record: Record, problems: list[Problem], notes: list[Problem]) -> FileBoard | None:
    header = board_header(
        record.value("Board"),
        record.value("Dealer"),
        record.value("Vulnerable"),
        record.line_of("Board"),
        problems,
        notes,
    )
    if header is None:
        return None
    number, dealer, vulnerable = header
    try:
        hands = hands_of(record.value("Deal")) if record.value("Deal") else {}
    except ValueError as error:
        problems.append(Problem(record.line_of("Deal"), skipped(number, error)))
        return None
    board = FileBoard(number, record.line, dealer, vulnerable, hands)
    board.optimum = record.value("OptimumScore")
    if "ScoreTable" in record.tables:
        for line, row in record.tables["ScoreTable"].rows:
            result = _table_result(number, line, row, problems)
            if result is not None:
                board.results.append(result)
    else:
        result = _tag_result(number, record, problems, notes)
        if result is not None:
            board.results.append(result)
    return board


def _table_result(number: int, line: int, row: dict[str, str], problems) -> FileResult | None:
    label = row.get("Table") or row.get("PairId_NS") or str(line)
    result = FileResult(line, label, row.get("PairId_NS", ""), row.get("PairId_EW", ""))
    scores = (row.get("Score_NS", "").upper(), row.get("Score_EW", "").upper())
    try:
        kind, contract = contract_text(row.get("Contract", ""))
    except (ValueError, ScoringError) as error:
        problems.append(
            Problem(
                line,
                Words(
                    gettext_noop("Board {board}: {reason}: row skipped"),
                    board=number,
                    reason=reason_of(error),
                ),
            )
        )
        return None
    adjusted = [s for s in scores if ARTIFICIAL.fullmatch(s)]
    if kind == "artificial" or adjusted:
        # "A A A" in the contract's columns is an average to each side.
        ns, ew = scores if len(adjusted) == 2 else ("A", "A")
        result.artificial = (ns, ew)
    elif kind == "none":
        problems.append(
            Problem(
                line,
                Words(gettext_noop("Board {board}: a row with no contract: skipped"), board=number),
            )
        )
        return None
    elif kind == "passed":
        result.passed_out = True
    else:
        declarer, tricks = row.get("Declarer", ""), row.get("Result", "")
        if not _played(result, number, line, contract, declarer, tricks, problems):
            return None
    score_ns, score_ew = scores
    if score_ns.lstrip("-").isdigit():
        result.stated["score_ns"] = score_ns
    elif score_ew.lstrip("-").isdigit():
        result.stated["score_ns"] = str(-int(score_ew))
    for column, key in SCORE_TABLE_FIGURES.items():
        if row.get(column, "-") not in NO_VALUE:
            result.stated[key] = row[column]
    return result


def _played(result, number, line, contract, declarer, tricks, problems) -> bool:
    declarer = declarer.strip().upper()
    if declarer not in tuple(SEATS):  # a tuple: "" is in the string "NESW"
        problems.append(
            Problem(
                line,
                Words(
                    gettext_noop("Board {board}: declarer “{declarer}” is not a seat"),
                    board=number,
                    declarer=declarer,
                ),
            )
        )
        return False
    try:
        result.tricks = tricks_of(tricks)
    except ValueError as error:
        problems.append(Problem(line, about_board(number, error)))
        return False
    result.contract, result.declarer = contract, declarer
    return True


def _tag_result(number: int, record: Record, problems, notes) -> FileResult | None:
    line = record.line_of("Contract")
    try:
        kind, contract = contract_text(record.value("Contract"))
    except (ValueError, ScoringError) as error:
        problems.append(Problem(line, about_board(number, error)))
        return None
    if kind in ("none", "artificial"):
        return None  # a hand record, or a result the file does not give
    if kind == "passed" and not record.value("Auction") and not record.value("Score"):
        # RealBridge writes a match that was never played as "Pass", with no auction.
        notes.append(
            Problem(
                line,
                Words(
                    gettext_noop(
                        "Board {board}: Pass with no auction and no score: taken as a table "
                        "that did not play the board"
                    ),
                    board=number,
                ),
            )
        )
        return None
    result = FileResult(line, record.value("Table") or record.value("Room") or str(line))
    result.room = record.value("Room") or record.value("Table")
    home, visit = record.value("HomeTeam"), record.value("VisitTeam")
    result.teams = (home, visit) if home or visit else None
    if kind == "passed":
        result.passed_out = True
    elif not _played(
        result, number, line, contract, record.value("Declarer"), record.value("Result"), problems
    ):
        return None
    score = record.value("Score").split()
    if len(score) == 2 and score[0] in ("NS", "EW") and score[1].lstrip("-").isdigit():
        result.stated["score_ns"] = score[1] if score[0] == "NS" else str(-int(score[1]))
    imps = record.value("ScoreIMP").split()
    if len(imps) >= 2 and imps[0] == "NS":
        result.stated["imp_ns"] = imps[1]
    return result


def _totals(table) -> list[Names]:
    return [
        Names(row.get("PairId", ""), row.get("Names", ""), row, line) for line, row in table.rows
    ]
