"""Models of the practice app: learners, the questions they are served, answers, progress."""

from quizzes.models.practice import Answer, Learner, Question, SkillProgress, new_public_id
from quizzes.models.review import ReviewCard
from quizzes.models.sheet import SheetDrill, SheetStep

# new_public_id: migration 0001 names it here.
__all__ = [
    "Answer",
    "Learner",
    "Question",
    "ReviewCard",
    "SheetDrill",
    "SheetStep",
    "SkillProgress",
    "new_public_id",
]
