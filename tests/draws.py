"""How many random draws a sweep makes.

`make test` (and CI) draws every one a test asks for; `make check`, the quick loop between
edits, draws a fifth of them, as it draws fewer hypothesis examples (tests/conftest.py).
Both take their draws from seed 0 up, so a quick run checks the first part of the full one.
"""

import os

QUICK = os.environ.get("HYPOTHESIS_PROFILE") == "quick"


def draws(full: int) -> int:
    """The number of draws to make of a sweep that makes `full` of them in the full run."""
    return max(1, full // 5) if QUICK else full
