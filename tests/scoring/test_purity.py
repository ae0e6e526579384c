"""scoring/ is pure Python: the rules never depend on the web framework."""

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"
ALLOWED = {"apps.py"}


def test_scoring_imports_nothing_from_django_outside_apps_and_template_tags():
    offenders = []
    for path in SCORING.rglob("*.py"):
        if path.name in ALLOWED or "templatetags" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []
