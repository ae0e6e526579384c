"""Models of the quizzes app, one module per area (practice; classes and assignments)."""

from quizzes.models.practice import Answer, Learner, Question, SkillProgress, new_public_id

__all__ = ["Answer", "Learner", "Question", "SkillProgress", "new_public_id"]
