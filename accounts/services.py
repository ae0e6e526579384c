"""Writes of the accounts app: a new account, safe when two sign-ups race."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from accounts.forms import EMAIL_TAKEN


class AccountTaken(ValueError):
    """The username or email was taken a moment ago: `field` says which, with the message."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def username_taken_message() -> str:
    """What the sign-up form says of a username in use (Django's own message)."""
    return str(get_user_model()._meta.get_field("username").error_messages["unique"])


def account_create(*, form):
    """Save a valid sign-up form's account.

    The form checks that the username and the email are free, but two sign-ups at once
    (a double click) both pass that check; the database's unique indexes (accounts
    migration 0001) let one in, and the other gets the message its check would have given.
    """
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        User = get_user_model()
        data = form.cleaned_data
        if User.objects.filter(username__iexact=data["username"]).exists():
            raise AccountTaken("username", username_taken_message()) from None
        if User.objects.filter(email__iexact=data["email"]).exists():
            raise AccountTaken("email", EMAIL_TAKEN) from None
        raise
