"""The "Not sent yet" note that static/js/keep-offline.js shows under an answer sent offline
is written by the page in its language (the script only unhides it)."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

NOTES = {
    "fr": ("Pas encore envoyé", "nous enverrons votre réponse dès que"),
    "nl": ("Nog niet verstuurd:", "je antwoord wordt vanzelf verstuurd"),
}


@pytest.mark.parametrize("language", list(NOTES))
def test_the_unsent_note_is_in_the_pages_language(language):
    with translation.override(language):
        what = translation.gettext("your answer")
        note = render_to_string("common/_unsent.html", {"what": what})
    for words in NOTES[language]:
        assert words in note
    assert "Not sent yet" not in note
    assert "will be sent" not in note
