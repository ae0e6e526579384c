"""The two ways in: deals in the address (a shareable list), or a hand-record file."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from common.words import say
from handrecords.deals import read_deal
from handrecords.reading import MAX_FILE_BYTES, FileBoard, InvalidFile, read_hand_records
from handrecords.values import InvalidDeal
from scoring import board_conditions

MAX_BOARDS = 36
"""Boards on one page of hand records: a long club session (the solver takes a moment each)."""
PER_PAGE = (6, 4)
"""Boards on each printed sheet (A4 or Letter): six as clubs print them, or four larger."""
# Messages in English, marked for the catalogues: gettext_lazy in a field, gettext in code.
TOO_MANY = gettext_noop("A page shows up to {limit} boards: split the list")
NO_DEALS = gettext_noop("Write at least one deal, like N:AKQ2.J98.T76.543 ... (one board a line)")
NOT_A_DEAL = gettext_noop("a line is a deal like N:AKQ2.J98.T76.543 ...")

_LINE = re.compile(r"^\s*(?:(?P<board>\d{1,3})\s*[.:)-]?\s+)?(?P<deal>[NESWnesw]:.*)$")


class SheetForm(forms.Form):
    per_page = forms.TypedChoiceField(
        label=gettext_lazy("Boards on each printed page"),
        choices=[(n, str(n)) for n in PER_PAGE],
        coerce=int,
        initial=PER_PAGE[0],
        required=False,
    )

    def clean_per_page(self) -> int:
        return self.cleaned_data.get("per_page") or PER_PAGE[0]


class DealsForm(SheetForm):
    """Deals, one a line, each after its board number if need be ("5 N:..."): in the address."""

    deals = forms.CharField(
        label=gettext_lazy("Deals, one board a line"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
        max_length=MAX_BOARDS * 80,
        help_text=gettext_lazy(
            "Each deal in PBN from any seat, like N:AKQ2.J98.T76.543 ..., "
            "after its board number if it is not the next one."
        ),
    )

    def clean_deals(self) -> list[FileBoard]:
        lines = [line for line in self.cleaned_data["deals"].splitlines() if line.strip()]
        if not lines:
            raise forms.ValidationError(gettext(NO_DEALS))
        if len(lines) > MAX_BOARDS:
            raise forms.ValidationError(gettext(TOO_MANY).format(limit=MAX_BOARDS))
        boards, errors, number = [], [], 0
        for n, line in enumerate(lines, start=1):
            match = _LINE.match(line)
            number = int(match["board"]) if match and match["board"] else number + 1
            try:
                if not match:
                    raise InvalidDeal(gettext(NOT_A_DEAL))
                read_deal(match["deal"])
                dealer, vulnerable = board_conditions(number)
            except (InvalidDeal, ValueError) as error:
                reason = say(error.args[0] if error.args else str(error))
                errors.append(gettext("Line {line}: {reason}").format(line=n, reason=reason))
                continue
            boards.append(FileBoard(number, dealer, vulnerable, match["deal"].strip()))
        if errors:
            raise forms.ValidationError(errors)
        return boards


class FileForm(SheetForm):
    file = forms.FileField(
        label=gettext_lazy("A hand-record file (PBN or LIN)"),
        help_text=gettext_lazy(
            "From a dealing program or machine (Dealer4, Big Deal, BridgeComposer), "
            "or BBO's LIN, up to 2 MB. It is read for this page and not kept."
        ),
    )

    def clean_file(self) -> list[FileBoard]:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than 2 MB: it is not a hand record")
            )
        try:
            boards = read_hand_records(upload.read())
        except InvalidFile as error:
            raise forms.ValidationError(str(error)) from None
        if len(boards) > MAX_BOARDS:
            raise forms.ValidationError(
                gettext("The file holds {count} boards; a page shows up to {limit}").format(
                    count=len(boards), limit=MAX_BOARDS
                )
            )
        return boards
