"""The score pad: keep the score of a real game, deal by deal, with the engine's sheet.

Every change to a game is a POST that redirects (or, with htmx, answers with the pad
redrawn), so the pad works the same without JavaScript. A traveller and a pairs session are
stored nowhere: each is a GET form whose address holds every result.
"""

from __future__ import annotations

from django.http import Http404, HttpResponseBadRequest, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorepad import old_names, play, selectors, services
from scorepad.forms import START_FORMS, DealForm
from scorepad.traveller_forms import (
    MAX_TABLES,
    PairsForm,
    TravellerForm,
    can_add,
    pairs_size,
    table_count,
)
from scoring import PlayedDeal, ScoringError

# A refused form answers 422, with or without htmx (the layout has htmx swap a 422 in place).
INVALID = 422
# The deals listed with the engine's explanation: the latest, so that a game at its limit
# (play.DEAL_LIMITS) stays a page of a few hundred KB.
EXPLAINED_DEALS = 12


@require_http_methods(["GET", "HEAD", "POST"])
def games(request):
    """My games, to resume one, and the forms to start a new one."""
    start_forms = {kind: form(prefix=kind) for kind, form in START_FORMS.items()}
    chosen, status = "", 200
    if request.method == "POST":
        chosen = request.POST.get("kind", "")
        if chosen not in START_FORMS:
            return HttpResponseBadRequest(gettext("There is no such kind of game."))
        form = START_FORMS[chosen](old_names.start_data(request.POST), prefix=chosen)
        if form.is_valid():
            try:
                pad = services.scorepad_start(
                    user=request.user, session=request.session, **form.settings()
                )
            except (ScoringError, services.TooManyGames) as error:
                form.add_error(None, str(error))
            else:
                return redirect("scorepad:game", public_id=pad.public_id)
        start_forms[chosen], status = form, INVALID
    context = {
        "summaries": selectors.scorepad_summaries(
            user=request.user, session=request.session, page=request.GET.get("page")
        ),
        "start_forms": start_forms,
        "chosen": chosen,
        "section": "scorepad",
    }
    return render(request, "scorepad/index.html", context, status=status)


@require_safe
def game(request, public_id):
    return _render_pad(request, _pad_or_404(request, public_id))


@require_POST
def deal_add(request, public_id):
    pad = _pad_or_404(request, public_id)
    form = _deal_form(pad, data=request.POST)
    if form.is_valid():
        try:
            pad = services.scorepad_deal_add(
                pad=pad, deal=form.deal, revision=form.cleaned_data["revision"]
            )
        except (ScoringError, services.StaleForm, services.GameFull) as error:
            form.add_error(None, str(error))
        else:
            return _changed(request, pad)
    return _render_pad(request, pad, form=form, status=INVALID)


@require_http_methods(["GET", "HEAD", "POST"])
def deal_edit(request, public_id, number):
    pad = _pad_or_404(request, public_id)
    if not 1 <= number <= len(pad.deals):
        raise Http404(gettext("This game has no such deal."))
    if request.method in ("GET", "HEAD"):
        initial = DealForm.initial_for(PlayedDeal.from_data(pad.deals[number - 1]), pad.revision)
        return _render_pad(request, pad, form=_deal_form(pad, initial=initial), editing=number)
    form = _deal_form(pad, data=request.POST)
    if form.is_valid():
        try:
            pad = services.scorepad_deal_replace(
                pad=pad, number=number, deal=form.deal, revision=form.cleaned_data["revision"]
            )
        except (ScoringError, services.StaleForm) as error:
            form.add_error(None, str(error))
        else:
            return _changed(request, pad)
    return _render_pad(request, pad, form=form, editing=number, status=INVALID)


@require_POST
def undo(request, public_id):
    return _act(request, public_id, services.scorepad_undo)


@require_POST
def end(request, public_id):
    return _act(request, public_id, services.scorepad_end)


