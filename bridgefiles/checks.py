"""Every result of a file scored by the engine, compared with the figures the file states.

Nothing here adds or rounds a score of its own: each N-S score is `score_deal`'s, each
matchpoint `matchpoints`'s, each swing `team_board`'s, a match's victory points `match_vp`'s.
What is compared is the file's figure against the engine's, written to the file's own
precision (the French federation prints matchpoints to 0.1 and percentages whole).

Every reason, note and name of a figure here is `Words` (scoring.words), as the engine's own
reasons are, with the engine's reasons inside them: the page says them in its language
(`|say`), and the catalogue holding their French and Dutch is bridgefiles/locale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction

from bridgefiles.boards import FileBoard, FileContents, FileResult, Names
from scoring import butler, match_imps, match_vp, score_deal, team_board
from scoring.adjusted import ARTIFICIAL_PERCENT, adjusted_matchpoints, ranked_standings
from scoring.comparisons import MatchpointResult, PairStanding, pair_total
from scoring.duplicate import pair_of
from scoring.words import Words, gettext_noop, ngettext, vulnerability_word

NOT_ADJUSTED = Words(
    gettext_noop(
        "not compared: an adjusted score on this board that is not A+, A or A-, whose share "
        "of the top the engine does not know"
    )
)
PAIRS_IMPS = Words(
    gettext_noop(
        "not compared: the file's IMP figures for pairs (scored against a Butler datum or by "
        "cross-IMPs: the file does not say which)"
    )
)
ONE_TABLE = Words(gettext_noop("one table's result: nothing to compare it with"))
PASSED_OUT = Words(gettext_noop("passed out: 0 to each side"))
PASS = Words(gettext_noop("Pass"))
NOT_COMPARED = Words(gettext_noop("its results could not be compared"))
NO_PARTNER = Words(gettext_noop("its partner table is missing from the file"))
NONE = Words(gettext_noop("none"))
# What a figure is, in the list of disagreements.
NS_SCORE = Words(gettext_noop("N-S score"))
IMPS = Words(gettext_noop("IMPs"))
RANK = Words(gettext_noop("rank"))
TOTAL_MATCHPOINTS = Words(gettext_noop("total matchpoints"))
TOTAL_PERCENTAGE = Words(gettext_noop("total percentage"))
NORTH_SOUTH = Words(gettext_noop("North-South"))
EAST_WEST = Words(gettext_noop("East-West"))
HOME = Words(gettext_noop("Home"))
VISITORS = Words(gettext_noop("Visitors"))


@dataclass(frozen=True)
class Disagreement:
    board: int
    row: str
    line: int
    what: Words
    file_figure: str
    engine_figure: str
    why: Words


@dataclass
class ScoredRow:
    result: FileResult
    ns_score: int | None
    """The engine's N-S score; None for an adjusted score."""
    reason: Words | str = ""
    short: Words | str = ""
    """The result as a traveller writes it: 4♠ S 10, Pass, A+ A-."""
    ns: MatchpointResult | None = None
    ew: MatchpointResult | None = None
    imps: int | None = None
    """IMPs to the row's N-S pair against the other room, at teams; against the Butler
    datum when results at several tables are scored by IMPs."""


@dataclass
class ScoredBoard:
    board: FileBoard
    rows: list[ScoredRow]
    not_compared: list[Words] = field(default_factory=list)
    datum: object = None
    """The engine's Butler working, when the board is scored against a datum."""


@dataclass
class Match:
    home: str
    visit: str
    boards: int
    home_imps: int
    visit_imps: int
    result: object = None
    """The engine's MatchVictoryPoints, when the IMPs were found."""


@dataclass
class Checked:
    kind: str
    """"pairs", "teams", "tables" (results without pairs or rooms) or "hand records"."""
    boards: list[ScoredBoard]
    disagreements: list[Disagreement]
    scale: str = "acbl"
    standings: list[tuple[str, tuple[PairStanding, ...]]] = field(default_factory=list)
    """The ranking: one field (every pair together), or North-South and East-West apart."""
    session_notes: list[Words] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    compared: int = 0
    """How many of the file's figures were compared with the engine's."""


def _figure(text: str) -> Decimal | None:
    try:
        return Decimal(text.strip().strip('"'))
    except (InvalidOperation, AttributeError):
        return None


def _as_file_writes(value, like: Decimal) -> Decimal:
    """The engine's figure written to the file's decimals, halves up."""
    return Decimal(str(float(value))).quantize(like, rounding=ROUND_HALF_UP)


