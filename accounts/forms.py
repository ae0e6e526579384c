"""The account forms: Django's own, with errors beside their fields and a required email."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.utils.translation import gettext_lazy, ngettext

from common.forms import ErrorsBesideFields

EMAIL_REQUIRED = gettext_lazy("Enter your email address: it is how you reset a forgotten password.")
# Site staff's own form (accounts/admin.py) says so; sign-up never does (accounts/services.py).
EMAIL_TAKEN = gettext_lazy(
    "An account already uses this email address. Log in, or reset your password."
)


class SignUpForm(ErrorsBesideFields, UserCreationForm):
    email = forms.EmailField(
        label=gettext_lazy("Email address"),
        max_length=254,
        help_text=gettext_lazy(
            "Only for resetting your password. We send nothing else, except a note if "
            "someone signs up with it again."
        ),
        error_messages={"required": EMAIL_REQUIRED},
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        # An address in use is not an error here: the page must not tell that it has an
        # account (accounts/services.py account_create says what happens instead).
        return self.cleaned_data["email"].strip()


class UsernameWithinLimit:
    """For a login form: a username longer than any account's is an error beside the field,
    never a trip to the database, where the login lock-out (django-axes) would try to record
    it and PostgreSQL would refuse it (AuthenticationForm sets the field's max_length after
    the field is made, so Django's own check never runs)."""

    def clean_username(self):
        username = self.cleaned_data["username"]
        limit = self.fields["username"].max_length
        if limit and len(username) > limit:
            raise forms.ValidationError(
                ngettext(
                    "A username has at most %(limit)d character.",
                    "A username has at most %(limit)d characters.",
                    limit,
                )
                % {"limit": limit},
                code="max_length",
            )
        return username

    def clean(self):
        if "username" in self.errors:
            return self.cleaned_data
        return super().clean()


class LoginForm(ErrorsBesideFields, UsernameWithinLimit, AuthenticationForm):
    pass


class StaffLoginForm(UsernameWithinLimit, AdminAuthenticationForm):
    """The staff pages' login (accounts/admin.py sets it on the admin site)."""


class ChangePasswordForm(ErrorsBesideFields, PasswordChangeForm):
    pass


class ResetPasswordForm(ErrorsBesideFields, PasswordResetForm):
    pass


class NewPasswordForm(ErrorsBesideFields, SetPasswordForm):
    pass
