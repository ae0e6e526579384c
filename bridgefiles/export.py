"""The score pad's boards, a traveller, a pairs session and an assignment's deals as PBN.

Each board gets its number, dealer and vulnerability (from the number unless the board says
otherwise), its Deal (empty where no cards are known: the score pad keeps none) and, where
results exist, a ScoreTable: every table's pairs, contract, declarer, tricks and the
engine's N-S score, matchpoints and percentages. endplay and `bridgefiles.pbn` read it back
with every figure as written (tests/bridgefiles).

>>> from scoring import Traveller
>>> board = Traveller(2)
>>> _ = board.record("1", "N", "4S", tricks=10)
>>> _ = board.record_passed_out("2")
>>> text = pbn_of_boards(boards_of_traveller(board), event="Club night")
>>> for line in text.splitlines()[3:]:
...     print(line[:50])
[Event "Club night"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal ""]
[Scoring "MP"]
[ScoreTable "Table\\2R;Contract\\5L;Declarer\\1R;Resu
 1 4S    N 10    620      -     1     0 100.00   0
 2 Pass  -  -      0      -     0     1   0.00 100
<BLANKLINE>
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring import Traveller, board_conditions, pair_of, score_deal

SEATS = ("N", "E", "S", "W")
PBN_VULNERABLE = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
COLUMNS = (
    ("Table", 2, "R"),
    ("PairId_NS", 3, "R"),
    ("PairId_EW", 3, "R"),
    ("Contract", 5, "L"),
    ("Declarer", 1, "R"),
    ("Result", 2, "R"),
    ("Score_NS", 6, "R"),
    ("Score_EW", 6, "R"),
    ("MP_NS", 5, "R"),
    ("MP_EW", 5, "R"),
    ("Percentage_NS", 6, "R"),
    ("Percentage_EW", 6, "R"),
)


@dataclass(frozen=True)
class ExportBoard:
    number: int
    rows: tuple[dict[str, str], ...]
    """Each table's values by ScoreTable column; empty for a board with no result."""
    result: dict[str, str] | None = None
    """One table's Contract, Declarer, Result and Score tags (the score pad's own boards)."""
    dealer: str = ""
    """The board's dealer where it is not the number's (a file's own); "" for the number's."""
    vulnerable: str = ""
    """Likewise its vulnerability ("none", "NS", "EW", "both"); "" for the number's."""
    deal: str = ""
    """The four hands in PBN ('N:AKQ.. ...'), where known."""


def _figure(value) -> str:
    """Exact where a decimal can say it (1.5), else to two places (28.33)."""
    value = Fraction(value)
    if (value * 100).denominator == 1:
        text = f"{float(value):.2f}".rstrip("0").rstrip(".")
        return text or "0"
    return f"{float(value):.2f}"


def _contract_columns(row) -> dict[str, str]:
    if row.passed_out:
        return {"Contract": "Pass", "Declarer": "-", "Result": "-"}
    return {
        "Contract": str(row.result.contract),
        "Declarer": row.declarer,
        "Result": str(row.result.tricks),
    }


def _scores(ns_score: int) -> dict[str, str]:
    # As the French federation's and Bridgewebs' programs write them: the side that scored.
    if ns_score > 0:
        return {"Score_NS": str(ns_score), "Score_EW": "-"}
    if ns_score < 0:
        return {"Score_NS": "-", "Score_EW": str(-ns_score)}
    return {"Score_NS": "0", "Score_EW": "-"}


def boards_of_traveller(traveller: Traveller, scale: str = "acbl") -> list[ExportBoard]:
    """One board's traveller; pairs are written when its rows name them ("N-S 1")."""
    compared = len(traveller.rows) >= 2
    ns = traveller.matchpoints("NS", scale) if compared else [None] * len(traveller.rows)
    ew = traveller.matchpoints("EW", scale) if compared else [None] * len(traveller.rows)
    rows = []
    for table, (row, ns_mp, ew_mp) in enumerate(zip(traveller.rows, ns, ew, strict=True), 1):
        values = {"Table": str(table) if row.ew_pair else row.label}
        if row.ew_pair:
            values["PairId_NS"] = row.label.removeprefix("N-S ")
            values["PairId_EW"] = row.ew_pair.removeprefix("E-W ")
        values |= _contract_columns(row) | _scores(row.ns_score)
        if ns_mp is not None:
            values |= {
                "MP_NS": _figure(ns_mp.matchpoints),
                "MP_EW": _figure(ew_mp.matchpoints),
                "Percentage_NS": f"{ns_mp.percentage:.2f}",
                "Percentage_EW": f"{ew_mp.percentage:.2f}",
            }
        rows.append(values)
    return [ExportBoard(traveller.board, tuple(rows))]


def boards_of_session(session) -> list[ExportBoard]:
    """A pairs session: each board's traveller, matchpointed at the session's scale."""
    return [
        board
        for _, traveller in sorted(session.travellers.items())
        for board in boards_of_traveller(traveller, session.scale)
    ]


