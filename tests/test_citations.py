"""The rules the code cites are in the repository: docs/rules.md, cited as "rules §2.6".

Every section cited exists there, and no file cites a document outside the repository.
"""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
CITED = re.compile(r"rules(?:\.md)? (§\d+(?:\.\d+)?)")
# Ways the code once cited the documents it was made from, which are not in the repository.
# The real bridge files beside the checkout (../shared/bridge-files) are test data that the
# bridge-file tests read in place (they may not be copied in), not a document cited.
OUTSIDE = re.compile(r"\bRULES\.md|\b[Ss]eed 00\d\b|\.\./shared(?!/bridge-files)|shared/seeds")


def _tracked(*patterns: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [ROOT / name for name in listed.stdout.split() if "/migrations/" not in name]


def _sections() -> set[str]:
    headings = re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", RULES.read_text(), re.MULTILINE)
    return {f"§{number}" for number in headings}


def test_every_section_the_code_cites_is_in_docs_rules():
    sections = _sections()
    assert {"§1", "§1.6", "§2.6", "§8.1"} <= sections
    missing = {
        (path.relative_to(ROOT).as_posix(), cited)
        for path in _tracked("*.py", "*.html", "*.md")
        for cited in CITED.findall(path.read_text())
        if cited not in sections
    }
    assert missing == set()


def test_the_code_cites_the_rules_often():
    cited = sum(len(CITED.findall(p.read_text())) for p in _tracked("*.py", "*.html"))
    assert cited > 100


def test_nothing_cites_a_document_outside_the_repository():
    outside = [
        (path.relative_to(ROOT).as_posix(), line.strip()[:80])
        for path in _tracked("*.py", "*.html", "*.md", "*.js", "*.css")
        for line in path.read_text().splitlines()
        if OUTSIDE.search(line) and path != Path(__file__)
    ]
    assert outside == []


def test_the_outside_pattern_catches_the_old_citations():
    assert OUTSIDE.search("# RULES.md 2: a game is 100") and OUTSIDE.search("(seed 000)")
    assert not OUTSIDE.search("secret_seed = models.BigIntegerField()")
    assert not OUTSIDE.search("the rules (docs/rules.md §2.6)")
