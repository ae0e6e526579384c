"""scoring/ is pure Python: the rules never depend on the web framework, and draw nothing."""

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def test_scoring_imports_nothing_from_django():
    offenders = []
    for path in SCORING.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []


def test_scoring_ships_no_templates():
    assert [p.name for p in SCORING.rglob("*.html")] == []


def test_no_scoring_module_runs_past_600_lines():
    # A module that long holds more than one idea: split it along its seams.
    long = {
        path.relative_to(SCORING).as_posix(): length
        for path in SCORING.rglob("*.py")
        if (length := len(path.read_text().splitlines())) > 600
    }
    assert long == {}