@require_safe
def traveller(request):
    """One board at several tables, scored and compared. A GET form: nothing is stored, the
    address keeps every result (to bookmark, share or reload), and the page prints as is."""
    if moved := old_names.traveller_query(request.GET):
        return _moved(request, moved)
    data = request.GET
    adding = "add" in data
    tables = min(MAX_TABLES, table_count(data) + adding)
    submitted = "board" in data and not adding
    if submitted:
        form = TravellerForm(data, tables=tables)
    else:  # a new traveller, or one more row: what was typed is kept, nothing judged yet
        form = TravellerForm(initial=data.dict(), tables=tables)
    context = {"form": form, "max_tables": MAX_TABLES, "section": "scorepad"}
    if submitted and not form.is_valid():
        return render(request, "scorepad/traveller.html", context, status=INVALID)
    if submitted:
        board = play.traveller_of(form.cleaned_data["board"], form.results)
        context.update(play.traveller_context(board))
    return render(request, "scorepad/traveller.html", context)


@require_safe
def pairs(request):
    """A pairs session at a Mitchell: several boards, a traveller each, matchpointed, and each
    direction's ranking. A GET form like the traveller's: the address keeps every result."""
    if moved := old_names.pairs_query(request.GET):
        return _moved(request, moved)
    data = request.GET
    adding = data.get("add", "")
    boards, tables = pairs_size(data, adding)
    submitted = "boards" in data and not adding
    if submitted:
        form = PairsForm(data, boards=boards, tables=tables)
    else:  # a new session, or one more board or table: what was typed is kept, nothing judged
        form = PairsForm(initial=data.dict(), boards=boards, tables=tables)
    context = {
        "form": form,
        "can_add_board": can_add(boards + 1, tables),
        "can_add_table": can_add(boards, tables + 1),
        "section": "scorepad",
    }
    if submitted and not form.is_valid():
        return render(request, "scorepad/pairs.html", context, status=INVALID)
    if submitted:
        context.update(play.pairs_context(form.session))
    return render(request, "scorepad/pairs.html", context)


# -- helpers -------------------------------------------------------------------------------


def _moved(request, query: str):
    """An address written with the boxes' old names, sent on for good to the same results
    under the new ones (old_names), so a bookmark or a shared link still opens."""
    return HttpResponsePermanentRedirect(f"{request.path}?{query}")


def _pad_or_404(request, public_id):
    pad = selectors.scorepad_for_owner(
        user=request.user, session=request.session, public_id=public_id
    )
    if pad is None:
        raise Http404(gettext("This game does not exist, or it is not yours."))
    return pad


def _deal_form(pad, **kwargs) -> DealForm:
    return DealForm(scoring_form=selectors.scorepad_setup(pad=pad).scoring_form, **kwargs)


def _act(request, public_id, service):
    pad = _pad_or_404(request, public_id)
    try:
        revision = int(request.POST.get("revision", ""))
    except ValueError:
        return HttpResponseBadRequest(gettext("The form is missing its revision."))
    try:
        pad = service(pad=pad, revision=revision)
    except (ScoringError, services.StaleForm) as error:
        return _render_pad(request, pad, error=str(error), status=INVALID)
    return _changed(request, pad)


def _changed(request, pad):
    if _partial(request):
        return _render_pad(request, pad)
    return redirect(reverse("scorepad:game", args=[pad.public_id]) + "#pad")


def _partial(request) -> bool:
    # A history restore asks for the whole page, even though htmx sends it.
    return bool(request.htmx) and not request.htmx.history_restore_request


def _render_pad(request, pad, *, form=None, editing=None, error="", status=200):
    played, problem = selectors.scorepad_play(pad=pad)
    if form is None:
        board = played.next_deal.board if played.next_deal else None
        form = _deal_form(pad, initial={"revision": pad.revision, "board": board})
    editing_line = None
    if editing is not None and editing <= len(played.lines):
        editing_line = played.lines[editing - 1]
    shown = editing_line or played.next_deal
    context = {
        "pad": pad,
        "play": played,
        "problem": problem,
        "form": form,
        "editing": editing_line,
        # Rubber bridge: who sat where for the deal being entered or changed.
        "seating": shown.rubber if shown else None,
        "error": error,
        # A long game lists its earlier deals in a line each: the sheet explains them.
        "explained": EXPLAINED_DEALS,
        "explained_from": len(played.lines) - EXPLAINED_DEALS + 1,
        "full": selectors.scorepad_full(pad=pad) and played.next_deal is not None,
        "full_message": gettext(services.GAME_FULL).format(limit=play.DEAL_LIMITS[pad.kind]),
        "section": "scorepad",
    }
    template = "scorepad/game.html#pad" if _partial(request) else "scorepad/game.html"
    return render(request, template, context, status=status)
