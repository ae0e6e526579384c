from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Teachers' accounts: sign up, log in, and change or reset a password."""

    name = "accounts"
    verbose_name = "Accounts"
