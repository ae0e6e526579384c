"""Duplicate: every deal on its own; the board number sets dealer and vulnerability.

>>> board_conditions(2)
('E', 'NS')
>>> board_conditions(17) == board_conditions(1)
True
"""

from __future__ import annotations

from scoring.errors import InvalidForm

SEATS = ("N", "E", "S", "W")
# Vulnerability advances one step a board and one more every fourth board, so that
# the sixteen boards hold each dealer with each vulnerability once.
_VULNERABILITY = ("none", "NS", "EW", "both")


def board_conditions(board: int) -> tuple[str, str]:
    """(dealer, vulnerable) for a board: dealer N/E/S/W; vulnerable none/NS/EW/both."""
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise InvalidForm(f"Board numbers start at 1, got {board!r}")
    n = (board - 1) % 16
    return SEATS[n % 4], _VULNERABILITY[(n + n // 4) % 4]


def seat_vulnerable(board: int, seat: str) -> bool:
    """Is the pair sitting at `seat` (N, E, S or W) vulnerable on this board?"""
    vulnerable = board_conditions(board)[1]
    pair = "NS" if seat.upper() in ("N", "S") else "EW"
    return vulnerable == "both" or vulnerable == pair
