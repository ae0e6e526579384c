"""The score pad's boxes under the names they had up to 1.0.0, read still. A traveller's and
a pairs session's address holds them (and the address of its PBN file), bookmarked, shared,
and linked from the pages of imported bridge files; a rubber game's start form, drawn before
an upgrade, sends them after it.

Then each box was numbered by hand, from 1: a traveller's table 2 was contract_2, declarer_2,
tricks_2 and passed_2; a pairs session's traveller 1 had its board number in board_1, and its
table 2 in ns_1_2, ew_1_2, contract_1_2...; a rubber game's player 2, rubber-player_2 and
rubber-card_2. Now each grid is a formset, its rows counted from 0: table-1-contract,
traveller-0-board, t0-1-ns, rubber-player-1-name. `board`, `tables`, `boards`, `add` and
every other box kept their names. Each rename below is a pattern of an old name and the new
name it stands for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlencode

from django.http import QueryDict

from scorepad.forms import PLAYERS
from scorepad.play import RUBBER
from scorepad.traveller_forms import BOARDS, TABLES, traveller_tables

# Counted from 1, as the boxes were: never 0, no leading zero, and short (the old pages had
# 20 tables at most), so a long run of digits is never read as a number.
_NUMBER = "([1-9][0-9]{0,5})"
_RESULT = "(contract|declarer|tricks|passed)"
_PAIRS_PART = "(ns|ew|contract|declarer|tricks|passed)"

Renames = tuple[tuple[re.Pattern, Callable[..., str]], ...]


def _name(grid: str, row: int, box: str) -> str:
    """A box's name in a formset's row, as Django writes it (`row` counted from 0)."""
    return f"{grid}-{row}-{box}"


TRAVELLER_RENAMES: Renames = (
    # contract_2 -> table-1-contract
    (
        re.compile(f"{_RESULT}_{_NUMBER}", re.ASCII),
        lambda box, table: _name(TABLES, table - 1, box),
    ),
)
PAIRS_RENAMES: Renames = (
    # board_1 -> traveller-0-board
    (re.compile(f"board_{_NUMBER}", re.ASCII), lambda i: _name(BOARDS, i - 1, "board")),
    # ns_1_2 -> t0-1-ns
    (
        re.compile(f"{_PAIRS_PART}_{_NUMBER}_{_NUMBER}", re.ASCII),
        lambda box, i, table: _name(traveller_tables(i - 1), table - 1, box),
    ),
)

START_RENAMES: Renames = (
    # rubber-player_1 -> rubber-player-0-name, rubber-card_1 -> rubber-player-0-card
    (
        re.compile(f"{RUBBER}-player_{_NUMBER}", re.ASCII),
        lambda n: _name(f"{RUBBER}-{PLAYERS}", n - 1, "name"),
    ),
    (
        re.compile(f"{RUBBER}-card_{_NUMBER}", re.ASCII),
        lambda n: _name(f"{RUBBER}-{PLAYERS}", n - 1, "card"),
    ),
)


def new_name(old: str, renames: Renames) -> str | None:
    """The name a box of an old address has now; None if `old` is no old box's name."""
    for pattern, rename in renames:
        if match := pattern.fullmatch(old):
            return rename(*(int(g) if g.isdigit() else g for g in match.groups()))
    return None


def renamed_query(query: QueryDict, renames: Renames) -> str | None:
    """`query` (a QueryDict) as a query string with every old name renamed, in its order;
    None when it holds no old name, so an address already new is never sent on again.

    Should an address hold both a box's old name and its new one, the new one is kept."""
    kept, renamed = [], False
    for key, values in query.lists():
        new = new_name(key, renames)
        if new is None:
            kept.append((key, values))
            continue
        renamed = True
        if new not in query:
            kept.append((new, values))
    return urlencode(kept, doseq=True) if renamed else None


def traveller_query(query: QueryDict) -> str | None:
    """A traveller's address written before its tables were a formset, renamed; else None."""
    return renamed_query(query, TRAVELLER_RENAMES)


def pairs_query(query: QueryDict) -> str | None:
    """A pairs session's address written before its travellers were formsets, renamed; else
    None."""
    return renamed_query(query, PAIRS_RENAMES)


def start_data(data: QueryDict) -> QueryDict:
    """What a start form sent, with a rubber game's players under their new names if a page
    drawn before they were a formset sent the old ones; else `data` itself."""
    renamed = renamed_query(data, START_RENAMES)
    return data if renamed is None else QueryDict(renamed)
