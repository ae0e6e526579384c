"""Pages of a live class: the teacher's screen and controls, the phones' join and answer.

Both screens poll a fragment every two seconds with the version they show in
`If-None-Match`; nothing new is answered 304 with no body. Without JavaScript the pages
work as plain forms, and a waiting phone reloads itself.
"""

from __future__ import annotations

import json
from functools import wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import (
    add_never_cache_headers,
    get_conditional_response,
    patch_cache_control,
)
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import condition, require_http_methods, require_POST, require_safe
from django_ratelimit.exceptions import Ratelimited

from classes import limits
from classes import selectors as class_selectors
from classes import services as class_services
from classes.access import context as teachers_context
from classes.access import in_teachers_zone, teachers
from live import export, screens, selectors, services
from live.forms import JoinForm, SessionForm, TeamForm
from live.models import LiveSession
from live.qr import qr_drawing
from quizzes import services as practice
from quizzes.forms import answer_form

NOT_YOURS = "There is no such live class, or it is not yours."
NOT_YOUR_PHONE = "This live class page belongs to another phone. Join with the code on the screen."
STARTED = gettext_noop(
    "Your live class is ready: read out the code, then press “Start” when everyone is in."
)
STARTED_TABLES = gettext_noop(
    "Your live class is ready: read out the code. Each table's scorer joins on a phone, "
    "chooses their table and enters each board as it is played; the results appear here."
)
STARTED_MITCHELL = gettext_noop(
    "Your live class is ready: read out the code. Each player joins on a phone and chooses "
    "their pair; the phones show each round's table, opponents and boards, and the "
    "results appear here."
)
JOIN_GROUP = "live-join"
PERSONAL_LINK_KEY = "live-personal-link"
MAX_POSITION = 32767  # the largest question number a column holds

with_session = teachers(selectors.session_for_teacher, "session_id")


def _poll_headers(etag: str) -> str:
    return json.dumps({"If-None-Match": etag})


def _fresh(response):
    """Polled fragments: the browser asks every time, and keeps nothing for others."""
    patch_cache_control(response, private=True, no_cache=True)
    return response


# -- the teacher ---------------------------------------------------------------------------------


@login_required
@in_teachers_zone
@require_safe
def index(request):
    sessions = selectors.sessions_of_teacher(user=request.user, page=request.GET.get("page"))
    return render(request, "live/index.html", teachers_context(sessions=sessions))


@login_required
@in_teachers_zone
@require_http_methods(["GET", "HEAD", "POST"])
def new(request):
    classrooms = class_selectors.teacher_classrooms(user=request.user)
    if request.method in ("GET", "HEAD"):
        initial = {"classroom": request.GET.get("class", "")}
        form = SessionForm(classrooms=classrooms, initial=initial)
        return render(request, "live/new.html", teachers_context(form=form))
    form = SessionForm(request.POST, classrooms=classrooms)
    if not form.is_valid():
        return render(request, "live/new.html", teachers_context(form=form), status=422)
    data = form.cleaned_data
    session = services.session_create(
        teacher=request.user,
        title=data["title"],
        classroom=data["classroom"],
        mode=data["mode"],
        sequence=data["sequence"],
        kinds=data["kinds"],
        skills=data["skills"],
        leave_out=data["leave_out"],
        question_count=data["question_count"],
        teams=data["teams"],
        first_board=data["first_board"],
        board_count=data["board_count"],
        table_count=data["table_count"],
        movement=data["movement"],
        form_key=data["form_key"],
    )
    if session.mode == LiveSession.Mode.QUIZ:
        started = STARTED
    elif session.movement == LiveSession.Movement.MITCHELL:
        started = STARTED_MITCHELL
    else:
        started = STARTED_TABLES
    messages.success(request, gettext(started))
    return redirect("live:screen", session.public_id)


def _screen_context(request, session):
    context = screens.screen(session)
    join_url = request.build_absolute_uri(reverse("live:join"))
    context.update(
        teachers_context(), poll_headers=_poll_headers(context["etag"]), join_url=join_url
    )
    code = selectors.join_code(session)
    if code:
        # One code for the whole room: a class's own (newcomers join the class with it,
        # members find themselves), else the session's; the QR code opens the form with it.
        shown = session.classroom.join_code_display if session.classroom_id else code
        context.update(join_code=shown, qr=qr_drawing(f"{join_url}?{urlencode({'code': code})}"))
    return context


@with_session
@require_safe
def screen(request, session):
    return render(request, "live/screen.html", _screen_context(request, session))


def _screen_etag(request, session):
    return selectors.screen_etag(session)


def _stage(request, session):
    return _fresh(render(request, "live/screen.html#stage", _screen_context(request, session)))


