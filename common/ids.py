"""Unguessable ids and codes: what stands in an address, or is read out to a class.

>>> len(new_public_id()), new_public_id() != new_public_id()
(16, True)
>>> len(new_join_code()), set(new_join_code()) <= set(JOIN_CODE_ALPHABET)
(8, True)
"""

from __future__ import annotations

import secrets


def new_public_id() -> str:
    """An id for addresses (96 bits): never sequential, so nothing can be counted up to."""
    return secrets.token_urlsafe(12)


# No look-alikes (0/O, 1/I/L), so a code can be read aloud and typed from a board.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 8  # 31**8 is about 2**39.6


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def new_form_key() -> str:
    """The key a form carries so that sending it twice creates one thing (common.forms)."""
    return secrets.token_urlsafe(16)


def new_secret_seed() -> int:
    """A secret seed (62 bits, so it fits a signed 64-bit column) to derive questions from."""
    return secrets.randbits(62)