def _vulnerable(board: FileBoard, declarer: str) -> bool:
    return board.vulnerable == "both" or board.vulnerable == pair_of(declarer)


def check_contents(contents: FileContents) -> Checked:
    results = [r for b in contents.boards for r in b.results]
    if not results:
        kind = "hand records"
    elif any(r.ns_pair and r.ew_pair for r in results):
        kind = "pairs"
    elif any(r.teams or (r.room and not r.room.isdigit()) for r in results):
        kind = "teams"  # named teams, or rooms (Open, Closed); a table's number is neither
    else:
        kind = "tables"
    checked = Checked(kind, [], [])
    for board in contents.boards:
        checked.boards.append(_score_board(board, checked))
    if kind == "pairs":
        checked.scale = _scale(checked)
        for scored in checked.boards:
            _matchpoint(scored, checked)
        _session(checked, contents.totals)
    elif kind == "teams":
        _teams(checked, contents.teams)
    else:
        for scored in checked.boards:
            _matchpoint(scored, checked)
            _butler(scored)
    return checked


def _butler(scored: ScoredBoard) -> None:
    """Each table's IMPs against the board's Butler datum, as pairs scored by IMPs are."""
    scores = [row.ns_score for row in scored.rows]
    if len(scores) < 2 or None in scores:
        return
    board = butler(scores)
    scored.datum = board
    for row, result in zip(scored.rows, board.results, strict=True):
        row.imps = result.imps


def _score_board(board: FileBoard, checked: Checked) -> ScoredBoard:
    rows = []
    for result in board.results:
        if result.artificial:
            rows.append(
                ScoredRow(
                    result,
                    None,
                    Words(
                        gettext_noop("adjusted: N-S {ns}, E-W {ew}"),
                        ns=result.artificial[0],
                        ew=result.artificial[1],
                    ),
                    " ".join(result.artificial),
                )
            )
            continue
        if result.passed_out:
            row = ScoredRow(result, 0, PASSED_OUT, PASS)
        else:
            vulnerable = _vulnerable(board, result.declarer)
            scored = score_deal(result.contract, result.tricks, vulnerable)
            side = pair_of(result.declarer)
            ns_score = scored.total if side == "NS" else -scored.total
            row = ScoredRow(
                result,
                ns_score,
                ngettext(
                    "{contract} by {declarer}, {tricks} trick, {vulnerable}: N-S {score}",
                    "{contract} by {declarer}, {tricks} tricks, {vulnerable}: N-S {score}",
                    result.tricks,
                    contract=scored.contract.display,
                    declarer=result.declarer,
                    tricks=result.tricks,
                    vulnerable=vulnerability_word(vulnerable),
                    score=f"{ns_score:+d}",
                ),
                f"{scored.contract.display} {result.declarer} {result.tricks}",
            )
        rows.append(row)
        stated = _figure(result.stated.get("score_ns", ""))
        if stated is not None:
            checked.compared += 1
            if stated != row.ns_score:
                checked.disagreements.append(
                    Disagreement(
                        board.number,
                        result.label,
                        result.line,
                        NS_SCORE,
                        str(stated),
                        str(row.ns_score),
                        row.reason,
                    )
                )
    return ScoredBoard(board, rows)


def _scale(checked: Checked) -> str:
    """The file's matchpoint scale, read from its own figures: a row's N-S and E-W
    matchpoints add up to the top, n - 1 (ACBL) or 2(n - 1) (the international scale)."""
    for scored in checked.boards:
        n = len(scored.rows)
        for row in scored.rows:
            mp_ns, mp_ew = (_figure(row.result.stated.get(k, "")) for k in ("mp_ns", "mp_ew"))
            if mp_ns is not None and mp_ew is not None and n >= 2:
                return "international" if mp_ns + mp_ew == 2 * (n - 1) else "acbl"
    return "acbl"


