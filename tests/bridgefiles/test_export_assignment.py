"""A teacher's assignment's deals written as PBN (issue 31, Export), and read back: by
endplay's reader (another program's) and by ours, with every board, result and score.

Ms Hughes makes a class quiz from a file of her own, each board played with its own dealer
and vulnerability (not the number's): board 5 at two tables, board 6 at one. She downloads
its boards from the gradebook. Mr Okafor, another teacher, and a visitor cannot.
"""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from endplay.parsers import pbn as endplay_pbn

from assignments.from_deals import BoardResult, question_of
from assignments.models import Assignment
from bridgefiles.export import boards_of_questions, pbn_of_boards
from bridgefiles.services import bridge_file_read
from quizzes.kinds import kind_for
from tests.factories import AssignmentFactory, ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db
RESULT = re.compile(r'<input type="hidden" name="results" value="([^"]+)"')
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
FILE = f"""% Two boards of our own: board 5 with the file's dealer and vulnerability
[Event "Wednesday class"]
[Board "5"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "{DEAL}"]
[Table "1"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]

[Board "5"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "{DEAL}"]
[Table "2"]
[Declarer "E"]
[Contract "4HX"]
[Result "8"]

[Board "6"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Table "1"]
[Declarer "W"]
[Contract "2S"]
[Result "9"]
"""
# Board 5, all vulnerable: 3NT= by N +600; 4HX-2 by E, vulnerable, 500 to N-S.
# Board 6, played with South dealing, nobody vulnerable: 2S+1 by W, 140 to E-W.
PLAYED = {5: [("N", "3NT", 9, 600), ("E", "4HX", 8, 500)], 6: [("W", "2S", 9, -140)]}
ENDPLAY_SEATS = "NESW"  # endplay's Player values
ENDPLAY_VUL = {"none": 0, "both": 1, "NS": 2, "EW": 3}


def _teacher(name):
    user = UserFactory(username=name)
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def quiz():
    """Ms Hughes's quiz from the file, par questions and all, and her signed-in client."""
    user, hughes = _teacher("hughes")
    classroom = ClassroomFactory(teacher=user)
    page = hughes.post(
        "/files/", {"file": SimpleUploadedFile("wednesday.pbn", FILE.encode())}
    ).content.decode()
    made = hughes.post(
        "/files/quiz/",
        {
            "results": RESULT.search(page).group(1),
            "classroom": classroom.public_id,
            "title": "Wednesday's boards",
        },
    )
    assert made.status_code == 302
    return Assignment.objects.get(classroom=classroom), hughes


def _download(client, assignment):
    return client.get(f"/files/export/assignment/{assignment.public_id}/")


def test_the_gradebook_links_to_the_pbn_of_a_quiz_from_a_file(quiz):
    assignment, hughes = quiz
    page = hughes.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert f'href="/files/export/assignment/{assignment.public_id}/"' in page
    drawn = AssignmentFactory(classroom=assignment.classroom)
    other = hughes.get(f"/teachers/assignments/{drawn.public_id}/").content.decode()
    assert "/files/export/assignment/" not in other


def test_the_deals_read_back_through_endplay_with_hands_results_and_scores(quiz):
    assignment, hughes = quiz
    response = _download(hughes, assignment)
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="assignment-{assignment.public_id}.pbn"'
    )
    boards = endplay_pbn.loads(response.content.decode())
    assert [b.board_num for b in boards] == [5, 6]
    five, six = boards
    # The file's own dealer and vulnerability, not the number's; its four hands. (endplay
    # reads a Dealer tag only beside a Contract tag, so board 5's is checked by our reader.)
    assert five.vul.value == ENDPLAY_VUL["both"]
    assert (six.dealer.value, six.vul.value) == (ENDPLAY_SEATS.index("S"), ENDPLAY_VUL["none"])
    assert five.deal.to_pbn() == six.deal.to_pbn() == DEAL
    assert five.info["Event"] == "Wednesday's boards"
    # Board 5 was asked twice: a ScoreTable, a row a question (its number in the quiz).
    table = five.info["ScoreTable"]
    column = {h["name"]: i for i, h in enumerate(table["headers"])}
    rows = [
        (r[column["Table"]], r[column["Declarer"]], r[column["Contract"]], r[column["Result"]])
        for r in table["rows"]
    ]
    assert rows == [("1", "N", "3NT", "9"), ("2", "E", "4HX", "8")]
    assert [r[column["Score_NS"]] for r in table["rows"]] == ["600", "500"]
    # Board 6 was asked once: its result as tags, which endplay reads as the contract,
    # and scores itself the same as our engine did.
    assert (six.contract.declarer.value, six.contract.result) == (ENDPLAY_SEATS.index("W"), 1)
    assert six.info["Score"] == "NS -140"
    assert six.contract.score(six.vul) == 140


