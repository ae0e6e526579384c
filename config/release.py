"""Which release of the site is running: the key that keeps cached fragments honest.

A fragment cached by one release (`{% cache %}` in the lesson templates) must never be
served by the next, even from a cache the two share. Deployments may name the release in
the RELEASE variable (a git commit, say); otherwise it is a fingerprint of the code and
templates that make the fragments, so any change to them is a new release.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

# Where fragments come from: the engine, the apps that draw it, every template, and the
# static files whose hashed names the layout fragment holds.
SOURCES = ("config", "scoring", "drawing", "common", "lessons", "quizzes", "templates", "static")
SUFFIXES = (".py", ".html", ".css", ".js", ".svg")


def fingerprint(root: Path) -> str:
    """A short hash of every source file under SOURCES, names and contents."""
    digest = hashlib.sha256()
    for source in SOURCES:
        for path in sorted((root / source).rglob("*")):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
