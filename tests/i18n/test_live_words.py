"""The live class in French and Dutch: the phone (joining, a question, an answer received,
a refusal, the standing), the projector and the teacher's start form, walked through with
the language active, say the catalogue's words, and the English ones are gone. The English
pages themselves are held by tests/live."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
from django.utils import translation

from live.movement import Mitchell
from live.pairs import pair_choices, rounds_of_pair
from live.selectors import Standing
from live.table_forms import TableResultForm
from reports.at_tables import PairResult
from tests.i18n.live_walk import quiz_pages, table_pages

LOCALE = Path(__file__).resolve().parents[2] / "live" / "locale"

pytestmark = pytest.mark.django_db


def _in(language: str, walk) -> dict[str, str]:
    """Every page of the walk, rendered with `language` active (as LocaleMiddleware
    would leave it, and as a browser asking for it says)."""
    with translation.override(language):
        pages = walk({"accept-language": language})
    return {name: unescape(html) for name, html in pages.items()}


# Each page's chosen phrases in French, in Dutch, and the English one that must be gone.
NBSP = "\u00a0"
QUIZ = {
    "join": ("Rejoindre un cours en direct", "Meedoen aan een live les", "Join a live class"),
    "phone_lobby": ("Vous êtes dans la salle.", "Je bent binnen.", "You're in."),
    "phone_question": ("Envoyer ma réponse", "Mijn antwoord versturen", "Send my answer"),
    "phone_received": ("Réponse reçue", "Antwoord ontvangen", "Answer received"),
    "phone_right": ("Juste" + NBSP + "!", "Goed!", "Right!"),
    "phone_wrong": ("Pas tout à fait", "Niet helemaal", "Not quite"),
    "phone_missed": (
        "Vous n'avez pas répondu à celle-ci.",
        "Deze heb je niet beantwoord.",
        "You did not answer this one.",
    ),
    "phone_refused": (
        "Cette question est close",
        "Deze vraag is gesloten",
        "This question is closed",
    ),
    "phone_finished": (
        "Le cours en direct est terminé",
        "De live les is afgelopen",
        "The live class has ended",
    ),
    "screen_lobby": ("dans la salle", "in de zaal", "in the room"),
    "screen_asking": ("Montrer la réponse", "Het antwoord tonen", "Show the answer"),
    "screen_revealed": ("Comment la salle a répondu", "Hoe de zaal antwoordde", "How the room"),
    "screen_finished": ("Classement final", "Eindstand", "Final standing"),
    "confirm_skip": ("Sauter cette question" + NBSP + "?", "Deze vraag overslaan?", "Skip it"),
    "confirm_end": ("Terminer le cours en direct", "De live les beëindigen", "End the live"),
    "results_csv": (
        "Place,Nom,Équipe,Points,Bonnes réponses,Q1",
        "Plaats,Naam,Team,Punten,Goede antwoorden,V1",
        "Right answers",
    ),
    "index": ("Lancer un cours en direct", "Een live les starten", "Start a live class"),
    "new": ("Nombre de questions", "Aantal vragen", "Number of questions"),
    "new_mistakes": ("Choisissez entre 1 et 15 tables.", "Kies tussen 1 en 15 tafels.", "Choose"),
    "join_mistakes": ("Le code à l'écran a 6 lettres", "De code op het scherm heeft 6", "The code"),
}
TABLES = {
    "table_choose": (
        "Pour quelle table tenez-vous la marque" + NBSP + "?",
        "Voor welke tafel houd je de score bij?",
        "Which table do you score for?",
    ),
    "table_board": ("Saisir l'étui 1", "Spel 1 invoeren", "Enter board 1"),
    "table_saved": ("L'étui 1 est enregistré", "Spel 1 is binnen", "Board 1 is in"),
    "table_mistake": (
        "Levées faites par le déclarant",
        "Slagen gehaald door de leider",
        "Tricks taken",
    ),
    "tables_screen": ("Résultats saisis" + NBSP + ":", "Uitslagen binnen:", "Results in:"),
    "tables_board_large": ("Tous les étuis", "Alle spellen", "Every board"),
    "tables_finished": (
        "Les feuilles ambulantes finales",
        "De laatste scorestrookjes",
        "The final",
    ),
    "travellers_csv": ("Étui,Table,N-S,E-O,Contrat", "Spel,Tafel,N-Z,O-W,Contract", "N-S score"),
    "table_finished_phone": (
        "La feuille ambulante de chaque étui",
        "Het scorestrookje van elk spel",
        "Every board's traveller",
    ),
}


@pytest.mark.parametrize("language, column", [("fr", 0), ("nl", 1)])
def test_the_quiz_phones_and_projector_speak_the_language(language, column):
    pages = _in(language, quiz_pages)
    for name, phrases in QUIZ.items():
        assert phrases[column] in pages[name], (name, phrases[column])
        assert phrases[2] not in pages[name], (name, phrases[2])


@pytest.mark.parametrize("language, column", [("fr", 0), ("nl", 1)])
def test_the_class_at_tables_speaks_the_language(language, column):
    pages = _in(language, table_pages)
    for name, phrases in TABLES.items():
        assert phrases[column] in pages[name], (name, phrases[column])
        assert phrases[2] not in pages[name], (name, phrases[2])


@pytest.mark.parametrize(
    "language, places",
    [
        ("en", ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st", "joint 22nd"]),
        ("fr", ["1er", "2e", "3e", "4e", "11e", "12e", "21e", "22e ex aequo"]),
        ("nl", ["1e", "2e", "3e", "4e", "11e", "12e", "21e", "gedeeld 22e"]),
    ],
)
def test_a_place_in_the_standing_is_said_as_the_language_counts(language, places):
    ranks = [(1, False), (2, False), (3, False), (4, False), (11, False), (12, False)]
    ranks += [(21, False), (22, True)]
    with translation.override(language):
        said = [Standing(rank=r, name="Ana", points=0, right=0, tied=t).place for r, t in ranks]
    assert said == places


@pytest.mark.parametrize(
    "language, choice, round_text",
    [
        ("en", "Pair 1: N-S, at table 1 all session (Ana & Ben)", "E-W · Pair 1 · boards 1–2"),
        (
            "fr",
            "Paire 1" + NBSP + ": N-S, à la table 1 toute la séance (Ana & Ben)",
            "E-O · Paire 1 · étuis 1 à 2",
        ),
        ("nl", "Paar 1: N-Z, de hele les aan tafel 1 (Ana & Ben)", "O-W · Paar 1 · spellen 1–2"),
    ],
)
def test_a_mitchell_pair_is_offered_and_sent_round_in_the_language(language, choice, round_text):
    # Three tables, six boards: pair 1 sits N-S at table 1; pair 4 starts E-W against it.
    mitchell = Mitchell(tables=3, first_board=1, board_count=6)
    with translation.override(language):
        offered = dict(pair_choices(mitchell, {1: "Ana & Ben"}))[1]
        first = rounds_of_pair(mitchell, 4, {}, set())[0]
        said = " · ".join((first.direction_text, first.opponent, first.boards_text))
    assert (offered, said) == (choice, round_text)


@pytest.mark.parametrize(
    "language, refusal",
    [
        ("en", "13 tricks is the most a side can take, got 14"),
        ("fr", "Un camp fait au plus 13 levées, pas 14"),
        ("nl", "Een partij maakt hoogstens 13 slagen, niet 14"),
    ],
)
def test_fourteen_tricks_from_a_tables_phone_are_refused_in_the_language(language, refusal):
    # The engine refuses them in English; the phone's form says why in the scorer's words.
    with translation.override(language):
        form = TableResultForm({"declarer_1": "N", "contract_1": "4S", "tricks_1": "14"})
        assert form.errors["tricks"] == [refusal]


@pytest.mark.parametrize(
    "language, direction, place",
    [
        ("en", "E-W", "joint 2nd of 3 E-W pairs"),
        ("fr", "E-O", "2e ex aequo sur 3 paires E-O"),
        ("nl", "O-W", "gedeeld 2e van 3 O-W-paren"),
    ],
)
def test_a_pairs_result_in_the_teachers_reports_names_its_direction_as_the_room_did(
    language, direction, place
):
    # Dan's pair, E-W in a Mitchell of three tables: the class overview and his page say
    # its direction as the live class's screen and phones did (live.pairs).
    dan = PairResult(pair=4, direction="EW", percentage=41.67, place=2, tied=True, ranked=3)
    with translation.override(language):
        assert (dan.direction_text, dan.place_text) == (direction, place)
