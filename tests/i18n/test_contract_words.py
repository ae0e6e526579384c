"""A notrump contract reads 3NT in English and 3SA in French (sans-atout) and Dutch
(sans atout); suit contracts keep their symbols in every language."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation


def _shown(contract: str, language: str) -> str:
    """What the eye sees of {{ contract|contract }} (not the words for screen readers)."""
    with translation.override(language):
        html = Template("{% load cards %}{{ c|contract }}").render(Context({"c": contract}))
    seen = re.search(r'<span aria-hidden="true">(.*?)</span><span class="visually-hidden">', html)
    assert seen, html
    return re.sub(r"<[^>]+>", "", seen.group(1))


@pytest.mark.parametrize(
    ("contract", "english", "french_and_dutch"),
    [("3NT", "3NT", "3SA"), ("7NTXX", "7NTXX", "7SAXX"), ("1NTX", "1NTX", "1SAX")],
)
def test_notrump_is_sa_in_french_and_dutch(contract, english, french_and_dutch):
    assert _shown(contract, "en") == english
    assert _shown(contract, "fr") == french_and_dutch
    assert _shown(contract, "nl") == french_and_dutch


@pytest.mark.parametrize("contract", ["4H", "2CX", "6SXX", "5D"])
def test_suit_contracts_keep_their_symbol_in_every_language(contract):
    english = _shown(contract, "en")
    assert english[1] in "♣♦♥♠"
    assert _shown(contract, "fr") == _shown(contract, "nl") == english


def _heard(contract: str, language: str) -> str:
    """What a screen reader says of {{ contract|contract }}."""
    with translation.override(language):
        html = Template("{% load cards %}{{ c|contract }}").render(Context({"c": contract}))
    heard = re.search(r'<span class="visually-hidden">(.*?)</span>', html)
    assert heard, html
    return heard.group(1)


@pytest.mark.parametrize(
    ("contract", "english", "french", "dutch"),
    [
        ("2CX", "2 clubs doubled", "2 trèfles contré", "2 klaveren gedoubleerd"),
        ("1H", "1 heart", "1 cœur", "1 harten"),
        ("5DX", "5 diamonds doubled", "5 carreaux contré", "5 ruiten gedoubleerd"),
        ("1SXX", "1 spade redoubled", "1 pique surcontré", "1 schoppen geredoubleerd"),
        ("3NT", "3 notrump", "3 sans-atout", "3 sans atout"),
    ],
)
def test_a_contract_is_read_aloud_in_the_pages_language(contract, english, french, dutch):
    assert _heard(contract, "en") == english
    assert _heard(contract, "fr") == french
    assert _heard(contract, "nl") == dutch
