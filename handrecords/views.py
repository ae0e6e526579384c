"""Hand records: each board's four hands, double-dummy table and par, to read or print.

Nothing is stored. Deals typed in go into the address, so a sheet can be shared; a file is
read for one answer and dropped.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from handrecords.forms import DealsForm, FileForm
from handrecords.services import hand_records_make

SHEET_RATE = "30/m"
"""Sheets drawn per minute for one address: each new deal keeps the solver busy for a moment,
so a script cannot keep it busy for everyone. A club printing its boards draws one or two."""
# A refused form answers 422 (the layout has htmx swap a 422 in place, as the score pad does).
INVALID = 422


@require_safe
def hand_records(request):
    """The forms, or the sheet of the deals in the address."""
    if "deals" not in request.GET:
        return _page(request, DealsForm(), FileForm())
    form = DealsForm(request.GET)
    if not form.is_valid():
        return _page(request, form, FileForm(), status=INVALID)
    return _sheet(request, form.cleaned_data["deals"], form.cleaned_data["per_page"])


@require_POST
def hand_records_file(request):
    """The sheet of an uploaded file's boards."""
    form = FileForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, DealsForm(), form, status=INVALID)
    return _sheet(request, form.cleaned_data["file"], form.cleaned_data["per_page"])


def _page(request, deals_form, file_form, status=200):
    context = {"deals_form": deals_form, "file_form": file_form, "section": "scorepad"}
    return render(request, "handrecords/index.html", context, status=status)


def _sheet(request, boards, per_page: int):
    if is_ratelimited(request, group="hand-records", key="ip", rate=SHEET_RATE, increment=True):
        raise Ratelimited
    records = hand_records_make(boards=boards)
    lines = "\n".join(f"{b.board} {b.deal}" for b in boards)
    share = "?" + urlencode({"deals": lines, "per_page": per_page})
    pages = [records[i : i + per_page] for i in range(0, len(records), per_page)]
    context = {"pages": pages, "per_page": per_page, "share": share, "section": "scorepad"}
    return render(request, "handrecords/sheet.html", context)
