"""Reading an uploaded bridge file: its boards and results, scored and compared.

The upload is read in memory during the request and forgotten; the page shows what the
file holds, what the engine makes of it and where they disagree. What is written: a class's
quiz from its results, when a teacher asks for one.
"""

from __future__ import annotations

from dataclasses import dataclass

from assignments.models import Assignment
from bridgefiles.boards import FileContents, contents_of_pbn
from bridgefiles.checks import Checked, check_contents
from bridgefiles.lin import contents_of_lin
from bridgefiles.pbn import decode, read_pbn
from classes.models import Classroom

# The one call into teaching: the lead may move assignment_create to assignments' services.
from teaching.services import LimitReached, assignment_create

MAX_BYTES = 5 * 1024 * 1024
"""A club night's PBN with every table's result is under 100 KB; a season's, a few MB."""
MAX_BOARDS = 500
TOO_BIG = "This file is over 5 MB: a bridge file of a few hundred boards is far smaller"
NOT_TEXT = "This file is not a text file, so it is not PBN or LIN"
NOT_BRIDGE = (
    'This file is not a PBN file (no [Tag "value"] lines such as [Board "1"]) '
    "nor a LIN file (no qx| or md| boards)"
)
TOO_MANY_BOARDS = f"This file has more than {MAX_BOARDS} boards: split it and send each part"
NO_BOARDS = "No board could be read from this file: see the problems listed below"


__all__ = ["LimitReached"]  # teaching's, raised by file_quiz_create


class UnreadableFile(ValueError):
    """A file the site cannot read at all: the message says why."""


@dataclass
class FileImport:
    name: str
    contents: FileContents
    checked: Checked


def _looks_like_lin(text: str) -> bool:
    head = text.lstrip()[:4000]
    return "[" not in head[:200] and any(key in head for key in ("qx|", "md|", "pn|", "vg|"))


def bridge_file_read(*, name: str, data: bytes) -> FileImport:
    """Read a PBN or LIN file's boards and results and check them against the engine.

    Raises UnreadableFile when nothing of it is a bridge file. A file with broken parts
    is read where it is sound, each broken part in `contents.problems` with its line.
    """
    if len(data) > MAX_BYTES:
        raise UnreadableFile(TOO_BIG)
    if b"\x00" in data[:8192]:
        raise UnreadableFile(NOT_TEXT)
    text = decode(data)
    if _looks_like_lin(text) or name.lower().endswith(".lin"):
        contents = contents_of_lin(text)
    else:
        parsed = read_pbn(text)
        if parsed.tags_seen == 0:
            raise UnreadableFile(NOT_BRIDGE)
        contents = contents_of_pbn(parsed)
    if len(contents.boards) > MAX_BOARDS:
        raise UnreadableFile(TOO_MANY_BOARDS)
    return FileImport(name, contents, check_contents(contents))


# -- a class's quiz from the file's boards ------------------------------------------------------


def file_quiz_create(
    *, classroom: Classroom, title: str, questions: list[dict], form_key: str | None = None
) -> Assignment:
    """A draft assignment for the class whose questions are the file's results, in order,
    the same for every student (assignments.from_deals). The teacher previews it, sets its
    dates, and publishes it from its page. LimitReached when the class is full."""
    return assignment_create(
        classroom=classroom,
        title=title,
        preset=Assignment.Preset.DEALS,
        fixed_questions=questions,
        question_count=len(questions),
        same_for_everyone=True,
        layout=Assignment.Layout.ALL_ON_ONE_PAGE,
        show_answers=Assignment.ShowAnswers.AFTER_SUBMIT,
        form_key=form_key,
        publish=False,
    )
