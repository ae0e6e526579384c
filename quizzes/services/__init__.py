"""Writes of the practice app: learners, questions served, answers graded, progress.

One module per part of the app; every write is importable from here, as callers always have.
"""

from quizzes.services.learners import (
    BORROWED_KEY,
    SESSION_KEY,
    learner_for_request,
    learner_for_user,
    learner_lookup,
    learner_merge,
    learner_of_session,
)
from quizzes.services.questions import (
    CHECK_REDRAWS,
    answer_submit,
    answers_credit,
    check_new,
    question_fixed,
    question_new,
    retry_submit,
)
from quizzes.services.review_cards import (
    review_plan,
    review_record,
    review_write,
)
from quizzes.services.sheet import (
    sheet_next,
    sheet_start,
)
from quizzes.services.skill_progress import (
    progress_record,
    progress_record_answer,
    weakest_skill,
)
from quizzes.services.today import (
    DAILY_REDRAWS,
    daily_next,
)

__all__ = [
    "BORROWED_KEY",
    "SESSION_KEY",
    "learner_lookup",
    "learner_for_request",
    "learner_of_session",
    "learner_for_user",
    "learner_merge",
    "question_new",
    "CHECK_REDRAWS",
    "check_new",
    "question_fixed",
    "answer_submit",
    "answers_credit",
    "retry_submit",
    "progress_record",
    "progress_record_answer",
    "weakest_skill",
    "review_record",
    "review_plan",
    "review_write",
    "daily_next",
    "DAILY_REDRAWS",
    "sheet_start",
    "sheet_next",
]
