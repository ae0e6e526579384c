"""A simulated study of the course path: modelled learners follow today's set.

Each learner of learner_models/ (the careful one, and one for each misunderstanding of
the rubber lessons) asks for "next" (services.daily_next) ten times a day for DAYS days,
the clock fixed for the day and moved on one day after each day's set, and types what its
belief gives into each question (services.answer_submit). For every rubber skill (the first
ten lessons) the study records how many questions the learner had answered when that skill
first reached "mastered" (the last five answers on it right), and it counts the
misunderstandings the site named on the learner's answers. docs/teaching.md reports the
figures; regenerate them with

    .venv/bin/python -m pytest -q -p no:cacheprovider -s \
        tests/quizzes/test_simulated_study.py -k report

A learner's belief is carried into a question only where learner_models.MODELLED lists it
for the question's kind (elsewhere the belief changes nothing, and the learner answers as
the careful one does). When the model cannot carry the belief through (in the learner's
reckoning the rubber was already over), the learner answers as the careful one does: it
cannot skip, since today's set serves the same open question until it is answered. The one
kind without a model (victory points, met only after every other lesson) is answered with
the engine's answer. The models never learn from feedback: a learner holding a
misunderstanding keeps it all study long.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from quizzes import services
from quizzes.kinds import KINDS
from quizzes.models import SkillProgress
from quizzes.progress import level
from quizzes.skills import COURSE, MISTAKE_SKILLS
from tests.factories import LearnerFactory
from tests.quizzes.learner_models import ANSWERS, MODELLED, learner_answer

pytestmark = pytest.mark.django_db

SEED = 20261123
"""Each learner draws its question seeds from random.Random(SEED): the same sequence for all."""
DAYS = 40
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
RUBBER_SKILLS = COURSE[:10]
RUBBER_KINDS = (
    "line_place",
    "trick_value",
    "game_check",
    "vulnerability",
    "overtrick_value",
    "undertricks",
    "slam_bonus",
    "honors",
    "rubber_total",
    "rubber_deal",
)
"""The kinds the rubber lessons draw from."""
HELD = tuple(
    sorted(
        {
            key
            for kind in RUBBER_KINDS
            for key in MODELLED[kind]
            if MISTAKE_SKILLS[key] in RUBBER_SKILLS
        }
    )
)
"""The misunderstandings of the rubber lessons: one learner holds each."""
LEARNERS = (None, *HELD)

# -- bounds (measured with SEED and DAYS; docs/teaching.md has the figures) ---------------

CAREFUL_ALL_MASTERED_BY = 60
"""Questions by which the careful learner has mastered all ten rubber skills (measured 51)."""
CAREFUL_SKILL_WITHIN = 7
"""Questions the careful learner takes over each rubber skill (measured 5, and 6 once)."""
LATE_BY = 5
"""Questions later than the careful learner a lesson before the learner's own may be mastered
(measured 0)."""
MOST_SHOWN = 20
"""Misunderstandings (of 23) that show in some answer and are named (measured 22: only
fourth_doubled_undertrick_200 does not show)."""


@dataclass
class Outcome:
    """One learner's study."""

    held: str | None
    answered: int = 0
    mastered_at: dict[str, int] = field(default_factory=dict)
    """Rubber skill -> the number of questions answered when it first reached mastered."""
    final: dict[str, str] = field(default_factory=dict)
    """Every skill's level at the end."""
    wrong_marks: dict[str, int] = field(default_factory=dict)
    """Skill -> answers that counted against it."""
    named: Counter = field(default_factory=Counter)
    """Misunderstanding -> answers that named it."""
    wrong_answers: int = 0
    unnamed_wrong: int = 0
    """Wrong answers on which the site named nothing."""
    named_without_held: Counter = field(default_factory=Counter)
    """Other misunderstandings named on answers that did not name the learner's own."""
    not_carried: int = 0
    """Questions where the model could not carry the belief through (answered carefully)."""
    focus: Counter = field(default_factory=Counter)
    """Skill -> questions of today's set that practised it."""

    @property
    def label(self) -> str:
        return self.held or "careful"

    @property
    def skill(self) -> str | None:
        """The skill the learner's misunderstanding belongs to."""
        return MISTAKE_SKILLS[self.held] if self.held else None