def boards_of_pad(boards) -> list[ExportBoard]:
    """The score pad's duplicate boards (scoring.BoardResult): one table, so no ScoreTable."""
    exported = []
    for board in boards:
        if board.passed_out:
            tags = {"Contract": "Pass", "Declarer": "", "Result": "", "Score": "NS 0"}
        else:
            total = board.result.total
            ns_score = total if board.declarer in "NS" else -total
            tags = {
                "Contract": str(board.result.contract),
                "Declarer": board.declarer,
                "Result": str(board.result.tricks),
                "Score": f"NS {ns_score}",
            }
        exported.append(ExportBoard(board.board, (), tags))
    return exported


# -- an assignment's deals -------------------------------------------------------------------------


def _question_deal(question: dict) -> dict | None:
    """The duplicate deal a question scores (a seat declaring, a board number, no honors),
    or None for a question with no such deal (a rubber's, a sheet's, an IMP table's)."""
    situation = question.get("situation") or {}
    deal = situation.get("deal")
    if (
        not isinstance(deal, dict)
        or situation.get("form", "duplicate") != "duplicate"
        or deal.get("declarer") not in SEATS
        or not isinstance(deal.get("board"), int)
        or deal.get("honors")
        or not isinstance(situation.get("vulnerable"), bool)
    ):
        return None
    return deal | {"vulnerable": situation["vulnerable"]}


def _board_vulnerability(number: int, deals: list[dict]) -> str:
    """The board's vulnerability as its questions were asked: each declaring pair's as its
    question states it, the other pair's from the board number."""
    _, standard = board_conditions(number)
    vulnerable = {pair: standard in (pair, "both") for pair in ("NS", "EW")}
    for deal in deals:
        vulnerable[pair_of(deal["declarer"])] = deal["vulnerable"]
    return {(False, False): "none", (True, False): "NS", (False, True): "EW"}.get(
        (vulnerable["NS"], vulnerable["EW"]), "both"
    )


def _ns_score(deal: dict) -> int:
    total = score_deal(deal["contract"], deal["tricks"], deal["vulnerable"]).total
    return total if pair_of(deal["declarer"]) == "NS" else -total


def boards_of_questions(questions: list[dict]) -> list[ExportBoard]:
    """An assignment's given questions (Assignment.fixed_questions) as boards, in board
    order: each board's result as its question asks it, scored by the engine. A board
    asked once has its result as tags; a board asked more than once has a ScoreTable, a
    row a question, its Table the question's number in the assignment. A question made
    from a file keeps its board's dealer, vulnerability and hands (`board`), which are
    written as the file gave them; else they come from the board number."""
    asked: dict[int, list[tuple[int, dict, dict]]] = {}
    for position, question in enumerate(questions, 1):
        if (deal := _question_deal(question)) is not None:
            asked.setdefault(deal["board"], []).append((position, deal, question.get("board", {})))
    exported = []
    for number, found in sorted(asked.items()):
        kept = next((board for _, _, board in found if board), {})
        deals = [deal for _, deal, _ in found]
        boards = {
            "dealer": kept.get("dealer", ""),
            "vulnerable": kept.get("vulnerable") or _board_vulnerability(number, deals),
            "deal": kept.get("deal", ""),
        }
        if len(found) == 1:
            deal = deals[0]
            tags = {
                "Contract": deal["contract"],
                "Declarer": deal["declarer"],
                "Result": str(deal["tricks"]),
                "Score": f"NS {_ns_score(deal)}",
            }
            exported.append(ExportBoard(number, (), tags, **boards))
            continue
        rows = tuple(
            {
                "Table": str(position),
                "Contract": deal["contract"],
                "Declarer": deal["declarer"],
                "Result": str(deal["tricks"]),
            }
            | _scores(_ns_score(deal))
            for position, deal, _ in found
        )
        exported.append(ExportBoard(number, rows, **boards))
    return exported


# -- writing -----------------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _cell(value: str) -> str:
    """A table value: quoted when it holds a space or a quote, as PBN asks."""
    return f'"{_escape(value)}"' if not value or " " in value or '"' in value else value


def pbn_of_boards(boards: list[ExportBoard], *, event: str = "") -> str:
    lines = ["% PBN 2.1", "% EXPORT", "% Written by Above the Line: every score by its engine"]
    for board in boards:
        dealer, vulnerable = board_conditions(board.number)
        dealer, vulnerable = board.dealer or dealer, board.vulnerable or vulnerable
        lines += [f'[Event "{_escape(event)}"]'] if event else []
        lines += [
            f'[Board "{board.number}"]',
            f'[Dealer "{dealer}"]',
            f'[Vulnerable "{PBN_VULNERABLE[vulnerable]}"]',
            f'[Deal "{_escape(board.deal)}"]',
        ]
        if board.result:
            lines += [f'[{name} "{_escape(value)}"]' for name, value in board.result.items()]
        if board.rows:
            used = [c for c in COLUMNS if any(c[0] in row for row in board.rows)]
            if any("MP_NS" in row for row in board.rows):
                lines.append('[Scoring "MP"]')
            header = ";".join(f"{name}\\{width}{align}" for name, width, align in used)
            lines.append(f'[ScoreTable "{header}"]')
            for row in board.rows:
                cells = []
                for name, width, align in used:
                    cell = _cell(row.get(name, "-"))
                    cells.append(cell.ljust(width) if align == "L" else cell.rjust(width))
                lines.append(" ".join(cells))
        lines.append("")
    return "\n".join(lines) + "\n"
