"""System checks of the site's own settings, run by `manage.py check`, `migrate` and
`runserver` (and so at every start-up that the hosting guide's upgrade steps go through)."""

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register

from config.deployment import PUBLIC_KEY_PREFIX


@register(Tags.compatibility)
def mail_is_sent(app_configs, **kwargs):
    """On a server (DEBUG off and a SECRET_KEY of its own), mail printed to the console is
    mail lost: a password-reset link would go into the server's log while the page says it
    was sent. A laptop, with the public default key, is left in peace."""
    problems = []
    deployed = not settings.DEBUG and not settings.SECRET_KEY.startswith(PUBLIC_KEY_PREFIX)
    if deployed and settings.EMAIL_BACKEND == settings.CONSOLE_EMAIL_BACKEND:
        problems.append(
            Warning(
                "DEBUG is off and SECRET_KEY is set, but mail is only printed to the "
                "console: password-reset mails would never reach anyone.",
                hint=(
                    "Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, "
                    "EMAIL_USE_TLS or EMAIL_USE_SSL) to your mail server, then try it with "
                    "`python manage.py sendtestemail you@example.org` (docs/hosting.md)."
                ),
                id="config.W001",
            )
        )
    if settings.EMAIL_USE_TLS and settings.EMAIL_USE_SSL:
        problems.append(
            Error(
                "EMAIL_USE_TLS and EMAIL_USE_SSL are both on; a mail server speaks one.",
                hint="Port 587 uses EMAIL_USE_TLS (STARTTLS), port 465 EMAIL_USE_SSL.",
                id="config.E001",
            )
        )
    return problems