def _matchpoint(scored: ScoredBoard, checked: Checked) -> None:
    rows = scored.rows
    number = scored.board.number
    if any("imp_ns" in row.result.stated for row in rows):
        scored.not_compared.append(PAIRS_IMPS)
    if len(rows) < 2:
        if rows:
            scored.not_compared.append(ONE_TABLE)
        return
    ns_entries = [
        row.ns_score if row.ns_score is not None else row.result.artificial[0] for row in rows
    ]
    ew_entries = [
        -row.ns_score if row.ns_score is not None else row.result.artificial[1] for row in rows
    ]
    if any(e not in ARTIFICIAL_PERCENT for e in ns_entries + ew_entries if isinstance(e, str)):
        scored.not_compared.append(NOT_ADJUSTED)
        return
    ns = adjusted_matchpoints(ns_entries, checked.scale)
    ew = adjusted_matchpoints(ew_entries, checked.scale)
    for row, ns_mp, ew_mp in zip(rows, ns, ew, strict=True):
        row.ns, row.ew = ns_mp, ew_mp
        for key, engine, what in (
            ("mp_ns", ns_mp.matchpoints, Words(gettext_noop("N-S matchpoints"))),
            ("mp_ew", ew_mp.matchpoints, Words(gettext_noop("E-W matchpoints"))),
            ("pct_ns", ns_mp.percentage, Words(gettext_noop("N-S percentage"))),
            ("pct_ew", ew_mp.percentage, Words(gettext_noop("E-W percentage"))),
        ):
            stated = _figure(row.result.stated.get(key, ""))
            if stated is None:
                continue
            checked.compared += 1
            written = _as_file_writes(engine, stated)
            if written != stated:
                reason = (ns_mp if key.endswith("ns") else ew_mp).reason
                checked.disagreements.append(
                    Disagreement(
                        number,
                        row.result.label,
                        row.result.line,
                        what,
                        str(stated),
                        str(written),
                        reason,
                    )
                )


def _session(checked: Checked, totals: list[Names]) -> None:
    """Each pair's matchpoints over its boards, ranked by the engine; then the file's own
    totals table, if it has one, compared pair by pair."""
    earned: dict[str, list[tuple[int, Fraction, int]]] = {}
    # Each pair's board matchpoints as the file printed them (None where it printed none).
    printed: dict[str, list[Decimal | None]] = {}
    directions: dict[str, set[str]] = {}
    # A Mitchell may number N-S and E-W pairs alike (N-S 1 meets E-W 1): then the pairs
    # are named by their direction too, and each direction ranked apart.
    shared = any(
        {r.result.ns_pair for r in b.rows} & {r.result.ew_pair for r in b.rows}
        for b in checked.boards
    )
    for scored in checked.boards:
        if not scored.rows or scored.rows[0].ns is None:
            if scored.rows:
                checked.session_notes.append(
                    Words(
                        gettext_noop("Board {board}: left out of the ranking, {why}"),
                        board=scored.board.number,
                        why=(scored.not_compared or [NOT_COMPARED])[0],
                    )
                )
            continue
        for row in scored.rows:
            for pair, way, result in (
                (row.result.ns_pair, "NS", row.ns),
                (row.result.ew_pair, "EW", row.ew),
            ):
                label = f"{'N-S' if way == 'NS' else 'E-W'} {pair}" if shared else pair
                earned.setdefault(label, []).append(
                    (scored.board.number, result.matchpoints, result.top)
                )
                stated = row.result.stated.get("mp_ns" if way == "NS" else "mp_ew", "")
                printed.setdefault(label, []).append(_figure(stated))
                directions.setdefault(label, set()).add(way)
    if not earned:
        return
    if shared:
        checked.standings = [
            (name, ranked_standings({p: b for p, b in earned.items() if directions[p] == {way}}))
            for way, name in (("NS", NORTH_SOUTH), ("EW", EAST_WEST))
        ]
    else:
        checked.standings = [("", ranked_standings(earned))]
    if totals and not shared:
        _compare_totals(checked, totals, printed)


TOTAL_COLUMNS = (
    (("Rank",), RANK),
    (("TotalScoreMP", "TotalMP"), TOTAL_MATCHPOINTS),
    (("TotalPercentage",), TOTAL_PERCENTAGE),
)


def _as_printed(what: str, stated: Decimal, figures: list, standing) -> bool:
    """Whether a pair's stated total is what its board figures, as the file printed them
    (each rounded), add up to: then the file's rounding is the whole difference."""
    if not figures or None in figures:
        return False
    total, percentage = pair_total(figures, standing.top)
    added = percentage if what == TOTAL_PERCENTAGE else total
    return _as_file_writes(added, stated) == stated


def _rank_why(stated: Decimal, standing, standings) -> Words:
    """A tie the file broke by its own rule, when the file's rank is within the tied
    places; else the engine's working of the pair's total, which ranks it."""
    tied = sum(1 for s in standings if s.place == standing.place)
    if standing.shared and standing.place <= stated < standing.place + tied:
        return Words(gettext_noop("a tie on matchpoints, which the file breaks by its own rule"))
    return Words(
        gettext_noop("the engine ranks by each pair's share of its tops: {working}"),
        working=standing.reason,
    )


