"""Reports as CSV files: the gradebook (one row per student, those who have not started
included, each question's mark and the answer given), the whole class, one student's work."""

from __future__ import annotations

import csv
import re

from django.http import HttpResponse
from django.template.defaultfilters import floatformat
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from reports.at_tables import NO_BOARDS
from reports.gradebook import Gradebook, GradeRow, answers_given

HEADER = [
    gettext_noop("Student"),
    gettext_noop("Status"),
    gettext_noop("Attempts used"),
    gettext_noop("Answered"),
    gettext_noop("Right"),
    gettext_noop("Questions"),
    gettext_noop("Score (%)"),
    gettext_noop("Started"),
    gettext_noop("Submitted"),
    gettext_noop("Minutes taken"),
]
# Each row says which assignment it is of, so a sheet of several exports stays readable.
ASSIGNMENT_HEADER = [gettext_noop("Assignment"), gettext_noop("Due")]
# A spreadsheet runs a cell that starts with one of these as a formula: a student's
# chosen name must never do that on the teacher's computer.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """A student's text as a spreadsheet shows it, never as a formula.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("Sam")
    ("'=HYPERLINK(1)", 'Sam')
    """
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


NUMBER = re.compile(r"-?\d+(\.\d+)?")


def answer_cell(text: str) -> str:
    """An answer as given, for a spreadsheet: a figure such as -200 stays a number (a
    spreadsheet reads it as one, never as a formula); any other text is a safe_cell.

    >>> answer_cell("-200"), answer_cell("-1+2")
    ('-200', "'-1+2")
    """
    return text if NUMBER.fullmatch(text) else safe_cell(text)


def _when(value) -> str:
    """A time in the teacher's zone (the one their pages show), to the minute."""
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else ""


def _heading(key: str, zone: str, times: set[str]) -> str:
    """A column's heading in the teacher's language; a time's says its zone."""
    return f"{gettext(key)}{zone}" if key in times else gettext(key)


def _mark(value) -> str:
    return {True: gettext("right"), False: gettext("wrong")}.get(value, "")


EXCUSED = gettext_noop("Excused")


def _status(row: GradeRow) -> str:
    """The row's status, and whether the student is excused, as the class-wide CSV says."""
    if not row.excused:
        return row.status_text
    excused = gettext(EXCUSED)
    return excused if row.started is None else f"{row.status_text} ({excused.lower()})"


def row_cells(row: GradeRow) -> list:
    started = row.started is not None
    return [
        safe_cell(row.membership.display_name),
        _status(row),
        row.attempts_used,
        row.answered if started else "",
        row.right if started else "",
        row.total,
        row.percent if started else "",
        _when(row.started),
        _when(row.submitted),
        row.minutes if row.minutes is not None else "",
        *[_mark(m) for m in row.marks],
    ]


def gradebook_response(book: Gradebook) -> HttpResponse:
    name = slugify(f"{book.assignment.classroom.name} {book.assignment.title}") or "gradebook"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    # The byte-order mark tells Excel the file is UTF-8 (else "María" comes out garbled).
    response.write("\ufeff")
    writer = csv.writer(response)
    zone = f" ({timezone.get_current_timezone_name()})"  # the teacher's: see _when
    times = {"Started", "Submitted", "Due"}
    header = [_heading(h, zone, times) for h in HEADER + ASSIGNMENT_HEADER]
    # Each question's mark, then each question's answer as the student gave it.
    answer_columns = [gettext("{label} answer").format(label=label) for label in book.short_labels]
    writer.writerow(header + book.short_labels + answer_columns)
    assignment = book.assignment
    given = answers_given(book)
    blanks = [""] * len(book.short_labels)
    for row in book.rows:
        cells = row_cells(row)
        # The student's own due date: a later one the teacher allowed them, else the class's.
        about = [safe_cell(assignment.title), _when(row.due_at or assignment.due_at)]
        answers = [answer_cell(text) for text in given.get(row.attempt_id, blanks)]
        writer.writerow(cells[: len(HEADER)] + about + cells[len(HEADER) :] + answers)
    return response