@with_session
@require_safe
@condition(etag_func=_screen_etag)
def screen_now(request, session):
    return _stage(request, session)


@with_session
@require_safe
def results_csv(request, session):
    return export.results_response(session)


CONTROLS = {
    "next": lambda session: services.session_next(session=session),
    "reveal": lambda session: services.session_reveal(session=session),
    "pause": lambda session: services.session_pause(session=session, paused=True),
    "resume": lambda session: services.session_pause(session=session, paused=False),
    "skip": lambda session: services.session_skip(session=session),
    "again": lambda session: services.session_reask(session=session),
    "end": lambda session: services.session_finish(session=session),
}


CONFIRMED = ("end", "skip")
"""Controls that cannot be undone: their button opens a page that asks first (with or
without JavaScript), and only a POST from that page (`confirmed`) acts."""


def _confirm_context(session, action: str) -> dict | None:
    """What the confirmation page says; None when there is nothing left to confirm."""
    if session.is_finished:
        return None
    if action == "end":
        if session.mode == LiveSession.Mode.TABLES:
            outcome = gettext("The final travellers are shown; no table can enter a result after.")
        elif session.classroom_id:
            outcome = gettext("Results go to the gradebook; nobody can answer after.")
        else:
            outcome = gettext("The final standing is shown; nobody can answer after.")
        return {
            "heading": gettext("End the live class?"),
            "outcome": outcome,
            "confirm": gettext("End it"),
        }
    live_question = selectors.current_question(session)
    if session.phase != LiveSession.Phase.ASKING or live_question is None:
        return None
    given = live_question.answers.count()
    if given:
        outcome = ngettext(
            "The {count} answer already given will be dropped: the question counts for nobody.",
            "The {count} answers already given will be dropped: the question counts for nobody.",
            given,
        ).format(count=given)
    else:
        outcome = gettext("Nobody has answered it yet; it counts for nobody.")
    return {
        "heading": gettext("Skip this question?"),
        "outcome": outcome,
        "confirm": gettext("Skip it"),
        "dropped": given,
    }


@with_session
@require_http_methods(["GET", "POST"])
def control(request, session, action: str):
    if action not in CONTROLS:
        raise Http404("No such control")
    if action in CONFIRMED and not (request.method == "POST" and "confirmed" in request.POST):
        asked = _confirm_context(session, action)
        if asked is None:
            return redirect("live:screen", session.public_id)
        if request.method == "POST":
            return redirect("live:control", session.public_id, action)
        context = teachers_context(session=session, action=action, **asked)
        return render(request, "live/confirm.html", context)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    CONTROLS[action](session)
    if request.htmx:
        return _stage(request, session)
    return redirect("live:screen", session.public_id)


# -- the phones ----------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def join(request):
    learner = practice.learner_for_request(request)
    mine = selectors.open_sessions_for_learner(learner=learner)
    if request.method in ("GET", "HEAD"):
        form = JoinForm(initial={"code": request.GET.get("code", "")})
        return render(request, "live/join.html", {"form": form, "mine": mine})
    if "session" in request.POST:
        return _join_as_member(request, learner, mine)
    form = JoinForm(request.POST)
    if form.is_valid():
        try:
            player = _join_with_code(request, form.cleaned_data)
        except (services.LiveError, class_services.JoinRefused) as error:
            if str(error) == gettext(services.CODE_UNKNOWN):
                # Only a wrong code is limited, and only after it is known to be wrong: a
                # right one goes through whatever others behind the same address tried
                # (as a personal link does). Wrong ones count against the browser, and
                # loosely against the address (classes.limits).
                if limits.too_many_failures(request, JOIN_GROUP):
                    raise Ratelimited from None
                limits.count_failure(request, JOIN_GROUP)
            field = getattr(error, "field", None)
            form.add_error(field if field in form.fields else "code", str(error))
        else:
            return redirect("live:phone", player.public_id)
    return render(request, "live/join.html", {"form": form, "mine": mine}, status=422)


