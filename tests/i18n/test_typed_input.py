"""Input in the learner's language (issue 32): a contract typed as "3SA", "4♥X" or "4 Pique
contré" in French, "3SA" or "4 schoppen gedoubleerd" in Dutch, and points written with the
local thousands separator and minus, are graded exactly as the English input is.

The spellings below are written out here as a French or Dutch learner types them (capitals,
accents, spaces), not taken from common.typed's own tables, so a word missing there fails.
"""

import doctest
import re
from itertools import product

import pytest
from django import forms
from django.urls import reverse
from django.utils import translation

import common.forms
import common.typed
from common.forms import (
    DECIMAL_COMMA_IN_POINTS,
    POINT_BEFORE_THREE_DIGITS,
    PointsField,
    parse_points,
    signed_pattern,
)
from common.typed import CONTRACT_UNREADABLE, LEVEL_OUT_OF_RANGE, contract_from_typed
from live.table_forms import TableResultForm
from quizzes.forms import parse_decimal
from scorepad.traveller_forms import TableForm
from scoring import Contract, Doubling, InvalidContract, Strain, score_deal

LEVELS = range(1, 8)
DOUBLINGS = (Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED)

# How each language writes each strain: its symbol, its letters, its words.
STRAINS = {
    "fr": {
        Strain.SPADES: ["♠", "P", "p", "Pique", "Piques", "pique"],
        Strain.HEARTS: ["♥", "♥\ufe0f", "C", "Cœur", "Coeur", "cœurs", "COEURS"],
        Strain.DIAMONDS: ["♦", "K", "Carreau", "carreaux", "D"],
        Strain.CLUBS: ["♣", "T", "Trèfle", "trefle", "Trèfles"],
        Strain.NOTRUMP: ["SA", "sa", "Sans Atout", "sans-atout", "NT"],
    },
    "nl": {
        Strain.SPADES: ["♠", "S", "s", "Schoppen", "schoppen"],
        Strain.HEARTS: ["♥", "H", "Harten", "harten"],
        Strain.DIAMONDS: ["♦", "R", "Ruiten", "D"],
        Strain.CLUBS: ["♣", "K", "Klaveren", "klaveren", "C"],
        Strain.NOTRUMP: ["SA", "Sans Atout", "sans", "NT"],
    },
}
DOUBLED = {
    "fr": {
        Doubling.NONE: [""],
        Doubling.DOUBLED: ["X", "x", " contré", " Contre", " CONTRÉ"],
        Doubling.REDOUBLED: ["XX", " xx", " surcontré", " Surcontre"],
    },
    "nl": {
        Doubling.NONE: [""],
        Doubling.DOUBLED: ["X", " x", " gedoubleerd", " Doublet"],
        Doubling.REDOUBLED: ["XX", " geredoubleerd", " redoublet"],
    },
}
ENGLISH_LETTERS = {
    Strain.SPADES: "S",
    Strain.HEARTS: "H",
    Strain.DIAMONDS: "D",
    Strain.CLUBS: "C",
    Strain.NOTRUMP: "NT",
}


def _typings(language):
    """(what a learner types, the contract the engine should read) for every contract."""
    for level, strain, doubling in product(LEVELS, STRAINS[language], DOUBLINGS):
        expected = Contract(level, strain, doubling)
        for spelling, doubled in product(STRAINS[language][strain], DOUBLED[language][doubling]):
            # After a word, a double is a word apart: "4 carreaux" is plural, not doubled.
            afters = (" ",) if len(spelling) > 2 else ("", " ")
            for gap, after in product(("", " "), afters):
                yield f"{level}{gap}{spelling}{after}{doubled.strip()}", expected


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_contract_in_every_local_notation_reads_as_the_engines_contract(language):
    typings = list(_typings(language))
    assert len({str(c) for _, c in typings}) == 35 * 3  # every level, strain and doubling
    with translation.override(language):
        wrong = [(t, c) for t, c in typings if contract_from_typed(t) != c]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize(
    ("language", "typed", "english"),
    [
        ("fr", "4♥X", "4HX"),
        ("fr", "3 SA", "3NT"),
        ("fr", "4 Pique contré", "4SX"),
        ("fr", "6 Trèfles surcontré", "6CXX"),
        ("nl", "4 harten gedoubleerd", "4HX"),
        ("nl", "3SA", "3NT"),
        ("nl", "2 Ruiten XX", "2DXX"),
    ],
)
def test_a_local_contract_is_graded_as_the_same_contract_typed_in_english(language, typed, english):
    with translation.override(language):
        local = TableForm({"contract": typed, "declarer": "S", "tricks": "9"})
        assert local.is_valid() and local.result is not None, local.errors
    with translation.override("en"):
        same = TableForm({"contract": english, "declarer": "S", "tricks": "9"})
        assert same.is_valid()
    assert local.result == same.result
    assert score_deal(local.result.contract, 9).total == score_deal(english, 9).total


