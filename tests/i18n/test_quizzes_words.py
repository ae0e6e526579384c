"""The practice pages in French and Dutch (issue #32): the question, its hint and feedback,
the practice home and today's set read in the page's language, from quizzes/locale.

Each page is asked at its address in that language (reversed with
the language active: /fr/… and /nl/… once the site has language prefixes), with the
language also switched on by hand, so the test holds with or without LocaleMiddleware.
"""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from quizzes.kinds import kind_for
from quizzes.models import Question

CATALOGUES = Path(__file__).resolve().parents[2] / "quizzes" / "locale"
LANGUAGES = ("fr", "nl")

pytestmark = pytest.mark.django_db


def _new_question(client, kind):
    response = client.post(reverse("quizzes:new"), {"kind": kind})
    assert response.status_code == 302
    return Question.objects.latest("id")


def _question_url(question):
    """The question's address in the active language."""
    return reverse("quizzes:question", args=[question.public_id])


def _wrong_answers(question):
    kind = kind_for(question.kind)
    right = kind.solve(question.situation).answer
    data = {}
    for field in kind.fields(question.situation):
        if field.choices:
            data[field.name] = next(v for v, _ in field.choices if v != right[field.name])
        else:
            data[field.name] = str(right[field.name] + 10)
    return data


def _text(response):
    return response.content.decode()


# What each page says in each language, and the English it says instead.
QUESTION_WORDS = {
    "fr": [
        "Au-dessus ou au-dessous de la ligne",
        "Corriger ma réponse",
        "chaque partie de la marque",
    ],
    "nl": [
        "Boven of onder de streep?",
        "Kijk mijn antwoord na",
        "Zeg waar elk deel van de score komt",
    ],
}
HINT_WORDS = {
    "fr": ["Pas tout à fait.", "Regardez encore", "Corriger mon deuxième essai"],
    "nl": ["Nog niet helemaal.", "Kijk nog eens naar", "Kijk mijn tweede poging na"],
}
FEEDBACK_WORDS = {
    "fr": ["Bonne réponse", "Question suivante", "Choisir autre chose"],
    "nl": ["Goed antwoord", "Volgende vraag", "Kies iets anders"],
}
HOME_WORDS = {
    "fr": ["S'entraîner à marquer", "Manche ou pas", "Remplir une feuille entière"],
    "nl": ["Oefenen met scoren", "Manche of niet?", "Een hele scorekaart invullen"],
}
TODAY_WORDS = {
    "fr": ["Série du jour", "Commencer la série du jour"],
    "nl": ["Reeks van vandaag", "Begin aan de reeks van vandaag"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_question_its_hint_and_its_feedback_read_in_the_language(client, language):
    question = _new_question(client, "line_place")
    with translation.override(language):
        url = _question_url(question)
        page = _text(client.get(url))
        for words in QUESTION_WORDS[language]:
            assert words in page, words
        assert "Check my answer" not in page
        assert "Above or below the line?" not in page

        hint = _text(client.post(url, {"try": "1", **_wrong_answers(question)}, follow=True))
        for words in HINT_WORDS[language]:
            assert words in hint, words
        assert "Have another look at" not in hint

        feedback = _text(client.post(url, {"try": "2", **_wrong_answers(question)}, follow=True))
        for words in FEEDBACK_WORDS[language]:
            assert words in feedback, words
        assert "Right answer" not in feedback


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_practice_home_and_todays_set_read_in_the_language(client, language):
    with translation.override(language):
        home = _text(client.get(reverse("quizzes:home")))
        today = _text(client.get(reverse("quizzes:today")))
    for words in HOME_WORDS[language]:
        assert words in home, words
    assert "Practice scoring" not in home
    for words in TODAY_WORDS[language]:
        assert words in today, words
    assert "About ten quick questions a day" not in today


def test_a_page_asked_in_english_stays_english(client):
    question = _new_question(client, "line_place")
    with translation.override("en"):
        page = _text(client.get(_question_url(question)))
    assert "Above or below the line?" in page and "Check my answer" in page


def test_a_form_made_in_one_language_is_not_served_in_another(client):
    # The answer forms are kept per set of boxes: a box's words belong to that set.
    question = _new_question(client, "line_place")
    with translation.override("fr"):
        assert "Nous, au-dessous de la ligne" in _text(client.get(_question_url(question)))
    with translation.override("nl"):
        page = _text(client.get(_question_url(question)))
    assert "WIJ, onder de streep" in page and "Nous, au" not in page


PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}")
ENTRY = r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) ((?:".*"\n?)+)'


def _entries(language):
    text = (CATALOGUES / language / "LC_MESSAGES" / "django.po").read_text()
    for block in text.split("\n\n")[1:]:
        strings = {}
        for key, value in re.findall(
            r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) ((?:".*"\n?)+)', block, re.M
        ):
            strings[key] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', value))
        yield block, strings


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(language):
    entries = list(_entries(language))
    assert len(entries) > 250
    for block, strings in entries:
        assert "#, fuzzy" not in block, block
        english = sorted(PLACEHOLDER.findall(strings["msgid"]))
        translations = [v for k, v in strings.items() if k.startswith("msgstr")]
        assert translations and all(translations), block
        for translated in translations:
            assert sorted(set(PLACEHOLDER.findall(translated))) == sorted(set(english)), block


def test_french_puts_a_non_breaking_space_before_high_punctuation():
    for _, strings in _entries("fr"):
        for key, value in strings.items():
            if key.startswith("msgstr"):
                assert not re.search(r" [:;?!]", value), value


PAGE_WORDS = {
    "quizzes:progress": {"fr": "Vos progrès", "nl": "Jouw voortgang", "en": "Your progress"},
    "quizzes:sheet": {
        "fr": "Remplir la feuille de marque",
        "nl": "De scorekaart invullen",
        "en": "Fill in the score sheet",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PAGE_WORDS))
def test_progress_and_the_sheet_drill_read_in_the_language(client, name, language):
    with translation.override(language):
        page = _text(client.get(reverse(name)))
    assert PAGE_WORDS[name][language] in page
    assert f"<h1>{PAGE_WORDS[name]['en']}</h1>" not in page
