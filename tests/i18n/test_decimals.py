"""Decimals the engine writes into its reasons and tables read with the language's decimal
comma in French and Dutch ("13,52"), and exactly as before in English ("13.52"): the engine
passes them as Decimals to their places, and `say` and the `figure` filter write them."""

import re
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import translation

from assignments import services as services_assignments
from bridgefiles.templatetags.filefigures import matchpoints_text
from common.words import say
from quizzes import services
from quizzes.kinds import KINDS
from quizzes.models import Learner
from scoring.comparisons import PairsSession, wbf_scale
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    cleaned_answer,
)

# Won by 13 IMPs over 16 boards (the lesson's match): the formula gives 13.52.
WON_BY_13 = {
    "en": "= 13.52, where τ = (√5 - 1) / 2, about 0.618: 13.52 to 6.48",
    "fr": "= 13,52, où τ = (√5 - 1) / 2, environ 0,618 : 13,52 à 6,48",
    "nl": "= 13,52, waarbij τ = (√5 - 1) / 2, ongeveer 0,618: 13,52 tegen 6,48",
}
# The blitz in the formula, 15 × √16.
FORMULA = {"en": "(3 × 13 / 60.00))", "fr": "(3 × 13 / 60,00))", "nl": "(3 × 13 / 60,00))"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_victory_points_reason_writes_its_decimals_in_the_language(language):
    reason = wbf_scale(16).reason(13)
    with translation.override(language):
        said = say(reason)
    assert WON_BY_13[language] in said.replace("\u00a0", " ")
    assert FORMULA[language] in said
    if language == "en":
        assert said == str(reason)  # English exactly as the engine wrote it
    else:
        assert "." not in said  # no English decimal point left


BLITZ = {
    "en": "15 × √16 = 60.00 IMPs: 20.00 to 0.00",
    "fr": "15 × √16 = 60,00 IMP ou au-delà : 20,00 à 0,00",
    "nl": "15 × √16 = 60,00 IMP's: 20,00 tegen 0,00",
}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_win_beyond_the_blitz_writes_the_blitz_and_the_points_in_the_language(language):
    with translation.override(language):
        said = say(wbf_scale(16).reason(70)).replace("\u00a0", " ")
    assert BLITZ[language] in said


def _pair_one_reason():
    # tests/scoring/test_pairs_session.py's session: pair 1 has 1 matchpoint of 3, 33.33%.
    session = PairsSession()
    first = session.traveller(1)
    first.record("1", "N", "3NT", tricks=9, ew_pair="A")
    first.record("2", "N", "3NT", tricks=10, ew_pair="B")
    first.record("3", "E", "4S", tricks=10, ew_pair="C")
    second = session.traveller(2)
    second.record("1", "S", "2H", tricks=8, ew_pair="B")
    second.record("2", "S", "2H", tricks=9, ew_pair="A")
    return next(s for s in session.standings() if s.pair == "1").reason


PERCENTAGE = {"en": ": 33.33%", "fr": " : 33,33 %", "nl": ": 33,33%"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_pairs_percentage_is_written_in_the_language(language):
    reason = _pair_one_reason()
    with translation.override(language):
        said = say(reason).replace("\u00a0", " ")
    assert said.endswith(PERCENTAGE[language]), said
    if language == "en":
        assert said == str(reason) == "1: 1 + 0 = 1 of 3 over 2 boards: 33.33%"


SCALE_CELL = {
    "en": '<td class="num" data-margin="13">13.52</td>',
    "fr": '<td class="num" data-margin="13">13,52</td>',
    "nl": '<td class="num" data-margin="13">13,52</td>',
}
PREFIX = {"en": "", "fr": "/fr", "nl": "/nl"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_victory_points_scale_reads_in_the_language(client, language):
    response = client.get(f"{PREFIX[language]}/lessons/match-victory-points/")
    assert response.status_code == 200
    html = response.content.decode()
    assert SCALE_CELL[language] in html
    assert 'data-margin="60">20' in html  # the last cell, 20.00 or 20,00
    if language != "en":
        assert ">13.52<" not in html and ">20.00<" not in html


# A practice question on a match's victory points, read in French or Dutch: its example says
# "13,52"; the learner types the winners' share for the losing team (13,52 to 6,48, the slip
# vp_to_the_wrong_team), then reads the right answer and their own figures with the comma.
MATCH_LOST = {"boards": 16, "ours": 25, "theirs": 38}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_victory_points_question_shows_its_figures_in_the_language(client, language):
    client.post(f"{PREFIX[language]}/practice/today/")  # this browser's learner
    question = services.question_fixed(
        learner=Learner.objects.get(), kind="match_vp", situation=MATCH_LOST, source="practice"
    )
    url = f"{PREFIX[language]}/practice/q/{question.public_id}/"
    typed = {"en": "13.52", "fr": "13,52", "nl": "13,52"}[language]
    other = {"en": "6.48", "fr": "6,48", "nl": "6,48"}[language]
    asked = client.get(url).content.decode()
    assert {"en": "e.g. 13.52", "fr": "p. ex. 13,52", "nl": "bijv. 13,52"}[language] in asked
    for _ in range(2):  # a hint, then the answer
        client.post(url, {"ours_vp": typed, "theirs_vp": other})
    html = client.get(url).content.decode()
    marks = html[html.index("marks-table") : html.index("</table>", html.index("marks-table"))]
    # Given, then right: 13.52 where 6.48 is right; 6.48 where 13.52 is, which follows
    # from the learner's own 13.52 (the two make 20).
    cells = re.findall(r'<td data-label="[^"]*">([^<]*)</td>', marks)
    assert cells[:3] == [typed, other, other], cells
    assert cells[3].startswith(f"{typed} ({other} "), cells
    if language != "en":
        assert "13.52" not in html and "6.48" not in html


# Board 5 at four tables, top 3: the first N-S (+620) beats one score of three, 33.33%.
FOUR_TABLES = {
    "board": 5,
    "rows": [
        {"declarer": "S", "contract": "4S", "tricks": 10},
        {"declarer": "S", "contract": "4S", "tricks": 11},
        {"declarer": "N", "contract": "3NT", "tricks": 10},
        {"declarer": "S", "contract": "2S", "tricks": 10},
    ],
    "asked": 0,
    "direction": "NS",
}
OF_THE_TOP = {"en": "33.33% of the top", "fr": "33,33 %", "nl": "33,33%"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_matchpoint_rows_share_of_the_top_is_written_in_the_language(language):
    with translation.override(language):
        (note,) = KINDS["matchpoint_row"].solve(FOUR_TABLES).notes
    assert OF_THE_TOP[language] in note.replace("\u00a0", " "), note
    if language != "en":
        assert "33.33" not in note


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_students_victory_points_read_in_the_teachers_language_zero_included(language):
    # Erin gave the losers 0.00 and the winners 20.00: her teacher reads both as she typed
    # them, in the page's language; 0.00 is an answer, not an empty box.
    teacher = UserFactory()
    erin = MembershipFactory(classroom=ClassroomFactory(teacher=teacher), display_name="Erin")
    week1 = AssignmentFactory(classroom=erin.classroom, kinds=["match_vp"], question_count=1)
    attempt = services_assignments.attempt_start(assignment=week1, membership=erin)
    item = attempt.items.select_related("question", "attempt__assignment").get()
    given = cleaned_answer(item.question, {"ours_vp": "0", "theirs_vp": "20"})
    services_assignments.attempt_answer(item=item, given=given)
    services_assignments.attempt_submit(attempt=attempt)
    client = Client()
    client.force_login(teacher)
    url = f"{PREFIX[language]}/teachers/classes/{erin.classroom.public_id}/students/"
    response = client.get(f"{url}{erin.public_id}/")
    assert response.status_code == 200
    boxes = re.findall(r"<span data-box>([^<]*)</span>", response.content.decode())
    zero, twenty = {"en": ("0.00", "20.00"), "fr": ("0,00", "20,00"), "nl": ("0,00", "20,00")}[
        language
    ]
    assert boxes == [zero, twenty], boxes


FACTORED = {"en": "28.33", "fr": "28,33", "nl": "28,33"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_bridge_files_factored_matchpoints_read_in_the_language(language):
    # 85/3: a board's matchpoints factored up to the session's top (bridgefiles/_read.html).
    with translation.override(language):
        assert matchpoints_text(Fraction(85, 3)) == FACTORED[language]
        assert matchpoints_text(Fraction(5, 2)) == "2½"


# Four results and an adjusted score on a board of five tables: each result's matchpoints
# are factored up to five tables (Neuberg), to three decimals: the top one earns 3.875.
NEUBERG = {"en": "= 3.875", "fr": "= 3,875", "nl": "= 3,875"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_factored_matchpoints_write_their_decimals_in_the_language(language):
    from scoring.adjusted import adjusted_matchpoints

    best = adjusted_matchpoints([420, 450, 400, 430, "A"])[1]
    with translation.override(language):
        said = say(best.reason)
    assert said.endswith(NEUBERG[language]), said
    if language == "en":
        assert said == str(best.reason)
    else:
        assert "." not in said


# A pair's standing over boards whose matchpoints were factored: its sum is in the language.
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_pairs_standing_writes_its_factored_matchpoints_in_the_language(language):
    from scoring.comparisons.pairs_session import _standing

    standing = _standing("3", [(1, Fraction(31, 8), 4), (2, Fraction(5, 2), 4)], None)
    with translation.override(language):
        said = say(standing.reason)
    mark = "." if language == "en" else ","
    assert f"3{mark}875 + 2½ = 6{mark}375 " in said.replace("\u00a0", " "), said
