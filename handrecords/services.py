"""Hand records: a deal's double-dummy table and par, from the solver, scored by the engine.

The solver (DDS, through endplay) says how many tricks each declarer takes in each strain
and which contracts are par. What par *scores* is the engine's own figure: each par
contract is scored by `scoring.score_deal`, and the solver's figure is kept beside it only
so that tests can prove the two agree.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import endplay._dds as _dds
from django.core.cache import cache
from django.db import DatabaseError, InterfaceError
from endplay.dds import calc_dd_table, par
from endplay.dds.ddtable import DDTable
from endplay.types import Deal, Denom, Player, Vul

from handrecords.deals import deal_text, read_deal
from handrecords.stated import disagreements
from handrecords.values import SEATS, STRAINS, VULNERABILITIES, HandRecord, ParContract
from scoring import board_conditions, score_deal
from scoring.sides import pair_of

CACHE_VERSION = 1
CACHE_SECONDS = 30 * 24 * 3600
"""A deal's table and par never change: kept a month."""

_STRAIN_OF_DENOM = {
    Denom.clubs: "C",
    Denom.diamonds: "D",
    Denom.hearts: "H",
    Denom.spades: "S",
    Denom.nt: "NT",
}
_DENOM_OF_STRAIN = {strain: denom for denom, strain in _STRAIN_OF_DENOM.items()}
_VUL = {"none": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "both": Vul.both}


def hand_record_make(
    *,
    deal: str,
    board: int,
    dealer: str | None = None,
    vulnerable: str | None = None,
    cached: bool = True,
) -> HandRecord:
    """The hand record of one board; dealer and vulnerability default to the board number's.

    cached=False leaves the shared cache alone (a lesson's worked board is kept in the
    process instead, so its page asks the database nothing).

    Raises InvalidDeal for a deal that is not 4 x 13 cards of one pack, and ValueError for a
    dealer or vulnerability the engine does not know.
    """
    standard_dealer, standard_vulnerable = board_conditions(board)
    dealer = (dealer or standard_dealer).upper()
    vulnerable = vulnerable or standard_vulnerable
    if dealer not in SEATS:
        raise ValueError(f"The dealer is N, E, S or W, got {dealer!r}")
    if vulnerable not in VULNERABILITIES:
        raise ValueError(f"Vulnerability is none, NS, EW or both, got {vulnerable!r}")
    hands = read_deal(deal)
    normal = deal_text(hands)
    # Keys without spaces (memcached refuses them). The table depends on the cards alone;
    # par on who deals and who is vulnerable too.
    spelled = normal.replace(" ", "_")
    par_key = f"handrecords:{CACHE_VERSION}:par:{spelled}:{vulnerable}:{dealer}"
    solved = _kept(par_key) if cached else None
    if solved is None:
        table_key = f"handrecords:{CACHE_VERSION}:table:{spelled}"
        tricks = _kept(table_key) if cached else None
        if tricks is None:
            tricks = double_dummy_tricks(normal)
            if cached:
                _keep(table_key, tricks)
        solved = (tricks, *par_of_table(tricks, dealer=dealer, vulnerable=vulnerable))
        if cached:
            _keep(par_key, solved)
    tricks, solver_score, contracts = solved
    return HandRecord(
        board=board,
        dealer=dealer,
        vulnerable=vulnerable,
        deal=normal,
        hands=hands,
        tricks=tricks,
        par_score=contracts[0].score_ns if contracts else 0,
        par_contracts=contracts,
        solver_par_score=solver_score,
    )


# The cache lives in the database: when it cannot be read or written (a read-only or busy
# database), the solver works the deal out again, and the page is drawn all the same.
def _kept(key: str):
    try:
        return cache.get(key)
    except (DatabaseError, InterfaceError):
        return None


def _keep(key: str, value) -> None:
    with contextlib.suppress(DatabaseError, InterfaceError):
        cache.set(key, value, CACHE_SECONDS)


