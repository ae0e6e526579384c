"""The lessons' own pages in French and Dutch: the sample rubber, its deals and result, the
review quiz, the cheat sheet and each lesson's frame (lessons/locale/).

Each page is drawn by its view with the language active (RequestFactory, so no middleware
picks the language: this holds with or without LocaleMiddleware). Every check names a
phrase of the page's own language and an English one that must be gone; the figures on a
translated page are the engine's, the same as on the English page.
"""

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.cache import caches
from django.test import RequestFactory
from django.urls import resolve, reverse
from django.utils import translation
from django.utils.html import escape
from django_htmx.middleware import HtmxDetails

from lessons import deals

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[2] / "lessons" / "locale"
NBSP = "\u00a0"


def _page(name, *args, lang, data=None) -> str:
    """The page as its view draws it with `lang` active. No fragment is kept from another
    language: the cache keys of this branch do not carry the language yet."""
    caches["fragments"].clear()
    with translation.override(lang):
        path = reverse(f"lessons:{name}", args=args)
        request = RequestFactory().get(path, data)
        request.user = AnonymousUser()
        SessionMiddleware(lambda r: None).process_request(request)
        request.htmx = HtmxDetails(request)
        match = resolve(path)
        response = match.func(request, *match.args, **match.kwargs)
        assert response.status_code in (200, 422), response.status_code
        return response.content.decode()


def _figures(html: str) -> dict[str, str]:
    """The cheat sheet's engine figures: data-figure name → value."""
    return dict(re.findall(r'data-figure="([\w-]+)"[^>]*>([^<]*)<', html))


# -- The sample rubber ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said", "names"),
    [
        ("fr", f"Le robre modèle{NBSP}: les Smith contre les Jones", ["M. Smith", "Mme Jones"]),
        (
            "nl",
            "De voorbeeldrobber: de familie Smith tegen de familie Jones",
            ["Meneer Smith", "mevrouw Jones"],
        ),
    ],
)
def test_the_sample_rubber_page_speaks_the_language_and_names_the_players_in_it(lang, said, names):
    html = _page("sample_rubber", lang=lang)
    assert said in html
    for name in names:
        assert name in html, f"{name!r} missing"
    assert "The sample rubber: the Smiths against the Joneses" not in html
    assert "drew the two highest cards" not in html
    assert "Mr Smith" not in html


@pytest.mark.parametrize(
    ("lang", "story", "try_it"),
    [
        ("fr", "Les dames montent jusqu'à quatre carreaux", "Essayez d'abord"),
        ("nl", "De dames bieden tot vier ruiten", "Probeer het eerst zelf"),
    ],
)
def test_a_sample_deal_tells_its_story_and_asks_in_the_language(lang, story, try_it):
    html = _page("sample_rubber_deal", 1, lang=lang)
    assert escape(story) in html
    assert try_it in html
    assert escape(str(deals.SAMPLE_RUBBER[0].story)) not in html
    assert "Try it first" not in html
    assert "The sheet before this deal" not in html


def test_a_wrong_second_try_is_marked_in_french_with_the_engine_figures():
    """Deal 1: 4DX three down, not vulnerable, is 500 to WE above the line (rules §8.1)."""
    wrong = {"check": "1", "attempt": "2", "we_above": "150"}
    html = _page("sample_rubber_deal", 1, lang="fr", data=wrong)
    english = _page("sample_rubber_deal", 1, lang="en", data=wrong)
    expected = re.search(r"the sheet has (\d+)\.", english).group(1)
    assert f"vous avez écrit 150, la feuille porte {expected}." in html
    assert "you wrote" not in html


def test_the_sample_result_names_the_players_in_dutch_and_keeps_their_keys():
    html = _page("sample_rubber_result", lang="nl")
    assert "De lopende stand" in html
    assert ">Meneer Smith</th>" in html
    assert 'data-player="Mr Smith"' in html, "the engine's key for the player is kept"
    assert "The back score" not in html
    assert "Who plays the next rubber?" not in html


