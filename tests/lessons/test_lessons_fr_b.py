"""The French lessons (second half of the course): each is the English lesson's twin.

Each French file must call the very same template tags and filters, with the same
arguments and in the same order, as the English file, so every figure on the French page
comes from the engine and matches the English page. Only caption="..." may be translated.
The page is then rendered through the real lesson view with the French template.
"""

import pytest

from tests.lessons.tags import (
    lesson_page,
    lesson_source,
)

# slug: (words the French page must show, an English sentence that must be gone)
FRENCH = {
    "partners": (
        ["Tirer les places", "passe son tour", "robre"],
        "Spread a deck face down on the table.",
    ),
    "chicago": (
        ["Un tour de quatre donnes", "Variante Cavendish", "partielle"],
        "A rubber can take a long time.",
    ),
    "duplicate": (
        ["Le numéro de l'étui", "prime de contre réussi", "levées"],
        "So luck matters less.",
    ),
    "simplicity": (
        ["Une règle bien à lui", "Les huit exemples", "surcontré"],
        "The minus sign means the points go to the defenders.",
    ),
    "victory-points": (
        ["points de victoire", "robre inachevé", "12 PV"],
        "Note that the VP use the exact difference, not the rounded one.",
    ),
    "matchpoints": (
        ["feuille ambulante", "Compter les points de match", "top"],
        "A score means little on its own.",
    ),
    "imps": (
        ["Le barème des IMP", "moyenne Butler", "coéquipiers"],
        "A team has four players: two pairs.",
    ),
    "match-victory-points": (
        ["points de victoire sur 20", "blitz", "la lettre grecque tau"],
        "A drawn match is 10 to 10.",
    ),
    "par": (
        ["contrat par", "sacrifice", "cartes ouvertes"],
        "Par is a yardstick, not a target",
    ),
}


@pytest.mark.parametrize("slug", FRENCH)
def test_french_lesson_renders_through_the_lesson_view(client, db, monkeypatch, slug):
    html = lesson_page(client, monkeypatch, slug, "fr")
    words, english_sentence = FRENCH[slug]
    assert english_sentence in lesson_source(slug), "the sentence is the English lesson's"
    for word in words:
        assert word in html, f"{word!r} missing from the French {slug} page"
    assert english_sentence not in html
