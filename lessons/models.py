"""The lessons keep nothing in the database.

lessons/migrations/0001 made the score pad's table when the score pad lived here; it
names this module's id maker, so that stays importable (the score pad is its own app now).
"""

from common.ids import new_public_id

__all__ = ["new_public_id"]