def double_dummy_tricks(deal: str) -> tuple[tuple[int, ...], ...]:
    """The solver's tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT)."""
    table = calc_dd_table(Deal(deal))
    return tuple(
        tuple(table[_DENOM_OF_STRAIN[strain], Player(SEATS.index(seat))] for strain in STRAINS)
        for seat in SEATS
    )


def par_of_table(tricks, *, dealer: str, vulnerable: str) -> tuple[int, tuple[ParContract, ...]]:
    """(the solver's par score for North-South, the par contracts scored by the engine)."""
    # endplay builds its table only by solving a deal; a cached table is handed back to the
    # solver through endplay's own record of one (its low-level module, _dds).
    results = _dds.ddTableResults()
    for seat, row in zip(SEATS, tricks, strict=True):
        for strain, count in zip(STRAINS, row, strict=True):
            results.resTable[_DENOM_OF_STRAIN[strain]][SEATS.index(seat)] = count
    found = par(DDTable(results), _VUL[vulnerable], Player(SEATS.index(dealer)))
    # Read each contract as it is handed out: endplay reuses one record for the two seats
    # of a contract either partner can declare.
    seen = [
        (c.level, _STRAIN_OF_DENOM[c.denom], SEATS[int(c.declarer)], c.result)
        for c in found
        if c.level
    ]
    return found.score, _par_contracts(seen, vulnerable)


def _par_contracts(seen, vulnerable: str) -> tuple[ParContract, ...]:
    """One ParContract per contract and result, its declarers gathered, scored by the engine."""
    declarers: dict[tuple[int, str, int], list[str]] = {}
    for level, strain, seat, result in seen:
        declarers.setdefault((level, strain, result), []).append(seat)
    return tuple(
        ParContract(
            level=level,
            strain=strain,
            doubled=result < 0,
            declarers=tuple(sorted(seats, key=SEATS.index)),
            result=result,
            score_ns=par_contract_score(level, strain, seats[0], result, vulnerable),
        )
        for (level, strain, result), seats in declarers.items()
    )


def par_contract_score(level: int, strain: str, declarer: str, result: int, vulnerable: str) -> int:
    """North-South's score for a par contract, from the engine; par's failing contracts are
    sacrifices, doubled."""
    contract = f"{level}{strain}{'X' if result < 0 else ''}"
    pair = pair_of(declarer)
    scored = score_deal(contract, 6 + level + result, vulnerable in (pair, "both"))
    return scored.total if pair == "NS" else -scored.total


def best_contract(record: HandRecord, pair: str) -> ParContract | None:
    """The contract that scores most for `pair` when it bids as high as its tricks allow and
    no one bids over it; None when the pair takes fewer than seven tricks in every strain.

    Bidding the full number of tricks taken never scores less than stopping lower (the game
    and slam bonuses), so each strain's contract is its tricks less six.
    """
    best = None
    for strain in STRAINS:
        seats = [seat for seat in SEATS if pair_of(seat) == pair]
        tricks = max(record.tricks_for(seat, strain) for seat in seats)
        if tricks < 7:
            continue
        level = tricks - 6
        score = par_contract_score(level, strain, seats[0], 0, record.vulnerable)
        declarers = tuple(s for s in seats if record.tricks_for(s, strain) == tricks)
        found = ParContract(level, strain, False, declarers, 0, score)
        if best is None or abs(score) > abs(best.score_ns):
            best = found
    return best


@dataclass(frozen=True)
class BoardSheet:
    """A board drawn on a sheet: its record, and what its file says that differs."""

    record: HandRecord
    notes: tuple[str, ...]
    """The file's dealer or vulnerability where it differs from the board number's."""
    disagreements: tuple[str, ...]
    """Figures the file states that the solver does not find."""


def hand_records_make(*, boards) -> list[BoardSheet]:
    """The records of a file's (or an address's) boards, with what their file says beside."""
    sheets = []
    for board in boards:
        record = hand_record_make(
            deal=board.deal, board=board.board, dealer=board.dealer, vulnerable=board.vulnerable
        )
        sheets.append(BoardSheet(record, board.notes, tuple(disagreements(board.stated, record))))
    return sheets
