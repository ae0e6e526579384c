"""The catalogues say each key bridge term with the glossary's word (docs/glossary-fr.md,
docs/glossary-nl.md): every French and Dutch message whose English has the term has the
glossary's word, and none says it with a competing one ("sans atout" for "sans-atout" in
French, "Wij" for "WIJ" in Dutch, a term left in English)."""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)

# term: the glossary row's English (a row whose English has it: "vulnerable / not
# vulnerable"), the term in an English message, and per language the word the glossary
# gives (it must be in that row), what each translation must say, and the competing words
# none may use.
KEY_TERMS = {
    "notrump": {
        "row": "notrump",
        "english": r"\bnotrump\b",
        "fr": ("sans-atout (SA)", r"sans-atout|\bSA\b", r"sans atout|\bnotrump\b"),
        "nl": ("sans atout (SA)", r"sans atout|\bSA\b", r"sans-atout|zonder troef|\bnotrump\b"),
    },
    "vulnerable": {
        "row": "vulnerable",
        "english": r"\bvulnerable\b",
        "fr": ("vulnérable", r"vulnérab", r"\bvulnerable\b"),
        "nl": ("kwetsbaar", r"kwetsba", r"\bvulnerable\b"),
    },
    "game": {
        "row": "game",
        "english": r"\bgames?\b",
        "fr": ("manche", r"manche", r"\bgame\b"),
        "nl": ("manche", r"manche", r"\bgame\b"),
    },
    "slam": {
        "row": "slam",
        "english": r"\bslams?\b",
        "fr": ("chelem", r"chelem", r"\bslam\b"),
        "nl": ("slem", r"slem", r"chelem|\bslam\b"),
    },
    "double": {
        "row": "double / redouble",
        "english": r"\b(?<!re)doubl(e|ed|es|ing)\b",
        # "le chiffre doublé" (twice the figure) is arithmetic, not the call.
        "fr": ("contre", r"contr", r"\bcontrats? doublés?\b|\bdoublent\b"),
        "nl": ("doublet", r"doubl", r"contr[ée]|\bdoubled\b"),
    },
    "redouble": {
        "row": "double / redouble",
        "english": r"\bredoubl(e|ed|es|ing)\b",
        "fr": ("surcontre", r"surcontr", r"\bredoubl"),
        "nl": ("redoublet", r"redoubl", r"surcontr|\bredoubled\b"),
    },
    "WE": {
        "row": "We / They",
        "english": r"\bWE\b",
        "fr": ("Nous", r"\bNous\b|\bNOUS\b", r"\bWE\b|\bnous\b(?= (gagn|march))"),
        "nl": ("WIJ", r"\bWIJ\b", r"\bWij\b|\bWE\b"),
    },
    "THEY": {
        "row": "We / They",
        "english": r"\bTHEY\b",
        "fr": ("Eux", r"\bEux\b|\bEUX\b", r"\bTHEY\b|\bILS\b"),
        "nl": ("ZIJ", r"\bZIJ\b", r"\bZij\b|\bTHEY\b"),
    },
    "datum": {
        "row": "datum (Butler)",
        "english": r"\bdatum\b",
        "fr": ("datum", r"datum", r"moyenne de référence"),
        "nl": ("de datum", r"datum", r"referentiescore|\bhet (Butler-)?datum\b"),
    },
    "unfinished rubber": {
        "row": "unfinished rubber",
        "english": r"\bunfinished rubbers?\b",
        "fr": ("robre inachevé", r"inachev", r"\bunfinished\b"),
        "nl": ("onafgemaakte robber", r"onafgemaakt", r"onvoltooid"),
    },
}

# Messages where the English word is not the bridge term: "game" is also the session a score
# pad keeps ("Your games", "a real game of bridge", "a pairs game": une partie, een partij).
OTHER_SENSE = {
    "game": re.compile(
        r"\b(this|your|a whole|a real|a new|a rubber|a pairs|the team|the|such kind of)"
        r" game\b(?! (line|bonus|contract|needs|made))|\bgames\b(?! (each|needs))"
        r"|\bgame of bridge\b|\bgames? (yet|the latest)\b",
        re.I,
    ),
    # "Double dummy" (every hand in view, as a solver plays) is no double of the auction.
    "double": re.compile(r"\bdouble[- ]dummy\b", re.I),
}
# Placeholders and markup are not words: "{doubling}", data-figure="game-points".
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}|<[^>]*>")


def _glossary(language: str) -> dict[str, str]:
    """The glossary's table: English → the language's words."""
    text = (ROOT / "docs" / f"glossary-{language}.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|", text, re.M)
    return {
        re.sub(r"\s*\*\(added\)\*", "", english): words
        for english, words in rows
        if english not in {"English", "---"}
    }


def _entries(language: str):
    paths = [*ROOT.glob(f"*/locale/{language}/LC_MESSAGES/django.po")]
    paths.append(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    for path in sorted(paths):
        for entry in polib.pofile(str(path)).translated_entries():
            english = [entry.msgid, *([entry.msgid_plural] if entry.msgid_plural else [])]
            said = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            yield path.relative_to(ROOT).parts[0], english, said


def _uses_the_term(term: str, english: str) -> bool:
    english = PLACEHOLDER.sub("", english)
    pattern = KEY_TERMS[term]["english"]
    other = OTHER_SENSE.get(term)
    return bool(re.search(pattern, english)) and not (other and other.search(english))


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("term", KEY_TERMS)
def test_the_glossary_gives_the_key_term(language, term):
    row = KEY_TERMS[term]["row"]
    word = KEY_TERMS[term][language][0]
    rows = [words for english, words in _glossary(language).items() if row in english]
    assert rows, f"docs/glossary-{language}.md has no row for {row!r}"
    assert any(word in words for words in rows), (word, rows)


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("term", KEY_TERMS)
def test_each_message_with_the_term_says_the_glossary_word(language, term):
    _, glossary_word, competing = KEY_TERMS[term][language]
    wrong = []
    for app, english, said in _entries(language):
        if not any(_uses_the_term(term, text) for text in english):
            continue
        for text in said:
            words = PLACEHOLDER.sub("", text)
            if not re.search(glossary_word, words, re.I) or re.search(competing, words):
                wrong.append((app, english[0][:60], text[:80]))
    assert wrong == []


def test_the_check_knows_the_two_senses_of_game():
    assert _uses_the_term("game", "Each deal that makes a game draws a game line.")
    assert _uses_the_term("game", "THEY made a game: 4♥.")
    assert not _uses_the_term("game", "Your games, the latest first")
    assert not _uses_the_term("game", "Keep the score of a real game of bridge")
    assert not _uses_the_term("double", "{double} boards")
    assert not _uses_the_term("double", "Hand records with the double-dummy tricks")
