"""Writes of the learner's standing on each skill (SkillProgress): each answer counted."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Case, Count, F, Subquery, Value, When
from django.db.models.functions import Concat, Right
from django.utils import timezone

from quizzes import progress, selectors
from quizzes.models import Learner, SkillProgress
from quizzes.skills import SKILLS


def progress_record(*, learner_id: int, skills: list[str], right: bool) -> None:
    """Add one answer to the learner's standing on each skill."""
    _progress_marks(learner_id, dict.fromkeys(skills, "1" if right else "0"))


def progress_record_answer(*, learner_id: int, right: list[str], wrong: list[str]) -> None:
    """Count an answer's credit (grading.Grade.credit): its right and wrong skills together.

    A wrong answer that blames no skill counts each of the question's skills both right
    and wrong (Grade.credit): right, then wrong."""
    _progress_marks(learner_id, answer_marks(right, wrong))


def answer_marks(right: list[str], wrong: list[str]) -> dict[str, str]:
    marks = dict.fromkeys(right, "1")
    for skill in dict.fromkeys(wrong):
        marks[skill] = marks.get(skill, "") + "0"
    return marks


def _progress_marks(learner_id: int, marks: dict[str, str]) -> None:
    """Append each skill's marks ("1" right, "0" wrong; "10" for both) to the learner's
    standing on it, as progress.push() does for each.

    The database does the counting (F() expressions), so that two answers at once both
    count. Most answers are on skills practised before: one UPDATE counts them, on the
    condition that every one of their rows is there (else it counts none). An answer on
    a skill met for the first time then makes the missing rows, empty (one upsert that
    leaves the counts of existing rows alone, even of one another answer has just made),
    and counts them all.
    """
    if not marks:
        return
    rows = SkillProgress.objects.filter(learner_id=learner_id, skill__in=marks)
    counted = _counted(marks)
    rows_there = rows.order_by().values("learner").annotate(count=Count("pk")).values("count")
    with transaction.atomic(savepoint=False):
        if rows.alias(there=Subquery(rows_there)).filter(there=len(marks)).update(**counted):
            return
        # An upsert rather than ignore_conflicts: SQLite's INSERT OR IGNORE would also
        # skip, silently, a row that a CHECK constraint refuses.
        SkillProgress.objects.bulk_create(
            [SkillProgress(learner_id=learner_id, skill=skill) for skill in marks],
            update_conflicts=True,
            unique_fields=["learner", "skill"],
            update_fields=["updated"],
        )
        rows.update(**counted)


def progress_marks_of_many(learner_ids: list[int], marks: dict[str, str]) -> None:
    """The same marks for each of several learners (no learner twice): their missing rows
    made (one upsert), then all counted in one UPDATE."""
    if not marks or not learner_ids:
        return
    SkillProgress.objects.bulk_create(
        [
            SkillProgress(learner_id=learner, skill=skill)
            for learner in learner_ids
            for skill in marks
        ],
        update_conflicts=True,
        unique_fields=["learner", "skill"],
        update_fields=["updated"],
    )
    SkillProgress.objects.filter(learner_id__in=learner_ids, skill__in=marks).update(
        **_counted(marks)
    )


def _counted(marks: dict[str, str]) -> dict:
    """Each skill's row with its marks appended (the last progress.RECENT kept) and
    counted: F() expressions, so that answers at once all count."""
    return {
        "recent": Right(Concat("recent", _per_skill(marks, str)), progress.RECENT),
        "answered": F("answered") + _per_skill(marks, len),
        "right": F("right") + _per_skill(marks, lambda mark: mark.count("1")),
        "updated": timezone.now(),
    }


def _per_skill(marks: dict[str, str], value_of):
    """`value_of` each skill's marks, as one value when they are all alike, else a CASE
    on the skill."""
    skills_by_value: dict = {}
    for skill, mark in marks.items():
        skills_by_value.setdefault(value_of(mark), []).append(skill)
    *others, (default, _) = skills_by_value.items()
    if not others:
        return Value(default)
    return Case(
        *(When(skill__in=skills, then=Value(value)) for value, skills in others),
        default=Value(default),
    )


def weakest_skill(*, learner: Learner | None) -> str:
    """The skill to practise next: the one most overdue for review, else the weakest."""
    due = selectors.due_keys(learner=learner, now=timezone.now())
    skills = [key for key in due if key in SKILLS]
    if skills:
        return skills[0]
    recent = {}
    if learner is not None:
        recent = dict(SkillProgress.objects.filter(learner=learner).values_list("skill", "recent"))
    # Ties keep course order, so a newcomer starts at the beginning.
    return min(SKILLS, key=lambda s: progress.weakness(recent.get(s, "")))
