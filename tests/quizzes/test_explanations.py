"""Every kind explains its answer: the working, in words, from the engine."""

from html import escape

import pytest

from quizzes import services
from quizzes.kinds import kind_for
from quizzes.models import Learner

pytestmark = pytest.mark.django_db


def _feedback(client, kind, situation, wrong):
    """The feedback page after a wrong answer and a wrong second try."""
    client.post("/practice/today/")  # this browser's learner
    learner = Learner.objects.get()
    question = services.question_fixed(
        learner=learner, kind=kind, situation=situation, source="practice"
    )
    url = f"/practice/q/{question.public_id}/"
    for _ in range(2):
        client.post(url, {k: str(v) for k, v in wrong.items()})
    return client.get(url).content.decode()


def test_victory_points_give_the_band_and_the_row_of_the_table(client):
    html = _feedback(
        client, "victory_points", {"difference": 580}, {"winner_vp": 14, "loser_vp": 6}
    )
    assert "A difference of 580 falls in the band 550 to 740" in html
    assert "gives the winners 15 and the losers 5" in html
    assert "breakdown below" not in html  # there is none


def test_a_board_says_how_its_number_gives_dealer_and_vulnerability(client):
    solution = kind_for("vulnerability").solve({"variant": "board", "board": 5})
    assert solution.answer == {"dealer": "N", "vulnerable": "NS"}
    assert "So North deals board 5." in solution.notes[0]
    assert "On board 5, North–South are vulnerable and East–West are not." in solution.notes[1]
    later = kind_for("vulnerability").solve({"variant": "board", "board": 20}).notes[1]
    assert "Board 20 is played like board 4" in later


def test_who_is_vulnerable_on_a_rubber_sheet_says_who_has_a_game(client):
    situation = {
        "variant": "rubber",
        "history": [{"declarer": "they", "contract": "4S", "tricks": 10}],
    }
    html = _feedback(client, "vulnerability", situation, {"vulnerable": "we"})
    assert "THEY have won a game in this rubber, so THEY are vulnerable." in html
    assert "WE have not won a game yet, so WE are not vulnerable." in html


@pytest.mark.parametrize(
    ("form", "dealer", "vulnerable", "why"),
    [
        ("chicago", "they", "they", "in Chicago, the dealer's side is vulnerable"),
        ("cavendish", "they", "we", "in Cavendish, the dealer's opponents are vulnerable"),
    ],
)
def test_a_chukker_deal_says_why_its_side_is_vulnerable(client, form, dealer, vulnerable, why):
    situation = {"variant": "chicago", "form": form, "deal_number": 3, "dealer": dealer}
    wrong = "both" if vulnerable != "both" else "none"
    html = _feedback(client, "vulnerability", situation, {"vulnerable": wrong})
    assert escape(why) in html  # the page escapes the apostrophe
    assert f"Deal 3 is dealt by a player of THEY, so {vulnerable.upper()} are vulnerable" in html


def test_the_first_and_last_deals_of_a_chukker_say_nobody_and_both():
    kind = kind_for("vulnerability")
    first = {"variant": "chicago", "form": "chicago", "deal_number": 1, "dealer": "we"}
    assert kind.solve(first).notes == ("Deal 1 of a chukker: nobody is vulnerable.",)
    last = {**first, "deal_number": 4}
    assert kind.solve(last).notes == ("Deal 4 of a chukker: both sides are vulnerable.",)


def test_duplicate_feedback_says_nothing_of_a_line(client):
    situation = {
        "form": "duplicate",
        "deal": {"declarer": "S", "contract": "4H", "tricks": 11, "board": 1},
        "vulnerable": False,
        "show_vulnerability": True,
    }
    html = _feedback(client, "duplicate_deal", situation, {"answer": 1})
    feedback = html[html.index('<section class="feedback') :].lower()
    feedback = feedback[: feedback.index("</section>")]
    assert 'data-item="trick_score"' in feedback
    assert "the line" not in feedback  # the site's name, "Above the Line", is elsewhere


def test_a_rubber_totals_answer_marks_as_new_only_what_stopping_play_adds():
    from scoring import sheet_layout

    situation = {
        "history": [
            {"declarer": "we", "contract": "4S", "tricks": 10},
            {"declarer": "they", "contract": "2H", "tricks": 8},
        ],
        "finished": False,
    }
    solution = kind_for("rubber_total").solve(situation)
    layout = sheet_layout(solution.sheet, highlight=solution.highlight)
    rows = [*layout.above_rows, *(row for seg in layout.segments for row in seg.rows)]
    new = [cell for row in rows for cell in row if cell is not None and cell.new]
    # WE's only game (300) and THEY's part-score in the unfinished game (100): nothing older.
    assert sorted(cell.kind for cell in new) == ["unfinished_game", "unfinished_part_score"]
    assert all(cell.deal is None for cell in new)