@pytest.mark.parametrize(
    ("language", "typed", "read"),
    [
        ("fr", "1C", "1H"),  # cœur: the French C
        ("nl", "1C", "1C"),  # clubs, as in English
        ("en", "1C", "1C"),
        ("fr", "2K", "2D"),  # carreau
        ("nl", "2K", "2C"),  # klaveren
        ("fr", "3S", "3S"),  # English letters with no French meaning keep theirs
        ("fr", "3SX", "3SX"),
        ("nl", "3SAX", "3NTX"),
        ("fr", "3 SA XX", "3NTXX"),
        ("fr", "4 Carreaux", "4D"),  # the plural, not a double
        ("fr", "4 carreau X", "4DX"),
        ("fr", "4 carreaux x", "4DX"),
        ("nl", "3 n t x x", "3NTXX"),
        ("fr", "  4   Sans - Atout   Surcontré ", "4NTXX"),
    ],
)
def test_a_letter_means_what_it_means_in_the_learners_language(language, typed, read):
    with translation.override(language):
        assert str(contract_from_typed(typed)) == read


@pytest.mark.parametrize("typed", ["4HX", "3nt", "1NTXX", "7C", "4♥X", "4H*", " 2 s "])
def test_english_is_read_by_the_engine_exactly_as_before(typed):
    with translation.override("en"):
        assert contract_from_typed(typed) == Contract.parse(typed)


@pytest.mark.parametrize("typed", ["3SA", "4 Pique", "4Z", "4 hearts"])
def test_english_refuses_what_the_engine_refuses_with_the_engines_words(typed):
    with pytest.raises(InvalidContract) as engine:
        Contract.parse(typed)
    with translation.override("en"), pytest.raises(InvalidContract) as ours:
        contract_from_typed(typed)
    assert str(ours.value) == str(engine.value)


@pytest.mark.parametrize(
    ("language", "typed", "letters", "example"),
    [
        ("fr", "4Z", "P ♠, C ♥, K ♦, T ♣, ", "4PX, 3SA"),
        ("fr", "bonjour", "P ♠, C ♥, K ♦, T ♣, ", "4PX, 3SA"),
        ("nl", "4 pique", "S ♠, H ♥, R ♦, K ♣, ", "4SX, 3SA"),  # French words are not Dutch
        ("nl", "", "S ♠, H ♥, R ♦, K ♣, ", "4SX, 3SA"),
    ],
)
def test_nonsense_gets_a_message_in_the_letters_of_the_learners_language(
    language, typed, letters, example
):
    with translation.override(language), pytest.raises(InvalidContract) as error:
        contract_from_typed(typed)
    message = str(error.value)
    assert letters in message and example in message and typed.strip() in message


@pytest.mark.parametrize(("language", "typed", "level"), [("fr", "8SA", 8), ("nl", "0♠", 0)])
def test_a_level_out_of_range_is_named_in_the_message(language, typed, level):
    with translation.override(language), pytest.raises(InvalidContract) as error:
        contract_from_typed(typed)
    with translation.override(language):
        assert str(error.value) == str(LEVEL_OUT_OF_RANGE % {"level": level})


def test_a_traveller_page_in_french_scores_as_the_same_page_in_english(client):
    english = {
        "board": "5",
        "table-0-contract": "4S",
        "table-0-declarer": "S",
        "table-0-tricks": "10",
        "table-1-contract": "3NTX",
        "table-1-declarer": "N",
        "table-1-tricks": "8",
    }
    french = {**english, "table-0-contract": "4 Pique", "table-1-contract": "3 SA contré"}
    with translation.override("en"):
        expected = client.get("/scorepad/traveller/", english)
    with translation.override("fr"):
        response = client.get(reverse("scorepad:traveller"), french)  # /fr/scorepad/...
    assert expected.status_code == response.status_code == 200
    assert _results(response) == _results(expected) != []


def _results(page):
    # The figures of the results table, whatever words frame them.
    html = page.content.decode()
    start = html.index("<table", html.index("data-traveller-board"))
    table = html[start : html.index("</table>", start)]
    # Each cell's figure, the decimal comma read as a point (13,52 is 13.52 in French).
    return [f.replace(",", ".") for f in re.findall(r">([+−-]?\d+(?:[.,]\d+)?)<", table)]


