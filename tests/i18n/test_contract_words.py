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
