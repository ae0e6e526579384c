"""The join address as a QR code for the projector: segno works out the modules, the
template live/_qr.html draws them as inline SVG (no image service, nothing from outside)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import segno

QUIET_ZONE = 4  # modules of light margin a reader needs around the code


@dataclass(frozen=True)
class QrDrawing:
    """A QR code as one SVG path: `size` modules wide with its margin, `path` the dark ones."""

    address: str
    size: int
    path: str


@lru_cache(maxsize=64)
def qr_drawing(address: str) -> QrDrawing:
    """The code of `address`: one path of horizontal runs of dark modules, row by row."""
    code = segno.make(address, error="m", micro=False)
    runs = []
    for y, row in enumerate(code.matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    width = len(code.matrix[0]) + 2 * QUIET_ZONE
    return QrDrawing(address=address, size=width, path="".join(runs))
