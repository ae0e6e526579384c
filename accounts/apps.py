from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Teachers' accounts: sign up, log in, and change or reset a password."""

    name = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        from accounts import receivers  # noqa: F401  (connects to user_logged_in)
