"""Models of the quizzes app, one module per area (practice; classes and assignments)."""

from quizzes.models.classes import (
    Assignment,
    Attempt,
    AttemptQuestion,
    Classroom,
    Membership,
)
from quizzes.models.practice import Answer, Learner, Question, SkillProgress, new_public_id

__all__ = [
    "Answer",
    "Assignment",
    "Attempt",
    "AttemptQuestion",
    "Classroom",
    "Learner",
    "Membership",
    "Question",
    "SkillProgress",
    "new_public_id",
]
