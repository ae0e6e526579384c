"""The account pages and their emails in French and Dutch: a visitor signing up, logging in or
resetting a password reads each page in the language of its address, and the emails the
site sends on the way are written in it too, with links to the pages in that language."""

import re

import pytest
from django.core import mail

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

PAGES = {
    "fr": {
        "/fr/accounts/signup/": ["Créer un compte", "Créer mon compte", "Adresse e-mail"],
        "/fr/accounts/login/": ["Mot de passe oublié", "Pas encore de compte"],
        "/fr/accounts/password_reset/": ["Réinitialiser votre mot de passe", "Envoyez-moi"],
        "/fr/accounts/password_reset/done/": ["Consultez vos e-mails"],
    },
    "nl": {
        "/nl/accounts/signup/": ["Een account maken", "Mijn account maken", "E-mailadres"],
        "/nl/accounts/login/": ["Wachtwoord vergeten?", "Nog geen account?"],
        "/nl/accounts/password_reset/": ["Je wachtwoord opnieuw instellen", "Stuur me de link"],
        "/nl/accounts/password_reset/done/": ["Kijk in je e-mail"],
    },
}
ENGLISH = ["Create my account", "Forgotten your password", "Send me the link", "Check your email"]


@pytest.mark.parametrize("language", list(PAGES))
def test_the_account_pages_are_in_the_addresss_language(client, language):
    for address, words in PAGES[language].items():
        page = client.get(address).content.decode()
        for word in words:
            assert word in page, (address, word)
        assert not [english for english in ENGLISH if english in page], address


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("fr", "Réinitialisez votre mot de passe", "Bonjour alice,"),
        ("nl", "Stel je wachtwoord voor Above the Line opnieuw in", "Hallo alice,"),
    ],
)
def test_the_password_reset_email_is_in_the_language_it_was_asked_in(
    client, language, subject, greeting
):
    UserFactory(username="alice", email="alice@example.org")
    client.post(f"/{language}/accounts/password_reset/", {"email": "alice@example.org"})
    (sent,) = mail.outbox
    assert subject in sent.subject
    assert sent.body.startswith(greeting)
    assert "Someone" not in sent.body and "If you did not ask" not in sent.body
    link = re.search(r"http://testserver(/\S+/)", sent.body).group(1)
    assert link.startswith(f"/{language}/accounts/reset/")


def test_the_address_in_use_email_is_in_the_sign_up_pages_language(client):
    UserFactory(username="alice", email="alice@example.org")
    client.post(
        "/nl/accounts/signup/",
        {
            "username": "alice2",
            "email": "alice@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    (sent,) = mail.outbox
    assert sent.subject == "Iemand heeft zich bij Above the Line aangemeld met jouw e-mailadres"
    assert sent.body.startswith("Hallo alice,")
    assert "‘alice2’" in sent.body and "Was jij het? Dan heb je al een account." in sent.body
    assert "http://testserver/nl/accounts/login/" in sent.body
    assert "http://testserver/nl/accounts/password_reset/" in sent.body
    assert "Someone" not in sent.body
