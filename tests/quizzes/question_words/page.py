"""The question's page as the learner reads it, and its sheet read back cell by cell."""

from __future__ import annotations

import html
import re

from django.template.loader import render_to_string

from quizzes.forms import answer_form
from quizzes.models import Question
from quizzes.selectors import question_base_context

# -- the page as the learner reads it ---------------------------------------------------------


def page_html(kind, situation) -> str:
    """The question drawn as its page draws it, before any answer: text, sheet and boxes."""
    question = Question(kind=kind.key, situation=situation, skills=kind.skills(situation), seed=0)
    q = question_base_context(question)
    q.update(form=answer_form(kind.fields(situation)), attributes={})
    return render_to_string("quizzes/question.html", {"q": q})


def text_of(markup: str) -> str:
    """What a reader (or a screen reader) gets from some markup: its words, one space apart."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


class Unstated(AssertionError):
    """The words of a question do not state a fact its answer depends on."""


def find(pattern: str, text: str, what: str) -> re.Match:
    match = re.search(pattern, text, re.S)
    if match is None:
        raise Unstated(f"The question does not say {what}: {text_of(text)[:800]}")
    return match


STRAINS = {"club": "C", "diamond": "D", "heart": "H", "spade": "S", "notrump": "NT"}
CONTRACT_WORDS = r"([1-7]) (club|diamond|heart|spade|notrump)s?(?: (redoubled|doubled))?"


def contract_in(words: str) -> str:
    """A contract as "4HX", read off its spoken form ("4 hearts doubled")."""
    level, strain, doubling = find(CONTRACT_WORDS, words, "the contract").groups()
    return f"{level}{STRAINS[strain]}{ {None: '', 'doubled': 'X', 'redoubled': 'XX'}[doubling] }"


def contracts_in(words: str) -> list[str]:
    return [contract_in(m.group(0)) for m in re.finditer(CONTRACT_WORDS, words)]


def vulnerable_in(words: str, who: str = "") -> bool:
    match = find(rf"{who}\s*(?:is|are) (not )?vulnerable", words, "the vulnerability")
    return match.group(1) is None


# -- a sheet, read back cell by cell ----------------------------------------------------------


def read_sheet(markup: str, caption: str) -> dict:
    """A drawn WE/THEY sheet read as a learner reads it: each column's figures above the
    line, below it by game, and the game lines drawn ("game to THEY")."""
    table = find(
        rf'<table class="sheet-table" data-sheet>\s*<caption>{caption}</caption>(.*?)</table>',
        markup,
        f"the sheet {caption!r}",
    ).group(1)
    head = [
        text_of(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", table.split("</thead>")[0])
    ]
    assert head == ["WE", "THEY"], head
    above = {"we": [], "they": []}
    games = []  # each game: the side it went to, or None for the one still being played
    segments = []
    for cls, body in re.findall(r'<tbody class="([^"]*)">(.*?)</tbody>', table, re.S):
        if "sheet-table__line" in cls:
            continue
        rows = {"we": [], "they": []}
        closed = None
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            if len(cells) == 1:
                closed = find(r"game to (WE|THEY)", text_of(cells[0]), "whose game").group(1)
                continue
            for side, cell in zip(("we", "they"), cells, strict=True):
                words = text_of(re.sub(r'<span class="visually-hidden">[^<]*</span>', "", cell))
                if words:
                    rows[side].append(int(words))
        if "sheet-table__above" in cls:
            above = rows
        else:
            segments.append(rows)
            games.append(closed.lower() if closed else None)
    won = {side: games.count(side) for side in ("we", "they")}
    # Below the line after the last game line: the part-scores of the game being played.
    current = {"we": 0, "they": 0}
    if segments and games[-1] is None:
        current = {side: sum(segments[-1][side]) for side in current}
    totals = {
        side: sum(above[side]) + sum(sum(s[side]) for s in segments) for side in ("we", "they")
    }
    return {"games": won, "part_score": current, "totals": totals}


OTHER = {"we": "they", "they": "we"}


def sheet_vulnerable(sheet) -> set[str]:
    return {side for side, won in sheet["games"].items() if won}


def as_choice(sides) -> str:
    sides = set(sides)
    return "none" if not sides else "both" if len(sides) == 2 else next(iter(sides))
