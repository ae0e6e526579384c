"""The bridge-file page: upload a PBN or LIN file, see its boards scored and checked."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.files.uploadhandler import MemoryFileUploadHandler
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from assignments.access import with_assignment
from assignments.from_deals import MAX_QUESTIONS
from bridgefiles import export, selectors, services
from bridgefiles.forms import TITLE_LENGTH, QuizForm, UploadForm
from bridgefiles.services import MAX_BYTES, TOO_BIG, UnreadableFile, bridge_file_read
from common.text import fill
from scorepad import old_names

INVALID = 422
NOT_YOURS = "There is no such file among yours."
READ_RATE = "30/m"
"""Files read a minute from one address: a teacher sends a few; a large file takes a second."""
FORM_SLACK = 64 * 1024
"""Room for the form's other fields and the multipart boundaries around the file."""
# Messages in English, marked for the catalogues; said with gettext() where they are used.
KEPT = gettext_noop("The file is kept: it is yours alone, listed among your saved files.")
DELETED = gettext_noop("“{name}” is deleted. You can bring it back for a day, from the list below.")
RESTORED = gettext_noop("“{name}” is back among your saved files.")
QUIZ_MADE = gettext_noop(
    "The quiz is made, {questions}, as a draft: your students do not see it yet. Preview "
    "it, set a due date if you like, then publish it."
)
NO_DEALS = gettext_noop(
    "This assignment's questions hold no duplicate deal to write as PBN: only a board "
    "with its declarer, contract and tricks can be written."
)
TRAVELLER_INVALID = gettext_noop(
    "This address does not hold a complete traveller: open it on the score pad, correct "
    "what it marks, then save it as PBN again."
)
PAIRS_INVALID = gettext_noop(
    "This address does not hold a complete pairs session: open it on the score pad, "
    "correct what it marks, then save it as PBN again."
)
QUIZ_TITLE = gettext_noop("Score the boards as played: {event}")


class InMemoryUpload(MemoryFileUploadHandler):
    """Keeps the upload in memory whatever its size, never in a temporary file on disk: the
    view has refused any body over the limit before a byte of it is read."""

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        self.activated = True


@csrf_exempt  # the upload handlers must be set before the CSRF check reads the form
@require_http_methods(["GET", "HEAD", "POST"])
def upload(request):
    """GET: the form. POST: the file read in memory, checked, shown; never stored."""
    if request.method == "POST":
        if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BYTES + FORM_SLACK:
            context = {"form": UploadForm(), "error": gettext(TOO_BIG), "section": "scorepad"}
            return render(request, "bridgefiles/upload.html", context, status=INVALID)
        request.upload_handlers = [InMemoryUpload(request)]
    return _upload(request)


@csrf_protect
def _upload(request):
    posted = request.method == "POST"
    form = UploadForm(request.POST, request.FILES) if posted else UploadForm()
    context = {"form": form, "section": "scorepad"}
    if not posted:
        return render(request, "bridgefiles/upload.html", context)
    if is_ratelimited(request, group="bridgefiles", key="ip", rate=READ_RATE, increment=True):
        raise Ratelimited
    if not form.is_valid():
        return render(request, "bridgefiles/upload.html", context, status=INVALID)
    upload = form.cleaned_data["file"]
    try:
        if upload.size > MAX_BYTES:
            raise UnreadableFile(gettext(TOO_BIG))
        data = upload.read(MAX_BYTES + 1)
        read = bridge_file_read(name=upload.name, data=data)
    except UnreadableFile as error:
        form.add_error("file", str(error))
        return render(request, "bridgefiles/upload.html", context, status=INVALID)
    if form.cleaned_data["keep"] and request.user.is_authenticated:
        try:
            saved = services.saved_file_create(
                owner=request.user, name=upload.name, data=data, read=read
            )
        except services.CannotKeep as error:
            context["keep_error"] = str(error)
        else:
            messages.success(request, gettext(KEPT))
            return redirect("bridgefiles:saved", saved.public_id)
    context |= _read_context(request, read)
    return render(request, "bridgefiles/upload.html", context)


def _read_context(request, read) -> dict:
    """What the page of a read file shows: its boards, rankings, links, and the quiz form."""
    context = {
        "read": read,
        "boards": [
            (scored, selectors.traveller_address(scored=scored)) for scored in read.checked.boards
        ],
        "rankings": selectors.rankings_with_names(read=read),
        "pairs_address": selectors.pairs_address(checked=read.checked),
        "flagged": {d.board for d in read.checked.disagreements},
        "hand_records": selectors.hand_record_addresses(read=read),
    }
    return context | _quiz_context(request, read)


def _quiz_context(request, read) -> dict:
    """What a signed-in teacher needs to make a class's quiz from the file's results."""
    if not request.user.is_authenticated:
        return {}
    results = selectors.quiz_results(read=read)
    if not results:
        return {"quiz_results": []}
    title = fill(gettext(QUIZ_TITLE), event=read.contents.event or read.name)
    form = QuizForm(
        teacher=request.user,
        initial={
            "results": QuizForm.signed(results, selectors.quiz_deals(read=read, results=results)),
            "title": title[:TITLE_LENGTH],
        },
    )
    return {"quiz_form": form, "quiz_results": results, "quiz_limit": MAX_QUESTIONS}


