"""What quizzes/migrations/0002 names here, when classes and assignments lived in this app.

They are the teaching app's now (teaching/models.py); migrations are never edited, so the
defaults they refer to stay importable from this module.
"""

from common.ids import new_join_code, new_secret_seed

__all__ = ["new_join_code", "new_secret_seed"]
