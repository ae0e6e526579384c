"""Grading an answer against the engine, and naming the misunderstanding behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from django.utils.translation import gettext, gettext_lazy

from common.words import say
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
    def unexplained(self) -> bool:
        """Wrong, and no known misunderstanding gives this answer: the feedback says so in
        plain words, and the answer counts against no misunderstanding."""
        return not self.correct and not self.mistakes

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
    kind: QuestionKind, situation, answer: dict, taught: frozenset[str] = EVERYTHING
) -> Grade:
    """Mark each field; for a wrong answer, name the misunderstandings it matches.

    A box worked out from other boxes (a rubber's difference from its totals) is marked
    right when it follows from what the learner wrote in those: only the box really wrong
    counts, in the marks, the hint and the skills blamed. The answer as a whole is right
    only when every box is the engine's.

    A misunderstanding is named only when the learner's answer is exactly what replaying
    it gives, box for box (a guess that fits no slip borrows none), and only when its skill
    has been `taught`: a learner is never told of a slip about a rule they have not met.

    `situation` may be the stored dict or the kind's dataclass: it is read once, here.
    """
    situation = kind.load(situation)
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
    by_mistake = [slip_skill(kind, situation, m) for m in named if m.key in MISTAKE_SKILLS]
    if by_mistake:
        return list(dict.fromkeys(by_mistake))
    return kind.blame(situation, wrong, answer)


def slip_skill(kind, situation, mistake: Misunderstanding) -> str | None:
    """The skill whose lesson teaches what this slip got wrong on this question: the
    misunderstanding's own, except vulnerability read the other way round where it changes
    only the overtricks. Undoubled overtricks never change with vulnerability, so those are
    doubled overtricks, taught with doubles (the vulnerability lesson says overtricks do
    not change with it)."""
    skill = MISTAKE_SKILLS.get(mistake.key)
    if mistake.key != "vulnerability_reversed":
        return skill
    solution = kind.solve(situation)
    try:
        believed = kind.solve(situation, mistake)
    except ScoringError:
        return skill
    changed = items.changed_lines(solution.items, believed.items)
    if changed and all(item.kind is items.Kind.OVERTRICKS for item in changed):
        return "doubles"
    return skill


def diagnose(kind, situation, answer, solution) -> list[Misunderstanding]:
    """The misunderstandings whose replay gives exactly the learner's answer: each one
    alone, or else a pair held at once (both named) when no single one does. None when no
    known misunderstanding gives it: a slip is never borrowed for a figure it does not
    give."""
    situation = kind.load(situation)
    named, candidates = [], []
    for mistake in kind.applicable_mistakes(situation):
        match = _explains(kind, situation, answer, solution, mistake)
        if match:
            named.append(mistake)
        elif match is not None:
            candidates.append(mistake)  # changes the answer, but not to the learner's
    if named:
        return named
    for first, second in combinations(candidates, 2):
        pair = first.combined(second)
        if pair is not None and _explains(kind, situation, answer, solution, pair):
            return [first, second]
    return []


def _explains(kind, situation, answer, solution, mistake) -> bool | None:
    """True when replaying `mistake` gives the learner's answer, box for box; False when
    it changes the answer some other way; None when it changes nothing (or cannot be
    replayed here)."""
    try:
        believed = kind.solve(situation, mistake).answer
    except ScoringError:
        return None  # this belief cannot be replayed on this situation
    if believed == solution.answer:
        return None
    return all(answer.get(name) == value for name, value in believed.items())


def each_explains_alone(kind, situation, answer: dict, mistakes) -> bool:
    """Are these named misunderstandings alternatives, each of which alone gives the
    learner's answer (honors to the wrong side, or the penalty in the declarer's column:
    the same two figures), rather than slips held together? Only for two or more."""
    if len(mistakes) < 2:
        return False
    solution = kind.solve(situation)
    return all(_explains(kind, situation, answer, solution, mistake) for mistake in mistakes)


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


def slip_figures(kind, situation, mistake: Misunderstanding, solution) -> list[str]:
    """The slip told with this question's own contract and figures, from the engine: each
    line of the breakdown the misunderstanding changes, as it is and as the slip makes it
    ("4♥ bid and made: 4 tricks × 30 = 120, not 10 tricks × 30 = 300."). A question whose
    answer has no breakdown (who is vulnerable, who partners whom) gets its boxes instead.
    Shown with the answer, never in a hint: it holds the right figures. In the page's
    language: the engine's reasons and labels said with `say`, the sentences round them
    with gettext.
    """
    try:
        believed = kind.solve(situation, mistake)
    except ScoringError:
        return []
    sentences = []
    if not mistake.form_changes.get("doubled_trick_score_toward_game", True):
        sentences += [
            gettext("{reason}: all {points} count toward game.").format(
                reason=say(item.reason), points=item.points
            )
            for item in solution.items
            if item.kind is items.Kind.TRICK_SCORE
        ]
    sentences += _line_sentences(solution.items, believed.items)
    # The boxes the slip changes: the choices always (a game, who is vulnerable), the
    # figures when no line of a breakdown says it (a total, a difference).
    whole = not sentences
    for f in kind.fields(situation):
        right, wrong = solution.answer.get(f.name), believed.answer.get(f.name)
        # A box the slip leaves empty (a partner for a player it has sitting out) is told
        # by the box it changes instead (who sits out).
        if right != wrong and wrong not in (None, "") and (whole or f.type == "choice"):
            # A box's label is a question ("Who is vulnerable?") or a name ("Dealer").
            if f.label.endswith("?"):
                sentence = gettext("{question} {right}, not {wrong}.")
                sentences.append(
                    sentence.format(question=f.label, right=f.said(right), wrong=f.said(wrong))
                )
            else:
                sentence = gettext("{label}: {right}, not {wrong}.")
                sentences.append(
                    sentence.format(label=f.label, right=f.said(right), wrong=f.said(wrong))
                )
    return sentences


WRITTEN_ON = {
    ("above", "below"): gettext_lazy("{label}: {points}, written above the line, not below it."),
    ("below", "above"): gettext_lazy("{label}: {points}, written below the line, not above it."),
}
"""A line written on the wrong side of the line: (where it goes, where the slip puts it)."""


def _line_sentences(right, believed) -> list[str]:
    """One sentence for each kind of line the belief changes: its points, the side it is
    written for, or the side of the line it is written on."""
    right, believed = list(right), list(believed)
    kinds = list(dict.fromkeys(item.kind for item in (*right, *believed)))
    sentences = []
    for line in kinds:
        ours = [item for item in right if item.kind is line]
        theirs = [item for item in believed if item.kind is line]
        by_side, believed_by_side = _points_by_side(ours), _points_by_side(theirs)
        if by_side == believed_by_side:
            places = {(i.side, i.place) for i in ours}
            if places != {(i.side, i.place) for i in theirs} and len(ours) == len(theirs) == 1:
                item, wrong = ours[0], theirs[0]
                sentence = WRITTEN_ON[item.place.value, wrong.place.value]
                sentences.append(sentence.format(label=say(item.label), points=item.points))
            continue
        if len(by_side) == len(believed_by_side) == 1 and sum(by_side.values()) == sum(
            believed_by_side.values()
        ):
            (side,), (wrong_side,) = by_side, believed_by_side
            sentence = gettext("{label}: {points} ({reason}), not {wrong_side}.")
            sentences.append(
                sentence.format(
                    label=say(ours[0].label),
                    points=_points_to(ours[0].points, side),
                    reason=_reason(ours[0]),
                    wrong_side=_to_side(wrong_side),
                )
            )
            continue
        for side in dict.fromkeys([*by_side, *believed_by_side]):
            mine = [item for item in ours if item.side == side]
            wrong = [item for item in theirs if item.side == side]
            if sum(i.points for i in mine) != sum(i.points for i in wrong):
                sentences.append(_points_sentence(mine, wrong, side))
    return sentences


def _points_by_side(line) -> dict:
    points: dict = {}
    for item in line:
        points[item.side] = points.get(item.side, 0) + item.points
    return points


SIDE_WORDS = {
    "we": gettext_lazy("WE"),
    "they": gettext_lazy("THEY"),
}


def _to_side(side: str) -> str:
    """Whom a line is written for, in words: "to WE", "to the defenders"."""
    if side in SIDE_WORDS:
        return gettext("to {side}").format(side=SIDE_WORDS[side])
    if side == "defenders":
        return gettext("to the defenders")
    return gettext("to the declaring side")


def _points_to(points: int, side: str) -> str:
    """Points and whom they go to ("100 to WE"); the declaring side's go unsaid on a deal
    scored for the declaring side (duplicate), where every figure is theirs unless said."""
    if side == "declarer":
        return str(points)
    return gettext("{points} {to_side}").format(points=points, to_side=_to_side(side))


def _reason(item) -> str:
    """An item's reason inside a sentence, in the page's language: its first word in lower
    case unless it is a name (WE, THEY) or a figure."""
    reason = str(say(item.reason))
    if len(reason) > 1 and reason[0].isupper() and (reason[1].islower() or reason[1] == " "):
        return reason[0].lower() + reason[1:]
    return reason


def _reasons(lines) -> str:
    # Translators: between the reasons of two lines of one kind, inside brackets.
    return gettext("; ").join(_reason(i) for i in lines)


def _points_sentence(mine, wrong, side) -> str:
    label = say((mine or wrong)[0].label)
    if mine and wrong and len(mine) == len(wrong) == 1:
        # The same working with other figures ("4♥ bid and made: 4 tricks × 30 = 120"):
        # the working once, then both sums.
        head, sep, rest = str(say(mine[0].reason)).partition(":")
        wrong_head, wrong_sep, wrong_rest = str(say(wrong[0].reason)).partition(":")
        if sep and wrong_sep and head == wrong_head and "=" in rest and "=" in wrong_rest:
            return gettext("{head}: {right}, not {wrong}.").format(
                head=head.strip(), right=rest.strip(), wrong=wrong_rest.strip()
            )
        return gettext("{label}: {points} ({reason}), not {wrong_points} ({wrong_reason}).").format(
            label=label,
            points=_points_to(mine[0].points, side),
            reason=_reason(mine[0]),
            wrong_points=wrong[0].points,
            wrong_reason=_reason(wrong[0]),
        )
    if mine:
        points = _points_to(sum(i.points for i in mine), side)
        if not wrong:
            sentence = gettext("{label}: {points} ({reasons}), which your figure leaves out.")
            return sentence.format(label=label, points=points, reasons=_reasons(mine))
        return gettext("{label}: {points} ({reasons}), not {wrong_points}.").format(
            label=label,
            points=points,
            reasons=_reasons(mine),
            wrong_points=sum(i.points for i in wrong),
        )
    if side != "declarer":
        label = gettext("{label} {to_side}").format(label=label, to_side=_to_side(side))
    return gettext("{label}: none on this deal, not {points} ({reasons}).").format(
        label=label, points=sum(i.points for i in wrong), reasons=_reasons(wrong)
    )
