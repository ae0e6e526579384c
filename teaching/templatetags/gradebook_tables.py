"""The gradebook's table rows, written in Python: {% student_rows book %} and {% stat_rows %}.

A class of 60 gives the students' table 60 rows of ten cells; drawn by the template language,
node by node (a lookup, a filter and a localisation for every value), they took two thirds
of the page's time. Here each row is one f-string of values worked out once.
The markup is the same as the template's was: the same elements, attributes and text, with
every piece of text escaped as the template escapes it.
"""

from __future__ import annotations

import re
from datetime import datetime
from html import escape

from django import template
from django.utils.dates import MONTHS_3
from django.utils.safestring import SafeString
from django.utils.timezone import get_current_timezone

from teaching.templatetags.addresses import address_around, quote_argument

register = template.Library()

NONE = "–"  # an empty cell
_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]+")  # a public id's letters (common.ids.new_public_id)

STAT_ROW = (
    '<tr data-{attribute}="{key}" data-right="{right}" data-answered="{answered}">'
    '<th scope="row">{label}</th>'
    '<td class="num">{right} of {answered}{blank}</td>'
    '<td class="num">{percent}</td>'
    "<td>{mistakes}</td>"
    "</tr>\n"
)

MISTAKE = '<li data-mistake="{key}">{name} <span class="muted">({count})</span></li>'


class _Minutes:
    """Times as the template's date:"j M, H:i" shows them, in the current time zone."""

    def __init__(self):
        self.months = {n: str(name).title() for n, name in MONTHS_3.items()}
        self.zone = get_current_timezone()  # looked up once, not once a time

    def __call__(self, value: datetime | None) -> str:
        if value is None:
            return NONE
        value = value.astimezone(self.zone)  # as localtime() does (the database's are aware)
        return f"{value.day} {self.months[value.month]}, {value.hour:02d}:{value.minute:02d}"


@register.simple_tag
def student_rows(book) -> SafeString:
    """The body of the students' table: one row per student, each linked to their page (their
    work, and what they alone are allowed), with that allowance noted beside the name."""
    # Reversed once for the whole table, not once a row (teaching/templatetags/addresses.py).
    head, tail = (
        escape(part) for part in address_around("teachers:student_work", book.assignment.public_id)
    )
    when = _Minutes()
    statuses = {}  # each status's attribute and cell, written once (a class has four at most)
    rows = []
    for row in book.rows:
        member = row.membership
        public_id = member.public_id
        if _PLAIN_ID.fullmatch(public_id):  # as the site makes them: nothing to quote or escape
            href = f"{head}{public_id}{tail}"
        else:
            href = f"{head}{escape(quote_argument(public_id))}{tail}"
            public_id = escape(public_id)
        name = f'<a href="{href}">{escape(member.display_name)}</a>'
        if row.note:
            name += f' <span class="badge">{escape(row.note)}</span>'
        if row.started:
            score = f"{row.right} / {row.total} ({row.percent}%)"
            answered = f"{row.answered} / {row.total}"
        else:
            score = answered = NONE
        minutes = row.minutes
        status = statuses.get(row.status)
        if status is None:
            status = statuses[row.status] = _status(row.status, row.status_text)
        rows.append(
            f'<tr data-student="{public_id}" data-status="{status[0]}" '
            f'data-right="{row.right}" data-answered="{row.answered}">'
            f'<th scope="row">{name}</th>'
            f"{status[1]}"
            f'<td class="num">{score}</td>'
            f'<td class="num">{answered}</td>'
            f'<td class="num">{row.attempts_used}</td>'
            f"<td>{when(row.started)}</td>"
            f"<td>{when(row.submitted)}</td>"
            f'<td class="num">{NONE if minutes is None else minutes}</td>'
            "</tr>\n"
        )
    return SafeString("".join(rows))


def _status(status: str, text: str) -> tuple[str, str]:
    """A status's value for data-status, and its cell."""
    status = escape(status)
    return status, f'<td><span class="status status--{status}">{escape(text)}</span></td>'


def _mistakes(stat) -> str:
    top = stat.top_mistakes
    if top:
        items = "".join(
            MISTAKE.format(key=escape(key), name=escape(name), count=count)
            for key, name, count in top
        )
        return f'<ul class="plain-list">{items}</ul>'
    return f'<span class="muted">{"None named" if stat.answered else NONE}</span>'


@register.simple_tag
def stat_rows(stats, attribute: str) -> SafeString:
    """The body of a table of how the class did per question or skill; each row carries
    data-<attribute> set to the stat's key."""
    return SafeString(
        "".join(
            STAT_ROW.format(
                attribute=escape(attribute),
                key=escape(stat.key),
                right=stat.right,
                answered=stat.answered,
                blank=f", {stat.blank} left blank" if stat.blank else "",
                label=escape(stat.label),
                percent=NONE if stat.percent is None else f"{stat.percent}%",
                mistakes=_mistakes(stat),
            )
            for stat in stats
        )
    )
