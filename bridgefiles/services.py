"""Reading an uploaded bridge file: its boards and results, scored and compared.

The upload is read in memory during the request and forgotten; the page shows what the
file holds, what the engine makes of it and where they disagree. What is written: a class's
quiz from its results, when a teacher asks for one.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from assignments import from_deals
from assignments.from_deals import BoardResult
from assignments.models import Assignment
from assignments.services import LimitReached, assignment_create
from bridgefiles.boards import FileContents, contents_of_pbn
from bridgefiles.checks import Checked, check_contents
from bridgefiles.lin import contents_of_lin
from bridgefiles.models import SavedFile
from bridgefiles.pbn import decode, read_pbn
from classes.models import Classroom
from handrecords.lin import looks_like_lin
from handrecords.services import hand_record_make

MAX_BYTES = 5 * 1024 * 1024
"""A club night's PBN with every table's result is under 100 KB; a season's, a few MB."""
MAX_BOARDS = 500
# Messages in English, marked for the catalogues; said with gettext() where they are raised.
TOO_BIG = gettext_noop(
    "This file is over 5 MB: a bridge file of a few hundred boards is far smaller"
)
NOT_TEXT = gettext_noop("This file is not a text file, so it is not PBN or LIN")
NOT_BRIDGE = gettext_noop(
    'This file is not a PBN file (no [Tag "value"] lines such as [Board "1"]) '
    "nor a LIN file (no qx| or md| boards)"
)
TOO_MANY_BOARDS = gettext_noop(
    "This file has more than {limit} boards: split it and send each part"
)
NO_BOARDS = gettext_noop("No board could be read from this file: see the problems listed below")


__all__ = ["LimitReached"]  # assignments', raised by file_quiz_create


class UnreadableFile(ValueError):
    """A file the site cannot read at all: the message says why."""


@dataclass
class FileImport:
    name: str
    contents: FileContents
    checked: Checked


def bridge_file_read(*, name: str, data: bytes) -> FileImport:
    """Read a PBN or LIN file's boards and results and check them against the engine.

    Raises UnreadableFile when nothing of it is a bridge file. A file with broken parts
    is read where it is sound, each broken part in `contents.problems` with its line.
    """
    if len(data) > MAX_BYTES:
        raise UnreadableFile(gettext(TOO_BIG))
    if b"\x00" in data[:8192]:
        raise UnreadableFile(gettext(NOT_TEXT))
    text = decode(data)
    if looks_like_lin(text) or name.lower().endswith(".lin"):
        contents = contents_of_lin(text)
    else:
        parsed = read_pbn(text)
        if parsed.tags_seen == 0:
            raise UnreadableFile(gettext(NOT_BRIDGE))
        contents = contents_of_pbn(parsed)
    if len(contents.boards) > MAX_BOARDS:
        raise UnreadableFile(gettext(TOO_MANY_BOARDS).format(limit=MAX_BOARDS))
    return FileImport(name, contents, check_contents(contents))


# -- a class's quiz from the file's boards ------------------------------------------------------


def par_results(*, deals) -> list[BoardResult]:
    """Each board's par as a result to score: the solver's first par contract, by its first
    declarer, with the tricks par takes; a board whose par is to pass it out has none."""
    results = []
    for number, dealer, vulnerable, deal in deals:
        try:
            record = hand_record_make(deal=deal, board=number, dealer=dealer, vulnerable=vulnerable)
        except ValueError:
            continue  # not a whole deal: nothing for the solver
        if record.par_contracts:
            par = record.par_contracts[0]
            results.append(
                BoardResult(
                    board=number,
                    vulnerable=vulnerable,
                    declarer=par.declarers[0],
                    contract=par.contract,
                    tricks=par.tricks,
                    label=gettext("Board {board}: par").format(board=number),
                )
            )
    return results


