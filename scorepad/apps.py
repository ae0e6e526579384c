from django.apps import AppConfig


class ScorepadConfig(AppConfig):
    """Keep the score of a real game: every figure replayed through the engine."""

    name = "scorepad"
    verbose_name = "Score pad"
