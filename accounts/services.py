"""Writes of the accounts app: a new account, safe when two sign-ups race, and silent about
which email addresses have an account."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string


class AccountTaken(ValueError):
    """The username was taken a moment ago: `field` says which field, with the message."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def username_taken_message() -> str:
    """What the sign-up form says of a username in use (Django's own message)."""
    return str(get_user_model()._meta.get_field("username").error_messages["unique"])


def account_create(*, form, login_url: str, reset_url: str):
    """Save a valid sign-up form's account, answering alike whether its email is free or not.

    Sign-up must not tell anyone whether an address has an account. So an address in use
    (any case) is not refused: the new account is made without it, since an address belongs
    to one account (accounts migration 0001), and the address gets a mail that says so, with
    `login_url` and `reset_url`, so that its owner, and nobody else, learns of it.

    The form checks that the username is free, but two sign-ups at once (a double click)
    both pass that check; the database's unique indexes let one in, and the other gets the
    message its check would have given, or, for the email, the same treatment as above.
    """
    User = get_user_model()
    email = form.cleaned_data["email"]
    existing = User.objects.filter(email__iexact=email).first()
    if existing is None:
        try:
            with transaction.atomic():
                return form.save()
        except IntegrityError:
            _raise_if_username_taken(form)
            existing = User.objects.filter(email__iexact=email).first()
            if existing is None:
                raise
    user = form.save(commit=False)
    user.email = ""
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        _raise_if_username_taken(form)
        raise
    _tell_the_address(existing, email, user, login_url=login_url, reset_url=reset_url)
    return user


def _raise_if_username_taken(form) -> None:
    if get_user_model().objects.filter(username__iexact=form.cleaned_data["username"]).exists():
        raise AccountTaken("username", username_taken_message()) from None


def _tell_the_address(existing, email: str, new_user, *, login_url: str, reset_url: str):
    context = {
        "existing": existing,
        "new_username": new_user.get_username(),
        "login_url": login_url,
        "reset_url": reset_url,
    }
    subject = render_to_string("registration/signup_address_in_use_subject.txt").strip()
    body = render_to_string("registration/signup_address_in_use_email.txt", context)
    # A mail server that fails must not make the answer differ from a free address's.
    send_mail(subject, body, None, [email], fail_silently=True)
