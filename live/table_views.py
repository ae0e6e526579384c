"""Pages of a live class in table mode: a scorer's phone, and one board large on the projector.

A phone comes in at the live class's own address (views.phone, drawn by tables.phone_context);
here are its forms (choosing a table, entering a board), its page for one board and its
poll. The teacher's screen is views.screen, drawn by tables.screen_context; here is the page
that shows one board large. Polls are answered 304 while nothing they show has changed.
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import condition, require_POST, require_safe

from classes.access import context as teachers_context
from live import pairs, selectors, services, tables
from live.models import LiveSession
from live.table_forms import PairChoiceForm, TableChoiceForm, TableResultForm
from live.views import _fresh, _poll_headers, _screen_context, with_player, with_session

NOT_TABLES = "This live class is not played at tables."
NO_BOARD = "This class does not play that board."
INVALID = 422  # a form sent back with its mistakes (htmx swaps it in place, as a 2xx)
REFUSED = 409


def _tables_only(view):
    """Table mode's pages exist only for a session played at tables."""

    @wraps(view)
    def wrapper(request, found, *args, **kwargs):
        session = getattr(found, "session", found)
        if session.mode != LiveSession.Mode.TABLES:
            raise Http404(NOT_TABLES)
        return view(request, found, *args, **kwargs)

    return wrapper


def _board_asked(request) -> int | None:
    try:
        return int(request.GET.get("board", ""))
    except ValueError:
        return None


def _phone(request, player, *, status=200, **shown):
    context = tables.phone_context(player, **shown)
    context["poll_headers"] = _poll_headers(context["etag"])
    template = "live/_tables_phone.html#stage" if request.htmx else "live/phone.html"
    return render(request, template, context, status=status)


# -- a scorer's phone -----------------------------------------------------------------------------


@with_player
@_tables_only
@require_safe
def phone_boards(request, player):
    """The phone's page for one board (?board=N), or the first its table has not entered."""
    services.player_seen(player=player)
    saved = request.GET.get("saved", "")
    return _phone(
        request,
        player,
        board=_board_asked(request),
        saved=int(saved) if saved.isascii() and saved.isdigit() else None,
    )


def _phone_etag(request, player):
    services.player_seen(player=player)
    return tables.phone_etag(player)


@with_player
@_tables_only
@require_safe
@condition(etag_func=_phone_etag)
def phone_boards_now(request, player):
    context = tables.phone_context(player, board=_board_asked(request))
    context["poll_headers"] = _poll_headers(context["etag"])
    context["polled"] = True  # keeps what the scorer has typed in the board's form
    return _fresh(render(request, "live/_tables_phone.html#stage", context))


@with_player
@_tables_only
@require_POST
def table_choose(request, player):
    """The table this phone scores for; in a Mitchell, the pair its player is in."""
    session = player.session
    mitchell = pairs.mitchell_of(session)
    if mitchell is not None:
        choices = pairs.pair_choices(mitchell, pairs.pair_names(session))
        form = PairChoiceForm(request.POST, pairs=choices)
    else:
        form = TableChoiceForm(request.POST, tables=tables.tables_of(session))
    status, message = 200, ""
    if not form.is_valid():
        status = INVALID
    else:
        try:
            if mitchell is not None:
                tables.player_pair_choose(player=player, pair=form.cleaned_data["pair"])
            else:
                tables.player_table_choose(player=player, table=form.cleaned_data["table"])
        except services.LiveError as error:
            status, message = REFUSED, str(error)
    if status == 200 and not request.htmx:
        return redirect("live:table_phone", player.public_id)
    if request.htmx and status == REFUSED:
        status = 200  # a refusal's message is swapped in as a 200, as the quiz's phone does
    keep = form if status == INVALID else None
    return _phone(request, player, status=status, choice=keep, message=message)


@with_player
@_tables_only
@require_POST
def result_enter(request, player, board: int):
    """A board's result at the phone's table: entered, or corrected by sending it again."""
    if board not in tables.boards_of(player.session):
        raise Http404(NO_BOARD)
    form = TableResultForm(request.POST)
    status, message = 200, ""
    if not form.is_valid():
        status = INVALID
    else:
        try:
            tables.table_result_enter(player=player, board=board, deal=form.result)
        except services.LiveError as error:
            status, message = REFUSED, str(error)
    if status == 200:
        if not request.htmx:
            url = reverse("live:table_phone", args=[player.public_id])
            return redirect(f"{url}?saved={board}")
        return _phone(request, player, saved=board)
    player.session.refresh_from_db()
    if request.htmx and status == REFUSED:
        status = 200
    return _phone(request, player, status=status, board=board, form=form, message=message)


# -- the projector: one board large --------------------------------------------------------------


def _board_context(request, session, board: int) -> dict:
    context = tables.board_context(session, board)
    if context is None:
        raise Http404(NO_BOARD)
    etag = selectors.screen_etag(session)
    context.update(teachers_context(), session=session, etag=etag, poll_headers=_poll_headers(etag))
    return context


@with_session
@_tables_only
@require_safe
def board_screen(request, session, board: int):
    return render(request, "live/table_board.html", _board_context(request, session, board))


@with_session
@_tables_only
@require_POST
def board_show(request, session, board: int):
    """Show a board's results on the room's screen before every table has entered it."""
    try:
        tables.board_show(session=session, board=board)
    except services.LiveError as error:
        raise Http404(str(error)) from None
    session.refresh_from_db()
    if request.htmx:
        return render(request, "live/screen.html#stage", _screen_context(request, session))
    return redirect("live:board_screen", session.public_id, board)


def _screen_etag(request, session, board: int):
    return selectors.screen_etag(session)


@with_session
@_tables_only
@require_safe
@condition(etag_func=_screen_etag)
def board_screen_now(request, session, board: int):
    context = _board_context(request, session, board)
    return _fresh(render(request, "live/table_board.html#board", context))
