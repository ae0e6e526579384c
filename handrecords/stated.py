"""What a file states about a deal (double-dummy tricks, par) against what the solver finds.

PBN writes DoubleDummyTricks as 20 hexadecimal digits: declarers North, South, East, West,
each with notrump, spades, hearts, diamonds, clubs. OptimumScore is "NS 980" or "EW -500"
(the named pair's view); ParContract is "NS 4SX-1", several parted by ";".
"""

from __future__ import annotations

import re

from handrecords.values import STRAINS, HandRecord
from scoring.words import Words, gettext_noop

_FILE_SEATS = ("N", "S", "E", "W")
_FILE_STRAINS = ("NT", "S", "H", "D", "C")
_PAR = re.compile(
    r"^(?P<who>NS|EW|N|E|S|W)\s+(?P<level>[1-7])(?P<strain>NT?|[SHDC])(?P<x>X*)"
    r"(?P<result>=|[+-]\d+)$"
)


def stated_tricks(text: str) -> dict[tuple[str, str], int] | None:
    """{(declarer, strain): tricks} from a DoubleDummyTricks value, or None if unreadable."""
    text = text.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", text):
        return None
    return {
        (seat, strain): int(text[i * 5 + j], 16)
        for i, seat in enumerate(_FILE_SEATS)
        for j, strain in enumerate(_FILE_STRAINS)
    }


def stated_score_ns(text: str) -> int | None:
    """North-South's score from an OptimumScore value such as "EW 980", or None."""
    match = re.fullmatch(r"\s*(NS|EW)\s+([+-]?\d+)\s*", text)
    if not match:
        return None
    score = int(match[2])
    return score if match[1] == "NS" else -score


def stated_par(text: str) -> set[tuple[str, str, str]] | None:
    """{(pair, contract, result)} from a ParContract value, e.g. {("NS", "4SX", "-1")}."""
    found = set()
    for part in text.split(";"):
        match = _PAR.match(part.strip().upper())
        if not match:
            return None
        who = match["who"]
        pair = who if len(who) == 2 else ("NS" if who in "NS" else "EW")
        strain = "NT" if match["strain"].startswith("N") else match["strain"]
        doubled = "X" if match["x"] else ""
        found.add((pair, f"{match['level']}{strain}{doubled}", match["result"]))
    return found


def disagreements(stated: dict[str, str], record: HandRecord) -> list[Words]:
    """Each figure the file states that differs from the solver's (and the engine's), in
    words (said in the page's language by `|say`)."""
    found = []
    text = stated.get("DoubleDummyTricks")
    if text is not None:
        tricks = stated_tricks(text)
        if tricks is None:
            found.append(
                Words(
                    gettext_noop("DoubleDummyTricks “{text}” is not 20 figures 0 to d"), text=text
                )
            )
        else:
            for (seat, strain), count in tricks.items():
                ours = record.tricks_for(seat, strain)
                if count != ours and strain in STRAINS:
                    found.append(
                        Words(
                            gettext_noop(
                                "{seat} in {strain}: the file says {count} tricks, the solver "
                                "{ours}"
                            ),
                            seat=seat,
                            strain=strain,
                            count=count,
                            ours=ours,
                        )
                    )
    text = stated.get("OptimumScore")
    if text is not None:
        score = stated_score_ns(text)
        if score is None:
            found.append(
                Words(gettext_noop("OptimumScore “{text}” is not read as a score"), text=text)
            )
        elif score != record.par_score:
            found.append(
                Words(
                    gettext_noop("Par: the file says {score} to N-S, we find {ours}"),
                    score=f"{score:+d}",
                    ours=f"{record.par_score:+d}",
                )
            )
    text = stated.get("ParContract")
    if text is not None:
        contracts = stated_par(text)
        ours = {(c.pair, c.contract, c.result_text) for c in record.par_contracts}
        if contracts is None:
            found.append(
                Words(gettext_noop("ParContract “{text}” is not read as contracts"), text=text)
            )
        elif contracts != ours:
            found.append(
                Words(
                    gettext_noop("Par contracts: the file says {text}, we find {ours}"),
                    text=text,
                    ours="; ".join(f"{p} {c}{r}" for p, c, r in sorted(ours)),
                )
            )
    return found