def _compare_totals(checked: Checked, totals: list[Names], printed: dict[str, list]) -> None:
    [(_, standings)] = checked.standings
    by_pair = {s.pair: s for s in standings}
    for names in totals:
        standing = by_pair.get(names.pair)
        if standing is None:
            continue
        for columns, what in TOTAL_COLUMNS:
            column = next((c for c in columns if c in names.stated), None)
            stated = _figure(names.stated.get(column, "")) if column else None
            if stated is None:
                continue
            checked.compared += 1
            engine = {
                RANK: standing.place,
                TOTAL_MATCHPOINTS: standing.matchpoints,
                TOTAL_PERCENTAGE: standing.percentage,
            }[what]
            written = _as_file_writes(engine, stated)
            if written == stated:
                continue
            if what == RANK:
                why = _rank_why(stated, standing, standings)
            elif _as_printed(what, stated, printed.get(names.pair, []), standing):
                why = Words(
                    gettext_noop(
                        "the file adds up its board figures as printed, each rounded; "
                        "the engine adds the exact ones: {working}"
                    ),
                    working=standing.reason,
                )
            else:
                why = Words(
                    gettext_noop(
                        "not what the file's own board figures add up to; the engine's: {working}"
                    ),
                    working=standing.reason,
                )
            row = Words(gettext_noop("pair {pair}"), pair=names.pair)
            checked.disagreements.append(
                Disagreement(0, row, names.line, what, str(stated), str(written), why)
            )


def _teams(checked: Checked, teams: tuple[str, str]) -> None:
    """Each board's two rooms of a match, swung and IMPed by the engine; each match's
    victory points on the WBF scale.

    A file of one match names its rooms Open and Closed: the home team sits N-S in the
    Open room. A file of many (RealBridge) names each table's teams, and its two tables
    name them in turn (AUSTRIA v DENMARK, then DENMARK v AUSTRIA): the team named first
    is the one sitting N-S there.
    """
    totals: dict[tuple[str, str], list[int]] = {}
    open_closed = all(r.result.room in ("Open", "Closed") for b in checked.boards for r in b.rows)
    for scored in checked.boards:
        by_match: dict[tuple[str, str], list[ScoredRow]] = {}
        for row in scored.rows:
            key = ("", "") if open_closed else tuple(sorted(row.result.teams or ("", "")))
            by_match.setdefault(key, []).append(row)
        for key, rows in by_match.items():
            if open_closed:
                rows.sort(key=lambda r: r.result.room != "Open")
            else:  # first the table where the match's first-named team sits N-S
                rows.sort(key=lambda r: (r.result.teams or ("",))[0] != key[0])
            _swing(scored, key, rows, checked, totals)
    for key, swings in sorted(totals.items()):
        if open_closed:
            home, visit = teams if any(teams) else (HOME, VISITORS)
        else:
            home, visit = key
        ours, theirs = match_imps(swings)
        match = Match(home, visit, len(swings), ours, theirs)
        match.result = match_vp(ours, theirs, boards=len(swings))
        checked.matches.append(match)


def _swing(scored: ScoredBoard, key, rows: list[ScoredRow], checked: Checked, totals) -> None:
    number = scored.board.number
    if len(rows) != 2 or any(r.ns_score is None for r in rows):
        for row in rows:
            stated = row.result.stated.get("imp_ns")
            if stated is not None:
                checked.compared += 1
                checked.disagreements.append(
                    Disagreement(
                        number,
                        row.result.label,
                        row.result.line,
                        IMPS,
                        stated,
                        NONE,
                        NO_PARTNER,
                    )
                )
        scored.not_compared.append(
            ngettext(
                "{match}: {count} table, not two rooms",
                "{match}: {count} tables, not two rooms",
                len(rows),
                match=" v ".join(key) if any(key) else Words(gettext_noop("the match")),
                count=len(rows),
            )
        )
        return
    first, second = rows
    board = team_board(first.ns_score, second.ns_score)
    first.imps, second.imps = board.imps, -board.imps
    totals.setdefault(key, []).append(board.imps)
    for row in rows:
        stated = _figure(row.result.stated.get("imp_ns", ""))
        if stated is None:
            continue
        checked.compared += 1
        if stated != row.imps:
            checked.disagreements.append(
                Disagreement(
                    number,
                    row.result.label,
                    row.result.line,
                    IMPS,
                    str(stated),
                    str(row.imps),
                    board.reason,
                )
            )
