"""Reports as CSV files: the gradebook (one row per student, those who have not started
included, each question's mark and the answer given), the whole class, one student's work."""

from __future__ import annotations

import csv
import re

from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from reports.gradebook import Gradebook, GradeRow, answers_given

HEADER = [
    "Student",
    "Status",
    "Attempts used",
    "Answered",
    "Right",
    "Questions",
    "Score (%)",
    "Started",
    "Submitted",
    "Minutes taken",
]
# Each row says which assignment it is of, so a sheet of several exports stays readable.
ASSIGNMENT_HEADER = ["Assignment", "Due"]
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


def _mark(value) -> str:
    return {True: "right", False: "wrong"}.get(value, "")


EXCUSED = "Excused"


def _status(row: GradeRow) -> str:
    """The row's status, and whether the student is excused, as the class-wide CSV says."""
    if not row.excused:
        return row.status_text
    return EXCUSED if row.started is None else f"{row.status_text} ({EXCUSED.lower()})"


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
    header = [f"{h}{zone}" if h in times else h for h in HEADER + ASSIGNMENT_HEADER]
    # Each question's mark, then each question's answer as the student gave it.
    answer_columns = [f"{label} answer" for label in book.short_labels]
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
    last activity."""
    classroom = report.classroom
    name = slugify(f"{classroom.name} whole class") or "class"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (see gradebook_response)
    writer = csv.writer(response)
    zone = timezone.get_current_timezone_name()
    writer.writerow(
        [
            "Student",
            *[safe_cell(a.title) for a in report.assignments],
            "Average (%)",
            f"Last activity ({zone})",
        ]
    )
    for line in report.lines:
        cells = [
            c.final if c.final is not None else {"excused": "excused"}.get(c.status, "")
            for c in line.cells
        ]
        average = line.average
        writer.writerow(
            [
                safe_cell(line.membership.display_name),
                *cells,
                "" if average is None else average,
                _when(line.last_activity),
            ]
        )
    return response


STUDENT_HEADER = [
    "Assignment",
    "Kind",
    "Due",
    "Status",
    "Allowed",
    "Attempt",
    "Attempt counts",
    "Started",
    "Handed in",
    "Question",
    "Mark",
    "Answer given",
    "Slips",
]


def student_response(work) -> HttpResponse:
    """One student's work as a spreadsheet (reports.student.StudentWork): a row per question
    of every attempt, reset ones too, with the mark, the answer given and the slips named;
    an assignment not started is one row with its status."""
    membership = work.membership
    name = slugify(f"{work.classroom.name} {membership.display_name}") or "student"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads the file as UTF-8 (see gradebook_response)
    writer = csv.writer(response)
    zone = f" ({timezone.get_current_timezone_name()})"
    times = {"Due", "Started", "Handed in"}
    writer.writerow([f"{h}{zone}" if h in times else h for h in STUDENT_HEADER])
    for line in work.lines:
        about = [
            safe_cell(line.assignment.title),
            "Live class" if line.is_live else "Assignment",
            _when(line.rules.due_at),
            line.status_text,
            line.note,
        ]
        if not line.attempts:
            writer.writerow(about + [""] * (len(STUDENT_HEADER) - len(about)))
        for attempt in line.attempts:
            counts = "reset" if attempt.voided_at else ("yes" if attempt.counts else "no")
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
                )
    return response
