"""The lessons on comparing results (rules §9): matchpoints, IMPs and the Butler datum, and a
match's victory points. Their figures are looked for inside the engine's own markup or
working, so a figure typed by hand into the prose would not satisfy these tests."""

import pytest

from lessons.course import TOPICS, TOPICS_BY_SLUG
from quizzes.generator import SKILL_KINDS
from quizzes.models import Question

pytestmark = pytest.mark.django_db

NEW = ("matchpoints", "imps", "match-victory-points")


def _page(client, slug):
    response = client.get(f"/lessons/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_comparison_lessons_come_after_the_duplicate_lesson_in_this_order():
    slugs = [lesson.slug for lesson in TOPICS]
    duplicate = slugs.index("duplicate")
    assert [slugs.index(slug) for slug in NEW] == sorted(slugs.index(slug) for slug in NEW)
    assert all(slugs.index(slug) > duplicate for slug in NEW)


def test_the_matchpoints_lesson_draws_the_traveller_with_the_engines_matchpoints(client):
    html = _page(client, "matchpoints")
    # Table 4's 3NT+1 (+630) beats four of the five other scores: 4 of 5, 80%.
    row = html[html.index('data-table-row="4" data-ns-score="630"') :]
    row = row[: row.index("</tr>")]
    assert 'data-matchpoints="ns"' in row and ">4</td>" in row and ">80.00</td>" in row
    assert ">1</td>" in row and ">20.00</td>" in row  # E-W: what is left of the top
    assert "+620 beats 2 and ties 1 of the 5 other scores: 2 + ½ = 2½ of a top of 5" in html
    assert "the top is 5" in html


def test_the_imps_lesson_shows_each_teams_board_and_the_datum_as_the_engine_works_them(client):
    html = _page(client, "imps")
    assert 'data-table="imps"' in html
    assert "a swing of 620 - 170 = +450; 450 is at least 430 and under 500: 10 IMPs" in html
    assert "a swing of 450 - 420 = +30; 30 is at least 20 and under 50: 1 IMP" in html
    assert "a swing of 1440 - 690 = +750; 750 is at least 750 and under 900: 13 IMPs" in html
    assert "the mean of the other 4 scores is 2040 / 4 = 510" in html
    assert "+170 against a datum of +510: -340; 340 is at least 320 and under 370: -8 IMPs" in html
    assert html.count("data-butler") == 6


def test_the_match_victory_points_lesson_reads_the_scale_for_sixteen_boards(client):
    html = _page(client, "match-victory-points")
    assert 'data-table="wbf-scale" data-boards="16"' in html
    assert '<td class="num" data-margin="13">13.52</td>' in html
    assert '<td class="num" data-margin="60">20.00</td>' in html
    assert "38 - 25 = 13 IMPs. Won by 13 IMPs over 16 boards" in html
    assert "13.52 to 6.48" in html and "6.48 to 13.52" in html
    assert "at or beyond the blitz of 15 × √16 = 60.00 IMPs: 20.00 to 0.00" in html


def test_the_match_victory_points_lesson_says_what_tau_in_the_formula_is(client):
    html = _page(client, "match-victory-points")
    said = html[html.index("<p data-tau>") :]
    said = said[: said.index("</p>")]
    assert "τ" in said and "(√5 − 1) / 2, about 0.618" in said
    # The worked examples' working (the engine's) says it too.
    assert "/ (1 - τ³) = 13.52, where τ = (√5 - 1) / 2, about 0.618: 13.52 to 6.48" in html


@pytest.mark.parametrize("slug", NEW)
def test_check_yourself_on_a_comparison_lesson_asks_that_lessons_own_kinds(client, slug):
    skill = TOPICS_BY_SLUG[slug].skill
    html = _page(client, slug)
    assert f'hx-get="/practice/check/{skill}/?part=start"' in html
    assert client.post(f"/practice/check/{skill}/").status_code == 302
    kinds = set(Question.objects.values_list("kind", flat=True))
    assert len(Question.objects.all()) == 3
    assert kinds <= set(SKILL_KINDS[skill])
    page = client.get(f"/practice/check/{skill}/").content.decode()
    assert page.count('data-question-kind="') == 3


@pytest.mark.parametrize("slug", NEW)
def test_a_comparison_lesson_is_the_same_page_for_every_visitor(client, slug):
    from django.test import Client

    first, second = _page(client, slug), _page(Client(), slug)
    assert first == second
    assert "csrfmiddlewaretoken" not in first
