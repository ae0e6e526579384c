"""Accounts: sign up, log in and out, change or reset a password (Django's auth views).

Any account can teach. Signing up or logging in keeps what the browser did before:
practice progress and class work move to the account. A student's record brought in by
their personal link moves only when their teacher allows it (classes.services).
"""

from __future__ import annotations

from urllib.parse import quote

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_ratelimit.core import get_usage, is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from accounts import services
from accounts.forms import (
    ChangePasswordForm,
    LoginForm,
    NewPasswordForm,
    ResetPasswordForm,
    SignUpForm,
)
from classes import services as classes
from common.nexturl import next_url
from quizzes import services as practice

SIGNUP_RATE = "20/h"  # per address: a school's teachers can all sign up; a script cannot
RESET_RATE = "10/h"  # password-reset emails per address: no mail-bombing
# Failed logins per address, whatever the usernames: the lockout (django-axes) counts per
# username and address, and keeps a row for each username tried; this bounds how many a
# script trying usernames can make, far above a staff room's mistyped passwords.
LOGIN_FAILURE_RATE = "100/h"


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("classes:dashboard")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if is_ratelimited(request, group="signup", key="ip", rate=SIGNUP_RATE, increment=True):
            raise Ratelimited
        if form.is_valid():
            # Read the browser's learner before login() renews the session.
            session_learner = classes.learner_an_account_may_take(request=request)
            moving = classes.memberships_of(session_learner)
            try:
                user = services.account_create(
                    form=form,
                    login_url=request.build_absolute_uri(reverse("login")),
                    reset_url=request.build_absolute_uri(reverse("password_reset")),
                )
            except services.AccountTaken as taken:
                form.add_error(taken.field, str(taken))
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                practice.learner_for_user(user=user, session_learner=session_learner)
                classes.memberships_joined_account(membership_ids=moving)
                return redirect(next_url(request, "/teachers/"))
    status = 422 if form.errors else 200
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": next_url(request, ""), "section": "teachers"},
        status=status,
    )


class RefusedIs422:
    """Mix into a form view: a form with errors comes back with status 422, as on every page."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 422
        return response


class LoginView(RefusedIs422, auth_views.LoginView):
    authentication_form = LoginForm
    extra_context = {"section": "teachers"}

    def get_redirect_url(self):
        return next_url(self.request, "")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # The sign-up link keeps where the visitor was going (a whole address, for the words).
        following = context.get("next")
        query = f"?next={quote(following, safe='/')}" if following else ""
        context["signup_url"] = reverse("signup") + query
        return context

    def post(self, request, *args, **kwargs):
        if _login_failures(request, increment=False):
            raise Ratelimited
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        _login_failures(self.request, increment=True)
        return super().form_invalid(form)

    def form_valid(self, form):
        session_learner = classes.learner_an_account_may_take(request=self.request)
        moving = classes.memberships_of(session_learner)
        response = super().form_valid(form)
        practice.learner_for_user(user=form.get_user(), session_learner=session_learner)
        classes.memberships_joined_account(membership_ids=moving)
        return response


def _login_failures(request, *, increment: bool) -> bool:
    """Whether this address has failed as many logins as LOGIN_FAILURE_RATE allows; with
    `increment`, counts one more first. A counter that cannot be read allows (fails open)."""
    usage = get_usage(
        request, group="login", key="ip", rate=LOGIN_FAILURE_RATE, increment=increment
    )
    return usage is not None and usage["count"] >= usage["limit"]


class PasswordChangeView(RefusedIs422, auth_views.PasswordChangeView):
    form_class = ChangePasswordForm
    extra_context = {"section": "teachers"}


class PasswordResetConfirmView(RefusedIs422, auth_views.PasswordResetConfirmView):
    form_class = NewPasswordForm
    extra_context = {"section": "teachers"}


class PasswordResetView(RefusedIs422, auth_views.PasswordResetView):
    form_class = ResetPasswordForm
    extra_context = {"section": "teachers"}

    def post(self, request, *args, **kwargs):
        if is_ratelimited(
            request, group="password_reset", key="ip", rate=RESET_RATE, increment=True
        ):
            raise Ratelimited
        return super().post(request, *args, **kwargs)