@login_required
@require_POST
def quiz_new(request):
    """A draft assignment for one of the teacher's classes from the results the file's
    page listed; then its own page, to preview and publish it."""
    form = QuizForm(request.POST, teacher=request.user)
    if form.is_valid():
        results, deals = form.cleaned_data["results"]
        questions = services.file_quiz_questions(
            results=results, deals=deals, par=form.cleaned_data["par"]
        )
        try:
            assignment = services.file_quiz_create(
                classroom=form.cleaned_data["classroom"],
                title=form.cleaned_data["title"],
                questions=questions,
                form_key=form.cleaned_data["form_key"],
            )
        except services.LimitReached as error:
            form.add_error(None, str(error))
        else:
            made = fill(gettext(QUIZ_MADE), questions=_questions(assignment.question_count))
            messages.success(request, made)
            return redirect("reports:gradebook", assignment.public_id)
    context = {"quiz_form": form, "section": "scorepad"}
    return render(request, "bridgefiles/quiz_new.html", context, status=INVALID)


@require_safe
def export_traveller(request):
    """The score pad's traveller (the same address's results) as a PBN file."""
    if moved := old_names.traveller_query(request.GET):  # a link from a page of 1.0.0
        return HttpResponsePermanentRedirect(f"{request.path}?{moved}")
    traveller = selectors.traveller_from_query(data=request.GET)
    if traveller is None:
        return _plain(gettext(TRAVELLER_INVALID), status=INVALID)
    boards = export.boards_of_traveller(traveller)
    return _pbn(export.pbn_of_boards(boards), f"board-{traveller.board}.pbn")


@require_safe
def export_pairs(request):
    """The score pad's pairs session as a PBN file, a ScoreTable a board."""
    if moved := old_names.pairs_query(request.GET):  # a link from a page of 1.0.0
        return HttpResponsePermanentRedirect(f"{request.path}?{moved}")
    session = selectors.session_from_query(data=request.GET)
    if session is None:
        return _plain(gettext(PAIRS_INVALID), status=INVALID)
    return _pbn(export.pbn_of_boards(export.boards_of_session(session)), "pairs-session.pbn")


@require_safe
def export_pad(request, public_id):
    """A duplicate game on the score pad (this browser's or user's own) as a PBN file."""
    boards = selectors.pad_boards(request=request, public_id=public_id)
    if boards is None:
        raise Http404("This game does not exist, is not yours, or is not duplicate boards.")
    return _pbn(export.pbn_of_boards(export.boards_of_pad(boards)), f"{public_id}.pbn")


@with_assignment  # the teacher's own, else 404 (a visitor is sent to log in)
@require_safe
def export_assignment(request, assignment):
    """An assignment's deals as a PBN file for its teacher: each board its questions ask,
    with the hands where the questions keep them."""
    boards = export.boards_of_questions(assignment.fixed_questions)
    if not boards:
        return _plain(gettext(NO_DEALS), status=INVALID)
    text = export.pbn_of_boards(boards, event=assignment.title)
    return _pbn(text, f"assignment-{assignment.public_id}.pbn")


# -- files a teacher keeps ------------------------------------------------------------------------


def _own_file(view=None, *, deleted: bool = False):
    """A view decorator: the signed-in teacher's own kept file named in the address, else 404."""

    def decorate(view):
        @login_required
        @wraps(view)
        def wrapper(request, public_id, *args, **kwargs):
            saved = selectors.saved_file_for(
                owner=request.user, public_id=public_id, deleted=deleted
            )
            if saved is None:
                raise Http404(NOT_YOURS)
            return view(request, saved, *args, **kwargs)

        return wrapper

    return decorate(view) if view else decorate


@login_required
@require_safe
def saved_list(request):
    """The teacher's kept files, and those deleted recently enough to bring back."""
    context = {
        "saved": selectors.saved_files(owner=request.user),
        "deleted": selectors.saved_files_deleted(owner=request.user),
        "limit": services.SAVED_PER_TEACHER,
        "undo_hours": services.UNDO_HOURS,
        "section": "scorepad",
    }
    return render(request, "bridgefiles/saved_list.html", context)


@_own_file
@require_safe
def saved(request, saved):
    """A kept file, read again: the same page as when it was sent."""
    if is_ratelimited(request, group="bridgefiles", key="ip", rate=READ_RATE, increment=True):
        raise Ratelimited
    context = {"saved": saved, "section": "scorepad"}
    try:
        read = selectors.saved_file_read(saved=saved)
    except UnreadableFile as error:  # read once; a limit lowered since can refuse it now
        context["error"] = str(error)
        return render(request, "bridgefiles/saved.html", context)
    return render(request, "bridgefiles/saved.html", context | _read_context(request, read))


@_own_file
@require_POST
def saved_delete(request, saved):
    services.saved_file_delete(saved=saved)
    messages.success(request, fill(gettext(DELETED), name=saved.name))
    return redirect("bridgefiles:saved_list")


@_own_file(deleted=True)
@require_POST
def saved_restore(request, saved):
    try:
        services.saved_file_restore(saved=saved)
    except services.CannotKeep as error:
        messages.error(request, str(error))
        return redirect("bridgefiles:saved_list")
    messages.success(request, fill(gettext(RESTORED), name=saved.name))
    return redirect("bridgefiles:saved", saved.public_id)


def _questions(count: int) -> str:
    return ngettext("with %(n)d question", "with %(n)d questions", count) % {"n": count}


def _pbn(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _plain(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
