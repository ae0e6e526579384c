"""An assignment's questions from boards as they were played: "score these boards".

Each question is one table's result on one board (its contract, declarer and tricks, with
the board's vulnerability), asked as the practice kind that scores one duplicate deal, so
the engine grades it and names the usual slips. The questions are given, not drawn: the
assignment keeps them in `Assignment.fixed_questions` and every student gets them in order.

>>> q = question_of(BoardResult(board=3, vulnerable="EW", declarer="S", contract="4H",
...                             tricks=10, label="Board 3, table 1"))
>>> q["kind"], q["situation"]["vulnerable"], q["situation"]["show_vulnerability"]
('duplicate_deal', False, False)
>>> q = question_of(BoardResult(3, "both", "E", "4H", 10, "Board 3, table 2"))
>>> q["situation"]["vulnerable"], q["situation"]["show_vulnerability"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from quizzes.kinds import kind_for
from scoring import PlayedDeal, ScoringError, board_conditions, pair_of

KIND = "duplicate_deal"
MAX_QUESTIONS = 40
"""Questions in one assignment from a file: an evening's boards, a result or two of each."""
VULNERABLE = ("none", "NS", "EW", "both")


class UnusableResult(ValueError):
    """A result the engine cannot score as a question (a contract or tricks out of range)."""


@dataclass(frozen=True)
class BoardResult:
    """One table's result on a board, as a question asks it."""

    board: int
    vulnerable: str
    """Who was vulnerable on the board, as it was played ("none", "NS", "EW", "both")."""
    declarer: str
    contract: str
    tricks: int
    label: str
    """What the teacher and the student call the question: "Board 3, table 2"."""

    @property
    def same_score_as(self) -> tuple:
        """What makes two results one question: the same board, declarer, contract, tricks."""
        return (self.board, self.vulnerable, self.declarer, self.contract, self.tricks)


def question_of(result: BoardResult) -> dict:
    """The question {label, kind, situation} Assignment.fixed_questions keeps for a result.

    The student works out the vulnerability from the board number, as at the table, unless
    the board was played with another (the file's own), which the question then states.
    Raises UnusableResult for a result the engine cannot score.
    """
    if result.vulnerable not in VULNERABLE:
        raise UnusableResult(f"{result.vulnerable!r} is not a vulnerability")
    try:
        _, standard = board_conditions(result.board)
        deal = PlayedDeal(result.declarer, result.contract, result.tricks, board=result.board)
        situation = {
            "form": "duplicate",
            "deal": deal.as_data(),
            "vulnerable": result.vulnerable in ("both", pair_of(result.declarer)),
            "show_vulnerability": result.vulnerable != standard,
        }
        kind_for(KIND).solve(situation)  # the engine's own check of the contract and tricks
    except (ScoringError, ValueError, KeyError) as error:
        raise UnusableResult(str(error)) from None
    return {"label": result.label, "kind": KIND, "situation": situation}


def results_chosen(results: Iterable[BoardResult], limit: int = MAX_QUESTIONS) -> list[BoardResult]:
    """The results to ask, in board order: each different result once (two tables that
    played the same contract with the same tricks score the same), and past `limit`, the
    first of every board before the second of any, so that every board is asked."""
    by_board: dict[int, list[BoardResult]] = {}
    seen = set()
    for result in results:
        if result.same_score_as not in seen:
            seen.add(result.same_score_as)
            by_board.setdefault(result.board, []).append(result)
    # (round, board): the n-th different result of each board, round after round.
    ranked = sorted(((n, board) for board, found in by_board.items() for n in range(len(found))))[
        :limit
    ]
    return [by_board[board][n] for n, board in sorted(ranked, key=lambda nb: (nb[1], nb[0]))]


def questions_of(results: Iterable[BoardResult], limit: int = MAX_QUESTIONS) -> list[dict]:
    """The fixed questions of an assignment from these results (results_chosen), each one
    the engine can score: a result it cannot is left out before any is chosen."""
    usable = {}
    for result in results:
        try:
            usable[result] = question_of(result)
        except UnusableResult:
            continue
    return [usable[result] for result in results_chosen(usable, limit)]
