"""Grading an answer against the engine, and naming the misunderstanding behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from quizzes.kinds import QuestionKind, Solution
from quizzes.skills import EVERYTHING, MISTAKE_SKILLS
from scoring import Misunderstanding, ScoringError, items


@dataclass(frozen=True)
class FieldMark:
    name: str
    label: str
    given: object
    expected: object
    right: bool
    follows: bool = False
    """Right only as worked from the learner's own other boxes (kind.follow_through):
    `given` differs from `expected` because a box it is worked from is wrong."""


@dataclass(frozen=True)
class Grade:
    correct: bool
    marks: list[FieldMark]
    solution: Solution
    mistakes: list[Misunderstanding] = field(default_factory=list)
    blamed: list[str] = field(default_factory=list)
    """The skills this answer counts against: those of its named misunderstandings, or
    else of its wrong boxes. Empty when the answer is right."""

    @property
    def mistake_keys(self) -> list[str]:
        return [m.key for m in self.mistakes]

    def credit(self, skills: list[str]) -> tuple[list[str], list[str]]:
        """(right, wrong): of a question's skills, those this answer shows known and not.

        A skill the wrong part of the answer never touched still counts as right.
        """
        wrong = [s for s in dict.fromkeys(skills) if s in self.blamed]
        right = [s for s in dict.fromkeys(skills) if s not in self.blamed]
        if not self.correct and not wrong:
            wrong = list(dict.fromkeys(self.blamed)) or list(dict.fromkeys(skills))
        return right, wrong


def grade(
    kind: QuestionKind, situation: dict, answer: dict, taught: frozenset[str] = EVERYTHING
) -> Grade:
    """Mark each field; for a wrong answer, name the misunderstandings it matches.

    A box worked out from other boxes (a rubber's difference from its totals) is marked
    right when it follows from what the learner wrote in those: only the box really wrong
    counts, in the marks, the hint and the skills blamed. The answer as a whole is right
    only when every box is the engine's.

    A misunderstanding is named when replaying it changes the answer and the learner's
    answer agrees with the replay on every field that it changes, and only when its skill
    has been `taught`: a learner is never told of a slip about a rule they have not met.
    """
    solution = kind.solve(situation)
    fields = kind.fields(situation)
    implied = kind.follow_through(situation, answer)
    marks = []
    for f in fields:
        given, expected = answer.get(f.name), solution.answer[f.name]
        follows = given != expected and f.name in implied and given == implied[f.name]
        marks.append(
            FieldMark(f.name, f.label, given, expected, given == expected or follows, follows)
        )
    correct = all(mark.given == mark.expected for mark in marks)
    named = [] if correct else diagnose(kind, situation, answer, solution)
    named = [m for m in named if MISTAKE_SKILLS.get(m.key, "") in taught]
    return Grade(correct, marks, solution, named, blame(kind, situation, answer, marks, named))


def blame(kind, situation, answer, marks, named) -> list[str]:
    """The skills a wrong answer counts against (none for a right one)."""
    wrong = [mark.name for mark in marks if not mark.right]
    if not wrong:
        return []
    by_mistake = [MISTAKE_SKILLS[m.key] for m in named if m.key in MISTAKE_SKILLS]
    if by_mistake:
        return list(dict.fromkeys(by_mistake))
    return kind.blame(situation, wrong, answer)


def diagnose(kind, situation, answer, solution) -> list[Misunderstanding]:
    """The misunderstandings that explain a wrong answer: each one alone (those that explain
    every wrong box, when some do), or else a pair held at once (both named) when no single
    one does."""
    named, candidates = [], []
    for mistake in kind.applicable_mistakes(situation):
        match = _explains(kind, situation, answer, solution, mistake)
        if match:
            named.append(mistake)
        elif match is not None:
            candidates.append(mistake)  # changes the answer, but not to the learner's
    if named:
        # One that accounts for every wrong box is the better reading: a sign slipped in
        # room 2 also gives the IMPs of adding room 2's score, but not room 2's box.
        whole = [
            m for m in named if _explains_every_wrong_box(kind, situation, answer, solution, m)
        ]
        return whole or named
    for first, second in combinations(candidates, 2):
        pair = first.combined(second)
        if pair is not None and _explains(kind, situation, answer, solution, pair):
            return [first, second]
    return []


def _explains(kind, situation, answer, solution, mistake) -> bool | None:
    """True when replaying `mistake` gives the learner's answer on every box it changes;
    False when it changes the answer some other way; None when it changes nothing (or
    cannot be replayed here)."""
    try:
        believed = kind.solve(situation, mistake).answer
    except ScoringError:
        return None  # this belief cannot be replayed on this situation
    changed = [name for name, value in believed.items() if value != solution.answer[name]]
    if not changed:
        return None
    return all(answer.get(name) == believed[name] for name in changed)


def _explains_every_wrong_box(kind, situation, answer, solution, mistake) -> bool:
    """Does replaying `mistake` give the learner's figure in every box they got wrong?"""
    believed = kind.solve(situation, mistake).answer
    return all(
        answer.get(name) == believed[name]
        for name, right in solution.answer.items()
        if answer.get(name) != right
    )


def each_explains_alone(kind, situation, answer: dict, mistakes) -> bool:
    """Are these named misunderstandings alternatives, each of which alone gives the
    learner's answer (honors to the wrong side, or the penalty in the declarer's column:
    the same two figures), rather than slips held together? Only for two or more."""
    if len(mistakes) < 2:
        return False
    solution = kind.solve(situation)
    return all(
        _explains(kind, situation, answer, solution, mistake)
        and _explains_every_wrong_box(kind, situation, answer, solution, mistake)
        for mistake in mistakes
    )


def changed_lines(kind, situation, mistake: Misunderstanding, solution) -> list[str]:
    """Lines of the right breakdown whose points the misunderstanding changes, by label.

    Replays the belief and compares the breakdowns line by line (kind and side), so the
    pointer is right for this question: "vulnerability reversed" changes the game bonus on
    one question and the penalty on another. A line the belief adds, which the right
    breakdown lacks, is not named: the learner could not find it below.
    """
    try:
        believed = kind.solve(situation, mistake)
    except ScoringError:
        return []
    changed = items.changed_lines(solution.items, believed.items)
    return list(dict.fromkeys(item.label for item in changed))
