"""A tolerant reader of PBN files as clubs and programs really write them.

PBN (Portable Bridge Notation) is a text of tags, ``[Board "1"]``, grouped into one record a
board (a blank line between records), with comments (``%`` lines, ``;`` to the end of a
line, ``{...}`` over several lines), sections after some tags (an auction, the play, the
rows of a ``ScoreTable``), and ``"#"`` for a value the record takes from the one before.

endplay's reader (``endplay.parsers.pbn``) reads all fourteen real files of the shared
folder, but a file as a whole: one broken record raises for every board, with no line
number, and it reads an empty Contract as "Pass", so a board with no result and a board
passed out look alike. This reader keeps each tag's and each row's line, so a broken part
is reported where it is and the rest is read; `bridgefiles.boards` then makes sense of the
values. endplay still checks the deals and reads back what `bridgefiles.export` writes.

>>> text = '[Board "1"]\\n[Contract "4S"] ; a comment\\n\\n[Board "2"]\\n[Contract "#"]\\n'
>>> parsed = read_pbn(text)
>>> [(r.line, r.value("Board"), r.value("Contract")) for r in parsed.records]
[(1, '1', '4S'), (4, '2', '4S')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scoring.words import Words, gettext_noop, ngettext

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
INHERIT = "#"


@dataclass(frozen=True)
class Problem:
    """Something in the file that could not be read, and where."""

    line: int
    message: Words
    """Said in the page's language (`|say`)."""


@dataclass
class Table:
    """A tag whose section is rows of columns: ScoreTable, TotalScoreTable, ..."""

    name: str
    line: int
    columns: list[str]
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    """Each row's line and its values by column name."""


@dataclass
class Record:
    """One game's tags (a board, most often), each with the line it was on."""

    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)

    def value(self, name: str, default: str = "") -> str:
        return self.tags.get(name, (default, 0))[0]

    def line_of(self, name: str) -> int:
        return self.tags.get(name, ("", self.line))[1]


@dataclass
class ParsedFile:
    records: list[Record]
    problems: list[Problem]
    tags_seen: int


def decode(data: bytes) -> str:
    """The file's text: UTF-8 (a byte-order mark dropped), else Windows-1252 / Latin-1, as
    the French federation's and KoPS's files are; line ends made LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _columns(value: str) -> list[str]:
    """'Rank\\2R;PairId\\2R' -> ['Rank', 'PairId']: each column's name, its width and
    ordering marks dropped."""
    names = []
    for part in value.split(";"):
        name = part.split("\\")[0].strip().lstrip("+-")
        if name:
            names.append(name)
    return names


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")


class _Reader:
    def __init__(self):
        self.records: list[Record] = []
        self.problems: list[Problem] = []
        self.current: Record | None = None
        self.table: Table | None = None
        self.in_comment = 0  # the line a {...} comment opened on, 0 when none is open
        self.tags_seen = 0

    def close_record(self) -> None:
        if self.current is not None and self.current.tags:
            previous = self.records[-1] if self.records else None
            for name, (value, line) in list(self.current.tags.items()):
                if value == INHERIT:
                    inherited = previous.tags.get(name) if previous else None
                    if inherited is None:
                        self.problems.append(
                            Problem(
                                line,
                                Words(
                                    gettext_noop(
                                        "{tag} says # (as before) but no earlier record gives "
                                        "it: left empty"
                                    ),
                                    tag=name,
                                ),
                            )
                        )
                        self.current.tags[name] = ("", line)
                    else:
                        self.current.tags[name] = (inherited[0], line)
            self.records.append(self.current)
        self.current, self.table = None, None

    def feed(self, number: int, line: str) -> None:
        if self.in_comment:
            end = line.find("}")
            if end < 0:
                return
            self.in_comment = 0
            line = line[end + 1 :]
            if not line.strip():
                return  # the comment's last line: no blank line, the record goes on
        if not line.strip():
            self.close_record()
            return
        if line.startswith("%"):
            return  # an escape line: comments, a producer's settings, statistics
        position, rest = 0, ""
        while position < len(line):
            char = line[position]
            if char == "{":
                end = line.find("}", position)
                if end < 0:
                    self.in_comment = number
                    break
                position = end + 1
            elif char == ";":
                break
            elif char == "[":
                match = TAG.match(line, position)
                if match is None:
                    self.problems.append(
                        Problem(
                            number,
                            Words(
                                gettext_noop(
                                    'A tag here is not of the form [Name "value"]: the line was '
                                    "skipped"
                                )
                            ),
                        )
                    )
                    return
                self.tag(number, match.group(1), _unescape(match.group(2)))
                position = match.end()
            else:
                end = min(
                    (i for i in (line.find(c, position) for c in "[{;") if i >= 0),
                    default=len(line),
                )
                rest += line[position:end] + " "
                position = end
        if rest.strip() and self.table is not None:
            self.row(number, rest)

    def tag(self, number: int, name: str, value: str) -> None:
        self.tags_seen += 1
        if self.current is None:
            self.current = Record(number)
        if name == "Board" and name in self.current.tags:
            # Two records without a blank line between them: a new Board starts a new one.
            self.close_record()
            self.current = Record(number)
        self.current.tags.setdefault(name, (value, number))
        if name.endswith("Table") and value != INHERIT:
            self.table = Table(name, number, _columns(value))
            self.current.tables[name] = self.table
        else:
            self.table = None

    def row(self, number: int, text: str) -> None:
        table = self.table
        values = [
            _unescape(m.group(1)) if m.group(1) is not None else m.group(2)
            for m in TOKEN.finditer(text)
        ]
        if len(values) != len(table.columns):
            self.problems.append(
                Problem(
                    number,
                    ngettext(
                        "A row of the {table} has {count} value for its {columns} columns: the "
                        "row was skipped",
                        "A row of the {table} has {count} values for its {columns} columns: the "
                        "row was skipped",
                        len(values),
                        table=table.name,
                        count=len(values),
                        columns=len(table.columns),
                    ),
                )
            )
            return
        table.rows.append((number, dict(zip(table.columns, values, strict=True))))


def read_pbn(text: str) -> ParsedFile:
    """Every record of a PBN text, and the problems found, each with its line number."""
    reader = _Reader()
    for number, line in enumerate(text.split("\n"), start=1):
        reader.feed(number, line)
    if reader.in_comment:
        reader.problems.append(
            Problem(
                reader.in_comment,
                Words(gettext_noop("A comment opened with {{ here is never closed")),
            )
        )
    reader.close_record()
    return ParsedFile(reader.records, reader.problems, reader.tags_seen)
