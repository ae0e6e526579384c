"""Slips a beginner found in the lessons, each pinned so it cannot come back."""

import re

import pytest

from lessons import deals
from tests.pages import PUBLIC_PAGES

pytestmark = pytest.mark.django_db


def test_a_game_notice_says_the_part_scores_made_before_the_game_stop_counting(client):
    # "Above this new line" read as "above the line", where bonuses go (issue 28, point 8).
    rubber = deals.play_rubber(deals.SAMPLE_RUBBER)
    games = [r.number for r in rubber.deals if r.game_to and not r.ends_rubber]
    assert games  # the sample rubber has a game before the last one
    for number in games:
        html = client.get(f"/lessons/sample-rubber/{number}/?answer=1").content.decode()
        assert "part-scores written before this game line no longer count" in html, number
        assert "above this new line" not in html
        assert "below it no longer count" not in html


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_no_page_says_part_scores_sit_above_a_game_line(client, path):
    html = client.get(path).content.decode().lower()
    for clash in ("above this new line", "above the new line", "written above this line"):
        assert clash not in html, (path, clash)
    # A line drawn after a game is "a game line", never "a new line", "this line" or "that
    # line", which a beginner reads as the line: the one bonuses go above.
    text = re.sub(r"<[^>]+>", " ", html)
    for vague in ("new line", "this line", "that line", "under the line"):
        assert vague not in text, (path, vague)


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_no_page_talks_about_the_documents_the_course_was_written_from(client, path):
    html = client.get(path).content.decode().lower()
    for leftover in ("the document", "we picked", "the points show a", "symbol was lost"):
        assert leftover not in html, (path, leftover)


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_no_page_shows_template_syntax(client, path):
    # A Django comment {# ... #} spread over lines is not a comment: it is printed.
    html = client.get(path).content.decode()
    for syntax in ("{#", "#}", "{%", "%}", "{{", "}}"):
        assert syntax not in html, (path, syntax)


def test_the_rubber_lesson_says_rounding_50_down_is_another_clubs_rule(client):
    html = client.get("/lessons/rubber/").content.decode()
    assert "a club with the other rule: it rounds an exact 50 down" in html
    assert "The club that scored these hands rounds an exact 50 down." not in html


def test_a_one_level_contract_is_read_in_the_singular():
    from drawing.templatetags.cards import contract

    assert '<span class="visually-hidden">1 heart</span>' in contract("1H")
    assert '<span class="visually-hidden">1 club doubled</span>' in contract("1CX")
    assert '<span class="visually-hidden">4 hearts</span>' in contract("4H")


def test_deal_pages_and_practice_say_the_same_about_boxes_with_nothing_in_them(client):
    from quizzes.kinds import kind_for

    deal_page = client.get("/lessons/sample-rubber/2/").content.decode()
    assert "0 where nothing goes" in deal_page
    assert "Leave a box empty" not in deal_page
    for kind in ("rubber_deal", "four_deal"):
        assert "0 where nothing goes" in kind_for(kind).instruction


def test_a_simplicity_question_names_no_board_and_its_sign_rule_fits_honors(client):
    from quizzes import services
    from quizzes.kinds import kind_for
    from quizzes.models import Learner

    client.post("/practice/today/")
    situation = {
        "form": "simplicity",
        "deal": {
            "declarer": "S",
            "contract": "1S",
            "tricks": 7,
            "board": 7,
            "honors": "four_trumps",
            "honors_side": "EW",
        },
        "vulnerable": False,
        "show_vulnerability": True,
    }
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="duplicate_deal", situation=situation, source="practice"
    )
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    assert "Board 7" not in html  # Simplicity's vulnerability goes by deal, not board
    assert "minus if it failed" not in html
    # Made, yet the defenders' honors leave the declaring side behind: a minus figure.
    assert kind_for("duplicate_deal").solve(situation).answer["answer"] < 0


def test_a_chukker_row_says_when_its_points_include_honors():
    from django.template import engines

    from scoring import FourDeal, PlayedDeal

    chukker = FourDeal(form="chicago", first_dealer="we")
    chukker.record_deal(PlayedDeal("we", "4S", 10, honors="four_trumps", honors_side="they"))
    chukker.record_deal(PlayedDeal("they", "2H", 8))
    template = engines["django"].from_string("{% load sheets %}{% deal_table c %}")
    html = template.render({"c": chukker})
    rows = html.split("<tbody>", 1)[1].split("</tr>")
    assert (
        '<span class="deal-honors" data-honors="they">, with 100 for honors to THEY</span>'
        in rows[0]
    )
    assert "deal-honors" not in rows[1]
