"""The bridge-file page: upload a PBN or LIN file, see its boards scored and checked."""

from __future__ import annotations

from django.core.files.uploadhandler import MemoryFileUploadHandler
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from bridgefiles import export, selectors
from bridgefiles.forms import UploadForm
from bridgefiles.services import MAX_BYTES, TOO_BIG, UnreadableFile, bridge_file_read
from scorepad import old_names

INVALID = 422
READ_RATE = "30/m"
"""Files read a minute from one address: a teacher sends a few; a large file takes a second."""
FORM_SLACK = 64 * 1024
"""Room for the form's other fields and the multipart boundaries around the file."""
EXPORT_INVALID = (
    "This address does not hold a complete {what}: open it on the score pad, correct what "
    "it marks, then save it as PBN again."
)


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
            context = {"form": UploadForm(), "error": TOO_BIG, "section": "scorepad"}
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
            raise UnreadableFile(TOO_BIG)
        read = bridge_file_read(name=upload.name, data=upload.read(MAX_BYTES + 1))
    except UnreadableFile as error:
        form.add_error("file", str(error))
        return render(request, "bridgefiles/upload.html", context, status=INVALID)
    context["read"] = read
    context["boards"] = [
        (scored, selectors.traveller_address(scored=scored)) for scored in read.checked.boards
    ]
    context["rankings"] = selectors.rankings_with_names(read=read)
    context["pairs_address"] = selectors.pairs_address(checked=read.checked)
    context["flagged"] = {d.board for d in read.checked.disagreements}
    return render(request, "bridgefiles/upload.html", context)


@require_safe
def export_traveller(request):
    """The score pad's traveller (the same address's results) as a PBN file."""
    if moved := old_names.traveller_query(request.GET):  # a link from a page of 1.0.0
        return HttpResponsePermanentRedirect(f"{request.path}?{moved}")
    traveller = selectors.traveller_from_query(data=request.GET)
    if traveller is None:
        return _plain(EXPORT_INVALID.format(what="traveller"), status=INVALID)
    boards = export.boards_of_traveller(traveller)
    return _pbn(export.pbn_of_boards(boards), f"board-{traveller.board}.pbn")


@require_safe
def export_pairs(request):
    """The score pad's pairs session as a PBN file, a ScoreTable a board."""
    if moved := old_names.pairs_query(request.GET):  # a link from a page of 1.0.0
        return HttpResponsePermanentRedirect(f"{request.path}?{moved}")
    session = selectors.session_from_query(data=request.GET)
    if session is None:
        return _plain(EXPORT_INVALID.format(what="pairs session"), status=INVALID)
    return _pbn(export.pbn_of_boards(export.boards_of_session(session)), "pairs-session.pbn")


@require_safe
def export_pad(request, public_id):
    """A duplicate game on the score pad (this browser's or user's own) as a PBN file."""
    boards = selectors.pad_boards(request=request, public_id=public_id)
    if boards is None:
        raise Http404("This game does not exist, is not yours, or is not duplicate boards.")
    return _pbn(export.pbn_of_boards(export.boards_of_pad(boards)), f"{public_id}.pbn")


def _pbn(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _plain(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