# -- The review quiz -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "story", "heading"),
    [
        ("fr", "Eux jouent deux trèfles et font neuf levées.", "Question 1"),
        ("nl", "ZIJ spelen twee klaveren en halen negen slagen.", "Vraag 1"),
    ],
)
def test_the_review_quiz_lists_its_deals_in_the_language(lang, story, heading):
    html = _page("review_quiz", lang=lang)
    assert story in html
    assert heading in html
    assert "THEY play in two clubs and end with nine tricks." not in html
    assert "Time to put it all together." not in html


def test_the_chicago_question_labels_its_boxes_and_stories_in_french():
    html = _page("review_quiz_chicago", lang="fr")
    assert "Donne a, points pour NOUS" in html  # the side as the sheet writes it
    assert f"Eux jouent deux trèfles et font neuf levées. Vulnérable{NBSP}:" in html
    assert "points to WE" not in html
    assert "Vulnerable:" not in html


def test_the_duplicate_answers_show_the_same_engine_figures_in_dutch_as_in_english():
    dutch = _page("review_quiz_duplicate", lang="nl", data={"answer": "1"})
    english = _page("review_quiz_duplicate", lang="en", data={"answer": "1"})
    points = re.compile(r'data-deal-points="(?:we|they)">(-?\d+)<')
    assert points.findall(dutch) == points.findall(english) != []
    assert "De antwoorden" in dutch
    assert "The answers" not in dutch


def test_the_review_result_says_who_won_in_french():
    html = _page("review_quiz_result", lang="fr")
    assert f"Qui a gagné{NBSP}?" in html
    assert "Who won?" not in html


# -- The cheat sheet and the lesson frame ----------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "title"),
    [("fr", "Aide-mémoire de la marque au bridge"), ("nl", "Spiekbriefje voor de bridgescore")],
)
def test_the_cheat_sheet_is_in_the_language_with_the_english_sheets_figures(lang, title):
    html = _page("cheat_sheet", lang=lang)
    english = _page("cheat_sheet", lang="en")
    assert title in html
    assert "Bridge scoring cheat sheet" not in html
    assert "Rubber bridge pays for its games" not in html
    assert _figures(html) == _figures(english) != {}


@pytest.mark.parametrize(
    ("lang", "check", "back"),
    [("fr", "Vérifiez vos acquis", "Toutes les leçons"), ("nl", "Test jezelf", "Alle lessen")],
)
def test_a_lessons_frame_is_in_the_language(lang, check, back):
    html = _page("topic", "score-sheet", lang=lang)
    assert check in html
    assert back in html
    assert ">Check yourself<" not in html
    assert "All lessons" not in html


def test_english_reads_the_same_with_translation_on():
    """With USE_I18N on and English active, the words are the English msgids themselves."""
    html = _page("sample_rubber_deal", 3, lang="en", data={"answer": "1"})
    assert escape(str(deals.SAMPLE_RUBBER[2].story)) in html
    assert "Deal 3 of 8: Mrs Smith in" in html
    assert "Totals so far: WE 730, THEY 150." in html  # rules §8.1, after deal 3


# -- The catalogues ------------------------------------------------------------------------


def _entries(po: Path) -> list[tuple[str, str, str]]:
    """(flags, msgid, msgstr) of each entry but the header."""
    entries = []
    for block in re.split(r"\n\n+", po.read_text(encoding="utf-8")):
        flags = " ".join(re.findall(r"^#, (.*)$", block, re.M))
        parts = {
            key: "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', body))
            for key, body in re.findall(r"^(msgid|msgstr) ((?:\".*\"\n?)+)", block, re.M)
        }
        if parts.get("msgid"):
            entries.append((flags, parts["msgid"], parts.get("msgstr", "")))
    return entries


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_message_is_translated_with_the_same_placeholders(lang):
    entries = _entries(LOCALE / lang / "LC_MESSAGES" / "django.po")
    assert len(entries) > 100
    placeholder = re.compile(r"%\(\w+\)s|\{\w+\}")
    for flags, msgid, msgstr in entries:
        assert "fuzzy" not in flags, msgid
        assert msgstr, f"{msgid!r} has no {lang} translation"
        assert sorted(placeholder.findall(msgid)) == sorted(placeholder.findall(msgstr)), msgid


def test_french_punctuation_has_its_non_breaking_space():
    for _, _, msgstr in _entries(LOCALE / "fr" / "LC_MESSAGES" / "django.po"):
        assert not re.search(r" [:;?!»]|« ", msgstr), msgstr
