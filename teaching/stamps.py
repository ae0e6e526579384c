"""Stamps of what a gradebook shows, so that its drawn tables can be kept until they change.

Each assignment has a stamp, and each class one more for its list of students; a write that
changes what an assignment's gradebook shows (an answer, a hand-in, a new attempt, a due
date, an allowance, a reset, a publish, a redraw) sets a new assignment stamp, and one that
changes the list (a student joins, is removed, put back, merged or unmerged) a new class
stamp. A kept table's key carries both (gradebook_key), so a change makes every copy of
the table a copy nobody asks for again.

The stamps live in the "default" cache, the database's: every app server reads the same
ones, whatever cache each keeps its tables in. A stamp is set inside the transaction of
the change it marks, so it moves when the change commits, not before or after. A stamp is
a fresh random token, never a count: a stamp lost (the cache culled) and made again can
never be one that a kept table was drawn under.
"""

from __future__ import annotations

import secrets

from django.core.cache import caches

SHARED = "default"
"""The cache every app server shares: the database's (config/settings.py)."""


def _assignment_key(assignment_id: int) -> str:
    return f"gradebook-stamp:assignment:{assignment_id}"


def _classroom_key(classroom_id: int) -> str:
    return f"gradebook-stamp:classroom:{classroom_id}"


def _token() -> str:
    return secrets.token_urlsafe(9)


def _renew(key: str) -> None:
    shared = caches[SHARED]
    token = _token()
    shared.set(key, token, timeout=None)
    # The database cache's set() gives up without a word when another request inserted the
    # stamp between its read and its insert (PostgreSQL); the row is there now, so a second
    # set() updates it. Otherwise the other request's stamp would outlive this change.
    if shared.get(key) != token:
        shared.set(key, token, timeout=None)


def assignment_changed(*, assignment_id: int) -> None:
    """What the assignment's gradebook shows has changed (call inside the change's
    transaction)."""
    _renew(_assignment_key(assignment_id))


def classroom_changed(*, classroom_id: int) -> None:
    """The class's list of students has changed: every gradebook of the class shows it
    (call inside the change's transaction)."""
    _renew(_classroom_key(classroom_id))


def gradebook_key(*, assignment, zone: str) -> str | None:
    """The key a drawn gradebook table of the assignment is kept under, shown in the time
    zone `zone`: both stamps in one read (the stamps missing are made first). None when a
    stamp cannot be read or made: then nothing should be kept."""
    shared = caches[SHARED]
    keys = [_assignment_key(assignment.pk), _classroom_key(assignment.classroom_id)]
    found = shared.get_many(keys)
    for key in keys:
        if key not in found:
            token = _token()
            # add() makes it unless another request did first; then that one's stands.
            found[key] = token if shared.add(key, token, timeout=None) else shared.get(key)
    if None in found.values():
        return None
    return ":".join(["gradebook", str(assignment.pk), *(found[key] for key in keys), zone])
