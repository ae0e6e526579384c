"""No inline style anywhere: the Content-Security-Policy allows only the site's own
stylesheets (style-src 'self'), so a style="..." attribute or a <style> element is refused
by the browser and logged as an error (table-mode phones did, issue 29). Every template
of the project, and every template tag that writes HTML, is read for one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = {".venv", "node_modules", "staticfiles", ".git"}

# A template's own comments may name what they avoid ("htmx must not inject its <style>").
COMMENTS = re.compile(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S)
INLINE_STYLE = re.compile(r"(?<![\w-])style\s*=|<style\b", re.I)


def _kept(path: Path) -> bool:
    return not LEFT_OUT & set(path.relative_to(ROOT).parts)


def _templates() -> list[Path]:
    folders = [ROOT / "templates", *ROOT.glob("*/templates")]
    return sorted(p for f in folders for p in f.rglob("*") if p.is_file() and _kept(p))


def _template_tags() -> list[Path]:
    return sorted(p for p in ROOT.glob("*/templatetags/*.py") if _kept(p))


def _inline_styles(text: str) -> list[str]:
    text = COMMENTS.sub("", text)
    return [
        text[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
        for m in INLINE_STYLE.finditer(text)
    ]


def test_the_scan_finds_the_templates_and_tags_of_every_app():
    names = {p.relative_to(ROOT).parts[0] for p in _templates()}
    assert {"templates", "live", "classes", "assignments", "lessons", "drawing"} <= names
    assert _template_tags()


@pytest.mark.parametrize(
    "text,found",
    [
        ('<p style="color: red">', True),
        ("<td STYLE='width:3em'>", True),
        ("<style>p { color: red }</style>", True),
        ('<p class="x">a duplicate-style game</p>', False),
        ("{# htmx must not inject its own <style> #}<p>", False),
        ('<p data-style="x">', False),
    ],
)
def test_the_scan_tells_an_inline_style_from_a_word(text, found):
    assert bool(_inline_styles(text)) is found


def test_no_template_has_an_inline_style():
    found = {
        str(p.relative_to(ROOT)): hits
        for p in _templates()
        if (hits := _inline_styles(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert found == {}


def test_no_template_tag_writes_an_inline_style():
    found = {
        str(p.relative_to(ROOT)): hits
        for p in _template_tags()
        if (hits := _inline_styles(p.read_text(encoding="utf-8")))
    }
    assert found == {}