def overview_response(report) -> HttpResponse:
    """The class-wide view as a spreadsheet: a row per student, a column per assignment
    (the score in per cent once handed in or closed, "excused", or empty), their average and
    last activity; then two columns per live class at the tables, their pair's percentage
    and its place (empty if they did not play), which the average leaves out."""
    classroom = report.classroom
    name = slugify(f"{classroom.name} whole class") or "class"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (see gradebook_response)
    writer = csv.writer(response)
    zone = timezone.get_current_timezone_name()
    writer.writerow(
        [
            gettext("Student"),
            *[safe_cell(a.title) for a in report.assignments],
            gettext("Average (%)"),
            gettext("Last activity ({zone})").format(zone=zone),
            *[
                safe_cell(heading)
                for session in report.table_sessions
                for heading in (
                    f"{session.heading} (%)",
                    gettext("{heading}, place").format(heading=session.heading),
                )
            ],
        ]
    )
    for line in report.lines:
        cells = [
            c.final if c.final is not None else {"excused": gettext("excused")}.get(c.status, "")
            for c in line.cells
        ]
        average = line.average
        writer.writerow(
            [
                safe_cell(line.membership.display_name),
                *cells,
                "" if average is None else average,
                _when(line.last_activity),
                *[cell for played in line.at_tables for cell in _at_tables_cells(played)],
            ]
        )
    return response


def _at_tables_cells(played) -> list:
    """A pair's result in two cells: its percentage as a number, its place in words ("no
    boards entered" if none counts); two empty cells for a student who did not play."""
    if played is None:
        return ["", ""]
    if played.percentage is None:
        return ["", played.text]
    return [floatformat(played.percentage, 2), played.place_text]


STUDENT_HEADER = [
    gettext_noop("Assignment"),
    gettext_noop("Kind"),
    gettext_noop("Due"),
    gettext_noop("Status"),
    gettext_noop("Allowed"),
    gettext_noop("Attempt"),
    gettext_noop("Attempt counts"),
    gettext_noop("Started"),
    gettext_noop("Handed in"),
    gettext_noop("Question"),
    gettext_noop("Mark"),
    gettext_noop("Answer given"),
    gettext_noop("Slips"),
]
# A live class at the tables is a row of its own, with its pair's result in these columns
# (results, not marks).
AT_TABLES_HEADER = [
    gettext_noop("Pair"),
    gettext_noop("Sat"),
    gettext_noop("Matchpoints (%)"),
    gettext_noop("Place"),
    gettext_noop("Boards played"),
]
AT_TABLES_KIND = gettext_noop("At the tables")
NOT_AT_TABLES = gettext_noop("Not at the tables")


def student_response(work) -> HttpResponse:
    """One student's work as a spreadsheet (reports.student.StudentWork): a row per question
    of every attempt, reset ones too, with the mark, the answer given and the slips named;
    an assignment not started is one row with its status. Then a row per live class at the
    tables, with their pair's result in the last columns."""
    membership = work.membership
    name = slugify(f"{work.classroom.name} {membership.display_name}") or "student"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (see gradebook_response)
    writer = csv.writer(response)
    zone = f" ({timezone.get_current_timezone_name()})"
    times = {"Due", "Started", "Handed in"}
    header = STUDENT_HEADER + AT_TABLES_HEADER
    no_result = [""] * len(AT_TABLES_HEADER)  # an assignment's rows: no pair's result
    writer.writerow([_heading(h, zone, times) for h in header])
    for line in work.lines:
        about = [
            safe_cell(line.assignment.title),
            gettext("Live class") if line.is_live else gettext("Assignment"),
            _when(line.rules.due_at),
            line.status_text,
            line.note,
        ]
        if not line.attempts:
            writer.writerow(about + [""] * (len(header) - len(about)))
        for attempt in line.attempts:
            counts = (
                gettext("reset")
                if attempt.voided_at
                else (gettext("yes") if attempt.counts else gettext("no"))
            )
            when = [attempt.number, counts, _when(attempt.started), _when(attempt.submitted_at)]
            for question, given in zip(attempt.questions, attempt.given_text, strict=True):
                writer.writerow(
                    about
                    + when
                    + [
                        safe_cell(question.label),
                        question.mark_text.lower(),
                        answer_cell(given),
                        safe_cell(question.slips_text),
                    ]
                    + no_result
                )
    for line in work.at_tables:
        writer.writerow(_at_tables_row(line))
    return response


def _at_tables_row(line) -> list:
    """A live class at the tables in the student's CSV: when, and their pair's result."""
    played = line.played
    about = [
        safe_cell(line.session.title),
        gettext(AT_TABLES_KIND),
        _when(line.session.finished_at),
    ]
    blanks = [""] * (len(STUDENT_HEADER) - len(about) - 1)  # after the status
    if played is None:
        return [*about, gettext(NOT_AT_TABLES), *blanks, *[""] * len(AT_TABLES_HEADER)]
    if played.percentage is None:
        nothing = [played.pair, played.direction_text, "", "", ""]
        return [*about, gettext(NO_BOARDS).capitalize(), *blanks, *nothing]
    percent, place = _at_tables_cells(played)
    result = [played.pair, played.direction_text, percent, place, played.boards]
    return [*about, gettext("Played"), *blanks, *result]