def typed(kind: str, situation: dict, held: str | None) -> tuple[dict, bool]:
    """What the learner types, and whether the model carried the belief through."""
    if kind not in ANSWERS:
        return KINDS[kind].solve(situation).answer, True
    belief = held if held in MODELLED[kind] else None
    answer = learner_answer(kind, situation, belief)
    if answer is None:
        return learner_answer(kind, situation), False
    return answer, True


def _levels(learner) -> dict[str, str]:
    rows = SkillProgress.objects.filter(learner=learner).values_list("skill", "recent")
    return {skill: level(recent) for skill, recent in rows}


@functools.cache
def simulate(held: str | None) -> Outcome:
    """One learner through DAYS days of today's set (needs the database; kept per run)."""
    learner = LearnerFactory()
    seeds = random.Random(SEED)
    outcome = Outcome(held)
    for day in range(DAYS):
        now = START + timedelta(days=day)
        with time_machine.travel(now, tick=False):
            while True:
                question = services.daily_next(learner=learner, now=now, seed=seeds.getrandbits(62))
                if question is None:
                    break
                given, carried = typed(question.kind, question.situation, held)
                outcome.not_carried += not carried
                answer, _ = services.answer_submit(question=question, given=given)
                outcome.answered += 1
                outcome.focus[question.focus] += 1
                outcome.named.update(answer.mistakes)
                if not answer.correct:
                    outcome.wrong_answers += 1
                    outcome.unnamed_wrong += not answer.mistakes
                if held not in answer.mistakes:
                    outcome.named_without_held.update(answer.mistakes)
                levels = _levels(learner)
                for skill in RUBBER_SKILLS:
                    if levels.get(skill) == "mastered":
                        outcome.mastered_at.setdefault(skill, outcome.answered)
    outcome.final = _levels(learner)
    outcome.wrong_marks = {
        row.skill: row.answered - row.right for row in SkillProgress.objects.filter(learner=learner)
    }
    return outcome


def study() -> list[Outcome]:
    return [simulate(held) for held in LEARNERS]


# -- the report -----------------------------------------------------------------------------


def _cell(outcome: Outcome, skill: str) -> str:
    at = outcome.mastered_at.get(skill)
    if at is None:
        return "never" if outcome.focus[skill] else "not reached"
    return f"{at}" if outcome.final.get(skill) == "mastered" else f"{at}*"


def _names(outcome: Outcome) -> str:
    named = sorted(outcome.named.items(), key=lambda item: (item[0] != outcome.held, -item[1]))
    return ", ".join(f"{key} ×{count}" for key, count in named) or "none"


def report(outcomes: list[Outcome] | None = None) -> str:
    """The study's figures as Markdown tables (docs/teaching.md)."""
    outcomes = study() if outcomes is None else outcomes
    short = {skill: skill.replace("_", " ") for skill in RUBBER_SKILLS}
    lines = [
        f"Seed {SEED}, {DAYS} days of {outcomes[0].answered // DAYS} questions"
        f" ({outcomes[0].answered} per learner).",
        "",
        "| learner | " + " | ".join(short[s] for s in RUBBER_SKILLS) + " |",
        "| --- |" + " ---: |" * len(RUBBER_SKILLS),
    ]
    for outcome in outcomes:
        cells = [_cell(outcome, skill) for skill in RUBBER_SKILLS]
        lines.append(f"| {outcome.label} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| learner | its skill | wrong answers | named nothing | misunderstandings named"
        " | most blamed skill (answers) | belief not carried |",
        "| --- | --- | ---: | ---: | --- | --- | ---: |",
    ]
    for outcome in outcomes:
        blamed = max(outcome.wrong_marks.items(), key=lambda item: item[1], default=("", 0))
        most = f"{blamed[0]} ({blamed[1]})" if blamed[1] else "none"
        lines.append(
            f"| {outcome.label} | {outcome.skill or ''} | {outcome.wrong_answers}"
            f" | {outcome.unnamed_wrong} | {_names(outcome)} | {most} | {outcome.not_carried} |"
        )
    return "\n".join(lines)


@pytest.mark.slow
def test_the_report_table():
    """Prints the tables of docs/teaching.md (run with -s, see the module's docstring)."""
    table = report()
    print("\n" + table)
    assert table.count("\n| ") == 2 * (len(LEARNERS) + 2)


