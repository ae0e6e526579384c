"""A class submits at once: 50 browsers, 200 answers, two gunicorn workers, nothing lost.

Runs on the suite's kind of database: a temporary SQLite file (WAL) on the first pass of
`.ci/run`, a fresh PostgreSQL database on the second.
"""

import json
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.production.conftest import Visitor

pytestmark = pytest.mark.slow

CLIENTS = 50
QUESTIONS_EACH = 4  # 200 answers in all
KIND = "undertricks"  # one number to type


def _client_session(server) -> tuple[Visitor, list[str]]:
    visitor = Visitor(server)
    visitor.get("/practice/")
    return visitor, [visitor.new_question(KIND) for _ in range(QUESTIONS_EACH)]


def _submit_all(visitor: Visitor, questions: list[str]) -> list[tuple[str, int]]:
    """One student: answers each question in turn; the first one with a double click."""
    results = []

    def submit(public_id, value):
        response = visitor.post(f"/practice/q/{public_id}/", {"answer": value})
        results.append((public_id, response.status))

    first = questions[0]
    double_click = [threading.Thread(target=submit, args=(first, v)) for v in ("100", "200")]
    for thread in double_click:
        thread.start()
    for thread in double_click:
        thread.join()
    for public_id in questions[1:]:
        submit(public_id, "100")
    return results


def test_a_class_submitting_at_once_loses_nothing_and_counts_nothing_twice(
    server_database, start_server
):
    server = start_server(server_database, workers=2)
    with ThreadPoolExecutor(CLIENTS) as pool:
        students = list(pool.map(lambda _: _client_session(server), range(CLIENTS)))
        results = [r for batch in pool.map(lambda s: _submit_all(*s), students) for r in batch]

    asked = [q for _, questions in students for q in questions]
    assert len(set(asked)) == CLIENTS * QUESTIONS_EACH == 200
    statuses = Counter(status for _, status in results)
    assert statuses == {302: 200 + CLIENTS}, statuses  # every submission, replays too
    log = server.log()
    assert "database is locked" not in log
    assert "Traceback" not in log, log[-3000:]

    db = server_database
    answers = db.rows(
        "SELECT q.public_id, a.given FROM quizzes_answer a "
        "JOIN quizzes_question q ON q.id = a.question_id"
    )
    per_question = Counter(public_id for public_id, _ in answers)
    assert set(per_question) == set(asked)
    assert set(per_question.values()) == {1}  # graded exactly once, double clicks included
    # What is stored is what was posted: 100, or for a double click, whichever came first.
    posted = {q: [{"answer": 100}] for q in asked}
    for _, questions in students:
        posted[questions[0]].append({"answer": 200})
    for public_id, given in answers:
        given = json.loads(given) if isinstance(given, str) else given
        assert given in posted[public_id], (public_id, given)

    # Progress counts each question once, for each skill it exercises.
    questions = db.rows("SELECT learner_id, skills FROM quizzes_question")
    expected = Counter()
    for learner_id, skills in questions:
        skills = json.loads(skills) if isinstance(skills, str) else skills
        for skill in set(skills):
            expected[(learner_id, skill)] += 1
    progress = db.rows("SELECT learner_id, skill, answered, recent FROM quizzes_skillprogress")
    assert {(lid, skill): n for lid, skill, n, _ in progress} == dict(expected)
    for _, _, answered, recent in progress:
        assert len(recent) == min(answered, 8)  # no result lost between two writers
