"""Accounts: sign up, log in and out, change or reset a password (Django's auth views).

Any account can teach. Signing up or logging in keeps what the browser did before:
practice progress and class work move to the account.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.views.decorators.http import require_http_methods
from django_ratelimit.core import is_ratelimited

from quizzes import services as practice
from quizzes.nexturl import next_url
from quizzes.teaching.forms import ErrorsBesideFields
from quizzes.teaching.limits import rate_limited

EMAIL_REQUIRED = "Enter your email address: it is how you reset a forgotten password."
EMAIL_TAKEN = "An account already uses this email address. Log in, or reset your password."
SIGNUP_RATE = "20/h"  # per address: a school's teachers can all sign up; a script cannot
RESET_RATE = "10/h"  # password-reset emails per address: no mail-bombing


class SignUpForm(ErrorsBesideFields, UserCreationForm):
    email = forms.EmailField(
        label="Email address",
        max_length=254,
        help_text="Only for resetting your password. We send nothing else.",
        error_messages={"required": EMAIL_REQUIRED},
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(EMAIL_TAKEN, code="unique")
        return email


class LoginForm(ErrorsBesideFields, AuthenticationForm):
    def clean_username(self):
        # A username longer than any account's is an error beside the field, never a
        # trip to the database (where the login lock-out would try to record it).
        username = self.cleaned_data["username"]
        limit = self.fields["username"].max_length
        if limit and len(username) > limit:
            raise forms.ValidationError(
                f"A username has at most {limit} characters.", code="max_length"
            )
        return username

    def clean(self):
        if "username" in self.errors:
            return self.cleaned_data
        return super().clean()


class ChangePasswordForm(ErrorsBesideFields, PasswordChangeForm):
    pass


class ResetPasswordForm(ErrorsBesideFields, PasswordResetForm):
    pass


class NewPasswordForm(ErrorsBesideFields, SetPasswordForm):
    pass


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("teachers:dashboard")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if is_ratelimited(request, group="signup", key="ip", rate=SIGNUP_RATE, increment=True):
            return rate_limited(request)
        if form.is_valid():
            # Read the browser's learner before login() renews the session.
            session_learner = practice.learner_of_session(request)
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            practice.learner_for_user(user=user, session_learner=session_learner)
            return redirect(next_url(request, "/teachers/"))
    status = 422 if form.errors else 200
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": next_url(request, ""), "section": "teachers"},
        status=status,
    )


class LoginView(auth_views.LoginView):
    authentication_form = LoginForm
    extra_context = {"section": "teachers"}

    def get_redirect_url(self):
        return next_url(self.request, "")

    def form_valid(self, form):
        session_learner = practice.learner_of_session(self.request)
        response = super().form_valid(form)
        practice.learner_for_user(user=form.get_user(), session_learner=session_learner)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    form_class = ResetPasswordForm
    extra_context = {"section": "teachers"}

    def post(self, request, *args, **kwargs):
        if is_ratelimited(
            request, group="password_reset", key="ip", rate=RESET_RATE, increment=True
        ):
            return rate_limited(request)
        return super().post(request, *args, **kwargs)


_section = {"extra_context": {"section": "teachers"}}

urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password_change/",
        auth_views.PasswordChangeView.as_view(form_class=ChangePasswordForm, **_section),
        name="password_change",
    ),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(**_section),
        name="password_change_done",
    ),
    path("password_reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(**_section),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            form_class=NewPasswordForm,
            success_url=reverse_lazy("password_reset_complete"),
            **_section,
        ),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(**_section),
        name="password_reset_complete",
    ),
]