def file_quiz_questions(*, results, deals, par: bool) -> list[dict]:
    """The questions of a class's quiz from a file: its results, and with `par` each
    board's par after them (from_deals.questions_of: at most MAX_QUESTIONS in all).

    A question on a board whose four hands the file gives keeps the board as the file has
    it, `board`: {dealer, vulnerable, deal}, beside what it asks; the assignment's deals are
    written from it as PBN (export.boards_of_questions). Students are never shown it."""
    if par:
        results = sorted([*results, *par_results(deals=deals)], key=lambda r: r.board)
    boards = {}
    for number, dealer, vulnerable, deal in deals:
        boards.setdefault(number, {"dealer": dealer, "vulnerable": vulnerable, "deal": deal})
    questions = from_deals.questions_of(results)
    for question in questions:
        if board := boards.get(question["situation"]["deal"]["board"]):
            question["board"] = board
    return questions


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


# -- files a teacher keeps ----------------------------------------------------------------------

SAVED_PER_TEACHER = 20
"""Files one teacher keeps: a term's class nights, with room to spare."""
SAVED_MAX_BYTES = 1024 * 1024
"""The largest file kept: a club night's results are under 100 KB, a big congress's 300 KB."""
UNDO_HOURS = 24
"""How long a deleted file can be brought back; after that it is gone for good."""
SAVED_FULL = gettext_noop(
    "You keep {limit} files, as many as an account can keep. Delete one you no longer "
    "need, then send this file again to keep it."
)
RESTORE_FULL = gettext_noop(
    "You keep {limit} files, as many as an account can keep: delete one before you bring "
    "this one back."
)
SAVED_TOO_BIG = gettext_noop(
    "This file is over 1 MB, too large to keep. It can still be read here whenever you send it."
)


class CannotKeep(ValueError):
    """A file that cannot be kept (too large, or the teacher keeps as many as they can)."""


def saved_files_purge(*, owner=None) -> int:
    """Delete for good the files deleted over UNDO_HOURS ago (one teacher's, or everyone's);
    how many went."""
    cutoff = timezone.now() - timedelta(hours=UNDO_HOURS)
    gone = SavedFile.all_objects.filter(deleted_at__lt=cutoff)
    if owner is not None:
        gone = gone.filter(owner=owner)
    return gone.delete()[0]


def saved_file_create(*, owner, name: str, data: bytes, read: FileImport) -> SavedFile:
    """Keep a file the teacher has just read, as it was sent (or find the copy they keep
    already). CannotKeep when too large, when no board of it could be read, or when they
    keep as many as they can."""
    if len(data) > SAVED_MAX_BYTES:
        raise CannotKeep(gettext(SAVED_TOO_BIG))
    if not read.contents.boards:
        raise CannotKeep(gettext(NO_BOARDS))  # nothing to read again: its problems are on the page
    saved_files_purge(owner=owner)
    digest = hashlib.sha256(data).hexdigest()
    with transaction.atomic():
        kept = SavedFile.objects.filter(owner=owner, digest=digest).first()
        if kept is not None:
            return kept  # the same file again: the copy already kept
        if SavedFile.objects.filter(owner=owner).count() >= SAVED_PER_TEACHER:
            raise CannotKeep(gettext(SAVED_FULL).format(limit=SAVED_PER_TEACHER))
        return SavedFile.objects.create(
            owner=owner,
            name=name[: SavedFile._meta.get_field("name").max_length],
            event=read.contents.event[: SavedFile._meta.get_field("event").max_length],
            board_count=len(read.contents.boards),
            data=data,
            digest=digest,
        )


def saved_file_delete(*, saved: SavedFile) -> None:
    """Off the teacher's list at once; gone for good UNDO_HOURS later."""
    SavedFile.all_objects.filter(pk=saved.pk).update(deleted_at=timezone.now())
    saved_files_purge(owner=saved.owner_id)


def saved_file_restore(*, saved: SavedFile) -> None:
    """Back on the list (deleted less than UNDO_HOURS ago). CannotKeep when the list is full."""
    if SavedFile.objects.filter(owner=saved.owner_id).count() >= SAVED_PER_TEACHER:
        raise CannotKeep(gettext(RESTORE_FULL).format(limit=SAVED_PER_TEACHER))
    SavedFile.all_objects.filter(pk=saved.pk).update(deleted_at=None)
