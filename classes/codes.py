"""Join codes and personal links (pure Python).

>>> normalize_join_code(" abcd-efgh ")
'ABCDEFGH'
>>> normalize_join_code("ab cd ef gh")
'ABCDEFGH'
"""

from __future__ import annotations

import hashlib
import re
import secrets

_SEPARATORS = re.compile(r"[\s\-_.]+")


def normalize_join_code(text: str) -> str:
    """What a student typed, as stored: upper case, no spaces or dashes."""
    return _SEPARATORS.sub("", text or "").upper()


def new_link_secret() -> str:
    """The secret in a student's personal link (192 bits)."""
    return secrets.token_urlsafe(24)


def link_hash(secret: str) -> str:
    """What is stored of a personal link: enough to recognise it, not to rebuild it."""
    return hashlib.sha256(secret.encode()).hexdigest()
