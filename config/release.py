"""Which release of the site is running: the key of every template fragment kept for everyone.

A fragment kept by one release (`{% cache %}` in the "fragments" cache, whose KEY_PREFIX
is the release: config/settings.py) must never be served by the next. Each process keeps
its own (a new release is new processes), and the release in every key holds even should
the cache outlive a process or be shared. Deployments may name the release in the
RELEASE variable (a git commit, say); otherwise it is a fingerprint of the code, templates
and static files that make the pages, so any change to them is a new release.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

# Where kept fragments come from: the engine, the apps that draw it, every template, and the
# static files whose hashed names the layout holds.
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
