"""The bridge-file page: upload a PBN or LIN file, see its boards scored and checked."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from bridgefiles import selectors
from bridgefiles.forms import UploadForm
from bridgefiles.services import MAX_BYTES, TOO_BIG, UnreadableFile, bridge_file_read

INVALID = 422


@require_http_methods(["GET", "HEAD", "POST"])
def upload(request):
    """GET: the form. POST: the file read in memory, checked, shown; never stored."""
    posted = request.method == "POST"
    form = UploadForm(request.POST, request.FILES) if posted else UploadForm()
    context = {"form": form, "section": "scorepad"}
    if not posted:
        return render(request, "bridgefiles/upload.html", context)
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
    return render(request, "bridgefiles/upload.html", context)
