"""Mail goes out by SMTP as the environment says (docs/hosting.md: Mail), and a server left
printing mail to the console is warned about."""

import os
import subprocess
import sys

import pytest
from django.core import mail
from django.test import override_settings

from config.checks import mail_is_sent
from tests.factories import UserFactory
from tests.hosting.conftest import ROOT

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"
REAL_KEY = "k" * 50


def _manage(*args, env_extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_sendtestemail_reaches_the_smtp_server_the_environment_names(smtp_server):
    port, inbox = smtp_server
    result = _manage(
        "sendtestemail",
        "teacher@example.org",
        env_extra={
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(port),
            "DEFAULT_FROM_EMAIL": "scoring@club.example.org",
        },
    )
    assert result.returncode == 0, result.stderr
    [envelope] = inbox.envelopes
    assert envelope.rcpt_tos == ["teacher@example.org"]
    assert envelope.mail_from == "scoring@club.example.org"


def test_the_settings_read_every_mail_variable():
    script = (
        "from django.conf import settings as s; print(s.EMAIL_BACKEND, s.EMAIL_HOST, "
        "s.EMAIL_PORT, s.EMAIL_USE_TLS, s.EMAIL_HOST_USER, s.EMAIL_HOST_PASSWORD, "
        "s.EMAIL_TIMEOUT, s.SERVER_EMAIL)"
    )
    result = _manage(
        "shell",
        "--no-imports",
        "-c",
        script,
        env_extra={
            "EMAIL_HOST": "smtp.example.org",
            "EMAIL_USE_TLS": "1",
            "EMAIL_HOST_USER": "club",
            "EMAIL_HOST_PASSWORD": "pw",
            "SERVER_EMAIL": "errors@example.org",
        },
    )
    assert result.returncode == 0, result.stderr
    # EMAIL_HOST alone turns SMTP on; STARTTLS means the submission port.
    assert result.stdout.split() == [
        SMTP, "smtp.example.org", "587", "True", "club", "pw", "10.0", "errors@example.org"
    ]  # fmt: skip


@pytest.mark.django_db
def test_a_password_reset_is_delivered_by_the_smtp_server(client, smtp_server):
    port, inbox = smtp_server
    UserFactory(email="teacher@example.org")
    with override_settings(EMAIL_BACKEND=SMTP, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port):
        response = client.post("/accounts/password_reset/", {"email": "teacher@example.org"})
    assert response.status_code == 302
    [envelope] = inbox.envelopes
    assert envelope.rcpt_tos == ["teacher@example.org"]
    assert b"/accounts/reset/" in envelope.content
    assert mail.outbox == []  # it went out by SMTP, not into the test's own outbox


def _problems(**settings):
    with override_settings(**settings):
        return [problem.id for problem in mail_is_sent(None)]


def test_a_server_printing_its_mail_to_the_console_is_warned():
    assert _problems(DEBUG=False, SECRET_KEY=REAL_KEY, EMAIL_BACKEND=CONSOLE) == ["config.W001"]


@pytest.mark.parametrize(
    "values",
    [
        {"DEBUG": False, "SECRET_KEY": REAL_KEY, "EMAIL_BACKEND": SMTP},
        {"DEBUG": True, "SECRET_KEY": REAL_KEY, "EMAIL_BACKEND": CONSOLE},
        # A laptop: DEBUG off but the public key, which no server may start with.
        {"DEBUG": False, "EMAIL_BACKEND": CONSOLE},
    ],
)
def test_no_mail_warning_when_mail_is_sent_or_on_a_laptop(values):
    assert _problems(**values) == []


def test_tls_and_ssl_together_are_an_error():
    assert _problems(EMAIL_BACKEND=SMTP, EMAIL_USE_TLS=True, EMAIL_USE_SSL=True) == ["config.E001"]
