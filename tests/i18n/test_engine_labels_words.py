"""The engine's labels and the quizzes' names, on French and Dutch pages (issue 32): the rule
tables of the lessons and the cheat sheet, the score pad's choices, the kinds and skills an
assignment is built from, the course's page titles, and the links that lead on, which stay
in the page's language. English pages keep their words (tests/lessons, tests/scorepad)."""

import html

import pytest
from django.utils import translation

from assignments.forms import ScopeForm
from scorepad.forms import HONORS_CHOICES, ChukkerStartForm

pytestmark = pytest.mark.django_db


def _page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("language", "said", "english"),
    [
        ("fr", "Petit chelem demandé et réussi", "Small slam bid and made"),
        ("fr", "Robre gagné deux manches à zéro", "Winning the rubber two games to none"),
        ("fr", "Quatre des cinq plus gros atouts", "Four of the five top trumps"),
        ("fr", "Les partielles restent pour la donne suivante", "Part-scores carry over"),
        ("fr", "Le camp du donneur", "Dealer's side"),
        (
            "fr",
            '>Robre</th><th scope="col" class="num">Chicago</th>'
            '<th scope="col" class="num">Tournoi</th>',
            ">Rubber</th>",
        ),
        (
            "nl",
            '>Robber</th><th scope="col" class="num">Chicago</th>'
            '<th scope="col" class="num">Wedstrijdbridge</th>',
            ">Rubber</th>",
        ),
        ("nl", "Klein slem geboden en gemaakt", "Small slam bid and made"),
        ("nl", "Robber gewonnen met twee manches tegen nul", "Winning the rubber two games"),
        ("nl", "Deelscores blijven staan voor het volgende spel", "Part-scores carry over"),
    ],
)
def test_the_cheat_sheet_names_each_rule_in_the_pages_language(client, language, said, english):
    page = _page(client, f"/{language}/lessons/cheat-sheet/")
    assert said in page
    assert english not in page


def test_the_cheat_sheet_in_english_keeps_the_engines_words(client):
    page = _page(client, "/lessons/cheat-sheet/")
    assert "Small slam bid and made" in page
    assert "The only part-score in an unfinished game" in page


@pytest.mark.parametrize(
    ("language", "honors", "form"),
    [
        ("fr", "Quatre honneurs d'atout", "Chicago (bridge en quatre donnes)"),
        ("nl", "Vier troefhonneurs", "Chicago (bridge in vier spellen)"),
        ("en", "Four trump honors", "Chicago (four-deal bridge)"),
    ],
)
def test_the_score_pads_choices_are_in_the_pages_language(language, honors, form):
    with translation.override(language):
        assert honors in [str(label) for _, label in HONORS_CHOICES]
        choices = ChukkerStartForm.base_fields["form"].choices
        assert form in [str(label) for _, label in choices]


@pytest.mark.parametrize(
    ("language", "kind", "skill"),
    [
        ("fr", "Undertricks: what the defenders score", "Undertricks and penalties"),
        ("nl", "Undertricks: what the defenders score", "Undertricks and penalties"),
    ],
)
def test_an_assignments_kinds_and_skills_are_named_in_the_pages_language(language, kind, skill):
    with translation.override(language):
        form = ScopeForm()
        kinds = [str(label) for _, label in form.fields["kinds"].choices]
        skills = [str(label) for _, label in form.fields["skills"].choices]
        assert kinds and skills
        assert kind not in kinds
        assert skill not in skills
        assert translation.gettext(kind) in kinds
        assert translation.gettext(skill) in skills
    with translation.override("en"):
        assert kind in [str(label) for _, label in ScopeForm().fields["kinds"].choices]


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_practice_sends_to_sign_up_in_the_pages_language(client, language):
    page = _page(client, f"/{language}/practice/")
    assert f'href="/{language}/accounts/signup/"' in page
    assert 'href="/accounts/signup/"' not in page


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("fr", "Le résultat du robre modèle et la marque cumulée"),
        ("nl", "De uitslag van de voorbeeldrobber en de lopende stand"),
        ("en", "The sample rubber's result and back score"),
    ],
)
def test_the_course_names_the_page_before_in_the_pages_language(client, language, title):
    prefix = "" if language == "en" else f"/{language}"
    assert title in _page(client, f"{prefix}/lessons/partners/")