# -- the careful learner --------------------------------------------------------------------


def test_the_careful_learner_masters_every_rubber_skill_in_course_order_and_quickly():
    outcome = simulate(None)
    assert outcome.answered == DAYS * 10
    at = [outcome.mastered_at.get(skill) for skill in RUBBER_SKILLS]
    assert None not in at, outcome.mastered_at
    assert at == sorted(at)  # the path: one lesson after another
    assert at[-1] <= CAREFUL_ALL_MASTERED_BY
    steps = [b - a for a, b in zip([0, *at], at, strict=False)]
    assert max(steps) <= CAREFUL_SKILL_WITHIN, steps
    assert all(outcome.final[skill] == "mastered" for skill in RUBBER_SKILLS)


def test_the_careful_learner_is_never_marked_wrong_nor_named_a_misunderstanding():
    outcome = simulate(None)
    assert outcome.wrong_answers == 0
    assert not outcome.named
    assert not any(outcome.wrong_marks.values())
    assert outcome.not_carried == 0


# -- the learners holding a misunderstanding ------------------------------------------------


def test_the_study_holds_a_learner_for_each_misunderstanding_the_issue_names():
    assert {
        "insult_forgotten",
        "notrump_all_30",
        "vulnerability_reversed",
        "overtricks_below_the_line",
        "part_score_not_cancelled",
        "slam_bonus_missed",
        "honors_wrong_side",
        "rubber_bonus_reversed",
        "undoubled_scale_when_doubled",
    } <= set(HELD)
    assert all(MISTAKE_SKILLS[key] in RUBBER_SKILLS for key in HELD)


@pytest.mark.slow
@pytest.mark.parametrize("held", HELD)
def test_a_learner_who_answers_wrong_is_told_its_own_misunderstanding(held):
    outcome = simulate(held)
    if not outcome.wrong_answers:
        # The questions of these DAYS never asked where the belief matters: nothing to name.
        assert not outcome.named
        return
    assert outcome.named[held] >= 1
    # Every wrong answer names something, and names the learner's own belief.
    assert outcome.unnamed_wrong == 0
    assert outcome.named[held] == outcome.wrong_answers
    # Another name only ever comes beside it (an answer that both beliefs explain).
    assert not outcome.named_without_held


@pytest.mark.slow
@pytest.mark.parametrize("held", HELD)
def test_wrong_answers_count_against_the_skill_the_misunderstanding_belongs_to(held):
    outcome = simulate(held)
    if not outcome.wrong_answers:
        return
    most = max(outcome.wrong_marks.values())
    assert outcome.wrong_marks[outcome.skill] == most, outcome.wrong_marks


@pytest.mark.slow
@pytest.mark.parametrize("held", HELD)
def test_a_misunderstanding_holds_back_no_lesson_before_its_own(held):
    # Lessons before its own draw no question its belief changes (measured: each is mastered
    # at the same question as the careful learner's).
    outcome, careful = simulate(held), simulate(None)
    before = RUBBER_SKILLS[: RUBBER_SKILLS.index(MISTAKE_SKILLS[held])]
    for skill in before:
        assert outcome.mastered_at[skill] <= careful.mastered_at[skill] + LATE_BY, skill


@pytest.mark.slow
@pytest.mark.parametrize("held", HELD)
def test_every_other_rubber_skill_is_mastered_or_was_never_marked_wrong(held):
    # Not every learner gets to master them all: the path holds a learner at the first skill
    # it has not mastered (slam_bonus_missed and undoubled_scale_when_doubled never master
    # slams, nor reach honors and the rubber; docs/teaching.md). A skill left unmastered is
    # one the learner had too little time on, never one its answers counted against.
    outcome = simulate(held)
    for skill in RUBBER_SKILLS:
        if skill != MISTAKE_SKILLS[held] and skill not in outcome.mastered_at:
            assert not outcome.wrong_marks.get(skill), (skill, outcome.wrong_marks)


@pytest.mark.slow
def test_most_misunderstandings_show_up_and_are_named_within_the_study():
    shown = [held for held in HELD if simulate(held).named[held]]
    assert len(shown) >= MOST_SHOWN, sorted(set(HELD) - set(shown))