def _join_with_code(request, data):
    code, name, team = data["code"], data["name"], data.get("team", "")
    session = selectors.session_for_code(code=code)
    if session is not None:
        learner = practice.learner_for_request(request, create=True)
        return services.player_join(session=session, learner=learner, name=name, team=team)
    # A class's own code: join the class (or be found in it), then its live class.
    classroom = class_selectors.classroom_for_code(code=code)
    live = selectors.open_session_of_class(classroom=classroom) if classroom else None
    if live is None:
        raise services.LiveError(services.CODE_UNKNOWN, field="code")
    membership, created = class_services.membership_join(
        classroom=classroom,
        display_name=name,
        learner_for_join=lambda: practice.learner_for_request(request, create=True),
    )
    class_services.session_restore_learner(session=request.session, membership=membership)
    if created and membership.learner.user_id is None:
        # New to the class: their personal link, as joining the class gives it, shown once
        # on the phone (an account holder comes back by logging in instead).
        secret = class_services.membership_new_link(membership=membership)
        request.session[PERSONAL_LINK_KEY] = {
            "classroom": classroom.name,
            "link": request.build_absolute_uri(reverse("classes:back", args=[secret])),
        }
    return services.player_join(
        session=live,
        learner=membership.learner,
        name=membership.display_name,
        membership=membership,
        team=team,
    )


def _join_as_member(request, learner, mine):
    wanted = request.POST.get("session", "")
    found = [(s, m) for s, m in mine if s.public_id == wanted]
    if not found:
        messages.error(request, gettext(services.CODE_UNKNOWN))
        return redirect("live:join")
    session, membership = found[0]
    team = TeamForm(request.POST)
    if not team.is_valid():
        messages.error(request, " ".join(team.errors["team"]))
        return redirect("live:join")
    try:
        player = services.player_join(
            session=session,
            learner=learner,
            name=membership.display_name,
            membership=membership,
            team=team.cleaned_data["team"],
        )
    except services.LiveError as error:
        messages.error(request, str(error))
        return redirect("live:join")
    return redirect("live:phone", player.public_id)


def with_player(view):
    """The phone's own player (found by its address, for the browser that joined as it)."""

    @wraps(view)
    def wrapper(request, player_id, *args, **kwargs):
        lookup = practice.learner_lookup(request)
        player = selectors.player_for_browser(lookup=lookup, public_id=player_id)
        if player is None:
            raise Http404(NOT_YOUR_PHONE)
        return view(request, player, *args, **kwargs)

    return wrapper


def _phone_context(player, **extra):
    context = screens.phone(player, **extra)
    context["poll_headers"] = _poll_headers(context["etag"])
    return context


@with_player
@require_safe
def phone(request, player):
    services.player_seen(player=player)
    context = _phone_context(player)
    context["personal_link"] = request.session.pop(PERSONAL_LINK_KEY, None)
    response = render(request, "live/phone.html", context)
    if context["personal_link"]:
        add_never_cache_headers(response)  # the link is a secret: shown once, kept nowhere
    return response


@require_safe
def phone_now(request, player_id):
    """A poll: "nothing new" (304) from one short query; else the stage, drawn from what
    every phone shares at this version (selectors.stage) and the phone's own row."""
    player = selectors.phone_poll(lookup=practice.learner_lookup(request), public_id=player_id)
    if player is None:
        raise Http404(NOT_YOUR_PHONE)
    services.player_seen(player=player)
    etag = selectors.phone_etag(version=player.session_version, answered=player.answered_now)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        player.session = selectors.stage_of(player).session
        context = _phone_context(player)
        context["polled"] = True  # keeps what the phone has typed while the class is paused
        response = _fresh(render(request, "live/phone.html#stage", context))
    response.headers.setdefault("ETag", etag)
    return response


@with_player
@require_POST
def answer(request, player, position: int):
    session = player.session
    if position > MAX_POSITION:
        raise Http404(services.NOT_ASKING)  # no such question (and no database overflow)
    live_question = session.questions.filter(position=position).first()
    if live_question is None:
        raise Http404(services.NOT_ASKING)
    form = answer_form(services.fields_of(live_question), data=request.POST)
    status, message = 200, ""
    if position != session.position:
        # Not the question being asked: nothing of it (its boxes, its checks) goes back.
        later = session.position is None or position > session.position
        status, message = 409, gettext(services.NOT_ASKED_YET if later else services.NOT_ASKING)
    elif not form.is_valid():
        status = 422
    else:
        try:
            services.answer_give(
                player=player, live_question=live_question, given=form.cleaned_data
            )
        except services.LiveError as error:
            status, message = 409, str(error)
    if not request.htmx and status == 200:
        return redirect("live:phone", player.public_id)
    # As it is now: this answer counted, or the session moved on meanwhile.
    player = selectors.player_for_browser(
        lookup=practice.learner_lookup(request), public_id=player.public_id
    )
    session = player.session
    keep = form if status in (409, 422) and session.position == position else None
    context = _phone_context(player, form=keep, message=message)
    template = "live/phone.html#stage" if request.htmx else "live/phone.html"
    if request.htmx and status == 409:
        status = 200  # htmx swaps a 422 (the layout's rule), and a refusal's message as a 200
    return render(request, template, context, status=status)
