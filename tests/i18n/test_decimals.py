"""Decimals the engine writes into its reasons and tables read with the language's decimal
comma in French and Dutch ("13,52"), and exactly as before in English ("13.52"): the engine
passes them as Decimals to their places, and `say` and the `figure` filter write them."""

import pytest
from django.utils import translation

from common.words import say
from scoring.comparisons import PairsSession, wbf_scale

# Won by 13 IMPs over 16 boards (the lesson's match): the formula gives 13.52.
WON_BY_13 = {
    "en": "= 13.52, where τ = (√5 - 1) / 2, about 0.618: 13.52 to 6.48",
    "fr": "= 13,52, où τ = (√5 - 1) / 2, environ 0,618 : 13,52 à 6,48",
    "nl": "= 13,52, waarbij τ = (√5 - 1) / 2, ongeveer 0,618: 13,52 tegen 6,48",
}
# The blitz in the formula, 15 × √16.
FORMULA = {"en": "(3 × 13 / 60.00))", "fr": "(3 × 13 / 60,00))", "nl": "(3 × 13 / 60,00))"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_victory_points_reason_writes_its_decimals_in_the_language(language):
    reason = wbf_scale(16).reason(13)
    with translation.override(language):
        said = say(reason)
    assert WON_BY_13[language] in said.replace("\u00a0", " ")
    assert FORMULA[language] in said
    if language == "en":
        assert said == str(reason)  # English exactly as the engine wrote it
    else:
        assert "." not in said  # no English decimal point left


BLITZ = {
    "en": "15 × √16 = 60.00 IMPs: 20.00 to 0.00",
    "fr": "15 × √16 = 60,00 IMP ou au-delà : 20,00 à 0,00",
    "nl": "15 × √16 = 60,00 IMP's: 20,00 tegen 0,00",
}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_win_beyond_the_blitz_writes_the_blitz_and_the_points_in_the_language(language):
    with translation.override(language):
        said = say(wbf_scale(16).reason(70)).replace("\u00a0", " ")
    assert BLITZ[language] in said


def _pair_one_reason():
    # tests/scoring/test_pairs_session.py's session: pair 1 has 1 matchpoint of 3, 33.33%.
    session = PairsSession()
    first = session.traveller(1)
    first.record("1", "N", "3NT", tricks=9, ew_pair="A")
    first.record("2", "N", "3NT", tricks=10, ew_pair="B")
    first.record("3", "E", "4S", tricks=10, ew_pair="C")
    second = session.traveller(2)
    second.record("1", "S", "2H", tricks=8, ew_pair="B")
    second.record("2", "S", "2H", tricks=9, ew_pair="A")
    return next(s for s in session.standings() if s.pair == "1").reason


PERCENTAGE = {"en": ": 33.33%", "fr": " : 33,33 %", "nl": ": 33,33%"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_pairs_percentage_is_written_in_the_language(language):
    reason = _pair_one_reason()
    with translation.override(language):
        said = say(reason).replace("\u00a0", " ")
    assert said.endswith(PERCENTAGE[language]), said
    if language == "en":
        assert said == str(reason) == "1: 1 + 0 = 1 of 3 over 2 boards: 33.33%"


SCALE_CELL = {
    "en": '<td class="num" data-margin="13">13.52</td>',
    "fr": '<td class="num" data-margin="13">13,52</td>',
    "nl": '<td class="num" data-margin="13">13,52</td>',
}
PREFIX = {"en": "", "fr": "/fr", "nl": "/nl"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_victory_points_scale_reads_in_the_language(client, language):
    response = client.get(f"{PREFIX[language]}/lessons/match-victory-points/")
    assert response.status_code == 200
    html = response.content.decode()
    assert SCALE_CELL[language] in html
    assert 'data-margin="60">20' in html  # the last cell, 20.00 or 20,00
    if language != "en":
        assert ">13.52<" not in html and ">20.00<" not in html