def test_the_deals_read_back_through_our_reader_with_every_figure_agreeing(quiz):
    assignment, hughes = quiz
    read = bridge_file_read(name="quiz.pbn", data=_download(hughes, assignment).content)
    assert read.contents.problems == [] and read.checked.disagreements == []
    assert read.checked.compared == 3  # each question's stated score, checked by the engine
    assert [(b.number, b.dealer, b.vulnerable, b.deal) for b in read.contents.boards] == [
        (5, "W", "both", DEAL),
        (6, "S", "none", DEAL),
    ]
    played = {
        b.number: [(r.declarer, r.contract, r.tricks) for r in b.results]
        for b in read.contents.boards
    }
    assert played == {n: [row[:3] for row in rows] for n, rows in PLAYED.items()}
    scores = [row.ns_score for b in read.checked.boards for row in b.rows]
    assert scores == [row[3] for rows in PLAYED.values() for row in rows]
    # Each question's own answer is the score the file carries, sign for its declarer.
    answers = [
        kind_for(q["kind"]).solve(q["situation"]).answer["answer"]
        for q in assignment.fixed_questions
    ]
    assert answers == [600, -500, 140]


def test_another_teacher_gets_not_found_and_a_visitor_is_sent_to_log_in(quiz):
    assignment, _ = quiz
    _, okafor = _teacher("okafor")
    assert _download(okafor, assignment).status_code == 404
    visitor = _download(Client(), assignment)
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")


def test_an_assignment_without_deals_says_so(quiz):
    quizzed, hughes = quiz
    mine = AssignmentFactory(classroom=quizzed.classroom)  # drawn questions: no board
    response = _download(hughes, mine)
    assert response.status_code == 422
    assert "no duplicate deal" in response.content.decode()


@pytest.mark.parametrize(
    "result, vulnerable",
    [
        # Board 3 is E-W's; South declared vulnerable: both were.
        (BoardResult(3, "both", "S", "4H", 10, "Board 3"), "All"),
        # Board 1 is nobody's; East declared vulnerable: E-W were.
        (BoardResult(1, "EW", "E", "3NT", 8, "Board 1"), "EW"),
        # Board 2 is N-S's as the number says.
        (BoardResult(2, "NS", "N", "1NT", 7, "Board 2"), "NS"),
    ],
)
def test_a_question_without_its_board_writes_the_vulnerability_it_asks(result, vulnerable):
    text = pbn_of_boards(boards_of_questions([question_of(result)]))
    [board] = endplay_pbn.loads(text)
    assert f'[Vulnerable "{vulnerable}"]' in text and '[Deal ""]' in text
    read = bridge_file_read(name="q.pbn", data=text.encode())
    assert read.checked.compared == 1 and read.checked.disagreements == []
    assert board.board_num == result.board


def test_questions_with_no_duplicate_deal_are_left_out():
    rubber = {"label": "A rubber", "kind": "rubber_deal", "situation": {"deal": {}}}
    honors = question_of(BoardResult(4, "both", "W", "4S", 10, "Board 4"))
    honors["situation"] = honors["situation"] | {"form": "simplicity"}
    assert boards_of_questions([rubber, honors]) == []
