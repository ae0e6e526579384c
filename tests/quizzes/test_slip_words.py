"""A named slip told with the question's own figures reads in the page's language (issue 28,
point 10): the engine's reasons and labels said with `say`, and the sentence round them
("..., not ...", "written above the line", "which your figure leaves out") translated.
"""

import random
import re

import pytest
from django.utils import translation

from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from quizzes.models import Question
from scoring import MISTAKES, ScoringError

ENGLISH = re.compile(
    r"\bnot\b|written (above|below)|which your figure leaves out|none on this deal"
    r"|count toward game|\bto (WE|THEY)\b|to the (defenders|declaring side)"
    r"|\b(North|South|East)\b|\bbid and made\b|\bovertricks?\b"
)
"""English words of the sentences and of the engine's reasons: none is French or Dutch."""


def _every_slip_told(language: str, seeds: range):
    """Each kind's slips, told on questions drawn with these seeds, in `language`."""
    with translation.override(language):
        for key, kind in sorted(KINDS.items()):
            for seed in seeds:
                situation = kind.generate(random.Random(seed))
                solution = kind.solve(situation)
                for mistake in kind.applicable_mistakes(situation):
                    try:
                        for sentence in slip_figures(kind, situation, mistake, solution):
                            yield key, mistake.key, sentence
                    except ScoringError:
                        continue


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_kinds_slips_are_told_in_the_pages_language(language):
    told = list(_every_slip_told(language, range(12)))
    assert len({key for key, _, _ in told}) == len(KINDS)  # every kind tells some slip
    english = [(key, slip, sentence) for key, slip, sentence in told if ENGLISH.search(sentence)]
    assert english == []


def test_in_english_the_sentences_are_as_before():
    told = list(_every_slip_told("en", range(12)))
    assert sum(bool(ENGLISH.search(sentence)) for _, _, sentence in told) > len(told) / 2


HONORS_TO_DEFENDERS = {
    "declarer": "N",
    "contract": "4H",
    "tricks": 10,
    "vulnerable": False,
    "form": "simplicity",
    "honors": "four_trumps",
    "honors_side": "defenders",
}
"""Simplicity Bridge counts honors: a defender held four of the five top hearts."""


def _told(kind, situation, slip, language="en"):
    with translation.override(language):
        solution = kind.solve(situation)
        return slip_figures(kind, situation, MISTAKES[slip], solution)


def test_honors_to_the_wrong_side_name_both_sides():
    # It read "Honors: 100 to the defenders (...), not." with the declaring side left unsaid.
    kind = KINDS["duplicate_deal"]
    assert kind.solve(HONORS_TO_DEFENDERS).answer == {"answer": 420 - 100}
    (sentence,) = _told(kind, HONORS_TO_DEFENDERS, "honors_wrong_side")
    assert sentence.startswith("Honors: 100 to the defenders (")
    assert sentence.endswith("), not to the declaring side.")


def test_honors_to_the_wrong_side_in_french_and_dutch():
    kind = KINDS["duplicate_deal"]
    (french,) = _told(kind, HONORS_TO_DEFENDERS, "honors_wrong_side", "fr")
    assert french.startswith("Honneurs\u00a0: 100 pour la défense (")
    assert french.endswith("), et non pour le camp du déclarant.")
    (dutch,) = _told(kind, HONORS_TO_DEFENDERS, "honors_wrong_side", "nl")
    assert dutch.endswith("), niet voor de partij van de leider.")


def test_a_worked_figure_is_told_once_with_both_sums_in_french():
    kind = KINDS["trick_value"]
    situation = next(
        s
        for seed in range(200)
        if (s := kind.generate(random.Random(seed)))["deal"]["contract"] == "4H"
    )
    (sentence,) = _told(kind, situation, "book_tricks_counted", "fr")
    assert sentence == (
        "4♥ demandé et réussi\u00a0: 4 levées × 30 = 120, et non 10 levées × 30 = 300."
    )


def test_a_boards_dealer_slip_names_the_seats_in_french():
    kind = KINDS["vulnerability"]
    board = {"variant": "board", "board": 6}
    assert kind.solve(board).answer["dealer"] == "E"
    assert _told(kind, board, "dealer_one_seat_on", "fr")[0] == "Donneur\u00a0: Est, et non Sud."


def test_a_slip_that_leaves_a_box_empty_is_told_by_the_box_it_changes():
    # Ace ranked low: the asked player's ace reads as the lowest card, so the slip has them
    # sitting out with no partner; "Who is Ana's partner? Ben, not ." told nothing.
    kind = KINDS["partners"]
    situation = {"cards": {"Ana": "AS", "Ben": "KS", "Cal": "QS", "Dee": "JS", "Eva": "2C"}}
    situation["asked"] = "Ana"
    result = grade(kind, situation, {"partner": "", "sits_out": "Ana"})
    assert result.mistake_keys == ["ace_ranked_low"]
    told = _told(kind, situation, "ace_ranked_low")
    assert told == ["Who sits out the first rubber? Eva, not Ana."]


@pytest.mark.parametrize("key", ["game_check", "vulnerability"])
def test_the_sides_are_named_in_the_pages_language_in_boxes_and_notes(key):
    # "Cette donne donne-t-elle une manche à WE ?" and "WE have won a game..." in French.
    kind = KINDS[key]
    named = set()
    with translation.override("fr"):
        for seed in range(40):
            situation = kind.generate(random.Random(seed))
            words = [f.label for f in kind.fields(situation)]
            words += list(kind.solve(situation).notes)
            assert not any(re.search(r"\b(WE|THEY)\b", w) for w in words), words
            named |= {side for w in words for side in re.findall(r"\b(NOUS|EUX)\b", w)}
    assert named == {"NOUS", "EUX"}


NOTE_ENGLISH = re.compile(
    r"\b(is at least|of the top|beats|against a datum|Room|Leaving out|Won by)\b"
)


@pytest.mark.parametrize(
    "key", ["imp_scale", "matchpoint_row", "butler_datum", "team_board", "match_vp"]
)
@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_comparisons_working_is_in_the_pages_language(key, language):
    # The engine's reasons were written into the notes as English text (an f-string), so a
    # French page worked "+130 beats 2 of the 3 other scores ... of the top" in English.
    kind = KINDS[key]
    with translation.override(language):
        notes = [
            note
            for seed in range(10)
            for note in kind.solve(kind.generate(random.Random(seed))).notes
        ]
    assert notes
    assert [note for note in notes if NOTE_ENGLISH.search(note)] == []


@pytest.mark.django_db
def test_a_french_practice_page_tells_the_slip_with_its_figures_in_french(client):
    response = client.post("/fr/practice/new/", {"kind": "trick_value"})
    assert response.status_code == 302
    url = response["Location"]
    question = Question.objects.get(public_id=url.rstrip("/").split("/")[-1])
    kind = KINDS["trick_value"]
    slip = kind.solve(question.situation, MISTAKES["book_tricks_counted"]).answer
    for _ in range(2):  # the figures come with the answer, after the second try
        client.post(url, {name: str(value) for name, value in slip.items()})
    html = client.get(url).content.decode()
    figures = re.search(r"<span data-figures>(.*?)</span>", html, re.S).group(1)
    assert "demandé et réussi" in figures and ", et non " in figures, figures
    assert not ENGLISH.search(figures), figures