def test_the_contract_box_says_what_each_letter_means_in_the_pages_language():
    form = TableResultForm()
    with translation.override("fr"):
        assert "P ♠, C ♥, K ♦, T ♣" in str(form["contract"].help_text)
    with translation.override("nl"):
        assert "S ♠, H ♥, R ♦, K ♣" in str(form["contract"].help_text)
    with translation.override("en"):
        assert "4S, 3NT, 5DX" in str(form["contract"].help_text)


def test_the_traveller_box_has_room_for_a_contract_in_words():
    html = str(TableForm()["contract"])
    room = int(re.search(r'maxlength="(\d+)"', html)[1])
    assert room >= len("7 sans atout geredoubleerd")


# -- points --------------------------------------------------------------------------------


POINTS = [
    ("fr", "1 100", 1100),
    ("fr", "1\u00a0100", 1100),  # no-break space
    ("fr", "1\u202f100", 1100),  # narrow no-break space, as French typography writes it
    ("fr", "−100", -100),  # U+2212 minus
    ("fr", "-100", -100),
    ("fr", "− 1 100", -1100),
    ("fr", "1.100", 1100),  # Belgian French
    ("nl", "1.100", 1100),
    ("nl", "-100", -100),
    ("nl", "−1.100", -1100),
    ("nl", "1 100", 1100),
    ("en", "1,100", 1100),
    ("en", "1 100", 1100),
    ("en", "−100", -100),
]


@pytest.mark.parametrize(("language", "typed", "value"), POINTS)
def test_points_with_the_local_separators_and_minus_are_read(language, typed, value):
    with translation.override(language):
        assert parse_points(typed, signed=True) == value
        assert re.fullmatch(signed_pattern(), typed), "the browser would refuse it"


@pytest.mark.parametrize(("language", "typed"), [("fr", "1,100"), ("nl", "1,100"), ("nl", "4,20")])
def test_a_decimal_comma_in_points_is_refused_not_guessed(language, typed):
    with translation.override(language), pytest.raises(forms.ValidationError) as error:
        parse_points(typed, signed=False)
    assert error.value.message == DECIMAL_COMMA_IN_POINTS


@pytest.mark.parametrize(
    ("language", "typed"),
    [("en", "1.100"), ("nl", "1.10"), ("nl", "11.00"), ("fr", "1.1000"), ("fr", "abc")],
)
def test_a_point_that_does_not_mark_thousands_is_still_refused(language, typed):
    with translation.override(language), pytest.raises(forms.ValidationError):
        parse_points(typed, signed=True)


def test_a_points_box_graded_in_dutch_takes_what_the_english_one_takes():
    class Form(forms.Form):
        score = PointsField(signed=True)

    with translation.override("en"):
        english = Form({"score": "-1,100"})
        assert english.is_valid()
    with translation.override("nl"):
        dutch = Form({"score": "−1.100"})
        assert dutch.is_valid()
        assert "．]+" in str(dutch["score"])  # the pattern, drawn in the page's language
    assert dutch.cleaned_data == english.cleaned_data == {"score": -1100}


DECIMALS = [
    ("fr", "13,52", False, 13.52),
    ("nl", "13,52", False, 13.52),
    ("nl", "13.52", False, 13.52),  # no thousands read so
    ("fr", "2,5", True, 2.5),
    ("en", "13.52", False, 13.52),
    ("en", "1.100", False, 1.1),  # English as it was
]


@pytest.mark.parametrize(("language", "typed", "halves", "value"), DECIMALS)
def test_a_decimal_box_reads_the_local_decimal_comma(language, typed, halves, value):
    with translation.override(language):
        assert parse_decimal(typed, halves=halves) == value


@pytest.mark.parametrize(("language", "typed"), [("fr", "1.100"), ("nl", "12.500")])
def test_a_decimal_box_refuses_a_point_that_could_mark_thousands(language, typed):
    with translation.override(language), pytest.raises(forms.ValidationError) as error:
        parse_decimal(typed, halves=False)
    assert error.value.message == POINT_BEFORE_THREE_DIGITS


@pytest.mark.parametrize("module", [common.typed, common.forms])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize(
    "message",
    [CONTRACT_UNREADABLE, LEVEL_OUT_OF_RANGE, DECIMAL_COMMA_IN_POINTS, POINT_BEFORE_THREE_DIGITS],
)
def test_common_brings_the_words_of_its_new_messages_in_french_and_dutch(language, message):
    with translation.override("en"):
        english = str(message)
    with translation.override(language):
        assert str(message) != english
