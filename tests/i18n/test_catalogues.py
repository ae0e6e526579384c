"""The French and Dutch catalogues are whole: every message the pages mark for translation
has a translation, none is fuzzy, each keeps the English placeholders (a "%(count)s" lost or
renamed would break the page or print the wrong figure), and one English message has one
translation in a language, whichever catalogue holds it (Django merges the catalogues and
silently keeps the first, so two would mean a page says what nobody chose)."""

import re
from collections import defaultdict
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w*)[^{}]*\}|%[sd]")


def _catalogues(language: str) -> list[Path]:
    found = sorted(ROOT.glob(f"*/locale/{language}/LC_MESSAGES/django.po"))
    found += [ROOT / "locale" / language / "LC_MESSAGES" / "django.po"]
    return [path for path in found if ".venv" not in path.parts]


def _placeholders(text: str) -> list[str]:
    return sorted("".join(groups) or "%" for groups in PLACEHOLDER.findall(text))


def test_every_app_with_words_has_its_catalogues():
    for language in LANGUAGES:
        apps = {path.relative_to(ROOT).parts[0] for path in _catalogues(language)}
        assert {"locale", "scoring", "quizzes", "lessons", "drawing", "live"} <= apps


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    missing, fuzzy = [], []
    for path in _catalogues(language):
        catalogue = polib.pofile(str(path))
        assert len(catalogue) > 0, path
        missing += [(path.parts[-5], e.msgid) for e in catalogue.untranslated_entries()]
        fuzzy += [(path.parts[-5], e.msgid) for e in catalogue.fuzzy_entries()]
    assert missing == [], f"{language}: not translated: {missing[:10]}"
    assert fuzzy == [], f"{language}: fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_keeps_the_english_placeholders(language):
    wrong = []
    for path in _catalogues(language):
        for entry in polib.pofile(str(path)).translated_entries():
            if entry.msgid_plural:
                english = (_placeholders(entry.msgid), _placeholders(entry.msgid_plural))
                wrong += [
                    (entry.msgid, form)
                    for form in entry.msgstr_plural.values()
                    # French and Dutch "one" may say the number in words, as English "one".
                    if _placeholders(form) not in english
                    and not set(_placeholders(form)) <= set(english[1])
                ]
            elif _placeholders(entry.msgstr) != _placeholders(entry.msgid):
                wrong.append((entry.msgid, entry.msgstr))
    assert wrong == [], f"{language}: placeholders differ: {wrong[:10]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_english_message_has_one_translation_in_a_language(language):
    said = defaultdict(dict)
    for path in _catalogues(language):
        for entry in polib.pofile(str(path)):
            key = (entry.msgctxt, entry.msgid, entry.msgid_plural)
            said[key][path.relative_to(ROOT).parts[0]] = entry.msgstr or str(
                sorted(entry.msgstr_plural.items())
            )
    twice = {key[1]: where for key, where in said.items() if len(set(where.values())) > 1}
    assert twice == {}, f"{language}: one message, two translations: {list(twice.items())[:5]}"
