"""How much one browser's practice can grow: limits that honest practice never meets.

A learner asks for questions one at a time, and a script can ask thousands a minute; each is
a row kept for the learner's history. These limits bound that, far above what anyone
practising reaches (a question every six seconds for a whole hour; a new sheet every quarter
of an hour for a whole day), and say so plainly when met. They are counted from the rows
themselves (indexed by learner and time), so no counter can be lost or fail.
"""

from __future__ import annotations

from datetime import timedelta

from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from quizzes.models import Question, SheetDrill

QUESTIONS_PER_HOUR = 600
"""New questions one learner may be given in an hour: practice, lesson checks, today's set,
the sheet's steps, all together."""

SHEETS_PER_DAY = 100
"""New "Fill in the sheet" sheets one learner may start in 24 hours."""

TOO_MANY_QUESTIONS = gettext_noop(
    "You have had {limit} new questions in the last hour, as many as we give one learner "
    "in an hour. Answer the ones you have, or come back in a little while for new ones."
)
TOO_MANY_SHEETS = gettext_noop(
    "You have started {limit} sheets today, as many as we keep for one learner in a day. "
    "Carry on with the one you have, or start a new one tomorrow."
)


def questions_exhausted(learner, *, now=None) -> str:
    """The message to show when the learner has had QUESTIONS_PER_HOUR questions in the
    last hour, else ""."""
    if learner is None:
        return ""
    since = (now or timezone.now()) - timedelta(hours=1)
    if Question.objects.filter(learner=learner, created__gte=since).count() >= QUESTIONS_PER_HOUR:
        return gettext(TOO_MANY_QUESTIONS).format(limit=QUESTIONS_PER_HOUR)
    return ""


def sheets_exhausted(learner, *, now=None) -> str:
    """The message to show when the learner has started SHEETS_PER_DAY sheets in the last
    24 hours, else ""."""
    if learner is None:
        return ""
    since = (now or timezone.now()) - timedelta(days=1)
    if SheetDrill.objects.filter(learner=learner, created__gte=since).count() >= SHEETS_PER_DAY:
        return gettext(TOO_MANY_SHEETS).format(limit=SHEETS_PER_DAY)
    return ""


def refused(request, reason: str, *, back: str = ""):
    """A page that says a limit was met (429). htmx gets the message alone, above the page
    (a 429 is not swapped in: the layout swaps only 2xx, 422 and 503)."""
    context = {"reason": reason, "back": back}
    if getattr(request, "htmx", False):
        response = render(request, "common/limit.html#message", context, status=422)
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "afterbegin"
        return response
    response = render(request, "common/limit.html", context, status=429)
    response["Retry-After"] = "3600"
    return response
